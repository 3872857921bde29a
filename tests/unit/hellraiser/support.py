"""Driving the Hellraiser engine with exact dice and cards (chance outcomes injected).

Games start with `quick_start` and a map laid from a fixed seed, so every test
sees the same Channard Institute. Set-up helpers change a state directly (a
figure's square or statistics) to reach the situation a rule is about; the
rule itself is then exercised through `apply` and `resolve` only.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core.chance import ChanceOutcome, sample
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.hellraiser import ENGINE, HellraiserOptions, HellraiserState
from engines.hellraiser.board import (
    Board,
    Edge,
    Square,
    can_step,
    doorways,
    room_furniture,
    tile_origin,
)
from engines.hellraiser.gateway import open_gateway
from engines.hellraiser.models import Action, Figure, Item, Roll, clone
from engines.hellraiser.query import Out, find, hid, put
from engines.hellraiser.stats import Stats

NAMES = ["Kirsty", "Frank", "Julia", "Larry", "Tiffany", "Kyle"]
MAP_SEED = 0


def lay_map(state: HellraiserState, seed: int = MAP_SEED) -> HellraiserState:
    rng = random.Random(seed)
    while state.phase == "map":
        request = ENGINE.chance(state)
        assert request is not None
        state, _ = ENGINE.resolve(state, sample(request, rng))
    return state


def new_game(players: int = 2, **options: Any) -> HellraiserState:
    """A game in play: characters of 3s everywhere, the fixed map, seat 0 to move."""
    options.setdefault("quick_start", True)
    options.setdefault("preset", "as_written")  # rule tests test the text; balance has its own
    seats = [Seat(index=i, name=NAMES[i]) for i in range(players)]
    state = ENGINE.setup(seats, HellraiserOptions(**options))
    return lay_map(state) if options["quick_start"] else state


def act(state: HellraiserState, action: Action, seat: int | None = None) -> HellraiserState:
    new, _ = act_events(state, action, seat)
    return new


def act_events(state: HellraiserState, action: Action,
               seat: int | None = None) -> tuple[HellraiserState, list[Event]]:
    if seat is None:
        movers = ENGINE.to_move(state)
        assert movers, "nobody is to move"
        seat = movers[0]
    return ENGINE.apply(state, seat, action)


def report(state: HellraiserState, *values: str) -> HellraiserState:
    new, _ = ENGINE.resolve(state, ChanceOutcome(values=list(values)))
    return new


def report_events(state: HellraiserState, *values: str) -> tuple[HellraiserState, list[Event]]:
    return ENGINE.resolve(state, ChanceOutcome(values=list(values)))


def roll(state: HellraiserState, *faces: int) -> HellraiserState:
    return report(state, *(str(f) for f in faces))


def refused(state: HellraiserState, action: Action, seat: int | None = None) -> str:
    """Assert the action is a RuleError that leaves the state as it was; return the message."""
    before = state.model_dump_json()
    if seat is None:
        movers = ENGINE.to_move(state)
        seat = movers[0] if movers else 0
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, seat, action)
    assert state.model_dump_json() == before
    return err.value.message


def pending_roll(state: HellraiserState) -> Roll:
    head = state.pending[0]
    assert isinstance(head, Roll), head
    return head


def edit(state: HellraiserState, fid: str, **changes: Any) -> HellraiserState:
    """Set-up: a copy of the state with one figure changed."""
    s = clone(state)
    put(s, find(s, fid).model_copy(update=changes))
    return s


def with_stats(state: HellraiserState, fid: str, stats: Stats) -> HellraiserState:
    return edit(state, fid, stats=stats, start=stats)


def carrying(state: HellraiserState, fid: str, *cards: str) -> HellraiserState:
    return edit(state, fid, items=tuple(Item(card=c) for c in cards))


def center(state: HellraiserState, tile_id: str) -> Square:
    """The middle square of the placed tile with this id."""
    assert state.board is not None
    index = next(i for i, p in enumerate(state.board.tiles) if p.tile == tile_id)
    x, y = tile_origin(index)
    return x + 1, y + 1


def neighbour(state: HellraiserState, sq: Square) -> Square:
    """An open orthogonal neighbour of `sq` (N, E, S, W order)."""
    assert state.board is not None
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        nxt = (sq[0] + dx, sq[1] + dy)
        if can_step(state.board, sq, nxt):
            return nxt
    raise AssertionError(f"{sq} has no open neighbour")


def gate_opened(state: HellraiserState, seat: int = 0, stat: str = "wits") -> HellraiserState:
    """Set-up: the gateway opens on seat's character (the Hell check's consequence)."""
    s = clone(state)
    open_gateway(s, hid(seat), stat, Out())  # type: ignore[arg-type]
    return s


def figure(state: HellraiserState, fid: str) -> Figure:
    return find(state, fid)


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def obstacle_doorway(board: Board) -> tuple[int, str, Edge]:
    """The first doorway an Obstacle in its room could block: (tile, item, doorway)."""
    return next(
        (i, f.furniture.id, door)
        for i in range(36)
        for f in room_furniture(board, i)
        if "obstacle" in f.furniture.uses
        for door in doorways(board, i)
    )
