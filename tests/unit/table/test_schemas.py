"""The two backends hold the same schema: asked, each database reports the same
tables, columns (kind and nullability), primary keys, foreign keys, unique
constraints and indexes (partial ones with the same condition). Each comparison
is also shown catching one planted difference, so it cannot pass by comparing
nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.databases import Database, open_storage
from bot.storage_postgres import MIGRATIONS as POSTGRES_MIGRATIONS
from bot.storage_sqlite import MIGRATIONS as SQLITE_MIGRATIONS
from tests.support.pgserver import PostgresServer
from tests.support.schemas import Schema, describe, differences

BACKENDS = ("SQLite", "PostgreSQL")


async def _schemas(
    tmp_path: Path, server: PostgresServer, planted: tuple[str, str] | None = None
) -> tuple[Schema, Schema]:
    """Both backends' schemas, freshly migrated; `planted`: (backend, SQL) run on one
    of them after its migrations."""
    sqlite = Database("sqlite", str(tmp_path / "schema.sqlite"))
    await (await open_storage(sqlite)).close()
    postgres = Database("postgresql", await server.create_database())
    if planted is not None and planted[0] == "sqlite":
        db = sqlite3.connect(sqlite.target, isolation_level=None)
        db.executescript(planted[1])
        db.close()
    elif planted is not None:
        conn = await asyncpg.connect(postgres.target)
        await conn.execute(planted[1])
        await conn.close()
    return await describe(sqlite), await describe(postgres)


async def test_both_backends_build_the_same_schema(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    lite, pg = await _schemas(tmp_path, postgres_server)
    assert differences(lite, pg, BACKENDS) == []
    assert len(lite) == 10, "every table is compared"
    assert sum(len(t.indexes) for t in lite.values()) == 4, "named and UNIQUE indexes"


def test_both_backends_are_at_the_same_schema_version() -> None:
    """Export writes the schema version and import refuses another (bot/transfer.py),
    so a file moves between the backends only while their migrations are as many."""
    assert len(POSTGRES_MIGRATIONS) == len(SQLITE_MIGRATIONS)


PLANTED: list[tuple[str, str, str, list[str]]] = [
    # (what differs, the backend it is planted in, the SQL, the lines that name it)
    ("column", "sqlite", "ALTER TABLE packs ADD COLUMN note TEXT",
     ["packs: column note only in SQLite"]),
    ("kind", "postgresql", "ALTER TABLE games ALTER COLUMN finished_at TYPE TEXT",
     ["games: column finished_at is real NULL in SQLite, text NULL in PostgreSQL"]),
    ("nullability", "postgresql", "ALTER TABLE log ALTER COLUMN seat SET NOT NULL",
     ["log: column seat is integer NULL in SQLite, integer NOT NULL in PostgreSQL"]),
    ("table", "postgresql", "CREATE TABLE notes (id BIGINT PRIMARY KEY)",
     ["table notes only in PostgreSQL"]),
    ("foreign-key", "postgresql",
     "ALTER TABLE checkpoints DROP CONSTRAINT checkpoints_game_id_fkey",
     ["checkpoints: foreign key game_id -> games.id only in SQLite"]),
    ("index", "sqlite", "CREATE INDEX log_by_kind ON log(kind)",
     ["log: index log_by_kind (kind) only in SQLite"]),
    ("partial-index", "postgresql",
     "DROP INDEX games_one_live_per_channel; CREATE UNIQUE INDEX games_one_live_per_channel"
     " ON games(channel_id) WHERE status IN ('lobby', 'active')",
     ["games: unique index games_one_live_per_channel (channel_id)"
      " where ['active', 'lobby', 'paused'] only in SQLite",
      "games: unique index games_one_live_per_channel (channel_id)"
      " where ['active', 'lobby'] only in PostgreSQL"]),
    ("unique", "postgresql",
     "ALTER TABLE log DROP CONSTRAINT log_game_id_seq_key;"
     " ALTER TABLE log ADD UNIQUE (seq, game_id)",
     ["log: unique index (game_id, seq) only in SQLite",
      "log: unique index (seq, game_id) only in PostgreSQL"]),
]


@pytest.mark.parametrize(
    ("planted", "found"),
    [pytest.param((backend, sql), found, id=what) for what, backend, sql, found in PLANTED],
)
async def test_a_planted_difference_is_named(
    tmp_path: Path,
    postgres_server: PostgresServer,
    planted: tuple[str, str],
    found: list[str],
) -> None:
    lite, pg = await _schemas(tmp_path, postgres_server, planted)
    assert differences(lite, pg, BACKENDS) == found
