"""A game's log as the bot writes it, played by computer players: for tests and
benches that retell a game (the GIF, the luck report) without Discord or storage."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.log_lines import SetupLine
from bot.models import GameRow, LogEntry, SeatRow
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from engines import registry
from engines.core.protocol import Seat

NAMES = ("alice", "bob", "carol", "dave")


async def _service() -> TableService:
    storage = await SqliteStorage.open(":memory:")
    await storage.close()
    return TableService(storage)


def ai_log(key: str, seed: int, steps: int, players: int = 3) -> tuple[GameRow, list[LogEntry]]:
    """`key`'s game of AI seats on `seed`, cut after `steps` steps (or its end): the
    game row (status finished if it ended) and the log from its setup line on, drawn
    by the table's own automation (`TableService._advance_now`) from the game's RNG."""
    engine = registry.get(key)
    service = asyncio.run(_service())
    seats = [SeatRow(user_id=None, name=NAMES[i], ai=True) for i in range(players)]
    game = GameRow(id=1, guild_id=1, channel_id=1, game=key, mode="digital", status="active",
                   host_id=1, version=1, seats=seats, rng_seed=seed)
    engine_seats = [Seat(index=i, name=s.name, ai=True) for i, s in enumerate(seats)]
    state: Any = engine.setup(engine_seats, engine.options_model())
    log = [LogEntry(payload=SetupLine(seats=engine_seats, options={}, rng_counter=0))]
    entries: list[LogEntry] = []
    while engine.result(state) is None and len(entries) < steps:
        game, state = service._advance_now(engine, game, state, entries, [])
    log += entries[:steps]
    if engine.result(state) is not None and len(entries) <= steps:
        game = game.model_copy(update={"status": "finished"})
    return game, log
