"""Start-up after downtime: claiming a pile of overdue turn timers.

Starts N Hellboy dice games (one per channel), then, as a restarted bot would with a
cold table cache, claims their 2·N overdue timers (a reminder and an away notice
each): the first half one by one as the
bot used to (a transaction and a table load each), the other half with
`TurnTimers.claim_due` (`CLAIMED_AT_ONCE` to a transaction, no table load: a table
is read when its reminder is announced). Both halves run in the same process on the
same database, so the ratio holds when the machine is busy.

    .venv/bin/python -m bench.timers_bench [--games 300]   (full: --games 2000)
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import discord

from bot.frontend import install
from bot.games import GAMES
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from bot.turn_timers import TurnTimers
from engines.hellboy_dice import ENGINE as HELLBOY

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))
LATER = 3600.0
"""Seconds of downtime: every reminder is overdue."""


def _nowhere(channel_id: int) -> discord.PartialMessageable:
    raise AssertionError("claiming sends nothing")


async def _claim(path: Path, games: int) -> tuple[int, float, int, float]:
    storage = await SqliteStorage.open(path)
    try:
        setup = TableService(storage, seed=1)
        for channel in range(1, games + 1):
            await setup.new_game(
                channel_id=channel, guild_id=1, host=PLAYERS[0], game_key=HELLBOY.key,
                mode="digital",
            )
            await setup.join(channel, PLAYERS[1])
            await setup.start(channel, PLAYERS[0], 1)
        clock = time.time() + LATER
        table = TableService(storage, seed=1, clock=lambda: clock)
        due = await storage.due_timers(clock)
        first = due[: len(due) // 2]
        start = time.perf_counter()
        for timer in first:
            await storage.claim_timers([timer])
            await table.current(timer.channel_id)
        one_by_one = time.perf_counter() - start
        start = time.perf_counter()
        claimed = await TurnTimers(storage, table, _nowhere).claim_due()
        batched = time.perf_counter() - start
    finally:
        await storage.close()
    return len(first), one_by_one, len(claimed), batched


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args(argv)
    install(GAMES)
    with tempfile.TemporaryDirectory() as folder:
        single, one_by_one, claimed, batched = asyncio.run(
            _claim(Path(folder) / "t.sqlite", args.games)
        )
    print(f"{single} overdue timers one by one (baseline): {1000 * one_by_one:.0f} ms")
    print(f"{claimed} overdue timers in batches: {1000 * batched:.0f} ms"
          f"  (x{one_by_one / batched:.1f} faster)")


if __name__ == "__main__":
    main()
