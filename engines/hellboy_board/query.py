"""Finding agents, enemies and threats by what players type, and recording events."""

from __future__ import annotations

import re
from typing import Any

from engines.core.errors import RuleError
from engines.hellboy_board.cards import EnemyCard, ThreatCard
from engines.hellboy_board.models import (
    UNNAMED_START,
    Agent,
    Enemy,
    EventType,
    HBBoardState,
    HBEvent,
    Threat,
)

Events = list[HBEvent]


KRAMPUS_CARDS = frozenset({"krampus", "wicked-child"})
"""The cards the K rows (K1-K10) transcribe; a pack's threat or enemy with the same
keywords follows the same rule, but its lines are not labelled with Krampus's rows."""


def row(label: str, card_key: str) -> str | None:
    """A K-row label for an event of the Krampus cards; none for another card's."""
    return label if card_key in KRAMPUS_CARDS else None


def say(events: Events, kind: EventType, text: str, **fields: Any) -> None:
    events.append(HBEvent(type=kind, text=text, **fields))


def slug(name: str) -> str:
    """An id from a name: lowercase letters, digits and dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "x"


def agent(s: HBBoardState, ref: str) -> Agent:
    found = s.agents.get(ref) or s.agents.get(slug(ref))
    if found is None:
        names = ", ".join(a.name for a in s.agents.values()) or "none yet"
        raise RuleError(f"There is no agent called '{ref}' (agents: {names}).")
    return found


def enemy(s: HBBoardState, ref: str) -> Enemy:
    found = s.enemies.get(ref) or s.enemies.get(slug(ref))
    if found is None:
        names = ", ".join(s.enemies) or "none"
        raise RuleError(f"There is no enemy '{ref}' in play (in play: {names}).")
    return found


def card_of(s: HBBoardState, e: Enemy) -> EnemyCard:
    return s.cards[e.card]


def threat(s: HBBoardState, ref: str) -> Threat:
    found = s.threats.get(ref) or s.threats.get(slug(ref))
    if found is None:
        names = ", ".join(s.threats) or "none"
        raise RuleError(f"There is no Unexpected Threat '{ref}' in play (in play: {names}).")
    return found


def threat_card(s: HBBoardState, t: Threat) -> ThreatCard:
    return s.threat_cards[t.card]


def threat_of(s: HBBoardState, enemy_id: str) -> tuple[Threat, ThreatCard] | None:
    """The threat in play whose enemy this is (its rules then apply to the enemy)."""
    for t in s.threats.values():
        if t.enemy == enemy_id:
            return t, s.threat_cards[t.card]
    return None


def hunted(s: HBBoardState, enemy_id: str) -> Agent | None:
    """K3: the agent this enemy hunts, while it hunts (not running wild)."""
    found = threat_of(s, enemy_id)
    if found is None:
        return None
    t, card = found
    if not card.hunts_marked or t.runs_wild or t.marked is None or t.awaiting:
        return None
    return s.agents.get(t.marked)


def melee_of(s: HBBoardState, e: Enemy) -> int:
    """The enemy's melee value now: printed, or raised while it runs wild (K6)."""
    found = threat_of(s, e.id)
    if found is not None and found[0].runs_wild:
        wild = wild_melee(s, found[1])
        if wild is not None:
            return wild
    return card_of(s, e).melee


def wild_melee(s: HBBoardState, card: ThreatCard) -> int | None:
    if card.marked_knocked_out_otherwise != "run_wild":
        return None
    return s.options.wild_melee if s.options.wild_melee is not None else card.wild_melee


def count_of(n: int, thing: str) -> str:
    """'no action cubes', '1 action cube', '2 action cubes': never 'cube(s)'."""
    return f"no {thing}s" if n == 0 else f"1 {thing}" if n == 1 else f"{n} {thing}s"


def area_words(area: str) -> str:
    """An area as a sentence names it: "Crypt", or "the starting area" while the
    case has not named it (never "in starting area")."""
    return f"the {UNNAMED_START}" if area == UNNAMED_START else area


def new_id(s: HBBoardState, base: str, taken: dict[str, Any]) -> str:
    """`base`, or `base-2`, `base-3`… the first one free (ids are never reused)."""
    if base not in taken and base not in s.discard:
        return base
    n = 2
    while f"{base}-{n}" in taken or f"{base}-{n}" in s.discard:
        n += 1
    return f"{base}-{n}"


def wild_warning(s: HBBoardState, card: ThreatCard) -> str | None:
    """K6's caveat: the card's photo reads "increased to 8", which is the printed Melee.
    While the value in force is not above the printed one, the board says so."""
    wild = wild_melee(s, card)
    enemy_card = s.cards[card.enemy]
    if wild is None or wild > enemy_card.melee:
        return None
    return (f"{card.name}: the run-wild melee ({wild}) is not above {enemy_card.name}'s printed"
            f" Melee ({enemy_card.melee}); the card's photo reads 'increased to"
            f" {card.wild_melee}': check your card (option wild_melee).")
