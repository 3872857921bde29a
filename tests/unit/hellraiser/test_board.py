"""The map: walls on both sides, orthogonal movement, doorways the rules open and block."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise

import pytest

from engines.core.errors import RuleError
from engines.hellraiser import board as bd
from engines.hellraiser.board import Board, Placement, Square
from engines.hellraiser.mapgen import generate
from engines.hellraiser.tiles import Side, tile_defs
from tests.unit.hellraiser.support import obstacle_doorway


def pack_order_board(rotation: int = 0) -> Board:
    """Every tile as printed, in pack order: a fixed map that needs no generator."""
    return Board(tiles=[Placement(tile=t, rotation=rotation) for t in tile_defs()])


def all_squares() -> list[Square]:
    return [(x, y) for y in range(bd.SIZE) for x in range(bd.SIZE)]


def exits_towards(board: Board, sq: Square, d: Square) -> bool:
    """Straight from the printed tile data, without the board module's rotation tables."""
    p = board.tiles[bd.tile_index(sq)]
    tile = tile_defs()[p.tile]
    lx, ly = sq[0] % 3, sq[1] % 3
    dx, dy = d
    for _ in range(p.rotation):  # undo the clockwise turns: turn back anticlockwise
        lx, ly = ly, 2 - lx
        dx, dy = dy, -dx
    sides: dict[Square, Side] = {(0, -1): "n", (1, 0): "e", (0, 1): "s", (-1, 0): "w"}
    side = sides[(dx, dy)]
    on_side = {"n": ly == 0, "s": ly == 2, "w": lx == 0, "e": lx == 2}[side]
    position = lx if side in "ns" else ly
    return on_side and position in tile.exits.get(side, ())


def test_tile_index_reads_the_grid_in_rows() -> None:
    assert bd.tile_index((0, 0)) == 0
    assert bd.tile_index((17, 0)) == 5
    assert bd.tile_index((3, 3)) == 7
    assert bd.tile_index((17, 17)) == 35
    assert bd.tile_origin(7) == (3, 3)


def test_squares_are_named_by_column_letter_and_row_number() -> None:
    assert bd.square_name((0, 0)) == "A1"
    assert bd.square_name((2, 6)) == "C7"
    assert bd.square_name((17, 17)) == "R18"
    for sq in all_squares():
        assert bd.parse_square(bd.square_name(sq).lower()) == sq
    for bad in ("S1", "A0", "A19", "7C", "", "A"):
        with pytest.raises(RuleError, match="like C7"):
            bd.parse_square(bad)


@pytest.mark.parametrize("seed", range(40))
def test_an_exit_into_a_wall_is_a_wall_for_both_tiles(seed: int) -> None:
    """'If an exit from one tile leads to a wall on another tile - that exit is blocked.
    Treat it as a wall for both tiles.' Checked against the raw tile data."""
    board = generate(random.Random(seed))
    for a in all_squares():
        for d in bd.DIRECTIONS:
            b = (a[0] + d[0], a[1] + d[1])
            if not bd.in_bounds(b) or bd.same_room(a, b):
                continue
            both = exits_towards(board, a, d) and exits_towards(board, b, (-d[0], -d[1]))
            assert bd.can_step(board, a, b) == both
            assert bd.can_step(board, b, a) == both


def test_rotating_a_tile_turns_its_exits_clockwise() -> None:
    """The padded cell has one door, in the middle of its south side."""
    cell = bd.oriented("padded_cell", 0)
    assert cell.exits == {((1, 2), (0, 1))}
    assert bd.oriented("padded_cell", 1).exits == {((0, 1), (-1, 0))}
    assert bd.oriented("padded_cell", 2).exits == {((1, 0), (0, -1))}
    assert bd.oriented("padded_cell", 3).exits == {((2, 1), (1, 0))}


