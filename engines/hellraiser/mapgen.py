"""Laying out the Channard Institute at random, as chance nodes.

The rules: "Randomly place the map tiles for the Channard Institute to form a
6 x 6 grid. Every tile must have at least one other tile to connect to it, if
it doesn't, re-arrange the tiles until they are all interconnected."

Our reading: the finished map is one network: from any square a character
can walk to every other (a tile joined only to a pair of tiles cut off from the
rest would satisfy "at least one other tile" but not "all interconnected").
A random 6×6 arrangement is practically never connected (a tile's exit only
counts where the neighbour has an exit too; the benchmark measures 0 % of
shuffled maps), so re-arranging after the fact would mean redrawing for ever.
Instead the tiles are re-arranged as they are laid, the way a table would:

1. Each chance node draws a tile (from those not yet laid that can join the map
   somewhere), a spot (an empty spot that an exit of the map leads to; any spot
   for the first tile) and a turn (0-3 quarter turns clockwise).
2. The tile is turned clockwise until one of its exits meets an exit of the map
   without walling off empty spots (a group of empty spots no exit leads into);
   if no turn works there, it goes to the next open spot in the list. So every
   tile laid connects, and the map stays one network.
3. A tile with no such place is set aside (not offered) until another is laid.
4. When no remaining tile can be laid, every tile next to an empty spot is
   picked up (and any tile that leaves cut off from the largest part); they go
   back to the draw. At most `MAX_REARRANGEMENTS` times per layout, then the
   whole layout is drawn again, at most `MAX_ATTEMPTS` times.
5. House fallback after that (never reached in 2,000 seeds, where no layout
   needed a redraw and at most 15 re-arrangements): the remaining tiles fill the
   empty spots in pack order and the builders knock a doorway (a destroyed wall)
   through the middle of a wall between each cut-off part and the network.

So there are always exactly 36 tiles in one network. `layout_request` / `place`
are the chance node (one tile each, about 42 per map); `generate` resolves them
with an RNG for tests, benchmarks and simulations.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, sample, validate_outcome
from engines.hellraiser.board import (
    DIRECTIONS,
    GRID_TILES,
    Board,
    Edge,
    Placement,
    edge,
    oriented,
    tile_components,
    tile_origin,
)
from engines.hellraiser.tiles import TILE_COUNT, TILE_SIZE, tile_defs

MAX_ATTEMPTS = 50
MAX_REARRANGEMENTS = 20

Mask = int  # bit i: an exit at position i along a side (west→east, or north→south)
#: Sides are numbered like board.DIRECTIONS: 0 north, 1 east, 2 south, 3 west.
_NORTH_SOUTH = (0, 2)


class Layout(BaseModel):
    """A map being laid: which spot holds which tile, and how many times it was redrawn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    spots: tuple[Placement | None, ...] = Field(
        default=(None,) * TILE_COUNT, min_length=TILE_COUNT, max_length=TILE_COUNT
    )
    attempt: int = Field(default=1, ge=1)
    rearranged: int = Field(default=0, ge=0, description="re-arrangements in this attempt")
    aside: tuple[str, ...] = Field(
        default=(), description="tiles drawn that would wall off empty spots, until one fits"
    )
    knocked_through: tuple[Edge, ...] = Field(
        default=(), description="doorways made by the house fallback (destroyed walls)"
    )


def new_layout() -> Layout:
    return Layout()


def is_complete(layout: Layout) -> bool:
    return all(p is not None for p in layout.spots)


def to_board(layout: Layout) -> Board:
    """The finished map, ready for play."""
    if not is_complete(layout):
        raise ValueError("the layout still has empty spots")
    tiles = tuple(p for p in layout.spots if p is not None)
    return Board(tiles=tiles, destroyed_walls=layout.knocked_through)


# Exits as bit masks per side, in the map's frame


@cache
def _side_masks(tile_id: str, rotation: int) -> tuple[Mask, Mask, Mask, Mask]:
    o = oriented(tile_id, rotation)
    masks = [0, 0, 0, 0]
    for (x, y), direction in o.exits:
        side = DIRECTIONS.index(direction)
        masks[side] |= 1 << (x if side in _NORTH_SOUTH else y)
    return masks[0], masks[1], masks[2], masks[3]


@cache
def _satisfiable(tile_id: str) -> frozenset[tuple[int, Mask]]:
    """Every (side, neighbour's facing exits) the tile can meet in some turn."""
    return frozenset(
        (side, need)
        for side in range(4)
        for need in range(1, 1 << TILE_SIZE)
        if any(_side_masks(tile_id, r)[side] & need for r in range(4))
    )


def _neighbour_of(spot: int, side: int) -> int | None:
    col, row = spot % GRID_TILES, spot // GRID_TILES
    dx, dy = DIRECTIONS[side]
    c, r = col + dx, row + dy
    if 0 <= c < GRID_TILES and 0 <= r < GRID_TILES:
        return r * GRID_TILES + c
    return None


