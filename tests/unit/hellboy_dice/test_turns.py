"""A turn: its start, exploring, banking, Knock Outs, and illegal moves."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.hellboy_dice import ENGINE, Attack, EndTurn, Explore
from engines.hellboy_dice.models import FULL_HAND, STARTING_WOUNDS
from tests.unit.hellboy_dice.support import (
    act,
    act_events,
    attack,
    explore,
    new_game,
    refused,
    report,
    report_events,
    types,
)


def test_turn_begins_with_all_twelve_attack_dice_and_three_wounds() -> None:
    """'A player begins their turn with all the Attack Dice and the blue special die,
    plus all three Wound cubes.'"""
    state = new_game()
    assert state.hand == FULL_HAND == (6, 3, 2, 1)
    assert state.wounds == STARTING_WOUNDS == 3
    assert state.turn == 0 and state.phase == "explore"
    request = ENGINE.chance(attack_ready := explore(state, "frog"))
    assert request is None and attack_ready.in_play is not None
    rolled = act(attack_ready, Attack(dice=("black",)))
    keys = [item.key for item in ENGINE.chance(rolled).items]  # type: ignore[union-attr]
    assert keys == ["blue", "die1"], "every attack rolls the blue die"


def test_turn_starts_by_drawing_the_top_card() -> None:
    """'Start by taking the top card ... this card is now in play.'"""
    state = new_game()
    assert ENGINE.legal_actions(state, 0) == [Explore()]
    drawn = act(state, Explore())
    assert drawn.phase == "draw" and ENGINE.to_move(drawn) == []
    in_play = explore(state, "frog")
    assert in_play.in_play is not None and in_play.in_play.id == "frog"
    assert in_play.phase == "attack"


def test_end_turn_refused_before_the_first_card_is_resolved() -> None:
    """'Once they have defeated or resolved their first card in the turn, a player can
    decide to end their turn' — not before."""
    state = new_game()
    message = refused(state, EndTurn())
    assert "first card" in message
    assert EndTurn() not in ENGINE.legal_actions(state, 0)


def test_end_turn_refused_while_a_card_is_in_play() -> None:
    """'they must defeat any monsters on it ... before they can declare to end their turn.'"""
    state = explore(new_game(), "frog")
    assert "defeat it" in refused(state, EndTurn())
    assert "Defeat" in refused(state, Explore())


def test_banking_adds_the_turns_clues_and_passes_the_turn() -> None:
    """'count up all the Clues ... Add this to their running total ... Play then passes to
    the next player on their left.'"""
    state = attack(explore(new_game(), "frog"), ("red",), "Single burst", "2")
    state = attack(explore(state, "big"), ("orange", "red", "black"), "Double burst", "2", "2", "3")
    assert state.turn_clues == 3 and state.phase == "explore"
    assert EndTurn() in ENGINE.legal_actions(state, 0)
    after, events = act_events(state, EndTurn())
    assert after.scores == (3, 0)
    assert after.turn == 1 and after.hand == FULL_HAND and after.wounds == 3
    assert after.kept == () and after.turn_clues == 0
    assert sum(after.discard) == 2, "banked cards are discarded"
    assert types(events) == ["turn_banked", "turn_started"]


def test_knocked_out_by_losing_three_wounds_scores_nothing() -> None:
    """'Once a player has lost all three Wound cubes ... They score nothing this turn – put
    all the cards collected this turn, and any card they failed to defeat, on the discard
    pile. Play then passes to the next player.'"""
    state = attack(explore(new_game(), "frog"), ("red",), "Single burst", "2")
    state = explore(state, "big")  # 2 Skulls
    state = attack(state, ("yellow",), "Single burst", "0")
    assert state.wounds == 1
    after, events = report_events(act(state, Attack(dice=("yellow",))), "Skull", "0")
    assert "knocked_out" in types(events)
    ko = next(e for e in events if e.type == "knocked_out")
    assert ko.cause == "wounds" and ko.lost_clues == 1  # type: ignore[attr-defined]
    assert after.scores == (0, 0) and after.turn == 1 and after.knockouts == 1
    assert sum(after.discard) == 2 and after.kept == () and after.in_play is None
    back = act(explore(after, "empty"), EndTurn())  # Abe's turn; then Liz is back
    assert back.turn == 0 and back.hand == FULL_HAND and back.wounds == 3, (
        "'B.P.R.D. trainers will recover the downed agent'")


