"""Durable actions per second through the table service on real games, against
the same SQL without the table service.

Real tables: Hellboy: The Dice Game and Hellraiser, a human host and an AI seat
each, played to mid-game by the host's moves (chosen by the game's AI; the table
plays the AI seat and the dice), so states and log rows have their real sizes.
Then every table plays a burst of host moves at once: each takes the channel's
lock, runs the engine and the AI seat, and commits one step (durable before it
returns; WAL, synchronous=FULL, group commit as the bot runs it).

Baseline, in the same run: the database as it was before the burst, and the
very steps the table committed (recorded: the same game rows, log rows, undo
marks, timers and checkpoints, so the same statements with the same rows) committed again
straight to the storage, the tables' steps concurrently and each table's in
order, without the table service. The ratio says what the table's own work (the
engine, the AI, snapshots, timers, the lock) costs on top of its SQL. Each side
also gives the CPU its SQLite thread spent per step (the thread's own clock): what
a durable step costs the storage alone, the figure issue 27's accounting of a
click needs (`--tables 1` commits one step at a time, as a click does; more tables
share their commits).

    .venv/bin/python -m bench.table_bench [--tables 24] [--warm 20] [--moves 20]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.load_figures import threads_cpu
from bot.models import GameRow, LogEntry, TimerRow
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from tests.support.tables import REAL_GAMES, open_real_table, play_host_move


@dataclass(frozen=True)
class Step:
    game: GameRow
    expected_version: int
    entries: list[LogEntry]
    undo_versions: tuple[int, ...]
    timers: list[TimerRow] | None
    checkpoint: bool


class RecordingStorage(SqliteStorage):
    """SQLite that keeps every step it commits, per channel, while `recording`."""

    recording = False
    steps: dict[int, list[Step]]

    async def commit_step(
        self,
        game: GameRow,
        expected_version: int,
        entries: Sequence[LogEntry],
        undo_versions: Sequence[int] = (),
        timers: Sequence[TimerRow] | None = None,
        checkpoint: bool = False,
    ) -> None:
        await super().commit_step(
            game, expected_version, entries, undo_versions, timers, checkpoint=checkpoint
        )
        if self.recording:
            step = Step(
                game, expected_version, [e.model_copy() for e in entries], tuple(undo_versions),
                None if timers is None else list(timers), checkpoint,
            )
            self.steps.setdefault(game.channel_id, []).append(step)


@dataclass
class Figures:
    game: str
    state_bytes: int
    log_bytes: int
    actions_per_s: float = 0.0
    baseline_per_s: float = 0.0
    latencies: list[float] = field(default_factory=list)
    storage_ms: float = 0.0
    """The SQLite thread's CPU per step, in ms, through the table service."""
    baseline_storage_ms: float = 0.0
    """The same, for the same steps committed alone."""


def storage_thread_cpu() -> float:
    """CPU seconds so far of this process's SQLite threads (aiosqlite's, one per
    connection), by their own clocks."""
    return sum(seconds for _, kind, seconds in threads_cpu() if kind == "storage")


async def _table_run(folder: Path, game: str, tables: int, warm: int, moves: int) -> Figures:
    path, before = folder / f"{game}.sqlite", folder / f"{game}.before.sqlite"
    storage = await RecordingStorage.open(path)
    storage.steps = {}
    channels = list(range(1, tables + 1))
    try:
        service = TableService(storage, seed=7)
        for channel in channels:
            await open_real_table(service, channel, game)
            for _ in range(warm):
                await play_host_move(service, channel)
        sample = await service.current(1)
        assert sample is not None and sample.game.state is not None
        await storage._run(lambda db: db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall())
        shutil.copyfile(path, before)
        storage.recording = True
        latencies: list[float] = []

        async def play(channel: int) -> None:
            for _ in range(moves):
                started = time.perf_counter()
                if not await play_host_move(service, channel):
                    return
                latencies.append(time.perf_counter() - started)

        started, cpu = time.perf_counter(), storage_thread_cpu()
        await asyncio.gather(*(play(c) for c in channels))
        elapsed, cpu = time.perf_counter() - started, storage_thread_cpu() - cpu
    finally:
        await storage.close()
    recorded = [s for steps in storage.steps.values() for s in steps]
    log_bytes = sum(len(e.model_dump_json()) for s in recorded for e in s.entries)
    figures = Figures(game, len(sample.game.state), log_bytes // max(1, len(recorded)))
    figures.actions_per_s = len(latencies) / elapsed
    figures.latencies = latencies
    figures.storage_ms = cpu * 1000 / max(1, len(recorded))
    figures.baseline_per_s, baseline_cpu = await _baseline(before, storage.steps)
    figures.baseline_storage_ms = baseline_cpu * 1000 / max(1, len(recorded))
    return figures


async def _baseline(path: Path, steps: dict[int, list[Step]]) -> tuple[float, float]:
    """The recorded steps committed again on the pre-burst database, nothing else: steps
    per second, and the SQLite thread's CPU seconds."""
    storage = await SqliteStorage.open(path)
    try:

        async def replay(channel_steps: list[Step]) -> int:
            for s in channel_steps:
                await storage.commit_step(
                    s.game, s.expected_version, s.entries, s.undo_versions, s.timers,
                    checkpoint=s.checkpoint,
                )
            return len(channel_steps)

        started, cpu = time.perf_counter(), storage_thread_cpu()
        done = sum(await asyncio.gather(*(replay(s) for s in steps.values())))
        elapsed, cpu = time.perf_counter() - started, storage_thread_cpu() - cpu
    finally:
        await storage.close()
    return done / elapsed, cpu


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--warm", type=int, default=20, help="host moves before the burst")
    parser.add_argument("--moves", type=int, default=20, help="host moves per table in the burst")
    parser.add_argument("--games", default=",".join(REAL_GAMES))
    args = parser.parse_args(argv)
    print(
        f"{args.tables} real tables per game, {args.warm} host moves in, then"
        f" {args.moves} each at once:"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            f = asyncio.run(_table_run(Path(tmp), game, args.tables, args.warm, args.moves))
            ratio = f.actions_per_s / f.baseline_per_s
            print(
                f"  {f.game:<13} state {f.state_bytes:6d} B, log rows {f.log_bytes:5d} B/step:"
                f"  table {f.actions_per_s:6.0f} actions/s, same SQL alone"
                f" {f.baseline_per_s:6.0f} steps/s, ratio {ratio:4.2f};"
                f" p50 {statistics.median(f.latencies) * 1000:6.1f} ms,"
                f" p99 {_pct(f.latencies, 0.99):6.1f} ms; SQLite thread CPU per step"
                f" {f.storage_ms:.3f} ms, same SQL alone {f.baseline_storage_ms:.3f} ms"
            )


if __name__ == "__main__":
    main()
