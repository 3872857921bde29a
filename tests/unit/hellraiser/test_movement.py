"""Moving Humans: 'a number of squares according to their Speed. No one can move
diagonally', and the stat-zero states that stop them."""

from __future__ import annotations

from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.board import Board, Square, reachable
from engines.hellraiser.models import Effect, Move, PlayCard
from tests.unit.hellraiser.support import (
    act,
    carrying,
    figure,
    gate_opened,
    new_game,
    pending_roll,
    refused,
    roll,
    with_stats,
)


def moves(state: object) -> set[tuple[int, int]]:
    return {a.to for a in ENGINE.legal_actions(state, 0) if isinstance(a, Move)}  # type: ignore[arg-type]


def test_a_human_moves_up_to_their_speed_orthogonally() -> None:
    state = new_game(1)
    start = figure(state, "h0").square
    assert state.board is not None and start is not None
    expected = set(reachable(state.board, start, 3)) - {start}
    assert moves(state) == expected
    far = next(sq for sq, d in reachable(state.board, start, 4).items() if d == 4)
    assert "can't reach" in refused(state, Move(to=far))
    diagonal = (start[0] + 1, start[1] + 1)
    if diagonal not in expected:
        assert "can't reach" in refused(state, Move(to=diagonal))
    target = sorted(expected)[0]
    after = act(state, Move(to=target))
    assert figure(after, "h0").square == target
    assert "main option" in refused(after, Move(to=start))


def test_speed_items_count_towards_movement() -> None:
    """Items modify statistics: Running Shoes (+1 Speed) carry you one square further."""
    state = carrying(new_game(1), "h0", "running_shoes")
    start = figure(state, "h0").square
    assert state.board is not None and start is not None
    assert moves(state) == set(reachable(state.board, start, 4)) - {start}


def test_speed_zero_is_paralysed() -> None:
    """'Speed : Paralyzed. unable to move.'"""
    state = with_stats(new_game(1), "h0", (3, 0, 3, 3, 3, 6))
    assert moves(state) == set()
    target = next(iter(moves(new_game(1))))
    assert "paralysed" in refused(state, Move(to=target))


def test_wits_zero_is_a_braindead_vegetable() -> None:
    """'Wits : a braindead vegetable. unable to move.'"""
    state = with_stats(new_game(1), "h0", (3, 3, 6, 0, 3, 3))
    target = next(iter(moves(new_game(1))))
    assert "braindead" in refused(state, Move(to=target))


def test_morality_zero_moves_only_on_four_to_six() -> None:
    """'Degenerate. The character is now only moved by the owner if they roll a 4,5,6.'"""
    state = with_stats(new_game(1), "h0", (3, 3, 3, 3, 0, 6))
    start = figure(state, "h0").square
    target = sorted(moves(state))[0]
    state = act(state, Move(to=target))
    assert pending_roll(state).purpose == "degenerate"
    failed = roll(state, 3)
    assert figure(failed, "h0").square == start
    assert failed.flags.main == "move"
    moved = roll(state, 4)
    assert figure(moved, "h0").square == target


def holding(card: str) -> tuple[HellraiserState, Board, Square]:
    """Kirsty (seat 0) to move with only `card` in hand, the gateway opened on seat 1's
    character, with the map and her square."""
    state = gate_opened(new_game(2), seat=1)
    state.hands[0] = (f"action:{card}",)
    start = figure(state, "h0").square
    assert state.board is not None and start is not None
    return state, state.board, start


def test_run_for_your_life_doubles_speed_and_darkness_halves_it() -> None:
    state, board, start = holding("run_for_your_life")
    state = act(state, PlayCard(card="run_for_your_life"))
    assert moves(state) == set(reachable(board, start, 6)) - {start}
    dark = gate_opened(new_game(2), seat=1)
    dark.effects.append(Effect(kind="darkness", seat=1))
    assert moves(dark) == set(reachable(board, start, 1)) - {start}


def test_move_cards_move_on_top_of_the_turns_move() -> None:
    state, board, _ = holding("move_2")
    first = sorted(moves(state))[0]
    state = act(state, Move(to=first))
    two_away = next(sq for sq, d in reachable(board, first, 2).items() if d == 2)
    state = act(state, PlayCard(card="move_2", square=two_away))
    assert figure(state, "h0").square == two_away
    assert state.hands[0] == () and state.decks["action"].discard == {"move_2": 1}
