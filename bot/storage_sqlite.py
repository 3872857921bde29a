"""The SQLite backend (aiosqlite): the embedded default for one machine.

Durability: WAL with synchronous=FULL, so a committed action survives a power
cut; group commit (bot/group_commit.py, on unless PANDEMONIUM_GROUP_COMMIT=0)
lets concurrent changes from different channels share that one fsync, and a
caller returns only once its change is durable. Every change to a game is one
transaction (or, in a group commit, one savepoint of it) that appends its log
rows and updates the snapshot only if the version is still the one the caller
loaded (optimistic concurrency on top of the per-channel lock). Each
transaction runs as a single function on aiosqlite's worker thread: one thread
hop per action (or per batch), and sqlite3 is never called on the event loop.
The interface and the rules shared with PostgreSQL are in bot/storage.py.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Self, TypeVar

import aiosqlite

from bot.group_commit import GroupCommit
from bot.lease_slots import Claimant, Holder
from bot.models import LIVE_STATUSES, GameRow, LogEntry, TimerRow
from bot.storage import (
    CHECKPOINTS_STORED,
    GAME_COLUMNS,
    GAMES_LOOKED_AT,
    LEASE_COLUMNS,
    LINES_PER_SLICE,
    LOG_ROW_COLUMNS,
    PACK_COLUMNS,
    STEP_COLUMNS,
    ColumnType,
    DatabaseUnusable,
    Lease,
    LeaseLost,
    LiveGameExists,
    LogFate,
    LogFateKind,
    PackRow,
    Pruned,
    SchemaTooNew,
    Storage,
    StoredCheckpoint,
    VersionConflict,
    archive_body,
    archived_entries,
    claimed_rows,
    entry_values,
    game_values,
    in_the_way,
    pack_values,
    plan_slice,
    pruning_candidates,
    row_to_checkpoint,
    row_to_entry,
    row_to_game,
    row_to_pack,
    row_to_timer,
    shard_of_game,
    step_values,
    stored_text,
    timer_key,
    won_timers,
)

__all__ = [
    "MIGRATIONS", "LiveGameExists", "PackRow", "SqliteStorage", "Storage", "VersionConflict"
]

T = TypeVar("T")

MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        mode TEXT NOT NULL,
        status TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        seats TEXT NOT NULL,
        options TEXT NOT NULL,
        state TEXT,
        rng_seed INTEGER NOT NULL,
        rng_counter INTEGER NOT NULL,
        board_message_id INTEGER,
        result TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE UNIQUE INDEX games_one_live_per_channel
        ON games(channel_id) WHERE status IN ('lobby', 'active', 'paused');
    CREATE INDEX games_by_channel ON games(channel_id, id);
    CREATE TABLE log (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        version INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        payload TEXT NOT NULL,
        gm INTEGER NOT NULL DEFAULT 0,
        undone INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        UNIQUE (game_id, seq)
    );
    CREATE TABLE settings (
        scope TEXT NOT NULL,
        scope_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (scope, scope_id, key)
    );
    """,
    """
    CREATE TABLE timers (
        game_id INTEGER NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        due_at REAL NOT NULL,
        version INTEGER NOT NULL,
        fired INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, kind)
    );
    CREATE INDEX timers_due ON timers(fired, due_at);
    """,
    """
    CREATE TABLE packs (
        guild_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        game TEXT,
        text TEXT NOT NULL,
        digest TEXT NOT NULL,
        uploader_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (guild_id, name)
    );
    """,
    """
    CREATE TABLE leases (
        shard_count INTEGER NOT NULL,
        shard_id INTEGER NOT NULL,
        owner TEXT NOT NULL,
        epoch INTEGER NOT NULL,
        expires_at REAL NOT NULL,
        PRIMARY KEY (shard_count, shard_id)
    );
    """,
    """
    CREATE TABLE static_blobs (
        digest TEXT PRIMARY KEY,
        body TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE checkpoints (
        game_id INTEGER NOT NULL REFERENCES games(id),
        version INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        rng_counter INTEGER NOT NULL,
        PRIMARY KEY (game_id, version)
    ) WITHOUT ROWID;
    CREATE TABLE log_archives (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        fate TEXT NOT NULL,
        lines INTEGER NOT NULL,
        body TEXT,
        at REAL NOT NULL
    );
    CREATE TABLE timers_keyed (
        game_id INTEGER NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        due_at REAL NOT NULL,
        version INTEGER NOT NULL,
        fired INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, kind)
    ) WITHOUT ROWID;
    INSERT INTO timers_keyed SELECT game_id, kind, channel_id, seat, due_at, version, fired
        FROM timers;
    DROP TABLE timers;
    ALTER TABLE timers_keyed RENAME TO timers;
    CREATE INDEX timers_due ON timers(fired, due_at);
    """,
    """
    DROP TABLE leases;
    CREATE TABLE leases (
        slot INTEGER PRIMARY KEY,
        owner TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        shard_count INTEGER NOT NULL,
        shards TEXT NOT NULL,
        epoch INTEGER NOT NULL,
        expires_at REAL NOT NULL
    );
    """,
    """
    CREATE TABLE link_keys (
        guild_id INTEGER PRIMARY KEY,
        key TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    """,
]



