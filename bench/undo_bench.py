"""Undo cost against game length: from the table's checkpoints (a table in play)
and after a restart (a table just read back: from the newest stored checkpoint
and the log lines since; before checkpoints were stored, the whole log).

Each step is a roll of the test game (Pig), so a game of N steps has N actions
and N chance lines in its log; undo is followed by the same roll again, so the
length stays N. Timed through the table service, SQLite included.

    .venv/bin/python -m bench.undo_bench [--steps 10,100,300,1000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from tests.support.pig import ENGINE as PIG

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))
CHANNEL = 1
REPEATS = 15


async def _roll(service: TableService) -> None:
    current = await service.current(CHANNEL)
    assert current is not None
    await service.act(CHANNEL, PLAYERS[current.state.turn], {"type": "roll"})


async def _timed_undo(service: TableService) -> float:
    started = time.perf_counter()
    await service.undo(CHANNEL, PLAYERS[0], 1)
    return time.perf_counter() - started


async def _measure(path: Path, steps: int) -> tuple[float, float]:
    storage = await SqliteStorage.open(path)
    try:
        service = TableService(storage, seed=3)
        await service.new_game(
            channel_id=CHANNEL, guild_id=1, host=PLAYERS[0], game_key=PIG.key,
            mode="digital", options={"target": 1000},
        )
        await service.join(CHANNEL, PLAYERS[1])
        await service.start(CHANNEL, PLAYERS[0], 1)
        for _ in range(steps):
            await _roll(service)
        warm, cold = [], []
        for _ in range(REPEATS):
            warm.append(await _timed_undo(service))
            await _roll(service)
        for _ in range(REPEATS):
            restarted = TableService(storage, seed=3)
            cold.append(await _timed_undo(restarted))
            await _roll(restarted)
        return statistics.median(warm), statistics.median(cold)
    finally:
        await storage.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="10,100,300,1000")
    args = parser.parse_args(argv)
    registry.register(PIG)
    try:
        with tempfile.TemporaryDirectory() as folder:
            for steps in (int(s) for s in args.steps.split(",")):
                warm, cold = asyncio.run(_measure(Path(folder) / f"u{steps}.sqlite", steps))
                print(
                    f"{steps:>5} steps: undo {warm * 1000:.2f} ms from checkpoints,"
                    f" {cold * 1000:.2f} ms after a restart (median of {REPEATS})"
                )
    finally:
        registry.unregister(PIG.key)


if __name__ == "__main__":
    main()
