"""Group commit (bot/group_commit.py): concurrent steps of different channels share
one transaction; a failing step rolls back alone; a caller returns only after the
commit that holds its step; PANDEMONIUM_GROUP_COMMIT=0 commits each step alone."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.log_lines import ActionLine, CreateLine
from bot.models import GameRow, LogEntry, SeatRow
from bot.settings import Settings
from bot.storage_sqlite import LiveGameExists, SqliteStorage, VersionConflict, _transaction


def _game(channel: int) -> GameRow:
    return GameRow(
        guild_id=1,
        channel_id=channel,
        game="pig",
        mode="digital",
        status="active",
        host_id=1,
        version=1,
        seats=[SeatRow(user_id=1, name="A")],
        rng_seed=5,
    )


def _move(version: int) -> LogEntry:
    return LogEntry(version=version, payload=ActionLine(action={"type": "roll"}))


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    storage = await SqliteStorage.open(tmp_path / "group.sqlite")
    try:
        yield storage
    finally:
        await storage.close()


async def _games(storage: SqliteStorage, count: int) -> list[GameRow]:
    create = [LogEntry(version=1, payload=CreateLine(game="pig", mode="digital"))]
    return [await storage.create_game(_game(10 + i), create) for i in range(count)]


def _bumped(game: GameRow) -> GameRow:
    return game.model_copy(update={"version": game.version + 1})


async def test_concurrent_steps_of_different_channels_share_one_commit(
    sqlite: SqliteStorage,
) -> None:
    games = await _games(sqlite, 8)
    before = sqlite.writes.commits
    await asyncio.gather(*(sqlite.commit_step(_bumped(g), 1, [_move(2)]) for g in games))
    assert sqlite.writes.commits - before == 1, "eight steps, one transaction"
    for game in games:
        stored = await sqlite.game(game.id)
        assert stored is not None and stored.version == 2
        assert [e.kind for e in await sqlite.log(game.id)] == ["create", "action"]


async def test_a_version_conflict_rolls_back_only_its_own_step(sqlite: SqliteStorage) -> None:
    """The version guard inside a batch: the stale step fails, the others commit."""
    games = await _games(sqlite, 3)
    stale = games[1].model_copy(update={"version": 3})
    results = await asyncio.gather(
        sqlite.commit_step(_bumped(games[0]), 1, [_move(2)]),
        sqlite.commit_step(stale, 2, [_move(3)]),
        sqlite.commit_step(_bumped(games[2]), 1, [_move(2)]),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], VersionConflict)
    assert [(await sqlite.game(g.id)).version for g in games] == [2, 1, 2]  # type: ignore[union-attr]
    assert [e.kind for e in await sqlite.log(games[1].id)] == ["create"]


async def test_a_failing_write_keeps_nothing_it_wrote_while_the_batch_commits(
    sqlite: SqliteStorage,
) -> None:
    """A write that wrote rows before it raised is rolled back to its savepoint."""

    def fails_late(db: sqlite3.Connection) -> None:
        with _transaction(db):
            db.execute("INSERT INTO settings VALUES ('guild', 1, 'half', '1')")
            raise VersionConflict("late")

    def sound(db: sqlite3.Connection) -> str:
        with _transaction(db):
            db.execute("INSERT INTO settings VALUES ('guild', 1, 'kept', '1')")
        return "ok"

    before = sqlite.writes.commits
    results = await asyncio.gather(
        sqlite.writes.submit(sound),
        sqlite.writes.submit(fails_late),
        sqlite.writes.submit(sound),
        return_exceptions=True,
    )
    assert sqlite.writes.commits - before == 1
    assert results[0] == "ok" and isinstance(results[1], VersionConflict)
    assert isinstance(results[2], sqlite3.IntegrityError), "the same row twice: a real error"
    assert await sqlite.get_settings("guild", 1) == {"kept": 1}


async def test_a_batch_sqlite_threw_away_is_retried_write_by_write(
    sqlite: SqliteStorage,
) -> None:
    """A write that ends the whole transaction must not cost the others theirs."""

    def ends_everything(db: sqlite3.Connection) -> None:
        db.execute("ROLLBACK")
        raise sqlite3.OperationalError("disk I/O error")

    def sound(key: str) -> Callable[[sqlite3.Connection], None]:
        def write(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute("INSERT INTO settings VALUES ('guild', 1, ?, '1')", (key,))

        return write

    results = await asyncio.gather(
        sqlite.writes.submit(sound("a")),
        sqlite.writes.submit(ends_everything),
        sqlite.writes.submit(sound("b")),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], sqlite3.OperationalError)
    assert await sqlite.get_settings("guild", 1) == {"a": 1, "b": 1}


async def test_two_games_opened_at_once_in_one_channel_give_one(sqlite: SqliteStorage) -> None:
    """One live game per channel holds inside a batch: the second is refused alone."""
    results = await asyncio.gather(
        sqlite.create_game(_game(10), []),
        sqlite.create_game(_game(10), []),
        sqlite.create_game(_game(11), []),
        return_exceptions=True,
    )
    assert isinstance(results[0], GameRow) and isinstance(results[2], GameRow)
    assert isinstance(results[1], LiveGameExists)
    assert [g.id for g in await sqlite.games_in_channel(10)] == [results[0].id]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=1, max_size=12))
def test_a_batch_keeps_exactly_the_writes_that_succeeded(
    tmp_path: Path, writes: list[tuple[int, bool]]
) -> None:
    """Writes (a key each, some raising after they wrote) submitted at once: the
    stored rows are those of the writes that returned, each caller got its own
    outcome, and a key written twice keeps its first kept write."""

    def write(key: int, fails: bool) -> Callable[[sqlite3.Connection], int]:
        def run(db: sqlite3.Connection) -> int:
            with _transaction(db):
                db.execute("INSERT INTO settings VALUES ('guild', 1, ?, '1')", (f"k{key}",))
                if fails:
                    raise VersionConflict("late")
            return key

        return run

    async def play() -> tuple[list[object], dict[str, object]]:
        path = tmp_path / f"prop-{abs(hash(tuple(writes)))}.sqlite"
        path.unlink(missing_ok=True)
        storage = await SqliteStorage.open(path)
        try:
            results = await asyncio.gather(
                *(storage.writes.submit(write(k, f)) for k, f in writes), return_exceptions=True
            )
            return list(results), await storage.get_settings("guild", 1)
        finally:
            await storage.close()

    results, stored = asyncio.run(play())
    kept: set[int] = set()
    for (key, fails), result in zip(writes, results, strict=True):
        if key in kept:
            assert isinstance(result, sqlite3.IntegrityError)
        elif fails:
            assert isinstance(result, VersionConflict)
        else:
            assert result == key
            kept.add(key)
    assert stored == {f"k{k}": 1 for k in kept}


async def test_a_step_returns_only_after_the_commit_that_holds_it(sqlite: SqliteStorage) -> None:
    """Acknowledged means durable: by the time commit_step returns, the batch's
    COMMIT (and its fsync) has run."""
    games = await _games(sqlite, 4)
    committed: list[int] = []
    sqlite.writes.on_commit = lambda: committed.append(sqlite.writes.commits)

    async def step(game: GameRow) -> int:
        await sqlite.commit_step(_bumped(game), 1, [_move(2)])
        return len(committed)

    seen = await asyncio.gather(*(step(g) for g in games))
    assert committed and all(n >= 1 for n in seen)


async def test_a_channel_keeps_its_order_across_batches(sqlite: SqliteStorage) -> None:
    """Steps of one channel, each awaited before the next (as under its lock),
    while other channels crowd the batches: every step lands, in order."""
    games = await _games(sqlite, 5)

    async def play(game: GameRow) -> None:
        for version in range(1, 11):
            moved = game.model_copy(update={"version": version + 1})
            await sqlite.commit_step(moved, version, [_move(version + 1)])

    await asyncio.gather(*(play(g) for g in games))
    assert sqlite.writes.commits < 5 * 10 + 5
    for game in games:
        versions = [e.version for e in await sqlite.log(game.id) if e.kind == "action"]
        assert versions == list(range(2, 12))


async def test_group_commit_can_be_turned_off(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "alone.sqlite", group_commit=False)
    try:
        games = await _games(storage, 4)
        before = storage.writes.commits
        await asyncio.gather(*(storage.commit_step(_bumped(g), 1, [_move(2)]) for g in games))
        assert storage.writes.commits - before == 4
    finally:
        await storage.close()


def test_the_setting_reads_pandemonium_group_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().group_commit is True
    monkeypatch.setenv("PANDEMONIUM_GROUP_COMMIT", "0")
    assert Settings().group_commit is False