def test_inner_walls_stop_movement_inside_a_tile() -> None:
    """The dispensary counter walls off the back shelves from the middle row."""
    board = pack_order_board()
    index = next(i for i, p in enumerate(board.tiles) if p.tile == "dispensary")
    ox, oy = bd.tile_origin(index)
    assert not bd.can_step(board, (ox + 1, oy), (ox + 1, oy + 1))
    assert bd.can_step(board, (ox, oy), (ox + 1, oy))


def test_the_edge_of_the_map_is_always_a_wall_and_no_step_is_diagonal() -> None:
    """'Human player characters cannot leave the map board'; 'No one can move diagonally.'"""
    board = pack_order_board()
    for i in range(bd.SIZE):
        for inside, outside in (
            ((i, 0), (i, -1)),
            ((i, 17), (i, 18)),
            ((0, i), (-1, i)),
            ((17, i), (18, i)),
        ):
            assert not bd.can_step(board, inside, outside)
    for a in all_squares():
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for b in bd.neighbours(board, a))


def brute_reachable(
    board: Board, start: Square, steps: int, blocked: set[Square]
) -> dict[Square, int]:
    """Every walk of up to `steps` moves, enumerated; steps checked from raw tile data."""

    def open_edge(a: Square, b: Square) -> bool:
        if not bd.in_bounds(b):
            return False
        if bd.same_room(a, b):
            return bd.printed_open(board, a, b)
        d = (b[0] - a[0], b[1] - a[1])
        return exits_towards(board, a, d) and exits_towards(board, b, (-d[0], -d[1]))

    best = {start: 0}

    def walk(sq: Square, used: int) -> None:
        if used == steps:
            return
        for d in bd.DIRECTIONS:
            nxt = (sq[0] + d[0], sq[1] + d[1])
            if nxt not in blocked and open_edge(sq, nxt) and best.get(nxt, steps + 1) > used + 1:
                best[nxt] = used + 1
                walk(nxt, used + 1)

    walk(start, 0)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_reachable_matches_brute_force_walks(seed: int) -> None:
    """Movement up to Speed, orthogonal only, never through a wall or an occupied square."""
    rng = random.Random(seed)
    board = generate(rng)
    start = (rng.randrange(18), rng.randrange(18))
    steps = rng.randrange(0, 6)
    blocked = {(rng.randrange(18), rng.randrange(18)) for _ in range(rng.randrange(8))} - {start}
    assert bd.reachable(board, start, steps, blocked) == brute_reachable(
        board, start, steps, blocked
    )


@pytest.mark.parametrize("seed", range(30))
def test_a_search_stopped_at_its_goals_gives_their_fewest_moves(seed: int) -> None:
    """The menu's "N squares away": stopping once the goals are found changes no
    goal's count, leaves out only goals out of reach, and stops before the whole map."""
    rng = random.Random(seed)
    board = generate(rng)
    start = (rng.randrange(18), rng.randrange(18))
    whole = bd.reachable(board, start, 40)
    goals = [(rng.randrange(18), rng.randrange(18)) for _ in range(rng.randrange(1, 6))]
    stopped = bd.reachable(board, start, 40, goals=goals)
    assert {g: stopped.get(g) for g in goals} == {g: whole.get(g) for g in goals}
    near = sorted(whole, key=whole.__getitem__)[:3]
    assert len(bd.reachable(board, start, 40, goals=near)) < len(whole)


def opens_both_ways_once(change: Callable[[Board, Square, Square], Board], board: Board,
                         a: Square, b: Square) -> Board:
    """Clearing, keying or breaking an edge opens it from both sides, and only once:
    the same change on the opened edge is refused."""
    opened = change(board, a, b)
    assert bd.can_step(opened, a, b) and bd.can_step(opened, b, a)
    with pytest.raises(RuleError):
        change(opened, a, b)
    return opened


