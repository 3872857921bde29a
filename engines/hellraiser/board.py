"""The map of the Channard Institute: placed tiles, walls, doorways and movement.

Squares are `(x, y)` with 0 ≤ x, y < 18: six by six tiles of 3×3 squares, x
growing east and y growing south. A tile is placed with a rotation in quarter
turns clockwise.

Two squares side by side are joined unless a wall stands between them:

- inside one tile, the tile's own inner walls;
- between two tiles, the rules: "If an exit from one tile leads to a wall on
  another tile - that exit is blocked. Treat it as a wall for both tiles." So
  the edge is open only when both tiles have an exit there;
- the outside of the map is always a wall ("all exits lead to Hell until the
  gateway is closed");
- the rules then change the map: a destroyed wall or a Key doorway (Leviathan
  card: "a wall square between tiles becomes a doorway") opens an edge, and an
  Obstacle moved into a doorway closes it, for both tiles, until it is cleared.

Everything here is a pure function of a `Board`; the derived graph of open
edges is memoised by the facts it depends on, so the rules may query freely.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engines.core.errors import RuleError
from engines.hellraiser.tiles import (
    TILE_COUNT,
    TILE_SIZE,
    Furniture,
    PortalKind,
    TileDef,
    tile_defs,
)

Square = tuple[int, int]
Edge = tuple[Square, Square]

# The tile pack is read here, when the engine is imported at start-up, never in a move.
tile_defs()

GRID_TILES = 6
SIZE = GRID_TILES * TILE_SIZE
#: Neighbour order, used wherever ties are broken: north, east, south, west.
DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def in_bounds(sq: Square) -> bool:
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


COLUMNS = "ABCDEFGHIJKLMNOPQR"


def square_name(sq: Square) -> str:
    """What players call a square: column letter A-R (west to east), row 1-18 (north
    to south), e.g. (2, 6) is 'C7'; the picture and the text map are labelled so."""
    return f"{COLUMNS[sq[0]]}{sq[1] + 1}"


def parse_square(text: str) -> Square:
    """'C7' (any case, spaces ignored) back to (2, 6); a RuleError says what is allowed."""
    t = text.strip().upper().replace(" ", "")
    if len(t) >= 2 and t[0] in COLUMNS and t[1:].isdigit() and 1 <= int(t[1:]) <= SIZE:
        return COLUMNS.index(t[0]), int(t[1:]) - 1
    raise RuleError(f"'{text}' is not a square: use a column A-R and a row 1-18, like C7.")


def tile_index(sq: Square) -> int:
    """Tiles are numbered in reading order: (y // 3) * 6 + x // 3."""
    return (sq[1] // TILE_SIZE) * GRID_TILES + sq[0] // TILE_SIZE


def tile_origin(index: int) -> Square:
    """The north-west square of the tile at `index`."""
    return (index % GRID_TILES) * TILE_SIZE, (index // GRID_TILES) * TILE_SIZE


def tile_squares(index: int) -> list[Square]:
    ox, oy = tile_origin(index)
    return [(ox + dx, oy + dy) for dy in range(TILE_SIZE) for dx in range(TILE_SIZE)]


def same_room(a: Square, b: Square) -> bool:
    """A room (or corridor) is one tile, so 'in the same room' means the same tile."""
    return tile_index(a) == tile_index(b)


def edge(a: Square, b: Square) -> Edge:
    """The canonical name of the edge between two adjacent squares (smaller first)."""
    return (a, b) if a <= b else (b, a)


def _check_edge(value: Edge) -> Edge:
    a, b = value
    if not (in_bounds(a) and in_bounds(b)):
        raise ValueError(f"edge {value}: squares must be on the 18×18 map")
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"edge {value}: squares must be orthogonally adjacent")
    return edge(a, b)


def _check_square(value: Square) -> Square:
    if not in_bounds(value):
        raise ValueError(f"square {value} is off the 18×18 map")
    return value


# Tiles in their placed orientation


def rotate_local(sq: Square, rotation: int) -> Square:
    """A square of the 3×3 tile after `rotation` quarter turns clockwise."""
    x, y = sq
    for _ in range(rotation % 4):
        x, y = TILE_SIZE - 1 - y, x
    return x, y


def _rotate_dir(d: Square, rotation: int) -> Square:
    dx, dy = d
    for _ in range(rotation % 4):
        dx, dy = -dy, dx
    return dx, dy


_SIDE_DIR: dict[str, Square] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def _side_square(side: str, position: int) -> Square:
    last = TILE_SIZE - 1
    return {
        "n": (position, 0),
        "s": (position, last),
        "w": (0, position),
        "e": (last, position),
    }[side]


class OrientedTile(BaseModel):
    """A tile definition turned into the map's frame, in tile-local squares."""

    model_config = ConfigDict(frozen=True)

    tile: TileDef
    rotation: int
    exits: frozenset[tuple[Square, Square]] = Field(description="(local square, direction)")
    inner_walls: frozenset[frozenset[Square]]
    furniture: tuple[tuple[Furniture, Square], ...]
    portal_square: Square | None


@cache
def oriented(tile_id: str, rotation: int) -> OrientedTile:
    tile = tile_defs()[tile_id]
    exits = frozenset(
        (rotate_local(_side_square(side, p), rotation), _rotate_dir(_SIDE_DIR[side], rotation))
        for side, positions in tile.exits.items()
        for p in positions
    )
    walls = frozenset(
        frozenset({rotate_local(a, rotation), rotate_local(b, rotation)})
        for a, b in tile.inner_walls
    )
    furniture = tuple((f, rotate_local(f.square, rotation)) for f in tile.furniture)
    portal = rotate_local(tile.portal.square, rotation) if tile.portal else None
    return OrientedTile(
        tile=tile,
        rotation=rotation,
        exits=exits,
        inner_walls=walls,
        furniture=furniture,
        portal_square=portal,
    )


# The board


class Placement(BaseModel):
    """One tile on the grid: which printed tile, turned how far clockwise."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tile: str
    rotation: int = Field(default=0, ge=0, le=3)

    @field_validator("tile")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in tile_defs():
            raise ValueError(f"unknown tile '{value}'")
        return value


class BlockedDoorway(BaseModel):
    """An Obstacle pushed into a doorway: the edge is a wall until it is moved or destroyed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edge: Edge
    tile: int = Field(ge=0, lt=TILE_COUNT, description="tile index of the furniture used")
    furniture: str = Field(description="furniture id within that tile")

    _edge_ok = field_validator("edge")(_check_edge)


class Board(BaseModel):
    """The placed map plus the facts play changes. Serialises to and from JSON.

    Immutable (frozen, tuples): the rules change the map through the functions at
    the end of this module, which return a new board. That is what lets `graph`
    remember its answer per board safely."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tiles: tuple[Placement, ...] = Field(min_length=TILE_COUNT, max_length=TILE_COUNT)
    destroyed_walls: tuple[Edge, ...] = ()
    key_doorways: tuple[Edge, ...] = ()
    blocked_doorways: tuple[BlockedDoorway, ...] = ()
    gateway: Square | None = None

    @field_validator("destroyed_walls", "key_doorways")
    @classmethod
    def _edges(cls, value: tuple[Edge, ...]) -> tuple[Edge, ...]:
        return tuple(_check_edge(e) for e in value)

    @field_validator("gateway")
    @classmethod
    def _gateway(cls, value: Square | None) -> Square | None:
        return None if value is None else _check_square(value)

    @model_validator(mode="after")
    def _each_tile_once(self) -> Board:
        ids = [p.tile for p in self.tiles]
        if len(set(ids)) != len(ids):
            raise ValueError("each printed tile is placed at most once")
        return self


def placed(board: Board, index: int) -> OrientedTile:
    p = board.tiles[index]
    return oriented(p.tile, p.rotation)


def tile_at(board: Board, sq: Square) -> TileDef:
    return placed(board, tile_index(sq)).tile


def _local(sq: Square) -> Square:
    return sq[0] % TILE_SIZE, sq[1] % TILE_SIZE


def _open_in(tiles: Mapping[int, OrientedTile], a: Square, b: Square) -> bool:
    ia, ib = tile_index(a), tile_index(b)
    la, lb = _local(a), _local(b)
    if ia == ib:
        return frozenset({la, lb}) not in tiles[ia].inner_walls
    d = (b[0] - a[0], b[1] - a[1])
    return (la, d) in tiles[ia].exits and (lb, (-d[0], -d[1])) in tiles[ib].exits


def printed_open(board: Board, a: Square, b: Square) -> bool:
    """Whether the printed tiles (ignoring play) leave a way between adjacent a and b:
    no inner wall inside a tile, and an exit on *both* sides between two tiles."""
    if not (in_bounds(a) and in_bounds(b)):
        return False
    ia, ib = tile_index(a), tile_index(b)
    return _open_in({ia: placed(board, ia), ib: placed(board, ib)}, a, b)


TileLayout = tuple[tuple[str, int], ...]
Signature = tuple[TileLayout, frozenset[Edge], frozenset[Edge]]
Graph = dict[Square, tuple[Square, ...]]


def _signature(board: Board) -> Signature:
    return (
        tuple((p.tile, p.rotation) for p in board.tiles),
        frozenset(board.destroyed_walls) | frozenset(board.key_doorways),
        frozenset(b.edge for b in board.blocked_doorways),
    )


@cache
def _inner_links(tile_id: str, rotation: int) -> tuple[Edge, ...]:
    """Pairs of adjacent squares of one tile with no inner wall between, tile-local."""
    o = oriented(tile_id, rotation)
    out = []
    for y in range(TILE_SIZE):
        for x in range(TILE_SIZE):
            for b in ((x + 1, y), (x, y + 1)):
                if max(b) < TILE_SIZE and frozenset({(x, y), b}) not in o.inner_walls:
                    out.append(((x, y), b))
    return tuple(out)


_BIT = {d: 1 << i for i, d in enumerate(DIRECTIONS)}


@lru_cache(maxsize=256)
def _graph_for(signature: Signature) -> Graph:
    layout, opened, blocked = signature
    tiles = [oriented(t, r) for t, r in layout]
    links: set[Edge] = set(opened)
    for index, ((tile_id, rotation), o) in enumerate(zip(layout, tiles, strict=True)):
        ox, oy = tile_origin(index)
        for (ax, ay), (bx, by) in _inner_links(tile_id, rotation):
            links.add(((ox + ax, oy + ay), (ox + bx, oy + by)))
        for (lx, ly), (dx, dy) in o.exits:
            if dx + dy == 1:  # east or south: the tile across must have an exit back
                a = (ox + lx, oy + ly)
                b = (a[0] + dx, a[1] + dy)
                if in_bounds(b) and (_local(b), (-dx, -dy)) in tiles[tile_index(b)].exits:
                    links.add((a, b))
    links -= blocked
    flags = dict.fromkeys(_ALL_SQUARES, 0)
    for a, b in links:
        flags[a] |= _BIT[(b[0] - a[0], b[1] - a[1])]
        flags[b] |= _BIT[(a[0] - b[0], a[1] - b[1])]
    return {sq: _STEPS[sq][f] for sq, f in flags.items()}


_ALL_SQUARES: tuple[Square, ...] = tuple((x, y) for y in range(SIZE) for x in range(SIZE))
#: For each square and each set of open directions, the neighbours in N, E, S, W order.
_STEPS: dict[Square, tuple[tuple[Square, ...], ...]] = {
    (x, y): tuple(
        tuple((x + dx, y + dy) for i, (dx, dy) in enumerate(DIRECTIONS) if f >> i & 1)
        for f in range(16)
    )
    for x, y in _ALL_SQUARES
}


Facts = tuple[object, ...]
_MEMO: dict[int, tuple[Facts, Graph]] = {}


def graph(board: Board) -> Graph:
    """Each square's open neighbours in N, E, S, W order.

    Remembered per board object (the rules ask many questions of one board) and,
    across boards, per wall facts. A board is immutable, so its answer holds while
    it lives: the memo keeps the very tuples it was computed from and is dropped
    when the board is."""
    facts: Facts = (board.tiles, board.destroyed_walls, board.key_doorways, board.blocked_doorways)
    key = id(board)
    hit = _MEMO.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], facts, strict=True)):
        return hit[1]
    result = _graph_for(_signature(board))
    if hit is None:
        weakref.finalize(board, _MEMO.pop, key, None)
    _MEMO[key] = (facts, result)
    return result


# Movement and sight


def can_step(board: Board, a: Square, b: Square) -> bool:
    """One orthogonal step from a to b with no wall, blocked doorway or map edge between."""
    return in_bounds(a) and b in graph(board)[a]


def neighbours(board: Board, sq: Square) -> tuple[Square, ...]:
    return graph(board)[sq]


def reachable(
    board: Board, start: Square, steps: int, blocked: Iterable[Square] = frozenset(),
    goals: Iterable[Square] | None = None,
) -> dict[Square, int]:
    """Every square a character can reach with up to `steps` orthogonal moves, with the
    fewest moves to get there. `blocked` squares (e.g. occupied) cannot be entered.
    With `goals`, the search stops once it has found them all (the squares found by
    then have their fewest moves, the rest are left out): a menu asking how far a
    few squares are need not walk the whole map."""
    g = graph(board)
    stop = frozenset(blocked)
    dist = {start: 0}
    left = None if goals is None else set(goals) - {start}
    if left is not None and not left:
        return dist
    frontier = deque([start])
    while frontier:
        sq = frontier.popleft()
        d = dist[sq]
        if d >= steps:
            continue
        for nxt in g[sq]:
            if nxt not in dist and nxt not in stop:
                dist[nxt] = d + 1
                frontier.append(nxt)
                if left is not None:
                    left.discard(nxt)
                    if not left:
                        return dist
    return dist


def distances_to(board: Board, goal: Square) -> dict[Square, int]:
    """Walking distance from every square that can reach `goal` (edges are symmetric)."""
    return reachable(board, goal, SIZE * SIZE)


def step_towards(board: Board, start: Square, goal: Square) -> Square:
    """The next square on a shortest walk from start to goal (ties: N, E, S, W).

    Used for being sucked towards the gateway. House rule: the pull follows the
    corridors; if no walk leads there (a doorway is blocked), the pull goes straight
    through walls towards the gateway, since nothing stops Hell's pull."""
    if start == goal:
        return start
    dist = distances_to(board, goal)
    here = dist.get(start)
    if here is not None:
        for nxt in graph(board)[start]:
            if dist.get(nxt, here) < here:
                return nxt
    gap = abs(start[0] - goal[0]) + abs(start[1] - goal[1])
    for dx, dy in DIRECTIONS:
        nxt = (start[0] + dx, start[1] + dy)
        nd = abs(nxt[0] - goal[0]) + abs(nxt[1] - goal[1])
        if in_bounds(nxt) and nd < gap:
            return nxt
    return start


def in_sight(board: Board, a: Square, b: Square) -> bool:
    """House rule for line of sight (the rules use it without defining it): two squares
    see each other when they are in the same tile, or in one row or column with no
    wall or blocked doorway anywhere between them."""
    if same_room(a, b) or a == b:
        return True
    if a[0] != b[0] and a[1] != b[1]:
        return False
    g = graph(board)
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    sq = a
    while sq != b:
        nxt = (sq[0] + dx, sq[1] + dy)
        if nxt not in g[sq]:
            return False
        sq = nxt
    return True


def is_connected(board: Board) -> bool:
    """Whether every square can be walked to from every other (as the board is now)."""
    return len(reachable(board, (0, 0), SIZE * SIZE)) == SIZE * SIZE


def tile_components(board: Board) -> list[set[int]]:
    """Groups of tiles joined by open edges, largest first (map generation uses this)."""
    seen: set[int] = set()
    groups: list[set[int]] = []
    for index in range(TILE_COUNT):
        if index in seen:
            continue
        squares = reachable(board, tile_origin(index), SIZE * SIZE)
        group = {tile_index(sq) for sq in squares}
        seen |= group
        groups.append(group)
    groups.sort(key=lambda s: (-len(s), min(s)))
    return groups


# What is where


class PlacedFurniture(BaseModel):
    """A room item where it stands on the map."""

    model_config = ConfigDict(frozen=True)

    tile: int
    furniture: Furniture
    square: Square


def room_furniture(board: Board, index: int) -> list[PlacedFurniture]:
    ox, oy = tile_origin(index)
    return [
        PlacedFurniture(tile=index, furniture=f, square=(ox + lx, oy + ly))
        for f, (lx, ly) in placed(board, index).furniture
    ]


def furniture_at(board: Board, sq: Square) -> list[PlacedFurniture]:
    return [f for f in room_furniture(board, tile_index(sq)) if f.square == sq]


def portal_squares(board: Board, kind: PortalKind | None = None) -> list[Square]:
    """Squares of the Stairs and/or the Elevators, in tile order."""
    out = []
    for index in range(TILE_COUNT):
        o = placed(board, index)
        portal = o.tile.portal
        if portal is not None and o.portal_square is not None and kind in (None, portal.kind):
            ox, oy = tile_origin(index)
            out.append((ox + o.portal_square[0], oy + o.portal_square[1]))
    return out


def doorways(board: Board, index: int) -> list[Edge]:
    """Open edges from the tile at `index` to its neighbours (as the board is now), plus
    those closed only by an Obstacle; these are the doorways an Obstacle could block."""
    g = graph(board)
    blocked = {b.edge for b in board.blocked_doorways}
    return [e for sq, nxt, e in _border(index) if nxt in g[sq] or e in blocked]


def is_wall(board: Board, a: Square, b: Square) -> bool:
    """Adjacent squares with a wall (printed, or a blocked doorway) between them."""
    return in_bounds(a) and in_bounds(b) and b not in graph(board)[a]


def walls_between_tiles(board: Board, index: int) -> list[Edge]:
    """Printed walls along the tile's sides that face another tile: where a Key
    doorway may be opened or a wall destroyed to reach a neighbour."""
    opened = set(board.key_doorways) | set(board.destroyed_walls)
    return [e for sq, nxt, e in _border(index)
            if not printed_open(board, sq, nxt) and e not in opened]


@cache
def _border(index: int) -> tuple[tuple[Square, Square, Edge], ...]:
    """Each step from the tile at `index` into a neighbouring tile: the square inside,
    the square beyond and their edge (the same on every board, so worked out once)."""
    return tuple(
        (sq, nxt, edge(sq, nxt))
        for sq in tile_squares(index)
        for dx, dy in DIRECTIONS
        if in_bounds(nxt := (sq[0] + dx, sq[1] + dy)) and tile_index(nxt) != index
    )


# Changes the rules make (each returns a new board)


def _adjacent_pair(a: Square, b: Square) -> Edge:
    try:
        return _check_edge((a, b))
    except ValueError as exc:
        raise RuleError("Those two squares are not side by side on the map.") from exc


def open_key_doorway(board: Board, a: Square, b: Square) -> Board:
    """Key: 'a wall square between tiles becomes a doorway'."""
    e = _adjacent_pair(a, b)
    if tile_index(a) == tile_index(b):
        raise RuleError("A Key opens a wall between two tiles, not inside one.")
    if printed_open(board, a, b) or e in board.key_doorways or e in board.destroyed_walls:
        raise RuleError("There is already a doorway there.")
    return board.model_copy(update={"key_doorways": (*board.key_doorways, e)})


def destroy_wall(board: Board, a: Square, b: Square) -> Board:
    """A destroyed wall counter: the edge is open from now on (the map's edge never is)."""
    e = _adjacent_pair(a, b)
    if printed_open(board, a, b) or e in board.key_doorways or e in board.destroyed_walls:
        raise RuleError("There is no wall there to destroy.")
    return board.model_copy(update={"destroyed_walls": (*board.destroyed_walls, e)})


def block_doorway(board: Board, a: Square, b: Square, tile: int, furniture: str) -> Board:
    """An Obstacle moved into a doorway between a and b."""
    e = _adjacent_pair(a, b)
    if tile_index(a) == tile_index(b) or e not in doorways(board, tile_index(a)):
        raise RuleError("An Obstacle can only block a doorway between two tiles.")
    if any(x.edge == e for x in board.blocked_doorways):
        raise RuleError("That doorway is already blocked.")
    if not any(f.furniture.id == furniture for f in room_furniture(board, tile)):
        raise RuleError("That room item is not on that tile.")
    blocked = BlockedDoorway(edge=e, tile=tile, furniture=furniture)
    return board.model_copy(update={"blocked_doorways": (*board.blocked_doorways, blocked)})


def clear_doorway(board: Board, a: Square, b: Square) -> Board:
    """The Obstacle in the doorway is moved away or destroyed."""
    e = edge(a, b)
    kept = tuple(x for x in board.blocked_doorways if x.edge != e)
    if len(kept) == len(board.blocked_doorways):
        raise RuleError("That doorway is not blocked.")
    return board.model_copy(update={"blocked_doorways": kept})


def open_gateway(board: Board, sq: Square) -> Board:
    """'The gateway opens in the square ... of the character.'"""
    return board.model_copy(update={"gateway": _check_square(sq)})


def close_gateway(board: Board) -> Board:
    return board.model_copy(update={"gateway": None})
