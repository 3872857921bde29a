"""The blue die's six results, exactly as the rules table gives them."""

from __future__ import annotations

import pytest

from engines.hellboy_dice import ENGINE, Attack, ChooseReroll, ChooseX2
from tests.unit.hellboy_dice.support import (
    act,
    attack,
    explore,
    new_game,
    refused,
    report,
    report_events,
)


def test_skull_costs_a_wound_even_when_the_attack_wins() -> None:
    """Skull: 'The player loses a Wound cube – even if they also defeat the enemies.'"""
    state = attack(explore(new_game(), "frog"), ("red",), "Skull", "3")
    assert state.kept[0].id == "frog" and state.wounds == 2


def test_skull_adds_to_the_cards_skulls_on_a_failure() -> None:
    state = attack(explore(new_game(), "frog"), ("yellow",), "Skull", "0")
    assert state.in_play is not None and state.wounds == 1  # 1 card Skull + the blue Skull


def test_x2_asks_which_die_to_double_when_the_choice_matters() -> None:
    """X2: 'The player doubles the result on one of Attack Dice (of their choice).'"""
    state = attack(explore(new_game(), "big"), ("yellow", "black"), "X2", "1", "3")
    assert state.phase == "choose_x2"
    assert ENGINE.legal_actions(state, 0) == [ChooseX2(die=0), ChooseX2(die=1)]
    doubled_black = act(state, ChooseX2(die=1))  # 1 + 3 + 3 = 7 >= 6
    assert doubled_black.kept[0].id == "big"
    doubled_yellow = act(state, ChooseX2(die=0))  # 1 + 1 + 3 = 5 < 6
    assert doubled_yellow.in_play is not None


def test_x2_is_ignored_when_dice_are_left_on_the_card() -> None:
    """On a failure the scoring dice go on the card 'showing their actual rolled result
    (ignoring any X2 result)'."""
    state = attack(explore(new_game(), "big"), ("yellow", "black"), "X2", "1", "3")
    failed = act(state, ChooseX2(die=0))
    assert [d.value for d in failed.card_dice] == [1, 3]
    assert failed.fight_left == 2


def test_x2_doubles_the_best_die_itself_when_the_choice_cannot_matter() -> None:
    """House: when every choice gives the same result the engine doubles the best die."""
    state, events = report_events(act(explore(new_game(), "frog"), Attack(dice=("yellow", "red"))),
                                  "X2", "1", "1")
    resolved = next(e for e in events if e.type == "attack_resolved")
    assert resolved.score == 3 and resolved.doubled is not None  # type: ignore[attr-defined]
    assert state.kept[0].id == "frog"


def test_x2_always_asks_with_the_house_option() -> None:
    state = attack(explore(new_game(always_ask_x2=True), "frog"), ("red",), "X2", "2")
    assert state.phase == "choose_x2"
    assert act(state, ChooseX2(die=0)).kept[0].id == "frog"
    assert "Choose one of the dice" in refused(state, ChooseX2(die=1))


@pytest.mark.parametrize(("face", "won"), [("Single burst", True), ("Cancel", False)])
def test_single_burst_adds_one(face: str, won: bool) -> None:
    """Single burst: 'Adds one ... to the Attack Score for this roll.'"""
    state = attack(explore(new_game(), "frog"), ("red",), face, "2")  # 2 (+1) against 3
    assert (state.in_play is None) is won


@pytest.mark.parametrize(("face", "won"), [("Double burst", True), ("Single burst", False)])
def test_double_burst_adds_two(face: str, won: bool) -> None:
    """Double burst: 'Adds ... two to the Attack Score for this roll.'"""
    state = attack(explore(new_game(), "big"), ("red", "black"), face, "1", "3")  # 4 vs 6
    assert (state.in_play is None) is won


@pytest.mark.parametrize(("card", "wounds"), [("big", 2), ("frog", 3)])
def test_cancel_cancels_one_skull_on_the_card(card: str, wounds: int) -> None:
    """Cancel: 'Cancels one Skull on the card that would otherwise cause damage.'"""
    state = attack(explore(new_game(), card), ("yellow",), "Cancel", "0")
    assert state.in_play is not None and state.wounds == wounds


def test_reroll_lets_the_player_pick_a_die_and_the_second_result_stands() -> None:
    """Re-roll: 'Allows the player to reroll one Attack Die of their choice. The second
    result stands.'"""
    state = attack(explore(new_game(), "frog"), ("yellow", "red"), "Re-roll", "0", "1")
    assert state.phase == "choose_reroll"
    assert ENGINE.legal_actions(state, 0) == [
        ChooseReroll(die=None), ChooseReroll(die=0), ChooseReroll(die=1)]
    chosen = act(state, ChooseReroll(die=1))
    request = ENGINE.chance(chosen)
    assert request is not None and request.items[0].label == "Red Attack Die"
    assert report(chosen, "3").kept[0].id == "frog"
    worse = report(chosen, "0")
    assert worse.in_play is not None and worse.card_dice == ()


def test_reroll_may_be_declined() -> None:
    state = attack(explore(new_game(), "frog"), ("yellow", "red"), "Re-roll", "0", "1")
    kept = act(state, ChooseReroll(die=None))
    assert kept.phase == "attack" and [d.value for d in kept.card_dice] == [1]


def test_reroll_is_not_offered_when_the_attack_already_wins() -> None:
    """House: re-rolling a winning roll could only lose it, so the engine keeps it."""
    state = attack(explore(new_game(), "frog"), ("red",), "Re-roll", "3")
    assert state.kept[0].id == "frog"


def test_reroll_rejects_a_die_outside_the_roll() -> None:
    state = attack(explore(new_game(), "frog"), ("yellow", "red"), "Re-roll", "0", "1")
    assert "rolled" in refused(state, ChooseReroll(die=2))
