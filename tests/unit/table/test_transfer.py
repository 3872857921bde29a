"""Moving a group from SQLite to PostgreSQL: `python -m bot export` then `import`;
every game, log line and setting arrives, and every game replays to the state
it was stored with."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.databases import open_storage, parse_database
from bot.replay import replay
from bot.storage import PackRow, Storage
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from bot.transfer import EXPORTED, TransferError, export_to, import_from
from engines import registry
from tests.support.pgserver import PostgresServer
from tests.support.tables import HOST, REAL_GAMES, open_real_table, play_host_move
from tests.unit.table.conftest import FakeClock

PACK = PackRow(
    guild_id=1,
    name="house",
    game="hellboy-dice",
    text="dice: []\n",
    digest="0" * 64,
    uploader_id=11,
    created_at=1_800_000_000.0,
)


async def _history(tmp_path: Path, clock: FakeClock) -> SqliteStorage:
    """A SQLite database with live and finished real games, and a setting."""
    storage = await SqliteStorage.open(tmp_path / "old.sqlite")
    service = TableService(storage, clock=clock, seed=11)
    for channel, key in enumerate(REAL_GAMES * 2, start=1):
        await open_real_table(service, channel, key)
        for _ in range(6 if channel <= 2 else 400):
            if not await play_host_move(service, channel):
                break
    await service.put_setting("guild", 1, "reminder_minutes", 7)
    await storage.put_pack(PACK)
    return storage


async def _replays_exactly(storage: Storage, game_id: int) -> None:
    game = await storage.game(game_id)
    assert game is not None and game.state is not None
    log = await storage.log(game_id)
    setup = next(e for e in log if e.kind == "setup" and not e.undone)
    engine = registry.get(game.game)
    replayed = replay(engine, setup.payload, log, seed=game.rng_seed)
    assert replayed.state == engine.load_state(game.state), f"game {game_id} diverges"
    assert replayed.rng_counter == game.rng_counter


async def test_sqlite_to_postgresql_keeps_every_game(
    tmp_path: Path, clock: FakeClock, postgres_server: PostgresServer
) -> None:
    old = await _history(tmp_path, clock)
    target = await open_storage(parse_database(await postgres_server.create_database()))
    try:
        exported = await export_to(old, tmp_path / "export.json")
        imported = await import_from(target, tmp_path / "export.json")
        assert imported == exported and exported["games"] == 4
        for table in EXPORTED:
            if table in exported:
                assert await old.dump_table(table) == await target.dump_table(table), table
        statuses = set()
        for game_id in range(1, 5):
            await _replays_exactly(target, game_id)
            stored = await target.game(game_id)
            assert stored is not None
            statuses.add(stored.status)
        assert statuses == {"active", "finished"}, "live tables and history both move"
        assert await target.get_settings("guild", 1) == {"reminder_minutes": 7}
        assert await target.list_packs(1) == [PACK], "a server's own packs move too"
        service = TableService(target, clock=clock, seed=11)
        assert await play_host_move(service, 1), "a moved live table plays on"
        fresh = await TableService(target, clock=clock).new_game(
            channel_id=99, guild_id=1, host=HOST, game_key="hellboy-dice", mode="digital"
        )
        assert fresh.game.id == 5, "new games number on after the imported ones"
        with pytest.raises(TransferError, match="already holds"):
            await import_from(target, tmp_path / "export.json")
    finally:
        await old.close()
        await target.close()


async def test_an_import_refuses_a_file_that_is_not_an_export(
    tmp_path: Path, storage: Storage
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    with pytest.raises(TransferError, match="not a Pandemonium export"):
        await import_from(storage, bad)
    assert await storage.game(1) is None


async def _export_document(tmp_path: Path, clock: FakeClock) -> dict[str, Any]:
    """An export of one real game a few moves in, as JSON."""
    source = await SqliteStorage.open(tmp_path / "source.sqlite")
    try:
        service = TableService(source, clock=clock, seed=3)
        await open_real_table(service, 1, REAL_GAMES[0])
        for _ in range(3):
            await play_host_move(service, 1)
        await export_to(source, tmp_path / "dump.json")
    finally:
        await source.close()
    document: dict[str, Any] = json.loads((tmp_path / "dump.json").read_text(encoding="utf-8"))
    return document


def _set(document: dict[str, Any], table: str, row: int, column: str, value: Any) -> None:
    entry = document["tables"][table]
    entry["rows"][row][entry["columns"].index(column)] = value


async def _nothing_imported(storage: Storage) -> None:
    for table in EXPORTED:
        if table in await storage.table_names():
            assert (await storage.dump_table(table))[1] == [], f"{table} was half-imported"


@pytest.mark.parametrize(
    ("table", "column", "value", "problem"),
    [
        ("games", "version", "x", '"x" is not a whole number'),
        ("games", "rng_seed", 2**70, "does not fit a 64-bit integer"),
        ("games", "channel_id", None, "is empty, but the column needs a value"),
        ("games", "created_at", "yesterday", "is not a number"),
        ("games", "game", 7, "7 is not text"),
        ("log", "version", True, "true is not a whole number"),
        ("log", "payload", "a\x00b", "NUL character"),
    ],
)
async def test_an_import_names_the_first_bad_value_and_imports_nothing(
    tmp_path: Path, clock: FakeClock, storage: Storage,
    table: str, column: str, value: Any, problem: str,
) -> None:
    """A string in an INTEGER column is refused on SQLite too (it would store it, and
    the game would then fail to load)."""
    document = await _export_document(tmp_path, clock)
    _set(document, table, 0, column, value)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(TransferError) as refused:
        await import_from(storage, bad)
    assert str(refused.value).startswith(f"table {table}, row 1, column {column}: ")
    assert problem in str(refused.value)
    await _nothing_imported(storage)


async def test_postgresql_integer_columns_are_32_bits(
    tmp_path: Path, clock: FakeClock, postgres_server: PostgresServer
) -> None:
    document = await _export_document(tmp_path, clock)
    _set(document, "log", 1, "seq", 2**31)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    url = await postgres_server.create_database()
    target = await open_storage(parse_database(url), pool_size=2)
    try:
        with pytest.raises(TransferError, match=r"row 2, column seq: .* 32-bit"):
            await import_from(target, bad)
        await _nothing_imported(target)
    finally:
        await target.close()


@pytest.mark.parametrize(
    "tables",
    [[], {}, {"games": {"columns": ["id"], "rows": []}}, {"leases": {"columns": [], "rows": []}}],
)
async def test_an_empty_or_foreign_import_is_refused(
    tmp_path: Path, storage: Storage, tables: Any
) -> None:
    document = {"format": "pandemonium-export/1", "schema_version": await storage.schema_version(),
                "tables": tables}
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(TransferError):
        await import_from(storage, empty)
    await _nothing_imported(storage)


async def test_export_to_an_unwritable_path_is_one_sentence(
    tmp_path: Path, storage: Storage
) -> None:
    for path in (tmp_path, tmp_path / "no" / "such" / "dir.json", Path("/proc/dump.json")):
        with pytest.raises(TransferError, match=re.escape(f"cannot write {path}")):
            await export_to(storage, path)
