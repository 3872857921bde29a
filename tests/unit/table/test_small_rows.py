"""Issue 14, small writes on SQLite: a click writes its state compressed, names in
its UPDATE only the columns that changed (so an unchanged `status` or `options`
is not rewritten, nor the partial index on status), and frees pages without
zero-filling them; states written as plain text by an older bot still load."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import stored_text
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from engines import registry
from tests.support.tables import HOST, open_real_table, play_host_move

CHANNEL = 1
SECURE_DELETE_FAST = 2
"""What `PRAGMA secure_delete` reports for FAST."""


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    storage = await SqliteStorage.open(tmp_path / "small.sqlite")
    yield storage
    await storage.close()


async def _table(storage: SqliteStorage, game_key: str = "hellraiser") -> TableService:
    service = TableService(storage, seed=7, verify=True)
    await open_real_table(service, CHANNEL, game_key)
    await play_host_move(service, CHANNEL)
    return service


async def _raw(storage: SqliteStorage, sql: str) -> list[sqlite3.Row]:
    return await storage._run(lambda db: db.execute(sql).fetchall())


async def test_a_click_stores_its_state_compressed_and_reads_it_back_whole(
    sqlite: SqliteStorage,
) -> None:
    service = await _table(sqlite)
    current = await service.current(CHANNEL)
    assert current is not None
    text = registry.get("hellraiser").dump_state(current.state)
    ((kind, size),) = await _raw(sqlite, "SELECT typeof(state), length(state) FROM games")
    assert kind == "blob"
    assert size < len(text) // 2
    stored = await sqlite.live_game(CHANNEL)
    assert stored is not None and stored.state == text


async def test_a_click_names_neither_options_nor_status_unless_they_change(
    sqlite: SqliteStorage,
) -> None:
    """Rewriting an unchanged status dirtied a page of the live-game index per click."""
    service = await _table(sqlite)

    def watch(db: sqlite3.Connection) -> None:
        db.execute("CREATE TEMP TABLE touched (col TEXT)")
        for col in ("options", "status", "seats", "state"):
            db.execute(
                f"CREATE TEMP TRIGGER touched_{col} AFTER UPDATE OF {col} ON main.games"
                f" BEGIN INSERT INTO touched VALUES ('{col}'); END"
            )

    await sqlite._run(watch)
    for _ in range(3):
        assert await play_host_move(service, CHANNEL)
    assert {r[0] for r in await _raw(sqlite, "SELECT col FROM touched")} == {"state"}
    await service.end(CHANNEL, HOST, 1)
    assert "status" in {r[0] for r in await _raw(sqlite, "SELECT col FROM touched")}


async def test_a_state_stored_as_plain_text_by_an_older_bot_still_loads(
    sqlite: SqliteStorage,
) -> None:
    service = await _table(sqlite, "hellboy-dice")
    await play_host_move(service, CHANNEL)
    before = await sqlite.live_game(CHANNEL)
    assert before is not None and before.state is not None

    def as_older_bot(db: sqlite3.Connection) -> None:
        for table in ("games", "checkpoints"):
            states = [r[0] for r in db.execute(f"SELECT state FROM {table}")]
            db.executemany(
                f"UPDATE {table} SET state = ? WHERE state = ?",
                [(stored_text(state), state) for state in states],
            )

    await sqlite._run(as_older_bot)
    assert {r[0] for r in await _raw(sqlite, "SELECT typeof(state) FROM games")} == {"text"}
    restarted = TableService(sqlite, seed=7, verify=True)
    reloaded = await sqlite.live_game(CHANNEL)
    assert reloaded is not None and reloaded.state == before.state
    assert await play_host_move(restarted, CHANNEL)
    await restarted.undo(CHANNEL, HOST, 1)


async def test_an_undo_after_a_restart_is_one_commit_with_its_checkpoint(
    sqlite: SqliteStorage,
) -> None:
    """Its checkpoint used to be a second transaction, so a second fsync."""
    await _table(sqlite)
    statements: list[str] = []
    await sqlite._run(lambda db: db.set_trace_callback(statements.append))
    await TableService(sqlite, seed=7).undo(CHANNEL, HOST, 1)
    await sqlite._run(lambda db: db.set_trace_callback(None))
    assert [s for s in statements if s in ("BEGIN IMMEDIATE", "COMMIT")] == [
        "BEGIN IMMEDIATE",
        "COMMIT",
    ]
    assert any(s.startswith("INSERT INTO checkpoints") for s in statements)


async def test_freed_pages_are_not_zero_filled(sqlite: SqliteStorage) -> None:
    """secure_delete ON (Debian's build default) wrote every overflow page a click freed."""
    ((mode,),) = await _raw(sqlite, "PRAGMA secure_delete")
    assert mode == SECURE_DELETE_FAST


async def test_an_export_carries_states_as_text(sqlite: SqliteStorage) -> None:
    await _table(sqlite)
    for table in ("games", "checkpoints"):
        columns, rows = await sqlite.dump_table(table)
        at = columns.index("state")
        assert rows and all(isinstance(r[at], str) for r in rows)
