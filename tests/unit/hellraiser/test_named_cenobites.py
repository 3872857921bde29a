"""The Named Cenobites' house powers, and a few lasting effects played from the hand."""

from __future__ import annotations

from engines.hellraiser.board import tile_index, tile_squares
from engines.hellraiser.models import (
    Attack,
    Choice,
    EndTurn,
    HellraiserState,
    PlayCard,
    Search,
    SolvePuzzle,
    UsePower,
)
from engines.hellraiser.query import effects
from tests.unit.hellraiser.support import (
    act,
    center,
    edit,
    gate_opened,
    new_game,
    pending_roll,
    refused,
    roll,
)


def on_the_prowl(cenobite: str) -> HellraiserState:
    """Seat 1 opened the gateway; `cenobite` is on the map at the gateway with h0 beside
    it in the room; it is seat 1's turn."""
    state = gate_opened(new_game(6), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    assert gate is not None
    state = edit(state, cenobite, condition="board", square=gate)
    return act(state, EndTurn())


def test_the_female_cenobites_exquisite_pain_adds_a_point_of_damage() -> None:
    state = on_the_prowl("c-female_cenobite")
    gate = state.board.gateway  # type: ignore[union-attr]
    state = edit(state, "h0", square=gate)
    state = act(state, Attack(attacker="c-female_cenobite", target="h0"))
    state = roll(state, 6, 1, 1, 1, 1, 1, 1)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.points == 2


def test_the_chatterer_rolls_two_extra_dice() -> None:
    state = on_the_prowl("c-chatterer")
    state = edit(state, "h0", square=state.board.gateway)  # type: ignore[union-attr]
    state = act(state, Attack(attacker="c-chatterer", target="h0", stat="wits"))
    assert pending_roll(state).groups == (6, 3)


def test_the_channard_cenobites_tentacles_reach_across_his_tile() -> None:
    state = on_the_prowl("c-channard")
    gate = state.board.gateway  # type: ignore[union-attr]
    assert gate is not None
    far = next(sq for sq in tile_squares(tile_index(gate))
               if abs(sq[0] - gate[0]) + abs(sq[1] - gate[1]) >= 2)
    state = edit(state, "h0", square=far)
    assert act(state, Attack(attacker="c-channard", target="h0")).pending
    plain = on_the_prowl("c-female_cenobite")
    plain = edit(plain, "h0", square=far)
    assert "out of reach" in refused(plain, Attack(attacker="c-female_cenobite", target="h0"))


def test_darkness_and_justice_are_lasting_effects_of_their_player() -> None:
    state = act(gate_opened(new_game(3), seat=1), EndTurn())
    state.hands[1] = ("leviathan:darkness", "leviathan:justice_is_done")
    dark = act(state, PlayCard(card="darkness"))
    assert [e.seat for e in effects(dark, "darkness")] == [1]
    dark = act(act(dark, EndTurn()), EndTurn())
    dark = act(dark, EndTurn())  # round 2: seat 0, then the Leviathan's turn again
    assert dark.turn == 1 and not any(effects(dark, "darkness"))
    just = act(state, PlayCard(card="justice_is_done"))
    assert [e.kind for e in just.effects] == ["justice"]
    assert "already played a card" in refused(just, PlayCard(card="darkness"))


def test_the_reference_books_add_a_die_to_a_wits_puzzle_but_not_to_a_search() -> None:
    """The Library's Power helps Wits tests this turn; searching takes a turn of no other
    activity, so it cannot follow a Power."""
    game = new_game(2)
    state = gate_opened(edit(game, "h1", square=center(game, "library")), seat=1)
    state = edit(state, "h0", square=center(state, "library"))
    state = act(state, UsePower())
    assert "no other activity" in refused(state, Search())
    state = act(state, SolvePuzzle())
    assert pending_roll(state).groups == (4, 6)
