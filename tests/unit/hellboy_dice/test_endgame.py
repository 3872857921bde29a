"""The end: the final round, the winner, tiebreakers, and the solo variant."""

from __future__ import annotations

from engines.hellboy_dice import ENGINE, EndTurn, Explore, HellboyState
from tests.unit.hellboy_dice.support import act, act_events, explore, new_game, refused, types


def fresh_deck(state: HellboyState) -> HellboyState:
    """Put every card back, so a test can draw the card it wants on any turn."""
    return state.model_copy(update={"deck": state.components.copies,
                                    "discard": tuple(0 for _ in state.deck)})


def bank_one(state: HellboyState) -> HellboyState:
    """A turn that takes the Empty Office (1 Clue, no fight) and banks it."""
    return act(explore(fresh_deck(state), "empty"), EndTurn())


def knocked_out(state: HellboyState) -> HellboyState:
    """A turn that falls through a Hole in the Floor on its last Wound."""
    state = explore(fresh_deck(state.model_copy(update={"wounds": 1})), "hole")
    assert state.knockouts >= 1
    return state


def test_reaching_the_target_gives_everyone_else_exactly_one_final_turn() -> None:
    """'Continue taking turns until one player ends their turn with a running total of 15
    (or more) Clues. All other players then get a final turn each ... The player with the
    most Clues is then the winner.'"""
    state = new_game(3).model_copy(update={"scores": (14, 3, 5)})
    state, events = act_events(explore(fresh_deck(state), "empty"), EndTurn())
    assert "final_round" in types(events)
    assert state.final_trigger == 0 and state.final_left == (1, 2) and state.turn == 1
    state = bank_one(state)
    assert state.turn == 2 and ENGINE.result(state) is None
    state = bank_one(state)
    result = ENGINE.result(state)
    assert result is not None and result.winners == [0]
    assert result.scores == {0: 15, 1: 4, 2: 6}
    assert state.phase == "over" and ENGINE.to_move(state) == []
    assert "over" in refused(state, Explore())


def test_a_final_turn_can_overtake_the_leader() -> None:
    state = new_game(3).model_copy(update={"scores": (14, 3, 14)})
    state = knocked_out(bank_one(state))
    state = explore(fresh_deck(state), "empty")
    state = act(explore(state, "risk"), EndTurn())  # 2 Clues: 16
    result = ENGINE.result(state)
    assert result is not None and result.winners == [2]


def test_tied_leaders_alone_play_tiebreaker_turns_until_a_winner() -> None:
    """'If there is a tie, the leaders (only) continue to play tiebreaker turns until a
    winner is found.'"""
    state = new_game(3).model_copy(update={"scores": (14, 3, 14)})
    state = bank_one(knocked_out(bank_one(state)))
    assert state.scores == (15, 3, 15)
    assert state.tiebreak == (2, 0) and state.turn == 2, "leaders in turn order after the trigger"
    state = knocked_out(state)
    assert state.turn == 0, "the player out of the lead does not play"
    state, events = act_events(explore(fresh_deck(state), "empty"), EndTurn())
    assert types(events)[-1] == "game_over"
    result = ENGINE.result(state)
    assert result is not None and result.winners == [0]


def test_a_tie_that_survives_another_round_plays_again() -> None:
    state = new_game(3).model_copy(update={"scores": (14, 3, 14)})
    state = bank_one(knocked_out(bank_one(state)))
    state = bank_one(bank_one(state))  # both score one: still tied
    assert state.tiebreak == (2, 0) and state.tiebreak_rounds == 2 and state.turn == 2


def test_leaders_still_tied_after_the_house_limit_share_the_win() -> None:
    """House option: tiebreaks stop after `tiebreak_round_limit` rounds."""
    state = new_game(3, tiebreak_round_limit=1).model_copy(update={"scores": (14, 3, 14)})
    state = bank_one(knocked_out(bank_one(state)))
    state = knocked_out(knocked_out(state))
    result = ENGINE.result(state)
    assert result is not None and result.winners == [0, 2] and "share" in result.summary


def test_solo_variant_wins_by_reaching_the_target() -> None:
    """House solo variant: reach the target within the turn limit."""
    state = new_game(1, target=2)
    state = bank_one(state)
    assert state.turn == 0 and state.round == 2 and ENGINE.result(state) is None
    state = bank_one(state)
    result = ENGINE.result(state)
    assert result is not None and result.winners == [0]


def test_solo_variant_loses_when_the_turns_run_out() -> None:
    state = knocked_out(new_game(1, solo_turn_limit=1))
    result = ENGINE.result(state)
    assert result is not None and result.winners == [] and "did not reach" in result.summary