def test_knocked_out_when_no_attack_dice_are_left_with_a_card_in_play() -> None:
    """'... or they run out of Attack Dice to roll while a card is still in play.'"""
    state = explore(new_game(), "wall")  # Fight Value 30, no Skulls
    for dice in [("red", "red", "black"), ("orange", "orange", "orange"),
                 ("yellow", "yellow", "yellow"), ("yellow", "yellow", "yellow")]:
        assert state.turn == 0
        faces = ["1"] * len(dice)
        state, events = report_events(act(state, Attack(dice=dice)), "Single burst", *faces)
    assert types(events)[-2:] == ["knocked_out", "turn_started"]
    ko = next(e for e in events if e.type == "knocked_out")
    assert ko.cause == "no_dice"  # type: ignore[attr-defined]
    assert state.turn == 1 and state.scores == (0, 0)


def test_drawing_a_room_with_no_dice_left_knocks_out() -> None:
    """No dice left while a card is in play: a room drawn with an empty hand ends the turn."""
    state = new_game().model_copy(update={"hand": (0, 0, 0, 0), "gone": (6, 3, 2, 1),
                                          "first_resolved": True})
    after, events = report_events(act(state, Explore()), "frog")
    assert "knocked_out" in types(events) and after.turn == 1


def test_a_skull_on_a_winning_attack_with_the_last_wound_knocks_out() -> None:
    """The blue Skull costs a Wound 'even if they also defeat the enemies': on the last
    Wound that is a Knock Out, and the card just won is discarded too."""
    state = new_game().model_copy(update={"wounds": 1})
    state = explore(state, "frog")
    after, events = report_events(act(state, Attack(dice=("black",))), "Skull", "3")
    assert types(events).count("card_won") == 1 and "knocked_out" in types(events)
    assert after.scores == (0, 0) and after.turn == 1 and sum(after.discard) == 1


def test_an_action_from_the_wrong_seat_is_refused() -> None:
    state = new_game()
    assert "Liz's turn" in refused(state, Explore(), seat=1)
    assert ENGINE.legal_actions(state, 1) == []


def test_an_action_while_a_roll_is_pending_is_refused() -> None:
    state = act(explore(new_game(), "frog"), Attack(dice=("red",)))
    assert ENGINE.to_move(state) == []
    assert "Waiting" in refused(state, Attack(dice=("red",)))


def test_apply_and_resolve_never_mutate_their_input() -> None:
    state = new_game()
    before = state.model_dump_json()
    drawn = act(state, Explore())
    mid = drawn.model_dump_json()
    report(drawn, "frog")
    assert state.model_dump_json() == before and drawn.model_dump_json() == mid


def test_the_first_player_is_drawn_by_lot_and_rounds_start_with_them() -> None:
    """House: who starts is drawn by lot (a chance node), never simply the host; the
    option first_seat names a seat instead (e.g. the next seat in a rematch)."""
    state = new_game(3, first_seat=0)
    assert state.phase == "first_player" and ENGINE.to_move(state) == []
    request = ENGINE.chance(state)
    assert request is not None and request.items[0].options == ["0", "1", "2"]
    assert request.items[0].weights == [1, 1, 1]
    state, events = report_events(state, "2")
    assert state.turn == 2 and state.first == 2 and state.phase == "explore"
    assert types(events) == ["first_player", "turn_started"]
    for seat in (2, 0, 1):
        assert state.turn == seat and state.round == 1
        state = act(state.model_copy(update={"first_resolved": True}), EndTurn())
    assert state.turn == 2 and state.round == 2
    assert new_game(3, first_seat=2).turn == 1
    assert "only 3 players" in str(refused_setup(3, first_seat=4))


def refused_setup(players: int, **options: int) -> RuleError:
    with pytest.raises(RuleError) as err:
        new_game(players, **options)
    return err.value
