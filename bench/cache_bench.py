"""Memory of busy tables in the table cache against the byte estimate that bounds it.

For each game, fills the cache (no bound) with N busy tables: four seats each
moved by the game's AI through the table service for S steps (a game over before
that is taken back one step, so it stays live), with the undo history a table in
play keeps (its state, checkpoints and the log lines since). The tables' real
memory is what dropping them all frees (tracemalloc, traced from before the
first table, after one table played untraced so one-off caches are filled; all
that filling left traced is printed too, as an upper bound),
against the sum of their estimates (`LiveTable.estimated_bytes`,
what `PANDEMONIUM_TABLE_CACHE_MIB` bounds); from the two, the memory such tables
take when the estimate fills the default bound. Baseline in the same run: the
same tables just started (no history yet), so the bytes a table gains with play
are in the same units.

    .venv/bin/python -m bench.cache_bench [--tables 8] [--steps 80] [--mib 256]
        [--games hellraiser,hellbringer,hellboy-dice]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from bench.seated import HOST, ai_move, open_table
from bot.frontend import install
from bot.games import GAMES
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from bot.table_cache import DEFAULT_MIB

UNBOUNDED_MIB = 1 << 20
WARM_UP = 1_000_000
"""The channel of a table played before the trace starts: what the first game in a
process fills once (module caches) is no table's."""


@dataclass(frozen=True)
class Held:
    tables: int
    real: int
    estimate: int
    lines: float
    grown: int
    """All the memory traced while filling that is still held (an upper bound: the
    storage's and the service's own caches too)."""

    @property
    def ratio(self) -> float:
        """Real memory per estimated byte."""
        return self.real / self.estimate


async def _busy(service: TableService, channel: int, game: str, steps: int) -> None:
    await open_table(service, channel, game)
    played = 0
    while played < steps and await ai_move(service, channel):
        played += 1
    if await service.current(channel) is None:  # over: back into play
        await service.undo(channel, HOST, 1)


async def _fill(path: Path, game: str, tables: int, steps: int) -> Held:
    storage = await SqliteStorage.open(path)
    try:
        service = TableService(storage, seed=5, cache_mib=UNBOUNDED_MIB)
        await _busy(service, WARM_UP, game, steps)  # one-off caches fill outside the trace
        service._cache.clear()
        gc.collect()
        tracemalloc.start()
        started = tracemalloc.get_traced_memory()[0]
        for channel in range(1, tables + 1):
            await _busy(service, channel, game, steps)
        cache = service._cache
        kept = [cache.get(channel) for channel in range(1, tables + 1)]
        lines = statistics.mean(len(t.history.tail) if t and t.history else 0 for t in kept)
        assert len(cache) == tables, "every busy table is kept"
        estimate = cache.bytes
        del kept
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        grown = before - started
        cache.clear()
        gc.collect()
        real = before - tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return Held(tables, real, estimate, lines, grown)
    finally:
        await storage.close()


def _line(label: str, held: Held) -> str:
    return (
        f"{label}: {held.tables} tables, real {held.real / held.tables / 1024:6.0f} KiB a table,"
        f" estimate {held.estimate / held.tables / 1024:6.0f} KiB (real / estimate"
        f" {held.ratio:.2f}), {held.lines:.0f} log lines held; all traced growth"
        f" {held.grown / held.tables / 1024:.0f} KiB a table"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--steps", type=int, default=80)
    parser.add_argument("--mib", type=float, default=DEFAULT_MIB)
    parser.add_argument("--games", default="hellraiser,hellbringer,hellboy-dice")
    args = parser.parse_args(argv)
    install(GAMES)
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            fresh = asyncio.run(_fill(Path(folder) / f"{game}-0.sqlite", game, args.tables, 0))
            busy = asyncio.run(
                _fill(Path(folder) / f"{game}.sqlite", game, args.tables, args.steps)
            )
            print(_line(f"{game} just started (baseline)", fresh))
            print(_line(f"{game} busy, {args.steps} steps in", busy))
            fits = args.mib * 2**20 / busy.estimate * busy.tables
            print(
                f"{game}: at the {args.mib:g} MiB bound, {fits:.0f} busy tables,"
                f" really {args.mib * busy.ratio:.0f} MiB"
                f" ({'holds' if busy.ratio <= 1 else 'exceeded'});"
                f" a busy table x{busy.real / busy.tables / (fresh.real / fresh.tables):.1f}"
                " a fresh one",
                flush=True,
            )


if __name__ == "__main__":
    main()