STATE_LEVEL = 6
"""zlib level of stored states (0: stored as text, as before). A state is JSON
with many repeated keys and names: Hellraiser's 4.7 KB become 1.6 KB, so the
games row spills into one overflow page instead of five; about 0.1–0.2 ms of
CPU per click (bench/writes_bench.py measures it)."""


def packed(text: str | None) -> str | bytes | None:
    """A state as this backend stores it: zlib-compressed bytes (a blob in the
    state column, whose TEXT affinity leaves blobs alone); read back by
    `stored_text`, which also reads the plain text of older rows."""
    if text is None or STATE_LEVEL == 0:
        return text
    return zlib.compress(text.encode(), STATE_LEVEL)


WRITTEN_EVERY_STEP = frozenset({"version", "state", "rng_counter", "updated_at"})
"""Step columns written whether or not they changed (they almost always do). The
others (status, seats, options, …) are written only when they differ from the
stored row: SQLite maintains every index on a column named in an UPDATE's SET
list even when its value is the same, so naming `status` on every click rewrote
a page of the one-live-game-per-channel index."""


def _update_step(
    db: sqlite3.Connection, game_id: int, expected_version: int, values: Mapping[str, Any]
) -> None:
    """The games row of a step, only the columns that changed (see WRITTEN_EVERY_STEP);
    VersionConflict if it is no longer at `expected_version`."""
    rare = [c for c in STEP_COLUMNS if c not in WRITTEN_EVERY_STEP]
    stored = db.execute(
        f"SELECT {', '.join(['version', *rare])} FROM games WHERE id = ?",  # noqa: S608
        (game_id,),
    ).fetchone()
    if stored is None or stored["version"] != expected_version:
        raise VersionConflict(f"game {game_id} is no longer at v{expected_version}")
    changed = [c for c in STEP_COLUMNS if c not in rare or stored[c] != values[c]]
    db.execute(
        f"UPDATE games SET {', '.join(f'{c} = ?' for c in changed)}"  # noqa: S608
        " WHERE id = ? AND version = ?",
        (*(values[c] for c in changed), game_id, expected_version),
    )


def _keep_checkpoints(
    db: sqlite3.Connection,
    game: GameRow,
    state: Any,
    undo_versions: Sequence[int],
    checkpoint: bool,
) -> None:
    """A step's stored checkpoints (see Storage.commit_step), after its log lines."""
    if undo_versions:
        db.execute(
            "DELETE FROM checkpoints WHERE game_id = ? AND version >= ?",
            (game.id, min(undo_versions)),
        )
    if not game.live:
        db.execute("DELETE FROM checkpoints WHERE game_id = ?", (game.id,))
        return
    if not checkpoint or state is None:
        return
    db.execute(
        "INSERT INTO checkpoints (game_id, version, seq, state, rng_counter)"
        " SELECT ?, ?, COALESCE(MAX(seq), 0), ?, ? FROM log WHERE game_id = ?"
        " ON CONFLICT (game_id, version) DO NOTHING",
        (game.id, game.version, state, game.rng_counter, game.id),
    )
    db.execute(
        "DELETE FROM checkpoints WHERE game_id = ? AND version NOT IN"
        " (SELECT version FROM checkpoints WHERE game_id = ? ORDER BY version DESC LIMIT ?)",
        (game.id, game.id, CHECKPOINTS_STORED),
    )


def _insert_entries(db: sqlite3.Connection, game_id: int, entries: Sequence[LogEntry]) -> None:
    if not entries:
        return
    (last,) = db.execute(
        "SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,)
    ).fetchone()
    db.executemany(
        "INSERT INTO log (game_id, seq, version, kind, seat, user_id, payload, gm, undone,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [entry_values(game_id, last + i + 1, e) for i, e in enumerate(entries)],
    )


def _held(shards: Sequence[int]) -> str:
    """SQL for "the game `g` lives on a shard we hold", its parameters the shard count
    and then each held shard (none when the lease is lost: `IN ()` holds for no row)."""
    marks = ", ".join("?" for _ in shards)
    return f"{shard_of_game('?')} IN ({marks})"


