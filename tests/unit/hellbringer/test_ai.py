"""How the Hellbringer AI ends a turn it cannot win outright."""

from __future__ import annotations

from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import EndTurn
from tests.unit.hellbringer.support import act, clear_board, enemy, fresh, give

IDLE = ("brace", "mirror_guard", "padded_jerkin")
"""Two defences and an Armor item: none adds to a kill."""


def _facing(damage: int, tomb: bool = True) -> HellbringerState:
    """A solo Warrior holding two defences, an Armor item and a strike skill against
    an unkillable enemy (threshold 150) that rolls `damage` dice; with `tomb`, every
    Location has been reached."""
    state = clear_board(fresh(1))
    for seg in state.dungeon.segments if tomb else ():
        if seg.location:
            state.dungeon.locations.append(seg.location)
            seg.location = None
    state.dungeon.discard.extend(state.heroes[0].hand)
    state.heroes[0].hand = []
    state.enemies = [enemy("ogre#1", health=50, armor=100, damage=damage)]
    return give(state, 0, *IDLE, "ember_bolt")


def _end_turn(state: HellbringerState) -> EndTurn:
    """Let the AI play its turn until it ends it, and return how it ends it."""
    for _ in range(20):
        move = ENGINE.ai_action(state, 0)
        if isinstance(move, EndTurn):
            return move
        state = act(state, 0, move)
    raise AssertionError("the AI never ended its turn")


def test_rule_1_3_a_safe_hero_discards_every_card_that_cannot_help_a_kill() -> None:
    """1.3 'The player can then discard as many cards in hand as they want': past the
    last Location, a hero no roll of the enemies can eliminate throws away its
    defences and Armor gear, and keeps its strike, to draw cards that might kill."""
    end = _end_turn(_facing(damage=1))
    kept = {"ember_bolt"}
    assert end.discard, "a safe hero that cannot kill draws new cards"
    assert {c.split("#")[0] for c in end.discard} <= set(IDLE)
    assert not {c.split("#")[0] for c in end.discard} & kept
    assert {"brace", "mirror_guard"} <= {c.split("#")[0] for c in end.discard}


def test_rule_1_3_a_hero_in_danger_keeps_its_defences() -> None:
    """The same hand against eight damage dice (80 at most, over the Warrior's
    threshold): the defences stay in hand for the enemies' turn."""
    end = _end_turn(_facing(damage=8))
    assert not {"brace", "mirror_guard"} & {c.split("#")[0] for c in end.discard}


def test_rule_1_3_before_the_last_location_a_safe_hero_draws_no_more_than_it_must() -> None:
    """Each card drawn brings the next Location and the Combat cards nearer, so
    before the Tomb the same safe hero keeps its defences."""
    end = _end_turn(_facing(damage=1, tomb=False))
    assert not {"brace", "mirror_guard"} & {c.split("#")[0] for c in end.discard}
