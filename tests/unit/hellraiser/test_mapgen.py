"""Laying the map: 36 tiles at random, re-arranged until they are all interconnected."""

from __future__ import annotations

import random

import pytest

from engines.core.chance import ChanceOutcome, sample
from engines.core.errors import RuleError
from engines.hellraiser import board as bd
from engines.hellraiser import mapgen
from engines.hellraiser.board import Placement
from engines.hellraiser.mapgen import Layout
from engines.hellraiser.tiles import tile_defs

SEEDS = 2000


@pytest.mark.slow(17)
def test_thousands_of_seeds_give_36_tiles_in_one_network_with_walls_on_both_sides() -> None:
    """'Randomly place the map tiles ... to form a 6 x 6 grid. ... re-arrange the tiles
    until they are all interconnected'; 'Treat it as a wall for both tiles'."""
    all_ids = set(tile_defs())
    for seed in range(SEEDS):
        board = mapgen.generate(random.Random(seed))
        assert len(board.tiles) == 36
        assert {p.tile for p in board.tiles} == all_ids
        assert bd.is_connected(board), seed
        g = bd.graph(board)
        for a, outs in g.items():
            for b in outs:
                assert a in g[b], (seed, a, b)


def test_layouts_differ_between_seeds_and_repeat_for_the_same_seed() -> None:
    boards = [mapgen.generate(random.Random(s)) for s in range(20)]
    assert len({tuple(b.tiles) for b in boards}) == 20
    assert mapgen.generate(random.Random(7)) == mapgen.generate(random.Random(7))


def test_the_first_draw_offers_every_tile_every_spot_and_every_turn() -> None:
    request = mapgen.layout_request(mapgen.new_layout())
    tile, spot, turn = request.items
    assert set(tile.options) == set(tile_defs())
    assert spot.options == [str(s) for s in range(36)]
    assert turn.options == ["0", "1", "2", "3"]
    assert tile.label_of("padded_cell") == "Padded Cell"


def only(tile: str, spot: int, rotation: int) -> Layout:
    spots: list[Placement | None] = [None] * 36
    spots[spot] = Placement(tile=tile, rotation=rotation)
    return Layout(spots=tuple(spots))


def test_later_draws_offer_only_unplaced_tiles_and_spots_an_exit_leads_to() -> None:
    """The padded cell (one door, south middle) in the top-left corner: the only spot
    its door leads to is the one below it."""
    layout = only("padded_cell", 0, 0)
    request = mapgen.layout_request(layout)
    assert "padded_cell" not in request.items[0].options
    assert request.items[1].options == ["6"]


def test_a_tile_is_turned_until_its_exit_meets_the_map() -> None:
    """Re-arranging as the tiles are laid: the long corridor (exits east and west) drawn
    as printed below the padded cell's door is turned a quarter to meet it."""
    layout = only("padded_cell", 0, 0)
    laid = mapgen.place(layout, ChanceOutcome(values=["long_corridor", "6", "0"]))
    assert laid.spots[6] == Placement(tile="long_corridor", rotation=1)
    board_spots = [p for p in laid.spots if p is not None]
    assert len(board_spots) == 2


def test_a_dead_end_that_would_wall_off_the_map_is_set_aside_until_another_tile_is_laid() -> None:
    """The padded cell's only door leads down; another one-door room there would close
    the map, so it is set aside (not offered) until a tile that keeps the map open is laid."""
    layout = only("padded_cell", 0, 0)
    held = mapgen.place(layout, ChanceOutcome(values=["morgue", "6", "0"]))
    assert held.spots == layout.spots
    assert held.aside == ("morgue",)
    assert "morgue" not in mapgen.layout_request(held).items[0].options
    laid = mapgen.place(held, ChanceOutcome(values=["crossroads_north", "6", "0"]))
    assert laid.aside == ()
    assert "morgue" in mapgen.layout_request(laid).items[0].options


