"""SQLite storage through aiosqlite: games, their action logs, and settings.

Durability: WAL with synchronous=FULL, so a committed action survives a power
cut. Every change to a game is one transaction that appends its log rows and
updates the snapshot only if the version is still the one the caller loaded
(optimistic concurrency on top of the per-channel lock). Each transaction runs
as a single function on aiosqlite's worker thread: one thread hop per action,
rather than one per statement, and sqlite3 is never called on the event loop.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.models import LIVE_STATUSES, GameRow, LogEntry, SeatRow, TimerRow

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
]

_GAME_COLUMNS = (
    "id, guild_id, channel_id, game, mode, status, host_id, version, seats, options, state,"
    " rng_seed, rng_counter, board_message_id, result, created_at, updated_at, finished_at"
)


@dataclass(frozen=True)
class PackRow:
    """A group's own pack as stored: the YAML text as uploaded, with its digest.
    `game` is the game it is for, or None for a dice-only pack."""

    guild_id: int
    name: str
    game: str | None
    text: str
    digest: str
    uploader_id: int
    created_at: float


_PACK_COLUMNS = "guild_id, name, game, text, digest, uploader_id, created_at"


class VersionConflict(Exception):
    """The game changed since it was loaded; the caller reloads and tries again."""


class LiveGameExists(Exception):
    """The channel already has a game in its lobby or in play."""


def _row_to_game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        mode=row["mode"],
        status=row["status"],
        host_id=row["host_id"],
        version=row["version"],
        seats=[SeatRow.model_validate(s) for s in json.loads(row["seats"])],
        options=json.loads(row["options"]),
        state=row["state"],
        rng_seed=row["rng_seed"],
        rng_counter=row["rng_counter"],
        board_message_id=row["board_message_id"],
        result=json.loads(row["result"]) if row["result"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
    )


def _seats_json(game: GameRow) -> str:
    return json.dumps([s.model_dump() for s in game.seats], separators=(",", ":"))


def _insert_entries(db: sqlite3.Connection, game_id: int, entries: Sequence[LogEntry]) -> None:
    if not entries:
        return
    (last,) = db.execute(
        "SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,)
    ).fetchone()
    db.executemany(
        "INSERT INTO log (game_id, seq, version, kind, seat, user_id, payload, gm, undone,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
        [
            (
                game_id,
                last + i + 1,
                e.version,
                e.kind,
                e.seat,
                e.user_id,
                json.dumps(e.payload.stored(), separators=(",", ":")),
                int(e.gm),
                e.created_at,
            )
            for i, e in enumerate(entries)
        ],
    )


class Storage:
    """The one database of this process (one file per shard partition)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        storage = cls(conn)
        await storage._run(_prepare)
        return storage

    async def close(self) -> None:
        await self._conn.close()

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` with the raw connection on aiosqlite's worker thread (one hop).

        aiosqlite exposes no public call for this; `_execute` is its own
        primitive for exactly that and is stable across its releases.
        """
        conn = self._conn
        result: T = await conn._execute(lambda: fn(conn._conn))  # type: ignore[no-untyped-call]
        return result

    # Games

    async def create_game(self, game: GameRow, entries: Sequence[LogEntry]) -> GameRow:
        def txn(db: sqlite3.Connection) -> int:
            with _transaction(db):
                try:
                    cur = db.execute(
                        "INSERT INTO games (guild_id, channel_id, game, mode, status, host_id,"
                        " version, seats, options, state, rng_seed, rng_counter,"
                        " board_message_id, result, created_at, updated_at, finished_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            game.guild_id,
                            game.channel_id,
                            game.game,
                            game.mode,
                            game.status,
                            game.host_id,
                            game.version,
                            _seats_json(game),
                            json.dumps(game.options),
                            game.state,
                            game.rng_seed,
                            game.rng_counter,
                            game.board_message_id,
                            json.dumps(game.result) if game.result else None,
                            game.created_at,
                            game.updated_at,
                            game.finished_at,
                        ),
                    )
                except sqlite3.IntegrityError as exc:
                    raise LiveGameExists(str(exc)) from exc
                game_id = cur.lastrowid
                assert game_id is not None
                _insert_entries(db, game_id, entries)
                return game_id

        game_id = await self._run(txn)
        return game.model_copy(update={"id": game_id})

    async def commit_step(
        self,
        game: GameRow,
        expected_version: int,
        entries: Sequence[LogEntry],
        undo_versions: Sequence[int] = (),
        timers: Sequence[TimerRow] | None = None,
    ) -> None:
        """Append `entries` and write `game` as the new snapshot, atomically, only if
        the stored version is still `expected_version`. `timers`, when given,
        replace the game's turn timers in the same transaction."""

        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                cur = db.execute(
                    "UPDATE games SET status = ?, host_id = ?, version = ?, seats = ?,"
                    " options = ?, state = ?, rng_counter = ?, result = ?, updated_at = ?,"
                    " finished_at = ? WHERE id = ? AND version = ?",
                    (
                        game.status,
                        game.host_id,
                        game.version,
                        _seats_json(game),
                        json.dumps(game.options),
                        game.state,
                        game.rng_counter,
                        json.dumps(game.result) if game.result else None,
                        game.updated_at,
                        game.finished_at,
                        game.id,
                        expected_version,
                    ),
                )
                if cur.rowcount != 1:
                    raise VersionConflict(f"game {game.id} is no longer at v{expected_version}")
                if undo_versions:
                    db.executemany(
                        "UPDATE log SET undone = 1 WHERE game_id = ? AND version = ?",
                        [(game.id, v) for v in undo_versions],
                    )
                _insert_entries(db, game.id, entries)
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

        await self._run(txn)

    # Turn timers

    async def due_timers(self, now: float) -> list[TimerRow]:
        def q(db: sqlite3.Connection) -> list[TimerRow]:
            rows = db.execute(
                "SELECT game_id, kind, channel_id, seat, due_at, version FROM timers"
                " WHERE fired = 0 AND due_at <= ? ORDER BY due_at",
                (now,),
            ).fetchall()
            return [TimerRow(**dict(r)) for r in rows]

        return await self._run(q)

    async def next_timer_due(self) -> float | None:
        def q(db: sqlite3.Connection) -> float | None:
            (due,) = db.execute("SELECT MIN(due_at) FROM timers WHERE fired = 0").fetchone()
            return float(due) if due is not None else None

        return await self._run(q)

    async def claim_timer(self, timer: TimerRow) -> bool:
        """Mark a timer fired if it is still the one scheduled; True for the one caller
        that wins, so a timer fires at most once even across restarts."""

        def txn(db: sqlite3.Connection) -> bool:
            with _transaction(db):
                cur = db.execute(
                    "UPDATE timers SET fired = 1 WHERE game_id = ? AND kind = ? AND version = ?"
                    " AND fired = 0",
                    (timer.game_id, timer.kind, timer.version),
                )
                return cur.rowcount == 1

        return await self._run(txn)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """Where the live board is; not a game change, so no version bump."""

        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
                )

        await self._run(txn)

    async def live_game(self, channel_id: int) -> GameRow | None:
        placeholders = ", ".join("?" for _ in LIVE_STATUSES)

        def q(db: sqlite3.Connection) -> GameRow | None:
            row = db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?"  # noqa: S608
                f" AND status IN ({placeholders})",
                (channel_id, *LIVE_STATUSES),
            ).fetchone()
            return _row_to_game(row) if row else None

        return await self._run(q)

    async def game(self, game_id: int) -> GameRow | None:
        def q(db: sqlite3.Connection) -> GameRow | None:
            row = db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",  # noqa: S608
                (game_id,),
            ).fetchone()
            return _row_to_game(row) if row else None

        return await self._run(q)

    async def games_in_channel(self, channel_id: int, limit: int = 10) -> list[GameRow]:
        def q(db: sqlite3.Connection) -> list[GameRow]:
            rows = db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?"  # noqa: S608
                " ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            ).fetchall()
            return [_row_to_game(r) for r in rows]

        return await self._run(q)

    async def log(self, game_id: int, include_undone: bool = True) -> list[LogEntry]:
        def q(db: sqlite3.Connection) -> list[LogEntry]:
            rows = db.execute(
                "SELECT seq, version, kind, seat, user_id, payload, gm, undone, created_at"
                " FROM log WHERE game_id = ? AND (undone = 0 OR ?) ORDER BY seq",
                (game_id, int(include_undone)),
            ).fetchall()
            return [
                LogEntry(
                    seq=r["seq"],
                    version=r["version"],
                    kind=r["kind"],
                    seat=r["seat"],
                    user_id=r["user_id"],
                    payload=json.loads(r["payload"]),
                    gm=bool(r["gm"]),
                    undone=bool(r["undone"]),
                    created_at=r["created_at"],
                )
                for r in rows
            ]

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


    # A server's own packs (`/game pack`)

    async def put_pack(self, pack: PackRow) -> None:
        """Store a pack, replacing the server's pack of the same name."""

        def txn(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    f"INSERT INTO packs ({_PACK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"  # noqa: S608
                    " ON CONFLICT (guild_id, name) DO UPDATE SET game = excluded.game,"
                    " text = excluded.text, digest = excluded.digest,"
                    " uploader_id = excluded.uploader_id, created_at = excluded.created_at",
                    (pack.guild_id, pack.name, pack.game, pack.text, pack.digest,
                     pack.uploader_id, pack.created_at),
                )

        await self._run(txn)

    async def get_pack(self, guild_id: int, name: str) -> PackRow | None:
        def q(db: sqlite3.Connection) -> PackRow | None:
            row = db.execute(
                f"SELECT {_PACK_COLUMNS} FROM packs WHERE guild_id = ? AND name = ?",  # noqa: S608
                (guild_id, name),
            ).fetchone()
            return PackRow(**dict(row)) if row else None

        return await self._run(q)

    async def list_packs(self, guild_id: int) -> list[PackRow]:
        def q(db: sqlite3.Connection) -> list[PackRow]:
            rows = db.execute(
                f"SELECT {_PACK_COLUMNS} FROM packs WHERE guild_id = ? ORDER BY name",  # noqa: S608
                (guild_id,),
            ).fetchall()
            return [PackRow(**dict(r)) for r in rows]

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


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any exception (autocommit connection)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self._db.execute("ROLLBACK" if exc_type else "COMMIT")


def _prepare(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    migrate(db)


def migrate(db: sqlite3.Connection) -> int:
    """Apply the migrations this file is newer than, tracked by PRAGMA user_version."""
    (current,) = db.execute("PRAGMA user_version").fetchone()
    if current > len(MIGRATIONS):
        raise RuntimeError(
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
