"""What a seat may see: the board for everyone, the seat's own hand only.

Hands are hidden ('Cards in hand are hidden'), except an eliminated player's,
which is revealed (Co-op, Elimination)."""

from __future__ import annotations

import functools
from typing import Any

from engines.hellbringer import moves
from engines.hellbringer.abilities import ability_tags
from engines.hellbringer.cards import CommonCard, catalogue
from engines.hellbringer.models import Choose, Enemy, HellbringerState, Hero, Window
from engines.hellbringer.odds import strike_now
from engines.hellbringer.piles import LABELS as KINDS
from engines.hellbringer.piles import cards_to_next_location, is_instant
from engines.hellbringer.stats import (
    Sheet,
    ap_left,
    card_id,
    card_of,
    enemy_threshold,
    requirement,
    row,
    sheet,
    sighted,
    threshold,
)

UNSHOWN = "an unshown card"
"""A physical card the bot only counts (its owner has not shown it on a form)."""
HOUSE_CARDS = "House cards (Pandemonium): not the printed Hellbringer."


def card_label(state: HellbringerState, inst: str) -> str:
    """A card instance as players call it. Only a physical table's reported cards
    (`custom`) make it depend on the state: the house set's are kept per instance (the
    board and each menu option read some fifty a version)."""
    if not state.custom:
        return _house_label(inst)
    return _named(card_of(state, inst), inst)


def _named(card: CommonCard | None, inst: str) -> str:
    if card_id(inst) == "common":
        return UNSHOWN
    return card.name if card is not None else card_id(inst).replace("_", " ").title()


@functools.lru_cache(maxsize=8192)
def _house_label(inst: str) -> str:
    return _named(catalogue().card(card_id(inst)), inst)


def _hero(state: HellbringerState, hero: Hero, mine: bool, of: Sheet) -> dict[str, Any]:
    s = of(hero)
    out: dict[str, Any] = {
        "name": state.names[hero.seat],
        "class": catalogue().cls(hero.cls).name if hero.cls else None,
        "stats": s, "threshold": threshold(state, hero, of=of), "ap_left": ap_left(state, hero, of),
        "eliminated": hero.eliminated,
        "equipped": {p: card_label(state, i) for p, i in hero.equipped.items()},
        "gear": [card_label(state, i) for i in dict.fromkeys(hero.equipped.values())],
        "enchantments": [card_label(state, e) for i in dict.fromkeys(hero.equipped.values())
                         for e in hero.enchants.get(i, ())],
        "learned": [card_label(state, i) for i in hero.learned],
        "temporary": [card_label(state, i) for i in hero.temporary],
        "companions": [card_label(state, c.card) for c in hero.companions],
        "points": {a: len(p) for a, p in hero.points.items() if p},
        "hand_size": len(hero.hand),
        "perk": catalogue().perk(hero.perk).name if hero.perk else
        "I" * hero.printed_perk if hero.printed_perk else None,
        "perk_used": hero.perk_used,
    }
    if mine or hero.hand_shown:
        out["hand"] = [{"card": i, "name": card_label(state, i)} for i in hero.hand]
    else:
        out["collected"] = [card_label(state, i) for i in hero.collected if i in hero.hand]
    return out


def secrets(state: HellbringerState) -> dict[int, frozenset[str]]:
    """Each hidden hand's card names and ids (a physical card shown on a form joins its
    owner's hand under the name reported): what the channel must never read while the
    hand is hidden. A revealed hand (`hand_shown`) is public and so no secret, nor is a
    physical card known only by its kind (a Common, a Combat card), nor an Instant
    waiting in a hand to act (a Tome, a Location): each is drawn in public; nor a card
    the hero collected face up from the discard while it stays in the hand."""
    out: dict[int, frozenset[str]] = {}
    for hero in state.heroes:
        if hero.hand_shown:
            continue
        named = [i for i in hero.hand if card_id(i) not in KINDS and not is_instant(i)
                 and i not in hero.collected]
        words = {card_id(i) for i in named} | {card_label(state, i) for i in named}
        if words:
            out[hero.seat] = frozenset(words)
    return out


def own_hero(state: HellbringerState, seat: int) -> dict[str, Any]:
    """The seat's hero as `board` shows it to that seat (`heroes[seat]`, its hand
    included), without the rest of the board: a seat's hand is drawn after each of its
    moves, and the board's enemies and odds cost several times its one hero."""
    return _hero(state, state.heroes[seat], True, sheet(state))


def _enemy(state: HellbringerState, e: Enemy, of: Sheet) -> dict[str, Any]:
    seen = sighted(state, e, of)
    return {
        "uid": e.uid, "name": e.face.name, "row": row(state, e, of, seen),
        "sight": requirement(state, e), "threshold": enemy_threshold(e),
        "dice": {"damage": e.face.damage, "acid": e.face.acid}, "text": e.face.text,
        "abilities": ability_tags(e.face.ability),
        "seen_by": [state.names[h.seat] for h, s in zip(state.heroes, seen, strict=True) if s],
    }


def board(state: HellbringerState, seat: int | None) -> dict[str, Any]:
    d = state.dungeon
    head = state.queue[0] if state.queue else None
    nxt = cards_to_next_location(d)
    of = sheet(state)
    enemies = [_enemy(state, e, of) for e in state.enemies]
    return {
        "phase": state.phase, "round": state.round, "active": state.active,
        "location": card_label(state, d.locations[-1]) if d.locations else None,
        "enemies": enemies,
        "heroes": [_hero(state, h, h.seat == seat, of) for h in state.heroes],
        "piles": {"common": sum(s.cards for s in d.segments) + len(d.top),
                  "discard": len(d.discard), "monsters": len(d.monsters),
                  "removed": len(d.removed)},
        "next_location": {"in": nxt[0], "name": nxt[1].title()} if nxt else None,
        "discarded": sorted({card_label(state, i) for i in d.discard} - {UNSHOWN}),
        "mule": [card_label(state, i) for i in d.mule],
        "middle": [card_label(state, i) for i in d.middle],
        "discard_pile": ([card_label(state, i) for i in d.discard]
                         if isinstance(head, Choose) and head.what == "collect" else []),
        "strike_now": {k: float(v) for k, v in strike_now(state, of).items()},
        "attack": state.attack.model_dump() if state.attack else None,
        "waiting": (moves.PROMPTS[head.what] if isinstance(head, Choose)
                    else "defend or pass" if isinstance(head, Window) else None),
        "to_move": moves.to_move(state),
        "outcome": state.outcome, "summary": state.summary,
        "house_cards": HOUSE_CARDS,
    }
