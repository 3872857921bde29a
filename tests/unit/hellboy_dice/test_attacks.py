"""Attacking: up to three dice, winning, failing, and dice left on the card."""

from __future__ import annotations

from engines.hellboy_dice import ENGINE, Attack
from tests.unit.hellboy_dice.support import act, attack, explore, new_game, refused, report


def test_an_attack_takes_one_to_three_attack_dice() -> None:
    """'Take the blue special die and up to three other Attack Dice of your choice.'"""
    state = explore(new_game(), "frog")
    assert "one to three" in refused(state, Attack(dice=("yellow",) * 4))
    assert "one to three" in refused(state, Attack(dice=()))
    legal = ENGINE.legal_actions(state, 0)
    assert Attack(dice=("yellow", "orange", "black")) in legal
    assert all(1 <= len(a.dice) <= 3 for a in legal if isinstance(a, Attack))
    # 4 singles + 9 pairs + 15 triples from 6 yellow, 3 orange, 2 red, 1 black
    assert len(legal) == 28


def test_dice_order_does_not_matter() -> None:
    """Dice of one colour are alike: an attack is a multiset, kept weakest first."""
    assert Attack(dice=("black", "yellow")) == Attack(dice=("yellow", "black"))


def test_a_die_already_gone_cannot_attack_again() -> None:
    """Rolled dice 'are not available to the current player again this turn'."""
    state = attack(explore(new_game(), "frog"), ("black",), "Single burst", "3")
    state = explore(state, "big")
    message = refused(state, Attack(dice=("black",)))
    assert "no black dice left" in message
    assert Attack(dice=("black",)) not in ENGINE.legal_actions(state, 0)


def test_a_win_keeps_the_card_and_passes_on_every_die_used() -> None:
    """'places the card in front of them ... All Attack Dice that were rolled (or left on
    the card from previous rolls) are passed on ... The blue die is always retained.'"""
    state = explore(new_game(), "big")
    state = attack(state, ("yellow", "orange", "red"), "Cancel", "0", "1", "2")
    assert state.hand == (5, 2, 1, 1) and state.gone == (1, 0, 0, 0)
    state = attack(state, ("black",), "Cancel", "3")  # 3 against the 3 left
    assert state.kept[0].id == "big" and state.in_play is None
    assert state.card_dice == ()
    assert state.hand == (5, 2, 1, 0) and state.gone == (1, 1, 1, 1)
    assert state.turn_clues == 2


def test_a_failure_costs_the_cards_skulls_and_leaves_scoring_dice_on_it() -> None:
    """'lose Wound cubes equal to the number of Skulls ... Any Attack Dice ... that did
    score are placed onto the card ... The Fight Value on the card is reduced by that
    much ... All other Attack Dice rolled are passed on.'"""
    state = attack(explore(new_game(), "big"), ("yellow", "orange", "red"), "Single burst",
                   "0", "1", "2")
    assert state.wounds == 1  # two Skulls
    assert [(d.colour, d.value) for d in state.card_dice] == [("orange", 1), ("red", 2)]
    assert state.fight_left == 3
    assert state.gone == (1, 0, 0, 0) and state.hand == (5, 2, 1, 1)
    assert state.phase == "attack", "the player must attack again"


def test_the_next_attack_only_needs_the_reduced_fight_value() -> None:
    state = attack(explore(new_game(), "big"), ("orange", "red"), "Cancel", "2", "2")
    assert state.fight_left == 2
    state = attack(state, ("yellow",), "Single burst", "1")
    assert state.kept[0].id == "big"


def test_each_attack_is_its_own_roll_with_the_blue_die() -> None:
    state = act(explore(new_game(), "big"), Attack(dice=("red",)))
    request = ENGINE.chance(state)
    assert request is not None and [i.key for i in request.items] == ["blue", "die1"]
    state = report(state, "Cancel", "1")
    request = ENGINE.chance(act(state, Attack(dice=("red",))))
    assert request is not None and request.items[0].key == "blue"
