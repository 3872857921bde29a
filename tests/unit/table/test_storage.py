"""Storage: schema migrations, one live game per channel, versioned commits."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from bot.log_lines import CreateLine, EndLine, SetupLine
from bot.models import GameRow, LogEntry, SeatRow
from bot.storage_sqlite import (
    MIGRATIONS,
    LiveGameExists,
    SqliteStorage,
    Storage,
    VersionConflict,
    migrate,
)


def _game(channel: int = 10) -> GameRow:
    return GameRow(
        guild_id=1,
        channel_id=channel,
        game="pig",
        mode="digital",
        status="lobby",
        host_id=1,
        version=1,
        seats=[SeatRow(user_id=1, name="A")],
        rng_seed=5,
    )


async def test_wal_and_full_sync_are_on(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "db.sqlite")
    try:
        mode = await storage._run(lambda db: db.execute("PRAGMA journal_mode").fetchone()[0])
        sync = await storage._run(lambda db: db.execute("PRAGMA synchronous").fetchone()[0])
        version = await storage._run(lambda db: db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        await storage.close()
    assert mode == "wal"
    assert sync == 2  # FULL
    assert version == len(MIGRATIONS)


def test_migrations_refuse_a_newer_database(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "new.sqlite", isolation_level=None)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(RuntimeError, match="newer than this bot"):
        migrate(db)


def test_migrations_are_idempotent(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "m.sqlite", isolation_level=None)
    assert migrate(db) == len(MIGRATIONS)
    assert migrate(db) == len(MIGRATIONS)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "log", "settings"} <= tables


async def test_one_live_game_per_channel(storage: Storage) -> None:
    await storage.create_game(_game(), [])
    with pytest.raises(LiveGameExists):
        await storage.create_game(_game(), [])
    other = await storage.create_game(_game(channel=11), [])
    assert other.id > 0


async def test_commit_step_is_guarded_by_version(storage: Storage) -> None:
    game = await storage.create_game(
        _game(), [LogEntry(version=1, payload=CreateLine(game="pig", mode="digital"))]
    )
    moved = game.model_copy(update={"version": 2, "status": "active"})
    await storage.commit_step(moved, 1, [LogEntry(version=2, payload=SetupLine())])
    stale = game.model_copy(update={"version": 2, "status": "cancelled"})
    with pytest.raises(VersionConflict):
        await storage.commit_step(stale, 1, [LogEntry(version=2, payload=EndLine())])
    loaded = await storage.game(game.id)
    assert loaded is not None and loaded.status == "active"
    kinds = [e.kind for e in await storage.log(game.id)]
    assert kinds == ["create", "setup"], "the failed step must leave no log rows"


async def test_finished_games_stay_as_history(storage: Storage) -> None:
    game = await storage.create_game(_game(), [])
    done = game.model_copy(update={"version": 2, "status": "finished", "result": {"w": 1}})
    await storage.commit_step(done, 1, [])
    assert await storage.live_game(10) is None
    history = await storage.games_in_channel(10)
    assert [g.status for g in history] == ["finished"]
    assert history[0].result == {"w": 1}


async def test_settings_roundtrip_and_delete(storage: Storage) -> None:
    await storage.put_setting("guild", 1, "gm_role", 77)
    assert await storage.get_settings("guild", 1) == {"gm_role": 77}
    await storage.put_setting("guild", 1, "gm_role", 78)
    assert await storage.get_settings("guild", 1) == {"gm_role": 78}
    await storage.put_setting("guild", 1, "gm_role", None)
    assert await storage.get_settings("guild", 1) == {}


async def test_sql_values_are_parameters_not_text(storage: Storage) -> None:
    """A hostile name is stored as data, never executed."""
    evil = _game()
    evil.seats = [SeatRow(user_id=1, name="x'); DROP TABLE games; --")]
    created = await storage.create_game(evil, [])
    loaded = await storage.game(created.id)
    assert loaded is not None and loaded.seats[0].name.startswith("x');")


async def test_schema_version_is_recorded_and_newer_is_refused(
    database_url: str, storage: Storage
) -> None:
    from bot.databases import open_storage, parse_database
    from bot.storage import SchemaTooNew

    assert await storage.schema_version() == len(MIGRATIONS)
    again = await open_storage(parse_database(database_url))
    assert await again.schema_version() == len(MIGRATIONS), "migrating twice changes nothing"
    await again.close()
    await storage.load_tables({"games": (["id"], [])})
    if database_url.startswith("postgresql"):
        await storage.load_tables({"schema_migrations": (["version", "applied_at"], [[99, 0.0]])})
    else:
        await storage._run(lambda db: db.execute("PRAGMA user_version = 99"))  # type: ignore[attr-defined]
    before = set(threading.enumerate())
    with pytest.raises(SchemaTooNew, match="newer than this bot"):
        await open_storage(parse_database(database_url))
    started = [t for t in threading.enumerate() if t not in before and not _loops_own(t)]
    for thread in started:
        thread.join(timeout=5)
    assert not [t.name for t in started if t.is_alive()], "a refused open closes what it opened"


def _loops_own(thread: threading.Thread) -> bool:
    """A thread of the event loop's default executor (asyncio names them `asyncio_N`):
    the file's probe hops there (`asyncio.to_thread`), and the executor keeps its idle
    threads until the loop closes, starting another when the last is not idle yet (seen
    in CI). It is the loop's, not something the refused open left open."""
    return thread.name.startswith("asyncio_")
