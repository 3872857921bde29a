"""Bytes written per click: real Hellboy and Hellraiser games through the table
service on SQLite, counting what each commit appends to the write-ahead log
(frames of one page each, read from the WAL file's frame headers, with automatic
checkpoints off so nothing is lost from the count).

"before" is the bot as it was: every snapshot stored whole (the engine's
`static_state_fields` emptied for the run) in a file of 4 KiB pages. "whole, small
pages" keeps whole snapshots in today's 1 KiB pages, to show what each change
gives; "now" is the bot as it is. The same seed gives every run the same moves.
Every run has today's schema, whose timers are keyed without a rowid: main before
this change wrote one page more per click (about 40.8 KB for both games), so the
printed ratio is conservative.

    .venv/bin/python -m bench.writes_bench [--clicks 40]
"""

from __future__ import annotations

import argparse
import asyncio
import struct
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot import storage as storage_module
from bot.frontend import install
from bot.games import GAMES
from bot.storage import SqliteStorage
from bot.table import TableService
from engines import registry
from tests.support.tables import REAL_GAMES, open_real_table, play_host_move

WARM_UP = 5
"""Clicks before counting: the first ones allocate pages a long game reuses."""


@dataclass(frozen=True)
class Written:
    clicks: int
    frames: int
    page_size: int
    state_bytes: int

    @property
    def bytes_per_click(self) -> float:
        return self.frames * (self.page_size + 24) / max(1, self.clicks)


def wal_frames(wal: Path) -> tuple[int, int]:
    """(frames, page size) of a WAL file: a 32-byte header, then 24 + page bytes each."""
    data = wal.read_bytes()
    if len(data) < 32:
        return 0, 4096
    page_size = struct.unpack(">I", data[8:12])[0]
    return (len(data) - 32) // (24 + page_size), page_size


@contextmanager
def snapshots_whole(game_key: str) -> Iterator[None]:
    engine = type(registry.get(game_key))
    kept = engine.static_state_fields
    engine.static_state_fields = frozenset()
    try:
        yield
    finally:
        engine.static_state_fields = kept


@contextmanager
def page_size(size: int) -> Iterator[None]:
    kept = storage_module.PAGE_SIZE
    storage_module.PAGE_SIZE = size
    try:
        yield
    finally:
        storage_module.PAGE_SIZE = kept


async def measure(game_key: str, clicks: int, folder: Path) -> Written:
    path = folder / f"{game_key}.sqlite"
    storage = await SqliteStorage.open(path)
    try:
        await storage._run(lambda db: db.execute("PRAGMA wal_autocheckpoint = 0"))
        service = TableService(storage, seed=7, clock=lambda: 1_800_000_000.0)
        await open_real_table(service, 1, game_key)
        for _ in range(WARM_UP):
            await play_host_move(service, 1)
        await storage._run(lambda db: db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone())
        played = 0
        for _ in range(clicks):
            if not await play_host_move(service, 1):
                break
            played += 1
        frames, page_size = wal_frames(Path(f"{path}-wal"))
        raw = await storage._run(
            lambda db: db.execute("SELECT length(state) FROM games WHERE channel_id = 1").fetchone()
        )
        size = int(raw[0]) if raw and raw[0] is not None else 0
        return Written(played, frames, page_size, size)
    finally:
        await storage.close()


async def run(clicks: int) -> None:
    install(GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"{'game':<14} {'run':<19} {'clicks':>6} {'pages/click':>11} {'bytes/click':>11}"
              f" {'state row':>9}")
        for key in REAL_GAMES:
            with snapshots_whole(key), page_size(4096):
                before = await measure(key, clicks, folder / "before")
            with snapshots_whole(key):
                whole = await measure(key, clicks, folder / "whole")
            now = await measure(key, clicks, folder / "now")
            for name, w in (("before", before), ("whole, small pages", whole), ("now", now)):
                print(f"{key:<14} {name:<19} {w.clicks:>6} {w.frames / max(1, w.clicks):>11.2f}"
                      f" {w.bytes_per_click:>11.0f} {w.state_bytes:>9}")
            ratio = now.bytes_per_click / before.bytes_per_click
            print(f"{key:<14} now / before: {ratio:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args(argv)
    asyncio.run(run(args.clicks))


if __name__ == "__main__":
    main()
