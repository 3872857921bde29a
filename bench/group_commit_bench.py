"""Group commit on SQLite: durable actions per second at 64 busy channels, with
group commit against one commit per step, measured in the same run.

Every channel plays back to back (a player clicks again as soon as the board
answers), each action through the table service: its lock, the engine, one
step, and the caller returns only once the transaction holding it is
committed. Two disks:

- a **1 ms fsync**, simulated: `synchronous=OFF` (SQLite never calls fsync)
  and a 1 ms `time.sleep` on the connection's thread right after each COMMIT
  (`GroupCommit.on_commit`), where the fsync would block the writer. No VFS
  shim: the cost lands exactly where SQLite's own fsync would, once per
  transaction, so one commit per step pays it per step and a batch pays it once.
- **this machine's disk**, as the bot runs: WAL, `synchronous=FULL`, no hook
  (its fsync is measured and printed first).

First the commit path alone: 64 tasks each committing steps of a real
mid-game Hellboy row (its state, one log row, its timers) straight to the
storage, nothing else. Then through the table service: the toy Pig (the
table's own bookkeeping), then real Hellboy: The Dice Game and Hellraiser
tables (a human host and an AI seat, the host's moves chosen by the game's
AI), whose rules cost CPU that no commit strategy saves: where the CPU, not
the fsync, is the bottleneck, the ratio falls towards 1.

The two sides alternate in short rounds (one commit per step, group commit, one
commit per step, …), each round on a fresh database, so the machine's noise
lands on both; the ratio is taken per round and reported as its median and range.

    .venv/bin/python -m bench.group_commit_bench [--channels 64] [--seconds 1] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.log_lines import ActionLine
from bot.models import GameRow, LogEntry, TimerRow
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from bot.table_core import plan_timers
from engines import registry
from tests.support.pig import ENGINE as PIG
from tests.support.tables import HOST, open_real_table, play_host_move

FSYNC_SECONDS = 0.001
COMMIT_PATH = "commit path"
PIG_PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))


@dataclass(frozen=True)
class Disk:
    name: str
    synchronous: str
    on_commit: Callable[[], None] | None

    def apply(self, db: sqlite3.Connection) -> None:
        db.execute(f"PRAGMA synchronous = {self.synchronous}")


SIMULATED = Disk("1 ms fsync (simulated)", "OFF", lambda: time.sleep(FSYNC_SECONDS))
REAL = Disk("this disk (FULL)", "FULL", None)


async def _open_pig(service: TableService, channel: int) -> None:
    await service.new_game(
        channel_id=channel, guild_id=1, host=PIG_PLAYERS[0], game_key=PIG.key,
        mode="digital", options={"target": 1000},
    )
    await service.join(channel, PIG_PLAYERS[1])
    await service.start(channel, PIG_PLAYERS[0], 1)


async def _pig_move(service: TableService, channel: int) -> bool:
    current = await service.current(channel)
    assert current is not None
    await service.act(channel, PIG_PLAYERS[current.state.turn], {"type": "roll"})
    return True


async def _measure(path: Path, game: str, disk: Disk, group: bool, channels: int,
                   seconds: float) -> tuple[float, float]:
    """(durable actions/s, actions per commit) with every channel busy."""
    storage = await SqliteStorage.open(path, group_commit=group)
    try:
        await storage._run(disk.apply)
        service = TableService(storage, seed=7)
        ids = list(range(1, channels + 1))
        for channel in ids:
            if game == PIG.key:
                await _open_pig(service, channel)
            else:
                await open_real_table(service, channel, game)
        storage.writes.on_commit = disk.on_commit
        commits_before = storage.writes.commits
        done = 0
        deadline = time.perf_counter() + seconds

        async def play(channel: int) -> None:
            nonlocal done
            while time.perf_counter() < deadline:
                moved = (
                    await _pig_move(service, channel) if game == PIG.key
                    else await play_host_move(service, channel)
                )
                if not moved:  # the game is over: the table starts another
                    if await service.current(channel) is not None:
                        await service.end(channel, HOST, 1)
                    await open_real_table(service, channel, game)
                    continue
                done += 1

        started = time.perf_counter()
        await asyncio.gather(*(play(c) for c in ids))
        elapsed = time.perf_counter() - started
        commits = storage.writes.commits - commits_before
    finally:
        await storage.close()
    return done / elapsed, done / max(1, commits)


async def _real_row(path: Path) -> tuple[GameRow, list[TimerRow]]:
    """A Hellboy game row twenty host moves in, with the timers a step writes."""
    storage = await SqliteStorage.open(path)
    try:
        service = TableService(storage, seed=7)
        await open_real_table(service, 1, "hellboy-dice")
        for _ in range(20):
            await play_host_move(service, 1)
        current = await service.current(1)
        assert current is not None
        settings, _ = await service.settings_for(1, 1)
        return current.game, plan_timers(current.game, current.state, settings, time.time())
    finally:
        await storage.close()


async def _commit_path(path: Path, row: tuple[GameRow, list[TimerRow]], disk: Disk, group: bool,
                       channels: int, seconds: float) -> tuple[float, float]:
    """(durable steps/s, steps per commit): the storage's commit_step and nothing else."""
    game, timers = row
    storage = await SqliteStorage.open(path, group_commit=group)
    try:
        await storage._run(disk.apply)
        games = [
            await storage.create_game(game.model_copy(update={"channel_id": c}), [])
            for c in range(1, channels + 1)
        ]
        storage.writes.on_commit = disk.on_commit
        commits_before = storage.writes.commits
        done = 0
        deadline = time.perf_counter() + seconds

        async def play(row: GameRow) -> None:
            nonlocal done
            while time.perf_counter() < deadline:
                moved = row.model_copy(update={"version": row.version + 1})
                entry = LogEntry(version=moved.version, payload=ActionLine(action={"type": "x"}))
                await storage.commit_step(moved, row.version, [entry], (), timers)
                row = moved
                done += 1

        started = time.perf_counter()
        await asyncio.gather(*(play(g) for g in games))
        elapsed = time.perf_counter() - started
        commits = storage.writes.commits - commits_before
    finally:
        await storage.close()
    return done / elapsed, done / max(1, commits)


