"""GM corrections: set a value outright when the table's bookkeeping went wrong.

No rule fires on a correction (moving Krampus by correction costs nobody a cube),
except that removing a threat's enemy discards the threat, since a threat card
without its enemy would be left with nothing to point at. Closing the case is here
too: only a GM may end the evening for everyone.
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellboy_board import query, threats
from engines.hellboy_board.actions import (
    Correction,
    EndCase,
    PlaceEnemy,
    RemoveEnemy,
    SetAgent,
    SetDoomDeck,
    SetEnemyDamage,
    SetPriority,
    SetTrack,
)
from engines.hellboy_board.models import MAX_INFO, HBBoardState
from engines.hellboy_board.query import Events, say


def correct(s: HBBoardState, c: Correction, events: Events) -> None:
    if isinstance(c, SetTrack):
        _set_track(s, c)
        say(events, "correction", f"GM: {c.track} set to {c.value}.", amount=c.value)
    elif isinstance(c, SetAgent):
        a = query.agent(s, c.agent)
        changes = c.model_dump(exclude={"type", "agent"}, exclude_none=True)
        if not changes:
            raise RuleError("Say what to change: damage, cubes, stunned, knocked_out or area.")
        for field, value in changes.items():
            setattr(a, field, value)
        shown = ", ".join(f"{k} {v}" for k, v in changes.items())
        say(events, "correction", f"GM: {a.name} — {shown}.", agent=a.id)
    elif isinstance(c, PlaceEnemy):
        e = query.enemy(s, c.enemy)
        e.area = c.area
        say(events, "correction", f"GM: {e.id} placed in {query.area_words(c.area)}.", enemy=e.id)
    elif isinstance(c, SetEnemyDamage):
        e = query.enemy(s, c.enemy)
        health = query.card_of(s, e).health
        if c.damage >= health:
            raise RuleError(f"{e.id} has Health {health}: set less, or report the damage that"
                            " defeats it so its card's rules apply.")
        e.damage = c.damage
        say(events, "correction", f"GM: {e.id} damage set to {c.damage}.", enemy=e.id)
    elif isinstance(c, RemoveEnemy):
        e = query.enemy(s, c.enemy)
        found = query.threat_of(s, e.id)
        threats.remove_enemy(s, e.id)
        say(events, "correction", f"GM: {e.id} removed.", enemy=e.id)
        if found is not None:
            threats.discard(s, found[0], "Its enemy was removed:", "U9", events)
    elif isinstance(c, SetPriority):
        order = tuple(query.agent(s, ref).id for ref in c.order)
        if sorted(order) != sorted(s.agents):
            raise RuleError("List every agent once, front of Target Priority first.")
        s.tracks.priority = order
        say(events, "correction", "GM: Target Priority reordered.")
    elif isinstance(c, EndCase):
        s.phase = "over"
        s.result = "won" if c.won else "lost"
        say(events, "over", "The case is closed." if c.won else "The case is lost.")
    else:
        _set_doom_deck(s, c)
        say(events, "correction", "GM: Deck of Doom corrected.")


def _set_track(s: HBBoardState, c: SetTrack) -> None:
    if c.track == "doom":
        top = s.tracks.doom_length
        if top is not None and c.value > top:
            raise RuleError(f"The Impending Doom track ends at {top}.")
        s.tracks.doom = c.value
    elif c.track == "info":
        if c.value > MAX_INFO:
            raise RuleError(f"Information Gathered goes up to {MAX_INFO}.")
        s.tracks.info = c.value
    else:
        if s.phase == "setup" or c.value < 1:
            raise RuleError("The round can be corrected once the case has started (1 or more).")
        s.round = c.value


def _set_doom_deck(s: HBBoardState, c: SetDoomDeck) -> None:
    deck = s.doom_deck.model_copy()
    if c.size is not None:
        deck.size = c.size
    if c.drawn is not None:
        deck.drawn = c.drawn
    if c.threat_inside is not None:
        deck.threat_inside = c.threat_inside
        if c.threat_inside:
            deck.threat_drawn = False
    if deck.size is not None and deck.drawn > deck.size:
        raise RuleError("More cards drawn than the deck holds: check the size.")
    s.doom_deck = deck
