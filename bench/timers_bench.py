"""Start-up after downtime: claiming a pile of overdue turn timers.

Starts N Hellboy dice games (one per channel), closes the database and opens it
again, as a restarted bot would (cold table cache, SQLite's page cache empty),
then claims their 2·N overdue timers (a reminder and an away notice each) with
`TurnTimers.claim_due`: one read of the due timers, then `CLAIMED_AT_ONCE` to a
transaction, no table load (a table is read when its reminder is announced).
The read and the claims are timed apart. Baseline, in the same run: a second
database built the same way, its timers claimed one by one as the bot used to
(a transaction and a table load each). With `--postgres` the same on a
throw-away PostgreSQL server (fsync on).

    .venv/bin/python -m bench.timers_bench [--games 1000] [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ParamSpec, TypeVar

import discord

from bot.databases import open_storage, parse_database
from bot.frontend import install
from bot.games import GAMES
from bot.storage import Storage
from bot.table import Actor, TableService
from bot.turn_timers import CLAIMED_AT_ONCE, TurnTimers
from engines.hellboy_dice import ENGINE as HELLBOY

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))
LATER = 3600.0
"""Seconds of downtime: every reminder is overdue."""

P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class Claimed:
    timers: int
    read: float
    claims: float
    transactions: int

    @property
    def total(self) -> float:
        return self.read + self.claims


def _nowhere(channel_id: int) -> discord.PartialMessageable:
    raise AssertionError("claiming sends nothing")


def _timed(call: Callable[P, Awaitable[R]], spent: list[float]) -> Callable[P, Awaitable[R]]:
    async def timed(*args: P.args, **kwargs: P.kwargs) -> R:
        start = time.perf_counter()
        try:
            return await call(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - start)

    return timed


async def _build(url: str, games: int) -> None:
    storage = await open_storage(parse_database(url))
    try:
        setup = TableService(storage, seed=1)
        for channel in range(1, games + 1):
            await setup.new_game(
                channel_id=channel, guild_id=1, host=PLAYERS[0], game_key=HELLBOY.key,
                mode="digital",
            )
            await setup.join(channel, PLAYERS[1])
            await setup.start(channel, PLAYERS[0], 1)
    finally:
        await storage.close()


async def _restarted(url: str) -> tuple[Storage, TableService]:
    storage = await open_storage(parse_database(url))
    clock = time.time() + LATER
    return storage, TableService(storage, seed=1, clock=lambda: clock)


async def _batched(url: str) -> Claimed:
    storage, table = await _restarted(url)
    try:
        reads: list[float] = []
        claims: list[float] = []
        setattr(storage, "due_timers", _timed(storage.due_timers, reads))  # noqa: B010
        setattr(storage, "claim_timers", _timed(storage.claim_timers, claims))  # noqa: B010
        claimed = await TurnTimers(storage, table, _nowhere).claim_due()
        return Claimed(len(claimed), sum(reads), sum(claims), len(claims))
    finally:
        await storage.close()


async def _one_by_one(url: str) -> Claimed:
    storage, table = await _restarted(url)
    try:
        start = time.perf_counter()
        due = await storage.due_timers(table.clock())
        read = time.perf_counter() - start
        start = time.perf_counter()
        for timer in due:
            await storage.claim_timers([timer])
            await table.current(timer.channel_id)
        return Claimed(len(due), read, time.perf_counter() - start, len(due))
    finally:
        await storage.close()


def _report(backend: str, batched: Claimed, baseline: Claimed) -> None:
    print(
        f"{backend}: {batched.timers} overdue timers claimed at start-up:"
        f" {1000 * batched.total:.0f} ms"
        f" (due read {1000 * batched.read:.0f} ms, claims {1000 * batched.claims:.0f} ms"
        f" in {batched.transactions} transactions of up to {CLAIMED_AT_ONCE})"
    )
    print(
        f"{backend}: baseline, the same {baseline.timers} one by one with a table load each:"
        f" {1000 * baseline.total:.0f} ms (x{baseline.total / batched.total:.1f} the batched)"
    )


def _wal_kib(path: Path) -> float:
    wal = Path(f"{path}-wal")
    return wal.stat().st_size / 1024 if wal.exists() else 0.0


def _sqlite(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = [Path(folder) / f"{side}.sqlite" for side in ("batched", "baseline")]
        for path in paths:
            asyncio.run(_build(str(path), games))
        print(f"SQLite: database {os.path.getsize(paths[0]) / 2**20:.1f} MiB,"
              f" WAL {_wal_kib(paths[0]):.0f} KiB at the restart")
        batched = asyncio.run(_batched(str(paths[0])))
        baseline = asyncio.run(_one_by_one(str(paths[1])))
    _report("SQLite", batched, baseline)


def _postgres(games: int) -> None:
    from tests.support.pgserver import PostgresServer

    server = PostgresServer(durable=True).start()
    try:
        urls = [asyncio.run(server.create_database()) for _ in range(2)]
        for url in urls:
            asyncio.run(_build(url, games))
        batched = asyncio.run(_batched(urls[0]))
        baseline = asyncio.run(_one_by_one(urls[1]))
    finally:
        server.stop()
    _report("PostgreSQL", batched, baseline)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args(argv)
    install(GAMES)
    _sqlite(args.games)
    if args.postgres:
        _postgres(args.games)


if __name__ == "__main__":
    main()