def test_an_obstacle_in_a_doorway_blocks_it_both_ways_until_cleared() -> None:
    """Obstacle: 'can be used to block doors'."""
    board = generate(random.Random(3))
    tile, item, (a, b) = obstacle_doorway(board)
    blocked = bd.block_doorway(board, a, b, tile, item)
    assert not bd.can_step(blocked, a, b) and not bd.can_step(blocked, b, a)
    assert bd.can_step(board, a, b), "the original board is unchanged"
    assert (a, b) in bd.doorways(blocked, tile), "still a doorway, just blocked"
    with pytest.raises(RuleError):
        bd.block_doorway(blocked, a, b, tile, item)
    with pytest.raises(RuleError):
        bd.block_doorway(board, a, b, tile, "no_such_item")
    opens_both_ways_once(bd.clear_doorway, blocked, a, b)


def test_a_key_turns_a_wall_between_tiles_into_a_doorway() -> None:
    """Leviathan card Key: 'a wall square between tiles becomes a doorway'."""
    board = generate(random.Random(5))
    index = next(i for i in range(36) if bd.walls_between_tiles(board, i))
    a, b = bd.walls_between_tiles(board, index)[0]
    assert not bd.can_step(board, a, b)
    opened = opens_both_ways_once(bd.open_key_doorway, board, a, b)
    assert (a, b) not in bd.walls_between_tiles(opened, index)


def test_a_key_cannot_open_a_wall_inside_a_tile_or_the_map_edge() -> None:
    board = pack_order_board()
    with pytest.raises(RuleError):
        bd.open_key_doorway(board, (0, 0), (1, 0))
    with pytest.raises(RuleError):
        bd.open_key_doorway(board, (0, 0), (-1, 0))


def test_a_destroyed_wall_opens_the_edge_for_good() -> None:
    """Destroyed wall counters: the wall is gone for both sides."""
    board = pack_order_board()
    index = next(i for i, p in enumerate(board.tiles) if p.tile == "dispensary")
    ox, oy = bd.tile_origin(index)
    a, b = (ox + 1, oy), (ox + 1, oy + 1)
    opens_both_ways_once(bd.destroy_wall, board, a, b)


def test_in_sight_is_the_same_tile_or_a_clear_straight_line() -> None:
    """House rule for line of sight, documented in board.in_sight."""
    board = generate(random.Random(11))
    outcomes = set()
    for a in all_squares():
        for b in all_squares():
            seen = bd.in_sight(board, a, b)
            if bd.same_room(a, b):
                assert seen
            elif a[0] != b[0] and a[1] != b[1]:
                assert not seen
            else:
                line = _line(a, b)
                clear = all(bd.can_step(board, s, t) for s, t in pairwise(line))
                assert seen == clear, (a, b)
                outcomes.add(seen)
    assert outcomes == {True, False}


def _line(a: Square, b: Square) -> list[Square]:
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    out = [a]
    while out[-1] != b:
        out.append((out[-1][0] + dx, out[-1][1] + dy))
    return out


@pytest.mark.parametrize("seed", range(10))
def test_being_sucked_goes_one_square_closer_to_the_gateway(seed: int) -> None:
    """'the character is sucked one square closer to the gateway' along the corridors."""
    rng = random.Random(seed)
    board = bd.open_gateway(generate(rng), (rng.randrange(18), rng.randrange(18)))
    assert board.gateway is not None
    dist = bd.distances_to(board, board.gateway)
    start = (rng.randrange(18), rng.randrange(18))
    path = [start]
    while path[-1] != board.gateway:
        nxt = bd.step_towards(board, path[-1], board.gateway)
        assert dist[nxt] == dist[path[-1]] - 1 and bd.can_step(board, path[-1], nxt)
        path.append(nxt)
    assert len(path) - 1 == dist[start]


def test_sucking_through_a_blocked_doorway_goes_straight_at_the_gateway() -> None:
    """House rule: with no walk left, Hell's pull goes through walls, never off the map."""
    board = pack_order_board()
    sealed = Board(
        tiles=board.tiles,
        blocked_doorways=[
            bd.BlockedDoorway(edge=e, tile=0, furniture="x")
            for i in range(36)
            for e in bd.doorways(board, i)
        ],
        gateway=(0, 0),
    )
    assert bd.step_towards(sealed, (6, 0), (0, 0)) == (5, 0)
    assert bd.step_towards(sealed, (0, 0), (0, 0)) == (0, 0)