class SqliteStorage(Storage):
    """One SQLite file per process (or per shard partition)."""

    def __init__(
        self, conn: aiosqlite.Connection, *, group_commit: bool = True, path: str | None = None
    ) -> None:
        self._conn = conn
        self.writes = GroupCommit(self._run, enabled=group_commit)
        """The path of every write about a game (create, step, timer claim, board)."""
        self._path = path
        self._lease_conn: aiosqlite.Connection | None = None
        self._lease_opening = asyncio.Lock()
        self._turns = _LeaseFirst()

    @classmethod
    async def open(cls, path: Path | str, *, group_commit: bool = True) -> Self:
        """DatabaseUnusable for a file that cannot be made, opened, written or read as a
        database, so the command line says so in one line instead of a traceback."""
        if str(path) != ":memory:":
            try:
                await asyncio.to_thread(_probe, Path(path))
            except (OSError, sqlite3.Error) as exc:
                raise DatabaseUnusable(_unusable(Path(path), exc)) from exc
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        own_file = None if str(path) == ":memory:" else str(path)
        storage = cls(conn, group_commit=group_commit, path=own_file)
        try:
            await storage._run(_prepare)
        except sqlite3.Error as exc:
            await conn.close()
            raise DatabaseUnusable(_unusable(Path(path), exc)) from exc
        except BaseException:
            await conn.close()
            raise
        return storage

    async def close(self) -> None:
        await self.writes.close()
        if self._lease_conn is not None:
            await self._lease_conn.close()
        await self._conn.close()

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` with the raw connection on aiosqlite's worker thread (one hop)."""
        return await _on_thread(self._conn, self._turns.live(fn))

    async def _run_lease(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run a lease statement (claim, renew, release) on a connection of its own.

        Everything else shares the main connection's one thread, in order: under
        load 5–8 Hellbringer's commits queued there for 2.4 s at p50 and 8.5 s at
        p99, the renewal queued behind them missed its time, and the bot stopped
        serving. On its own thread, and let in before the main connection's next
        turn (`_LeaseFirst`), a renewal waits at most for the one transaction or
        read running on the main connection, not for the queue. Opened at
        the first lease statement, so a storage that never claims (the command
        line, most tests) has no second thread; an in-memory database cannot be
        opened twice and keeps its lease statements on the main connection.
        """
        if self._path is None:
            return await self._run(fn)
        async with self._lease_opening:
            if self._lease_conn is None:
                conn = await aiosqlite.connect(self._path, isolation_level=None)
                conn.row_factory = sqlite3.Row
                try:
                    await _on_thread(conn, self._turns.lease(_prepare))
                except BaseException:
                    await conn.close()
                    raise
                self._lease_conn = conn
            lease_conn = self._lease_conn
        return await _on_thread(lease_conn, self._turns.lease(fn))

    def _hold(self, db: sqlite3.Connection, guild_id: int | None) -> None:
        """Inside a write: refuse it unless this process still holds the guild's slot."""
        held = self._check(guild_id)
        if held is None:
            return
        assert self.lease is not None
        row = db.execute("SELECT owner, epoch FROM leases WHERE slot = ?", (held[0],)).fetchone()
        if row is None or (row["owner"], row["epoch"]) != (self.lease.owner, held[1]):
            raise LeaseLost(f"lease slot {held[0]} was taken over")

    def _hold_game(self, db: sqlite3.Connection, game_id: int) -> None:
        row = db.execute("SELECT guild_id FROM games WHERE id = ?", (game_id,)).fetchone()
        self._hold(db, row["guild_id"] if row else None)

    async def schema_version(self) -> int:
        def q(db: sqlite3.Connection) -> int:
            (version,) = db.execute("PRAGMA user_version").fetchone()
            return int(version)

        return await self._run(q)

    # Games

    async def create_game(self, game: GameRow, entries: Sequence[LogEntry]) -> GameRow:
        stored = await self._stored(game)

        def txn(db: sqlite3.Connection) -> int:
            with _transaction(db):
                self._hold(db, game.guild_id)
                try:
                    cur = db.execute(
                        "INSERT INTO games (guild_id, channel_id, game, mode, status, host_id,"
                        " version, seats, options, state, rng_seed, rng_counter,"
                        " board_message_id, result, created_at, updated_at, finished_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        game_values(stored, packed(stored.state)),
                    )
                except sqlite3.IntegrityError as exc:
                    raise LiveGameExists(str(exc)) from exc
                game_id = cur.lastrowid
                assert game_id is not None
                _insert_entries(db, game_id, entries)
                return game_id

        game_id = await self.writes.submit(txn)
        return game.model_copy(update={"id": game_id})

    async def commit_step(
        self,
        game: GameRow,
        expected_version: int,
        entries: Sequence[LogEntry],
        undo_versions: Sequence[int] = (),
        timers: Sequence[TimerRow] | None = None,
        checkpoint: bool = False,
    ) -> None:
        stored = await self._stored(game)

        def txn(db: sqlite3.Connection) -> None:
            # On the storage thread, not the loop: zlib lets go of the interpreter
            # while it compresses, so the loop goes on meanwhile.
            values = dict(zip(STEP_COLUMNS, step_values(stored, packed(stored.state)),
                              strict=True))
            with _transaction(db):
                self._hold(db, game.guild_id)
                _update_step(db, game.id, expected_version, values)
                if undo_versions:
                    db.executemany(
                        "UPDATE log SET undone = 1 WHERE game_id = ? AND version = ?",
                        [(game.id, v) for v in undo_versions],
                    )
                _insert_entries(db, game.id, entries)
                _keep_checkpoints(db, game, values["state"], undo_versions, checkpoint)
                if timers is not None:
                    db.execute("DELETE FROM timers WHERE game_id = ?", (game.id,))
                    db.executemany(
                        "INSERT INTO timers (game_id, kind, channel_id, seat, due_at, version)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            (game.id, t.kind, t.channel_id, t.seat, t.due_at, t.version)
                            for t in timers
                        ],
                    )

        await self.writes.submit(txn)

    # Turn timers

    async def due_timers(self, now: float) -> list[TimerRow]:
        count, shards = self.held_shards()
        held = _held(shards)

        def q(db: sqlite3.Connection) -> list[TimerRow]:
            rows = db.execute(
                "SELECT t.game_id, t.kind, t.channel_id, t.seat, t.due_at, t.version"  # noqa: S608
                " FROM timers t JOIN games g ON g.id = t.game_id"
                f" WHERE t.fired = 0 AND t.due_at <= ? AND {held} ORDER BY t.due_at",
                (now, count, *shards),
            ).fetchall()
            return [row_to_timer(r) for r in rows]

        return await self._run(q)

    async def live_board_channels(self) -> list[int]:
        count, shards = self.held_shards()
        held = _held(shards)
        live = ", ".join("?" for _ in LIVE_STATUSES)

        def q(db: sqlite3.Connection) -> list[int]:
            rows = db.execute(
                "SELECT g.channel_id FROM games g"  # noqa: S608
                f" WHERE g.status IN ({live}) AND g.board_message_id IS NOT NULL AND {held}"
                " ORDER BY g.updated_at DESC",
                (*LIVE_STATUSES, count, *shards),
            ).fetchall()
            return [int(r[0]) for r in rows]

        return await self._run(q)

    async def next_timer_due(self) -> float | None:
        count, shards = self.held_shards()
        held = _held(shards)

        def q(db: sqlite3.Connection) -> float | None:
            (due,) = db.execute(
                "SELECT MIN(t.due_at) FROM timers t JOIN games g ON g.id = t.game_id"  # noqa: S608
                f" WHERE t.fired = 0 AND {held}",
                (count, *shards),
            ).fetchone()
            return float(due) if due is not None else None

        return await self._run(q)

    async def claim_timers(self, timers: Sequence[TimerRow]) -> list[TimerRow]:
        if not timers:
            return []
        ids = sorted({t.game_id for t in timers})
        marks = ", ".join("?" for _ in ids)

        def txn(db: sqlite3.Connection) -> list[TimerRow]:
            with _transaction(db):
                games = {
                    r["id"]: r
                    for r in db.execute(
                        f"SELECT id, guild_id, status, version FROM games WHERE id IN ({marks})",  # noqa: S608
                        ids,
                    )
                }
                for guild_id in {r["guild_id"] for r in games.values()}:
                    self._hold(db, guild_id)
                marked = {
                    key
                    for key in map(timer_key, timers)
                    if db.execute(
                        "DELETE FROM timers"
                        " WHERE game_id = ? AND kind = ? AND version = ? AND fired = 0",
                        key,
                    ).rowcount
                    == 1
                }
                return won_timers(timers, marked, games)

        return await self.writes.submit(txn)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                self._hold_game(db, game_id)
                db.execute(
                    "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
                )

        await self.writes.submit(txn)

    async def live_game(self, channel_id: int) -> GameRow | None:
        placeholders = ", ".join("?" for _ in LIVE_STATUSES)

        def q(db: sqlite3.Connection) -> GameRow | None:
            row = db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?"  # noqa: S608
                f" AND status IN ({placeholders})",
                (channel_id, *LIVE_STATUSES),
            ).fetchone()
            return row_to_game(row) if row else None

        return await self._full_one(await self._run(q))

    async def game(self, game_id: int) -> GameRow | None:
        def q(db: sqlite3.Connection) -> GameRow | None:
            row = db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?",  # noqa: S608
                (game_id,),
            ).fetchone()
            return row_to_game(row) if row else None

        return await self._full_one(await self._run(q))

    async def games_in_channel(self, channel_id: int, limit: int = 10) -> list[GameRow]:
        def q(db: sqlite3.Connection) -> list[GameRow]:
            rows = db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?"  # noqa: S608
                " ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            ).fetchall()
            return [row_to_game(r) for r in rows]

        return await self._full(await self._run(q))

    async def log(self, game_id: int, include_undone: bool = True) -> list[LogEntry]:
        def q(db: sqlite3.Connection) -> list[LogEntry]:
            rows = db.execute(
                "SELECT seq, version, kind, seat, user_id, payload, gm, undone, created_at"
                " FROM log WHERE game_id = ? AND (undone = 0 OR ?) ORDER BY seq",
                (game_id, int(include_undone)),
            ).fetchall()
            if rows:
                return [row_to_entry(r) for r in rows]
            archived = db.execute(
                "SELECT body FROM log_archives WHERE game_id = ? AND body IS NOT NULL", (game_id,)
            ).fetchone()
            return archived_entries(archived["body"], include_undone) if archived else []

        return await self._run(q)

    # Retention

    async def prune_logs(
        self,
        ended_before: float,
        fate: LogFateKind,
        now: float,
        limit: int = 50,
        max_lines: int = LINES_PER_SLICE,
        after: int = 0,
    ) -> Pruned:
        def txn(db: sqlite3.Connection) -> Pruned:
            with _transaction(db):
                looked_at = db.execute(
                    pruning_candidates("?", "?", "?", "?"),
                    (ended_before, fate, after, GAMES_LOOKED_AT),
                ).fetchall()
                games, looked_to = plan_slice(
                    [(r["id"], r["n"]) for r in looked_at], limit, max_lines
                )
                for game_id in games:
                    rows = db.execute(
                        f"SELECT {LOG_ROW_COLUMNS} FROM log WHERE game_id = ?"  # noqa: S608
                        " ORDER BY seq",
                        (game_id,),
                    ).fetchall()
                    kept = db.execute(
                        "SELECT lines FROM log_archives WHERE game_id = ?", (game_id,)
                    ).fetchone()
                    lines = len(rows) if rows else (kept["lines"] if kept else 0)
                    body = archive_body(rows) if fate == "archived" and rows else None
                    db.execute(
                        "INSERT INTO log_archives (game_id, fate, lines, body, at)"
                        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
                        " fate = excluded.fate, lines = excluded.lines, body = excluded.body,"
                        " at = excluded.at",
                        (game_id, fate, lines, body, now),
                    )
                    db.execute("DELETE FROM log WHERE game_id = ?", (game_id,))
                    db.execute("DELETE FROM checkpoints WHERE game_id = ?", (game_id,))
                return Pruned(len(games), looked_to)

        return await self._run(txn)

    async def log_fate(self, game_id: int) -> LogFate | None:
        def q(db: sqlite3.Connection) -> LogFate | None:
            row = db.execute(
                "SELECT fate, lines, at FROM log_archives WHERE game_id = ?", (game_id,)
            ).fetchone()
            return LogFate(row["fate"], row["lines"], row["at"]) if row else None

        return await self._run(q)

    async def compact(self) -> None:
        def q(db: sqlite3.Connection) -> None:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            (mode,) = db.execute("PRAGMA auto_vacuum").fetchone()
            if mode == INCREMENTAL_VACUUM:
                db.execute(f"PRAGMA incremental_vacuum({VACUUM_PAGES})").fetchall()
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

        await self._run(q)

    # Undo checkpoints

    async def checkpoint_before(
        self, game_id: int, version: int | None = None
    ) -> StoredCheckpoint | None:
        def q(db: sqlite3.Connection) -> StoredCheckpoint | None:
            row = db.execute(
                "SELECT version, seq, state, rng_counter FROM checkpoints"
                " WHERE game_id = ? AND (? IS NULL OR version < ?)"
                " ORDER BY version DESC LIMIT 1",
                (game_id, version, version),
            ).fetchone()
            if row is None:
                return None
            lines = db.execute(
                f"SELECT {LOG_ROW_COLUMNS} FROM log"  # noqa: S608
                " WHERE game_id = ? AND seq > ? AND undone = 0 ORDER BY seq",
                (game_id, row["seq"]),
            ).fetchall()
            return row_to_checkpoint(row, lines)

        return await self._full_checkpoint(await self._run(q))

    # Static blobs

    async def put_static_blobs(self, blobs: Mapping[str, str]) -> None:
        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.executemany(
                    "INSERT INTO static_blobs (digest, body) VALUES (?, ?)"
                    " ON CONFLICT (digest) DO NOTHING",
                    list(blobs.items()),
                )

        await self._run(txn)

    async def static_blobs(self, digests: Sequence[str]) -> dict[str, str]:
        marks = ", ".join("?" for _ in digests)

        def q(db: sqlite3.Connection) -> dict[str, str]:
            rows = db.execute(
                f"SELECT digest, body FROM static_blobs WHERE digest IN ({marks})",  # noqa: S608
                tuple(digests),
            ).fetchall()
            return {r["digest"]: r["body"] for r in rows}

        return await self._run(q)

    # Leases

    async def claim_shards(self, claimant: Claimant, ttl: float) -> list[Holder]:
        now = time.time()

        def txn(db: sqlite3.Connection) -> list[Holder] | dict[int, int]:
            with _transaction(db):
                slots = claimant.slots
                marks = ", ".join("?" for _ in slots)
                rows = db.execute(
                    f"SELECT {LEASE_COLUMNS} FROM leases WHERE slot IN ({marks})",  # noqa: S608
                    slots,
                ).fetchall()
                holders = in_the_way(rows, claimant, now)
                if holders:
                    return holders
                epochs = {slot: 1 for slot in slots} | {r["slot"]: r["epoch"] + 1 for r in rows}
                db.executemany(
                    f"INSERT OR REPLACE INTO leases ({LEASE_COLUMNS})"  # noqa: S608
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    claimed_rows(claimant, epochs, now + ttl),
                )
                return epochs

        claimed = await self._run_lease(txn)
        if isinstance(claimed, list):
            return claimed
        self._set_lease(Lease(claimant.owner, claimant.shard_count, claimant.shards, claimed))
        return []

    async def renew_lease(self, ttl: float) -> bool:
        lease = self.lease
        if lease is None or lease.lost:
            return False
        now = time.time()

        def txn(db: sqlite3.Connection) -> int:
            with _transaction(db):
                return sum(
                    db.execute(
                        "UPDATE leases SET expires_at = ? WHERE slot = ? AND owner = ?"
                        " AND epoch = ?",
                        (now + ttl, slot, lease.owner, epoch),
                    ).rowcount
                    for slot, epoch in lease.epochs.items()
                )

        if await self._run_lease(txn) == len(lease.epochs):
            return True
        self.lose_lease()
        return False

    async def release_lease(self) -> None:
        lease = self.lease
        if lease is None or lease.lost:
            return

        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.executemany(
                    "UPDATE leases SET expires_at = 0 WHERE slot = ? AND owner = ? AND epoch = ?",
                    [(s, lease.owner, e) for s, e in lease.epochs.items()],
                )

        await self._run_lease(txn)
        self._set_lease(None)

    # Export and import

    async def dump_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        def q(db: sqlite3.Connection) -> tuple[list[str], list[tuple[Any, ...]]]:
            cur = db.execute(f"SELECT * FROM {_known(db, table)} ORDER BY 1")  # noqa: S608
            columns = [d[0] for d in cur.description]
            return columns, [_plain(r) for r in cur.fetchall()]

        return await self._run(q)

    async def load_tables(self, tables: Mapping[str, tuple[list[str], list[Any]]]) -> None:
        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                for table, (columns, rows) in tables.items():
                    names = ", ".join(_known_column(db, table, c) for c in columns)
                    marks = ", ".join("?" for _ in columns)
                    db.executemany(
                        f"INSERT INTO {_known(db, table)} ({names}) VALUES ({marks})",  # noqa: S608
                        [tuple(r) for r in rows],
                    )

        await self._run(txn)

    async def table_names(self) -> set[str]:
        def q(db: sqlite3.Connection) -> set[str]:
            return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}

        return await self._run(q)

    async def column_types(self, table: str) -> dict[str, ColumnType]:
        def q(db: sqlite3.Connection) -> dict[str, ColumnType]:
            rows = db.execute("SELECT name, type, \"notnull\" FROM pragma_table_info(?)", (table,))
            return {r["name"]: _column_type(r["type"], not r["notnull"]) for r in rows}

        return await self._run(q)

    # Settings (per channel, per server)


    async def get_settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        def q(db: sqlite3.Connection) -> dict[str, Any]:
            rows = db.execute(
                "SELECT key, value FROM settings WHERE scope = ? AND scope_id = ?",
                (scope, scope_id),
            ).fetchall()
            return {r["key"]: json.loads(r["value"]) for r in rows}

        return await self._run(q)

    async def put_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                if value is None:
                    db.execute(
                        "DELETE FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                        (scope, scope_id, key),
                    )
                else:
                    db.execute(
                        "INSERT INTO settings (scope, scope_id, key, value) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                        (scope, scope_id, key, json.dumps(value)),
                    )

        await self._run(txn)


    # The key that signs a server's web links

    async def link_key(self, guild_id: int, candidate: str, now: float) -> str:
        def txn(db: sqlite3.Connection) -> str:
            with _transaction(db):
                db.execute(
                    "INSERT INTO link_keys (guild_id, key, created_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id) DO NOTHING",
                    (guild_id, candidate, now),
                )
                (key,) = db.execute(
                    "SELECT key FROM link_keys WHERE guild_id = ?", (guild_id,)
                ).fetchone()
                return str(key)

        return await self._run(txn)

    async def put_link_key(self, guild_id: int, key: str, now: float) -> None:
        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "INSERT INTO link_keys (guild_id, key, created_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET key = excluded.key,"
                    " created_at = excluded.created_at",
                    (guild_id, key, now),
                )

        await self._run(txn)

    # A server's own packs (`/game pack`)

    async def put_pack(self, pack: PackRow) -> None:
        """Store a pack, replacing the server's pack of the same name."""

        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    f"INSERT INTO packs ({PACK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"  # noqa: S608
                    " ON CONFLICT (guild_id, name) DO UPDATE SET game = excluded.game,"
                    " text = excluded.text, digest = excluded.digest,"
                    " uploader_id = excluded.uploader_id, created_at = excluded.created_at",
                    pack_values(pack),
                )

        await self._run(txn)

    async def get_pack(self, guild_id: int, name: str) -> PackRow | None:
        def q(db: sqlite3.Connection) -> PackRow | None:
            row = db.execute(
                f"SELECT {PACK_COLUMNS} FROM packs WHERE guild_id = ? AND name = ?",  # noqa: S608
                (guild_id, name),
            ).fetchone()
            return row_to_pack(row) if row else None

        return await self._run(q)

    async def list_packs(self, guild_id: int) -> list[PackRow]:
        def q(db: sqlite3.Connection) -> list[PackRow]:
            rows = db.execute(
                f"SELECT {PACK_COLUMNS} FROM packs WHERE guild_id = ? ORDER BY name",  # noqa: S608
                (guild_id,),
            ).fetchall()
            return [row_to_pack(r) for r in rows]

        return await self._run(q)

    async def delete_pack(self, guild_id: int, name: str) -> bool:
        """True if there was such a pack."""

        def txn(db: sqlite3.Connection) -> bool:
            with _transaction(db):
                cur = db.execute(
                    "DELETE FROM packs WHERE guild_id = ? AND name = ?", (guild_id, name)
                )
                return cur.rowcount == 1

        return await self._run(txn)


class _LeaseFirst:
    """Lease statements go before the main connection's next turn.

    A second connection alone is not enough: SQLite lets one connection write at a
    time, and a writer that finds the lock taken polls for it (busy_timeout), up
    to 100 ms apart. Group commit starts the next batch as soon as one commits,
    so a renewal polling beside back-to-back batches almost never found the lock
    free: measured with 20 writers in a loop, 13 of 15 renewals gave up after the
    5 s busy_timeout ("database is locked"). So every function on the main
    connection passes a turnstile and then holds the room; a lease statement takes
    the turnstile, which stops the main connection's next function at the door,
    waits for the room (the one function running), and runs with the write lock
    free. The main connection pays two uncontended lock operations a function.
    """

    def __init__(self) -> None:
        self._turnstile = threading.Lock()
        self._room = threading.Lock()

    def live(self, fn: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
        def turn(db: sqlite3.Connection) -> T:
            with self._turnstile:
                pass
            with self._room:
                return fn(db)

        return turn

    def lease(self, fn: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
        def turn(db: sqlite3.Connection) -> T:
            with self._turnstile, self._room:
                return fn(db)

        return turn


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """`fn` with `conn`'s raw sqlite3 connection, on that connection's worker thread.

    aiosqlite exposes no public call for this; `_execute` is its own primitive for
    exactly that and is stable across its releases.
    """
    result: T = await conn._execute(lambda: fn(conn._conn))  # type: ignore[no-untyped-call]
    return result


def _plain(row: sqlite3.Row) -> tuple[Any, ...]:
    """An exported row: the only blobs are compressed states, exported as their text
    (so the file is JSON and loads into either backend)."""
    return tuple(stored_text(v) if isinstance(v, bytes) else v for v in row)


def _probe(path: Path) -> None:
    """Make the folder and open the file once, in plain sqlite3: aiosqlite's worker thread
    outlives a failed connect and then writes to a closed event loop (a traceback)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sqlite3.connect(path).close()


def _unusable(path: Path, exc: BaseException) -> str:
    if path.is_dir():
        return "it is a folder; name a file in it, e.g. pandemonium.sqlite"
    if isinstance(exc, OSError):
        return f"its folder {path.parent} cannot be made ({exc.strerror or exc})"
    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
        return "the file is not a SQLite database"
    return f"SQLite cannot open or write it ({exc})"


def _column_type(declared: str, nullable: bool) -> ColumnType:
    """SQLite's type affinity rules (section 3.1 of its datatype page), by declared type."""
    name = declared.upper()
    if "INT" in name:
        return ColumnType("integer", nullable)
    if any(word in name for word in ("CHAR", "CLOB", "TEXT")):
        return ColumnType("text", nullable)
    if not name or "BLOB" in name:
        return ColumnType("blob", nullable)
    return ColumnType("real", nullable)


def _known(db: sqlite3.Connection, table: str) -> str:
    """`table`, if the schema has it: identifiers cannot be parameters, so check them."""
    found = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone()
    if found is None:
        raise ValueError(f"no table {table!r}")
    return table


def _known_column(db: sqlite3.Connection, table: str, column: str) -> str:
    columns = {r["name"] for r in db.execute("SELECT name FROM pragma_table_info(?)", (table,))}
    if column not in columns:
        raise ValueError(f"no column {table}.{column}")
    return column


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any exception (autocommit connection).

    Inside a transaction already open (a group commit's batch) it is a SAVEPOINT
    instead: an exception rolls back this write alone, and the batch commits."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._nested = False

    def __enter__(self) -> None:
        self._nested = self._db.in_transaction
        self._db.execute("SAVEPOINT write" if self._nested else "BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if not self._db.in_transaction:
            return  # SQLite rolled the whole transaction back itself (I/O error, full disk)
        if not self._nested:
            self._db.execute("ROLLBACK" if exc_type else "COMMIT")
            return
        if exc_type:
            self._db.execute("ROLLBACK TO write")
        self._db.execute("RELEASE write")


PAGE_SIZE = 1024
"""Pages of a new database file (an existing file keeps its own). A click dirties
about seven pages (the game row, its log line, an index entry or two, the turn
timers), and the WAL appends each whole: small pages make a click's write small."""


INCREMENTAL_VACUUM = 2
"""PRAGMA auto_vacuum's value for INCREMENTAL. A new file is not made so: its
pointer-map pages would add a page to every click's write (measured: 8.9 → 9.9
pages). Pages that retention frees are reused by new rows instead, so the file
stops growing; an operator who wants it to shrink converts it once (`PRAGMA
auto_vacuum = INCREMENTAL; VACUUM;` while the bot is stopped) and maintenance then
frees pages a few thousand at a time."""

VACUUM_PAGES = 2000
"""Pages an incremental vacuum frees per maintenance run, so it stays short."""


SECURE_DELETE: str | None = "FAST"
"""PRAGMA secure_delete for every connection (None: the build's default).
Debian's SQLite (the one in the python images) is built with it ON, which
zero-fills every page a write frees: a click that rewrites a state with overflow
pages then writes its old overflow chain too (4 of Hellraiser's 16 pages per
click). FAST still clears deleted
content inside the pages a write touches anyway, but no extra page: the same
content stays in the log on disk regardless, so ON protected nothing."""


def _prepare(db: sqlite3.Connection) -> None:
    db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
    if SECURE_DELETE is not None:
        db.execute(f"PRAGMA secure_delete = {SECURE_DELETE}")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    migrate(db)


def migrate(db: sqlite3.Connection) -> int:
    """Apply the migrations this file is newer than, tracked by PRAGMA user_version."""
    (current,) = db.execute("PRAGMA user_version").fetchone()
    if current > len(MIGRATIONS):
        raise SchemaTooNew(
            f"the database is at schema version {current}, newer than this bot"
            f" ({len(MIGRATIONS)}); upgrade the bot"
        )
    for version in range(current, len(MIGRATIONS)):
        with _transaction(db):
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {version + 1}")
    return len(MIGRATIONS)
