"""AI games played the way the bot plays them, for the AI benchmarks.

The table's own automation (`TableService._advance_now`, what runs for AI seats
and digital dice in every step) plays every seat: chance nodes drawn from the
table's RNG (`rng_for(seed, counter)`), the AI's moves, events built, and a log
line made for each action and roll. Only storage and rendering are left out
(the table and load benches measure those), so an engine's quiet path
(`apply_quiet`, no events) no longer flatters the figure.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.frontend import install
from bot.games import GAMES
from bot.models import GameRow, LogEntry, SeatRow
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from engines.core.protocol import Event, Seat


async def _service() -> TableService:
    """A table service for its automation alone: it never touches its storage."""
    storage = await SqliteStorage.open(":memory:")
    await storage.close()
    return TableService(storage)


def automation() -> TableService:
    """The table's automation, with the listed games installed as the bot installs them."""
    install(GAMES)
    return asyncio.run(_service())


def play_on_bot_path(
    service: TableService, engine: Any, options: Any, players: int, seed: int
) -> int:
    """One game of AI seats from setup to the end; returns the steps it took
    (log lines: actions and rolls)."""
    seats = [SeatRow(user_id=None, name=f"AI {i + 1}", ai=True) for i in range(players)]
    game = GameRow(
        guild_id=1, channel_id=1, game=engine.key, mode="digital", status="active", host_id=1,
        version=1, seats=seats, rng_seed=seed,
    )
    state = engine.setup([Seat(index=i, name=s.name, ai=True) for i, s in enumerate(seats)],
                         options)
    steps = 0
    while engine.result(state) is None:
        entries: list[LogEntry] = []
        events: list[Event] = []
        game, state = service._advance_now(engine, game, state, entries, events)
        if not entries:
            raise RuntimeError(f"{engine.key}: the AI seats made no move")
        steps += len(entries)
    return steps


def games_per_second(
    service: TableService, engine: Any, options: Any, players: int, games: int, rounds: int
) -> tuple[float, float]:
    """Best (games/s, steps/s) over `rounds` runs of `games` games on the bot's path."""
    best = (0.0, 0.0)
    for _ in range(rounds):
        started = time.perf_counter()
        steps = sum(play_on_bot_path(service, engine, options, players, s) for s in range(games))
        elapsed = time.perf_counter() - started
        best = max(best, (games / elapsed, steps / elapsed))
    return best