def test_portals_are_the_stairs_and_the_elevators() -> None:
    """'The entry portals are the Stairs, the Elevators, the gateway to Hell.'"""
    board = pack_order_board(rotation=2)
    stairs = bd.portal_squares(board, "stairs")
    lifts = bd.portal_squares(board, "elevator")
    assert stairs and lifts and not set(stairs) & set(lifts)
    for sq in stairs:
        portal = bd.tile_at(board, sq).portal
        assert portal is not None and portal.kind == "stairs"
    assert sorted(bd.portal_squares(board)) == sorted(stairs + lifts)


def test_furniture_turns_with_its_tile() -> None:
    board = pack_order_board(rotation=1)
    index = next(i for i, p in enumerate(board.tiles) if p.tile == "channard_study")
    ox, oy = bd.tile_origin(index)
    desk = [f for f in bd.room_furniture(board, index) if f.furniture.id == "bookshelf"]
    assert desk[0].square == (ox + 2, oy)  # printed at the north-west corner
    assert bd.furniture_at(board, (ox + 2, oy))[0].furniture.kind == "bookshelf"


def test_a_board_survives_a_json_round_trip() -> None:
    board = bd.open_gateway(generate(random.Random(8)), (4, 4))
    walls = [e for i in range(36) for e in bd.walls_between_tiles(board, i)]
    board = bd.destroy_wall(board, *walls[0])
    board = bd.open_key_doorway(board, *walls[-1])
    again = Board.model_validate_json(board.model_dump_json())
    assert again == board
    assert bd.reachable(again, (0, 0), 40) == bd.reachable(board, (0, 0), 40)


def test_a_board_refuses_unknown_tiles_repeats_and_bad_edges() -> None:
    tiles = [Placement(tile=t) for t in tile_defs()]
    with pytest.raises(ValueError, match="unknown tile"):
        Board(tiles=[Placement(tile="ballroom"), *tiles[1:]])
    with pytest.raises(ValueError, match="at most once"):
        Board(tiles=[tiles[1], *tiles[1:]])
    with pytest.raises(ValueError, match="adjacent"):
        Board(tiles=tiles, destroyed_walls=[((0, 0), (2, 0))])


def test_connectivity_sees_a_sealed_map() -> None:
    board = generate(random.Random(2))
    assert bd.is_connected(board)
    walled = Board(
        tiles=board.tiles,
        blocked_doorways=[
            bd.BlockedDoorway(edge=e, tile=0, furniture="x") for e in bd.doorways(board, 0)
        ],
    )
    assert not bd.is_connected(walled)
    assert len(bd.tile_components(walled)) == 2


def test_each_board_remembers_its_walls_and_a_changed_board_does_not_share_them() -> None:
    """graph() is memoised per (immutable) board; a change makes a new board with its
    own answer, and the memo goes when the board does."""
    board = generate(random.Random(12))
    assert bd.graph(board) is bd.graph(board)
    tile, item, (a, b) = obstacle_doorway(board)
    blocked = bd.block_doorway(board, a, b, tile, item)
    assert b in bd.graph(board)[a] and b not in bd.graph(blocked)[a]
    assert b in bd.graph(bd.clear_doorway(blocked, a, b))[a]
    moved_gateway = bd.open_gateway(blocked, (0, 0))
    assert bd.graph(moved_gateway) == bd.graph(blocked)
    with pytest.raises(ValueError, match="frozen"):
        board.gateway = (1, 1)  # type: ignore[misc]
    before = len(bd._MEMO)
    bd.graph(bd.open_gateway(board, (2, 2)))
    assert len(bd._MEMO) == before, "a board nobody holds leaves nothing behind"