def test_a_report_that_was_not_offered_is_refused() -> None:
    layout = only("padded_cell", 0, 0)
    with pytest.raises(RuleError, match="not a possible result"):
        mapgen.place(layout, ChanceOutcome(values=["padded_cell", "6", "0"]))
    with pytest.raises(RuleError, match="not a possible result"):
        mapgen.place(layout, ChanceOutcome(values=["library", "1", "0"]))


def sealed_layout() -> Layout:
    """Two one-door rooms facing each other: no exit leads anywhere else."""
    spots: list[Placement | None] = [None] * 36
    spots[14] = Placement(tile="padded_cell", rotation=2)  # door north, towards spot 8
    spots[8] = Placement(tile="morgue", rotation=2)  # door south, back to the cell
    return Layout(spots=tuple(spots))


def test_when_no_tile_can_be_laid_the_tiles_around_the_gaps_are_picked_up() -> None:
    """'if it doesn't, re-arrange the tiles': the tiles next to empty spots go back to
    the draw, and what is left is one network."""
    layout = sealed_layout()
    assert mapgen.open_spots(layout) == []
    again = mapgen.pick_up_around_gaps(layout)
    assert again.rearranged == 1
    assert sum(p is not None for p in again.spots) < 2
    assert mapgen.layout_request(again).items[0].options


def test_after_many_re_arrangements_the_layout_is_drawn_again() -> None:
    layout = sealed_layout()
    worn = layout.model_copy(update={"rearranged": mapgen.MAX_REARRANGEMENTS})
    again = mapgen._stuck(worn)
    assert again.attempt == 2 and again.rearranged == 0
    assert all(p is None for p in again.spots)


def test_the_house_fallback_knocks_doorways_through_until_the_map_is_one_network() -> None:
    """House rule after MAX_ATTEMPTS: fill the gaps and open destroyed walls."""
    layout = sealed_layout()
    worn = layout.model_copy(
        update={"rearranged": mapgen.MAX_REARRANGEMENTS, "attempt": mapgen.MAX_ATTEMPTS}
    )
    done = mapgen._stuck(worn)
    assert mapgen.is_complete(done)
    board = mapgen.to_board(done)
    assert bd.is_connected(board)
    assert board.destroyed_walls == done.knocked_through
    assert done.knocked_through, "the pack-order filling is not connected by itself"
    for a, b in done.knocked_through:
        assert not bd.printed_open(board, a, b) and bd.can_step(board, a, b)


def test_a_layout_in_progress_survives_a_json_round_trip() -> None:
    rng = random.Random(4)
    layout = mapgen.new_layout()
    for _ in range(10):
        layout = mapgen.place(layout, sample(mapgen.layout_request(layout), rng))
    again = Layout.model_validate_json(layout.model_dump_json())
    assert again == layout
    assert mapgen.layout_request(again) == mapgen.layout_request(layout)


def test_an_unfinished_layout_is_not_a_board() -> None:
    with pytest.raises(ValueError, match="empty spots"):
        mapgen.to_board(mapgen.new_layout())


def test_a_re_arrangement_always_leaves_a_layout_that_can_be_drawn_from() -> None:
    """Even from hand-made layouts (random tiles and turns, a few holes), picking up
    leaves a layout whose next chance node offers a tile and a spot; about one in a
    hundred of these needs everything picked up."""
    ids = list(tile_defs())
    everything = 0
    for seed in range(400):
        rng = random.Random(seed)
        rng.shuffle(ids)
        spots: list[Placement | None] = [Placement(tile=t, rotation=rng.randrange(4)) for t in ids]
        for hole in rng.sample(range(36), rng.randrange(1, 4)):
            spots[hole] = None
        again = mapgen.pick_up_around_gaps(Layout(spots=tuple(spots)))
        request = mapgen.layout_request(again)
        assert request.items[0].options and request.items[1].options
        everything += all(p is None for p in again.spots)
    assert everything >= 1, "the pick-up-everything case was exercised"