#: For each spot, (side, neighbouring spot) for the sides that face another spot.
_ADJACENT: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((side, n) for side in range(4) if (n := _neighbour_of(spot, side)) is not None)
    for spot in range(TILE_COUNT)
)

Needs = tuple[Mask, Mask, Mask, Mask]
Spots = tuple[tuple[str, int] | None, ...]


class Analysis(NamedTuple):
    """What a layout allows next; computed once per layout (memoised)."""

    needs: tuple[Needs, ...]  # per empty spot, the exits each neighbour shows towards it
    open_spots: tuple[int, ...]
    candidates: tuple[str, ...]


def _key(layout: Layout) -> tuple[Spots, tuple[str, ...]]:
    return tuple([None if p is None else (p.tile, p.rotation) for p in layout.spots]), layout.aside


@lru_cache(maxsize=64)
def _analyse(spots: Spots, aside: tuple[str, ...]) -> Analysis:
    needs = [[0, 0, 0, 0] for _ in range(TILE_COUNT)]
    used = set()
    for spot, p in enumerate(spots):
        if p is not None:
            used.add(p[0])
            masks = _side_masks(*p)
            for side, n in _ADJACENT[spot]:
                if spots[n] is None:
                    needs[n][(side + 2) % 4] = masks[side]
    unplaced = tuple(t for t in tile_defs() if t not in used)
    table = tuple((n[0], n[1], n[2], n[3]) for n in needs)
    if not used:
        return Analysis(table, tuple(range(TILE_COUNT)), unplaced)
    open_ = tuple(s for s in range(TILE_COUNT) if any(table[s]))
    wanted = {(side, need) for s in open_ for side, need in enumerate(table[s]) if need}
    fitting = tuple(
        t for t in unplaced if t not in aside and not wanted.isdisjoint(_satisfiable(t))
    )
    return Analysis(table, open_, fitting)


def analyse(layout: Layout) -> Analysis:
    return _analyse(*_key(layout))


def open_spots(layout: Layout) -> list[int]:
    """Empty spots an exit of the map leads to (every spot before the first tile)."""
    return list(analyse(layout).open_spots)


def candidates(layout: Layout) -> list[str]:
    """Remaining tiles that can join the map at some open spot in some turn (a tile set
    aside because it would wall off empty spots waits until another tile is laid)."""
    return list(analyse(layout).candidates)


def _unplaced(layout: Layout) -> list[str]:
    used = {p.tile for p in layout.spots if p is not None}
    return [t for t in tile_defs() if t not in used]


def _spot_label(spot: int) -> str:
    return f"row {spot // GRID_TILES + 1}, column {spot % GRID_TILES + 1}"


_TURNS = ["0", "1", "2", "3"]
_TURN_LABELS = ["as printed", "a quarter turn", "a half turn", "three quarter turns"]


def layout_request(layout: Layout) -> ChanceRequest:
    """The next chance node: draw a tile, a spot and a turn."""
    if is_complete(layout):
        raise ValueError("the map is already laid")
    return _request(*_key(layout))


@lru_cache(maxsize=64)
def _request(spots: Spots, aside: tuple[str, ...]) -> ChanceRequest:
    a = _analyse(spots, aside)
    defs = tile_defs()
    placed = sum(p is not None for p in spots)
    return ChanceRequest(
        prompt=f"Lay map tile {placed + 1} of {TILE_COUNT}",
        items=[
            ChanceItem(
                key="tile",
                label="map tile",
                options=list(a.candidates),
                labels=[defs[t].name for t in a.candidates],
                source="card",
            ),
            ChanceItem(
                key="spot",
                label="spot",
                options=[str(s) for s in a.open_spots],
                labels=[_spot_label(s) for s in a.open_spots],
                source="card",
            ),
            ChanceItem(
                key="turn", label="turn", options=_TURNS, labels=_TURN_LABELS, source="card"
            ),
        ],
    )


def place(layout: Layout, outcome: ChanceOutcome) -> Layout:
    """Lay the drawn tile, re-arranged until it connects (see the module docstring)."""
    if is_complete(layout):
        raise ValueError("the map is already laid")
    key = _key(layout)
    validate_outcome(_request(*key), outcome)
    a = _analyse(*key)
    tile_id, spot_text, turn_text = outcome.values
    spots = a.open_spots
    first, turn = spots.index(int(spot_text)), int(turn_text)
    empty = frozenset(s for s, p in enumerate(layout.spots) if p is None)
    first_tile = len(empty) == TILE_COUNT
    for i in range(len(spots)):
        spot = spots[(first + i) % len(spots)]
        for j in range(4):
            rotation = (turn + j) % 4
            masks = _side_masks(tile_id, rotation)
            if not first_tile and not any(m & n for m, n in zip(masks, a.needs[spot], strict=True)):
                continue
            if not _seals_off(empty, a, spot, masks):
                return _after_placing(layout, spot, Placement(tile=tile_id, rotation=rotation))
    if len(a.candidates) > 1:
        return layout.model_copy(update={"aside": (*layout.aside, tile_id)})
    return _stuck(layout)