def _fsync_ms(folder: Path) -> float:
    """This disk's fsync of a small write, for the record."""
    target = folder / "fsync.probe"
    fd = os.open(target, os.O_WRONLY | os.O_CREAT)
    try:
        started = time.perf_counter()
        for _ in range(50):
            os.write(fd, b"x" * 4096)
            os.fsync(fd)
        return (time.perf_counter() - started) / 50 * 1000
    finally:
        os.close(fd)


def _spread(ratios: list[float]) -> str:
    return (f"ratio median {statistics.median(ratios):5.2f}x"
            f" (range {min(ratios):.2f}-{max(ratios):.2f}x over {len(ratios)} rounds)")


def run(channels: int, seconds: float, rounds: int, games: list[str]) -> list[str]:
    lines = []
    registry.register(PIG)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            lines.append(f"this disk's fsync: {_fsync_ms(folder):.2f} ms")
            row = asyncio.run(_real_row(folder / "row.sqlite"))
            lines.append(f"a Hellboy row: {len(row[0].state or '')} bytes of state")
            for disk in (SIMULATED, REAL):
                for game in [COMMIT_PATH, *games]:
                    figures: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
                    for turn in range(rounds):
                        for group in (False, True):
                            name = folder / f"{game}-{disk.synchronous}-{group}-{turn}.sqlite"
                            figures[group].append(asyncio.run(
                                _commit_path(name, row, disk, group, channels, seconds)
                                if game == COMMIT_PATH
                                else _measure(name, game, disk, group, channels, seconds)
                            ))
                    alone = [rate for rate, _ in figures[False]]
                    grouped = [rate for rate, _ in figures[True]]
                    per_commit = statistics.median(n for _, n in figures[True])
                    lines.append(
                        f"  {disk.name:<24} {game:<13}"
                        f" one commit per step {statistics.median(alone):7.0f}/s"
                        f"   group commit {statistics.median(grouped):7.0f}/s"
                        f" ({per_commit:4.1f} steps/commit)"
                        f"   {_spread([g / a for a, g in zip(alone, grouped, strict=True)])}"
                    )
    finally:
        registry.unregister(PIG.key)
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=1.0, help="a side's round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default="pig,hellboy-dice,hellraiser")
    args = parser.parse_args(argv)
    print(f"durable actions/s, {args.channels} busy channels, {args.rounds} rounds of"
          f" {args.seconds:g} s a side, the sides alternating (medians over rounds):")
    for line in run(args.channels, args.seconds, args.rounds, args.games.split(",")):
        print(line)


if __name__ == "__main__":
    main()
