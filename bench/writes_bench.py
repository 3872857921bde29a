"""Bytes written per click: real Hellboy and Hellraiser games through the table
service on SQLite, counting what each commit appends to the write-ahead log
(frames of one page each, read from the WAL file's frame headers, with automatic
checkpoints off so nothing is lost from the count).

"before" is the bot as it was: every snapshot stored whole (the engine's
`static_state_fields` emptied for the run) as plain text, a chosen pack inline in
the options, every step column named in each click's UPDATE, in a file of 4 KiB
pages with the SQLite build's secure_delete (ON in Debian's, which writes every
page a click frees). "static, small pages" is the bot before its rows were made
small (a state's static fields by reference, 1 KiB pages, the rest as before);
"now" is the bot as it is. The same seed gives every run the same moves. Every
run has today's schema, whose timers are keyed without a rowid (main before that
wrote one page more per click, about 40.8 KB for both games), and writes its
undo checkpoints in the step's own commit (before, a second transaction), so the
printed ratio is conservative. "zlib µs" is the CPU a click spends compressing
its state and reading it back once, median over the game's final state.

    .venv/bin/python -m bench.writes_bench [--clicks 40]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import struct
import tempfile
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot import static_parts
from bot import storage_sqlite as storage_module
from bot.frontend import install
from bot.games import GAMES
from bot.storage import STEP_COLUMNS, stored_text
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from tests.support.tables import open_real_table, play_host_move

WARM_UP = 5
"""Clicks before counting: the first ones allocate pages a long game reuses."""


@dataclass(frozen=True)
class Written:
    clicks: int
    frames: int
    page_size: int
    state_bytes: int
    state: str
    """The final state's full text."""

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
def patched(owner: object, **values: object) -> Iterator[None]:
    kept = {name: getattr(owner, name) for name in values}
    for name, value in values.items():
        setattr(owner, name, value)
    try:
        yield
    finally:
        for name, value in kept.items():
            setattr(owner, name, value)


def snapshots_whole(game_key: str) -> AbstractContextManager[None]:
    return patched(type(registry.get(game_key)), static_state_fields=frozenset())


@contextmanager
def rows_as_before() -> Iterator[None]:
    """Plain-text states, a chosen pack inline in the options, every step column
    written, the build's secure_delete."""
    with patched(static_parts, STATIC_OPTIONS=frozenset()), patched(
        storage_module,
        STATE_LEVEL=0,
        WRITTEN_EVERY_STEP=frozenset(STEP_COLUMNS),
        SECURE_DELETE=None,
    ):
        yield


def zlib_micros(state: str) -> float:
    """CPU per click for the state's compression and one read back, in µs."""
    runs = []
    for _ in range(200):
        started = time.perf_counter()
        packed = storage_module.packed(state)
        assert isinstance(packed, bytes)
        stored_text(packed)
        runs.append(time.perf_counter() - started)
    return statistics.median(runs) * 1e6


@dataclass(frozen=True)
class Table:
    game_key: str
    pack: bool = False

    @property
    def name(self) -> str:
        return f"{self.game_key}{' +pack' if self.pack else ''}"


TABLES = (Table("hellboy-dice"), Table("hellraiser"), Table("hellboy-dice", pack=True))
"""The pack table plays Hellboy with docs/packs/hellboy-dice.yaml chosen, which the
game's options carry whole."""

PACK = Path(__file__).parents[1] / "docs" / "packs" / "hellboy-dice.yaml"
GM = Actor(user_id=99, name="GM", manage_channels=True)


async def measure(table: Table, clicks: int, folder: Path) -> Written:
    path = folder / f"{table.name}.sqlite"
    storage = await SqliteStorage.open(path)
    try:
        await storage._run(lambda db: db.execute("PRAGMA wal_autocheckpoint = 0"))
        service = TableService(storage, seed=7, clock=lambda: 1_800_000_000.0)
        options = None
        if table.pack:
            await service.upload_pack(
                guild_id=1, channel_id=1, actor=GM, name="box", data=PACK.read_bytes()
            )
            options = {"pack": "box"}
        await open_real_table(service, 1, table.game_key, options=options)
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
        (game,) = await storage.games_in_channel(1, limit=1)
        state = game.state or ""
        return Written(played, frames, page_size, size, state)
    finally:
        await storage.close()


async def run(clicks: int) -> None:
    install(GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"{'game':<18} {'run':<21} {'clicks':>6} {'pages/click':>11} {'bytes/click':>11}"
              f" {'state row':>9}")
        for table in TABLES:
            key = table.name
            with snapshots_whole(table.game_key), rows_as_before(), patched(
                storage_module, PAGE_SIZE=4096
            ):
                before = await measure(table, clicks, folder / "before")
            with rows_as_before():
                static = await measure(table, clicks, folder / "static")
            now = await measure(table, clicks, folder / "now")
            for name, w in (("before", before), ("static, small pages", static), ("now", now)):
                print(f"{key:<18} {name:<21} {w.clicks:>6} {w.frames / max(1, w.clicks):>11.2f}"
                      f" {w.bytes_per_click:>11.0f} {w.state_bytes:>9}")
            print(f"{key:<18} zlib µs/click: {zlib_micros(now.state):.0f}")
            ratio = now.bytes_per_click / before.bytes_per_click
            print(f"{key:<18} now / before: {ratio:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args(argv)
    asyncio.run(run(args.clicks))


if __name__ == "__main__":
    main()