def _seals_off(empty: frozenset[int], a: Analysis, spot: int, masks: Needs) -> bool:
    """Whether laying a tile with these side exits at `spot` would leave a group of
    empty spots that no exit leads into, so the layout could never be finished; such a
    turn or spot is passed over, and a tile with no other way is set aside."""
    reached = {n for side, n in _ADJACENT[spot] if masks[side]}
    if len(empty) < TILE_COUNT:
        reached.update(a.open_spots)
    left = set(empty)
    left.discard(spot)
    while left:
        frontier = [left.pop()]
        found = False
        while frontier:
            s = frontier.pop()
            found = found or s in reached
            for _, n in _ADJACENT[s]:
                if n in left:
                    left.discard(n)
                    frontier.append(n)
        if not found:
            return True
    return False


def _with(layout: Layout, spot: int, placement: Placement) -> Layout:
    spots = list(layout.spots)
    spots[spot] = placement
    return layout.model_copy(update={"spots": tuple(spots), "aside": ()})


def _after_placing(layout: Layout, spot: int, placement: Placement) -> Layout:
    laid = _with(layout, spot, placement)
    if is_complete(laid) or analyse(laid).candidates:
        return laid
    return _stuck(laid)


def _stuck(layout: Layout) -> Layout:
    """No remaining tile can be laid without walling off empty spots: re-arrange."""
    if layout.rearranged < MAX_REARRANGEMENTS:
        return pick_up_around_gaps(layout)
    if layout.attempt < MAX_ATTEMPTS:
        return Layout(attempt=layout.attempt + 1)
    return knock_through(layout)


def pick_up_around_gaps(layout: Layout) -> Layout:
    """Pick up every tile next to an empty spot, then any tile no longer joined to the
    largest part of the map; they go back among the tiles still to draw."""
    spots = list(layout.spots)
    for s, p in enumerate(layout.spots):
        if p is None:
            for _, n in _ADJACENT[s]:
                spots[n] = None
    keep = _largest_group(spots)
    again = Layout(
        spots=tuple(p if s in keep else None for s, p in enumerate(spots)),
        attempt=layout.attempt,
        rearranged=layout.rearranged + 1,
    )
    if analyse(again).candidates:
        return again
    # Laid by place(), the kept part always has an exit to a freed spot that the tile
    # picked up from there fits; a hand-made layout may not, so then pick up all.
    return Layout(attempt=layout.attempt, rearranged=layout.rearranged + 1)


def _largest_group(placements: list[Placement | None]) -> set[int]:
    """The biggest set of laid tiles joined to each other by matching exits."""
    spots = [None if p is None else (p.tile, p.rotation) for p in placements]
    left = {s for s, p in enumerate(spots) if p is not None}
    best: set[int] = set()
    while left:
        group = {left.pop()}
        frontier = list(group)
        while frontier:
            s = frontier.pop()
            p = spots[s]
            assert p is not None
            mine = _side_masks(*p)
            for side, n in _ADJACENT[s]:
                q = spots[n]
                if n in left and q is not None and mine[side] & _side_masks(*q)[(side + 2) % 4]:
                    left.discard(n)
                    group.add(n)
                    frontier.append(n)
        if len(group) > len(best):
            best = group
    return best


def knock_through(layout: Layout) -> Layout:
    """House fallback: fill the empty spots in pack order, then open a doorway from
    each cut-off part into the network until the map is one network."""
    remaining = iter(_unplaced(layout))
    spots = tuple(
        p if p is not None else Placement(tile=next(remaining), rotation=0) for p in layout.spots
    )
    done = layout.model_copy(update={"spots": spots})
    while True:
        groups = tile_components(to_board(done))
        if len(groups) == 1:
            return done
        main = groups[0]
        a, b = next((a, b) for a in sorted(main) for _, b in _ADJACENT[a] if b not in main)
        done = done.model_copy(
            update={"knocked_through": (*done.knocked_through, _middle_edge(a, b))}
        )


def _middle_edge(a: int, b: int) -> Edge:
    """The edge between the middle squares of the shared side of adjacent tiles a, b."""
    (ax, ay), (bx, by) = tile_origin(a), tile_origin(b)
    mid = TILE_SIZE // 2
    if ay == by:
        x = max(ax, bx)
        return edge((x - 1, ay + mid), (x, ay + mid))
    y = max(ay, by)
    return edge((ax + mid, y - 1), (ax + mid, y))


def generate(rng: random.Random) -> Board:
    """Resolve every chance node of a layout with `rng` (digital play, tests, simulations)."""
    layout = new_layout()
    while not is_complete(layout):
        layout = place(layout, sample(layout_request(layout), rng))
    return to_board(layout)
