"""The four boss special effects."""

from __future__ import annotations

from engines.hellboy_dice import ENGINE, ChooseReroll
from tests.unit.hellboy_dice.support import (
    act,
    attack,
    explore,
    new_game,
    refused,
    report,
    report_events,
)


def test_blue_again_rolls_the_blue_die_after_a_failed_attack_and_a_skull_costs_a_wound() -> None:
    """'If this card is not defeated after an attack, roll the blue die again. On a Skull,
    the player loses another Wound cube.'"""
    state = attack(explore(new_game(), "priest"), ("yellow",), "Single burst", "0")
    assert state.phase == "blue_again" and state.wounds == 2
    request = ENGINE.chance(state)
    assert request is not None and request.items[0].key == "blue"
    skull = report(state, "Skull")
    assert skull.wounds == 1 and skull.phase == "attack"
    other = report(state, "X2")
    assert other.wounds == 2 and other.phase == "attack"


def test_blue_again_does_not_apply_after_a_win() -> None:
    state = attack(explore(new_game(), "priest"), ("red", "black"), "Single burst", "3", "3")
    assert state.kept[0].id == "priest" and state.phase == "explore"


def test_blue_again_skull_on_the_last_wound_knocks_out() -> None:
    state = attack(explore(new_game().model_copy(update={"wounds": 2}), "priest"),
                   ("yellow",), "Single burst", "0")
    after, events = report_events(state, "Skull")
    assert "knocked_out" in [e.type for e in events] and after.turn == 1


def test_no_bursts_ignores_single_and_double_bursts() -> None:
    """'Any single-burst ... or double-burst ... results are ignored when fighting this Boss.'"""
    for face in ("Single burst", "Double burst"):
        state = attack(explore(new_game(), "matriarch"), ("red", "black"), face, "2", "3")
        assert state.in_play is not None, face  # 5 against 6, the burst ignored
    control = attack(explore(new_game(), "frog"), ("red",), "Single burst", "2")
    assert control.in_play is None


def test_no_x2_ignores_x2() -> None:
    """'Any X2 results are ignored when fighting this Boss.'"""
    state = attack(explore(new_game(), "rasputin"), ("yellow", "black"), "X2", "1", "3")
    assert state.phase == "attack" and state.in_play is not None  # no choice asked, 4 < 6


def test_reroll_highest_rerolls_the_highest_scoring_die_first() -> None:
    """'Player must re-roll their highest scoring Attack Dice in each attack.' House: among
    equal results the most powerful colour goes."""
    state = attack(explore(new_game(), "tentacles"), ("orange", "red", "black"),
                   "Cancel", "2", "2", "2")
    assert state.phase == "boss_reroll" and state.roll is not None
    assert state.roll.reroll_index == 2  # the black die
    request = ENGINE.chance(state)
    assert request is not None and request.items[0].label == "Black Attack Die"
    assert report(state, "1").in_play is not None  # 2 + 2 + 1 against 6
    won = report(state, "3")
    assert won.kept[0].id == "tentacles"


def test_reroll_highest_is_resolved_before_the_blue_reroll_and_no_die_goes_twice() -> None:
    """'If a special effect would also cause a re-roll, the special effect is resolved
    first. No die can be re-rolled a second time.'"""
    state = attack(explore(new_game(), "tentacles"), ("yellow", "black"), "Re-roll", "1", "2")
    assert state.phase == "boss_reroll"
    state = report(state, "1")  # the black die, now 1: total 2 against 6
    assert state.phase == "choose_reroll"
    assert ENGINE.legal_actions(state, 0) == [ChooseReroll(die=None), ChooseReroll(die=0)]
    assert "second time" in refused(state, ChooseReroll(die=1))
    assert act(state, ChooseReroll(die=0)).phase == "reroll"


def test_reroll_highest_forces_nothing_when_no_die_scored() -> None:
    """House: a roll where no Attack Die scored has no highest scoring die to re-roll."""
    state = attack(explore(new_game(), "tentacles"), ("yellow",), "Single burst", "0")
    assert state.phase == "attack" and state.wounds == 2
