"""Computer players and the simulation built on them."""

from __future__ import annotations

import random

import pytest

from engines.core.chance import sample
from engines.hellboy_dice import ENGINE, Attack, BraveMove, EndTurn, Explore
from engines.hellboy_dice.ai import choose
from engines.hellboy_dice.odds import (
    attack_odds,
    attack_policy,
    flags_of,
    model_id,
    nothing_can_win,
)
from engines.hellboy_dice.simulate import format_stats, play_game, simulate
from tests.unit.hellboy_dice.support import act, explore, new_game, report


def test_every_ai_move_is_legal_and_deterministic() -> None:
    """Pure policy: the same state (even reloaded from JSON) gives the same legal move."""
    rng = random.Random(4)
    for players in (1, 3):
        state = new_game(players, deck_path=None)
        while ENGINE.result(state) is None:
            request = ENGINE.chance(state)
            if request is not None:
                state = ENGINE.resolve_quiet(state, sample(request, rng))
                continue
            move = choose(state, state.turn)
            assert move in ENGINE.legal_actions(state, state.turn)
            assert choose(ENGINE.load_state(ENGINE.dump_state(state)), state.turn) == move
            state = ENGINE.apply_quiet(state, state.turn, move)


def test_ai_always_explores_the_first_card_and_with_nothing_at_stake() -> None:
    state = new_game()
    assert choose(state, 0) == Explore()
    after_event = explore(state, "accident")
    after_event = report(after_event, "Cancel")
    assert after_event.turn_clues == 0 and choose(after_event, 0) == Explore()


def test_ai_banks_when_the_total_reaches_the_target() -> None:
    state = explore(new_game().model_copy(update={"scores": (14, 0)}), "empty")
    assert choose(state, 0) == EndTurn()


def test_ai_keeps_going_in_its_final_turn_until_it_beats_the_leader() -> None:
    state = new_game().model_copy(update={"scores": (15, 14), "final_trigger": 0,
                                          "final_left": (1,), "turn": 1})
    state = explore(state, "empty")
    assert state.turn_clues == 1 and choose(state, 1) == Explore()
    state = explore(state, "risk")
    assert choose(state, 1) == EndTurn()


def test_ai_banks_a_big_turn_when_the_next_card_is_too_risky() -> None:
    state = new_game(deck_path=None).model_copy(update={
        "hand": (1, 0, 0, 0), "gone": (5, 3, 2, 1), "wounds": 1, "first_resolved": True,
        "bonus_clues": 4})
    assert choose(state, 0) == EndTurn()


def test_ai_attacks_a_dangerous_card_with_its_strongest_dice() -> None:
    """When a failure could knock it out, the AI maximises its chance to win now."""
    state = explore(new_game().model_copy(update={"wounds": 2}), "big")  # two Skulls
    move = choose(state, 0)
    assert isinstance(move, Attack)
    best = max(attack_odds(state, a.dice).defeat
               for a in ENGINE.legal_actions(state, 0) if isinstance(a, Attack))
    assert attack_odds(state, move.dice).defeat == best


def test_ai_spends_cheap_dice_on_an_easy_card() -> None:
    state = explore(new_game(), "frog")
    move = choose(state, 0)
    assert isinstance(move, Attack) and "black" not in move.dice
    assert attack_odds(state, move.dice).defeat >= 0.7


def test_ai_brave_move_only_at_full_wounds() -> None:
    state = explore(new_game(), "brave")
    assert choose(state, 0) == BraveMove(accept=True)
    assert choose(state.model_copy(update={"wounds": 2}), 0) == BraveMove(accept=False)


def test_ai_refuses_to_move_for_another_seat() -> None:
    with pytest.raises(ValueError, match="turn"):
        choose(new_game(), 1)


def test_simulation_reports_length_knockouts_clues_and_wins() -> None:
    stats = simulate(3, 6, seed=11)
    assert len(stats.rounds) == 6 and all(r >= 1 for r in stats.rounds)
    assert sum(stats.wins) == pytest.approx(6)
    assert 0 < stats.knockouts < stats.turns
    assert stats.clues_per_bank >= stats.clues_per_turn > 0
    text = format_stats(stats)
    for words in ("6 AI games, 3 players", "Game length (rounds)", "Knocked Out",
                  "Banked Clues", "Wins by seat",
                  "Wins by turn position from the starter (95 % interval): 1st (starter) "):
        assert words in text
    assert sum(stats.by_position) == pytest.approx(6)
    assert simulate(3, 6, seed=11) == stats, "a seed replays exactly"


def test_wins_by_turn_position_count_from_whoever_started() -> None:
    """The starter is drawn by lot, so wins by seat even out; the first mover's edge
    shows only counted from the starter: position 0 is the seat that began each game."""
    starters = []
    for seed in range(6):
        state = play_game(ENGINE, 2, random.Random(seed))
        (winner,) = state.winners or ()
        stats = simulate(2, 1, seed=seed)
        assert stats.by_position[(winner - state.first) % 2] == 1
        assert stats.wins[winner] == 1
        starters.append(state.first)
    assert set(starters) == {0, 1}  # the lot picked each seat: by seat is not by position


def test_simulation_checks_the_player_count() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        simulate(7, 1, seed=1)


def test_ai_seat_plays_through_the_engine_hook() -> None:
    state = act(new_game(), ENGINE.ai_action(new_game(), 0))
    assert state.phase == "draw"


def test_when_no_attack_can_win_the_ai_scores_the_most_pips_not_a_cheap_zero() -> None:
    """Regression: with no winning set the policy picked the cheapest 0 % attack. The dice
    of a failed attack stay on the card and lower its Fight Value, so score the most."""
    state = explore(new_game(), "big").model_copy(update={"hand": (2, 1, 0, 0)})
    state = state.model_copy(update={"card_dice": ()})
    mid = model_id(state.components)
    assert state.in_play is not None
    dice = attack_policy(mid, 30, flags_of(state.in_play), (2, 1, 0, 0), False)
    assert sorted(dice) == [0, 0, 1]  # both yellows and the orange
    assert not nothing_can_win(state) and nothing_can_win(
        state.model_copy(update={"hand": (1, 0, 0, 0)}))
