"""A table without computer players resolves a few digital rolls on the event loop,
and the rest of a long run of them in the worker pool (issue 27): Hellraiser's map
is dozens of draws in a row, about 12 ms of rules that held every other channel."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bot.frontend import install
from bot.games import GAMES
from bot.storage import Storage
from bot.table import TableService
from bot.table_core import ROLLS_ON_LOOP
from engines.hellbringer import ENGINE as HELLBRINGER
from engines.hellraiser import ENGINE
from tests.unit.table.conftest import ALICE, BOB, FakeClock

CHANNEL = 77


async def test_a_long_run_of_rolls_leaves_the_loop(
    storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Without the persistence guard, whose replays roll on the loop again.)"""
    install(GAMES)
    service = TableService(storage, clock=clock, seed=1234)
    loop_thread = threading.current_thread()
    runs: list[list[bool]] = []
    original = ENGINE.resolve

    def recorded(state: Any, outcome: Any) -> Any:
        runs[-1].append(threading.current_thread() is loop_thread)
        return original(state, outcome)

    monkeypatch.setattr(ENGINE, "resolve", recorded)
    await service.new_game(channel_id=CHANNEL, guild_id=1, host=ALICE, game_key="hellraiser",
                           mode="digital")
    await service.join(CHANNEL, BOB, None)
    runs.append([])
    outcome = await service.start(CHANNEL, ALICE, 1)
    for member in (ALICE, BOB):
        seat = outcome.game.seat_of(member.user_id)
        assert seat is not None
        runs.append([])
        outcome = await service.act(CHANNEL, member,
                                    ENGINE.dump_action(ENGINE.legal_actions(outcome.state,
                                                                            seat)[0]))
    longest = max(runs, key=len)
    assert len(longest) > ROLLS_ON_LOOP, "laying the map is a long run of draws"
    for run in runs:
        assert sum(run) <= ROLLS_ON_LOOP, f"{sum(run)} of {len(run)} rolls on the loop"
    assert outcome.state.board is not None, "the map is laid"


async def test_a_game_starts_off_the_loop(
    storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start sets the game up and deals (Hellbringer: about 4 ms of rules, fifty tables
    at once in the load bench's opening, each one turn of the loop every other
    acknowledgement waited behind): all of it runs in the worker pool."""
    install(GAMES)
    service = TableService(storage, clock=clock, seed=1234)
    loop_thread = threading.current_thread()
    on_loop: list[str] = []
    for name in ("setup", "resolve"):
        original = getattr(HELLBRINGER, name)

        def recorded(*args: Any, _name: str = name, _original: Any = original) -> Any:
            if threading.current_thread() is loop_thread:
                on_loop.append(_name)
            return _original(*args)

        monkeypatch.setattr(HELLBRINGER, name, recorded)
    await service.new_game(channel_id=CHANNEL, guild_id=1, host=ALICE, game_key="hellbringer",
                           mode="digital")
    await service.join(CHANNEL, BOB, None)
    outcome = await service.start(CHANNEL, ALICE, 1)
    assert outcome.game.status == "active"
    assert outcome.game.rng_counter > 0, "the start dealt"
    assert on_loop == []
