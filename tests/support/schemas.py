"""Both backends' schemas as the databases report them, in one shape, and the
differences between two of them in words.

A schema written twice, once per dialect, drifts: a column added to one backend,
an index forgotten, a NOT NULL lost. Counting migrations or CREATE TABLE lines does
not see that; asking each database what it holds does. Column kinds come from
`Storage.column_types`, the mapping export and import rely on; keys, foreign keys
and indexes from each database's own catalogue.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.databases import Database, open_storage
from bot.storage import ColumnType

BOOKKEEPING = frozenset({"schema_migrations"})
"""PostgreSQL records its migrations in a table; SQLite keeps the number in
`PRAGMA user_version`. Not part of what the two must share."""


@dataclass(frozen=True)
class Column:
    kind: str
    nullable: bool

    def __str__(self) -> str:
        return f"{self.kind} {'NULL' if self.nullable else 'NOT NULL'}"


@dataclass(frozen=True)
class Index:
    """An index other than the primary key's. A constraint's own index (UNIQUE (a, b))
    has no name here: each database names those its own way."""

    columns: tuple[str, ...]
    unique: bool
    name: str | None
    where: frozenset[str] | None
    """A partial index's condition, as the quoted values it names: the two databases
    print the same condition differently ("IN ('a', 'b')", "= ANY (ARRAY['a'::text,
    'b'::text])"), but the values must agree. None: not partial."""

    def __str__(self) -> str:
        words = ["unique index" if self.unique else "index"]
        if self.name is not None:
            words.append(self.name)
        words.append(f"({', '.join(self.columns)})")
        if self.where is not None:
            words.append(f"where {sorted(self.where)}")
        return " ".join(words)


@dataclass(frozen=True)
class Table:
    columns: dict[str, Column]
    primary_key: tuple[str, ...]
    foreign_keys: frozenset[tuple[str, str, str]]
    """(column, referenced table, referenced column)."""
    indexes: frozenset[Index]


Schema = dict[str, Table]


def _literals(condition: str) -> frozenset[str]:
    return frozenset(re.findall(r"'([^']*)'", condition))


async def describe(database: Database) -> Schema:
    """The schema of a migrated database of either backend."""
    storage = await open_storage(database, pool_size=1)
    try:
        names = sorted(await storage.table_names() - BOOKKEEPING)
        kinds = {t: await storage.column_types(t) for t in names}
    finally:
        await storage.close()
    if database.kind == "sqlite":
        return _sqlite_schema(Path(database.target), kinds)
    return await _postgres_schema(database.target, kinds)


def _sqlite_schema(path: Path, kinds: dict[str, dict[str, ColumnType]]) -> Schema:
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    try:
        return {t: _sqlite_table(db, t, kinds[t]) for t in kinds}
    finally:
        db.close()


def _sqlite_table(db: sqlite3.Connection, table: str, kinds: dict[str, ColumnType]) -> Table:
    info = db.execute("SELECT * FROM pragma_table_info(?)", (table,)).fetchall()
    (without_rowid,) = db.execute(
        "SELECT wr FROM pragma_table_list WHERE name = ?", (table,)
    ).fetchone()
    key = tuple(r["name"] for r in sorted((r for r in info if r["pk"]), key=lambda r: r["pk"]))
    rowid_alias = len(key) == 1 and next(
        r["type"].upper() == "INTEGER" for r in info if r["name"] == key[0]
    )
    columns = {}
    for r in info:
        # SQLite lets a key column of a rowid table hold NULL unless it is declared NOT
        # NULL or is the rowid itself (INTEGER PRIMARY KEY); PostgreSQL never does.
        enforced = r["name"] in key and (without_rowid or rowid_alias)
        kind = kinds[r["name"]].kind
        columns[r["name"]] = Column(kind, not (r["notnull"] or enforced))
    foreign = frozenset(
        (r["from"], r["table"], r["to"])
        for r in db.execute("SELECT * FROM pragma_foreign_key_list(?)", (table,))
    )
    indexes = set()
    for r in db.execute("SELECT * FROM pragma_index_list(?)", (table,)).fetchall():
        if r["origin"] == "pk":
            continue
        named = db.execute(
            "SELECT name FROM pragma_index_info(?) ORDER BY seqno", (r["name"],)
        ).fetchall()
        where = None
        if r["partial"]:
            (sql,) = db.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", (r["name"],)
            ).fetchone()
            where = _literals(re.split(r"\bWHERE\b", sql, flags=re.IGNORECASE)[1])
        indexes.add(Index(
            columns=tuple(c["name"] for c in named),
            unique=bool(r["unique"]),
            name=r["name"] if r["origin"] == "c" else None,
            where=where,
        ))
    return Table(columns, key, foreign, frozenset(indexes))


POSTGRES_COLUMNS = """
SELECT column_name, is_nullable FROM information_schema.columns
 WHERE table_schema = current_schema() AND table_name = $1
"""

POSTGRES_FOREIGN_KEYS = """
SELECT a.attname AS column, r.relname AS ref_table, ra.attname AS ref_column
  FROM pg_constraint c
  JOIN pg_class t ON t.oid = c.conrelid
  JOIN pg_class r ON r.oid = c.confrelid
 CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(attnum, ref_attnum)
  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
  JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = k.ref_attnum
 WHERE c.contype = 'f' AND t.relname = $1 AND t.relnamespace = current_schema()::regnamespace
"""

POSTGRES_INDEXES = """
SELECT i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
       pg_get_expr(x.indpred, x.indrelid) AS predicate,
       EXISTS (SELECT 1 FROM pg_constraint c
                WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid
                  AND c.contype IN ('p', 'u')) AS of_constraint,
       ARRAY(SELECT a.attname
               FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
               JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
              ORDER BY k.n) AS columns
  FROM pg_index x
  JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_class t ON t.oid = x.indrelid
 WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace
"""


async def _postgres_schema(url: str, kinds: dict[str, dict[str, ColumnType]]) -> Schema:
    conn = await asyncpg.connect(url)
    try:
        schema = {}
        for table in kinds:
            columns = {
                r["column_name"]: Column(
                    kinds[table][r["column_name"]].kind, r["is_nullable"] == "YES"
                )
                for r in await conn.fetch(POSTGRES_COLUMNS, table)
            }
            foreign = frozenset(
                (r["column"], r["ref_table"], r["ref_column"])
                for r in await conn.fetch(POSTGRES_FOREIGN_KEYS, table)
            )
            key: tuple[str, ...] = ()
            indexes = set()
            for r in await conn.fetch(POSTGRES_INDEXES, table):
                if r["primary"]:
                    key = tuple(r["columns"])
                    continue
                predicate = r["predicate"]
                indexes.add(Index(
                    columns=tuple(r["columns"]),
                    unique=r["unique"],
                    name=None if r["of_constraint"] else r["name"],
                    where=None if predicate is None else _literals(predicate),
                ))
            schema[table] = Table(columns, key, foreign, frozenset(indexes))
        return schema
    finally:
        await conn.close()


def differences(first: Schema, second: Schema, names: tuple[str, str]) -> list[str]:
    """Every way `second` differs from `first`, one line each, naming the backends."""
    a, b = names
    found = [f"table {t} only in {a}" for t in sorted(first.keys() - second.keys())]
    found += [f"table {t} only in {b}" for t in sorted(second.keys() - first.keys())]
    for name in sorted(first.keys() & second.keys()):
        one, two = first[name], second[name]
        found += [f"{name}: column {c} only in {a}" for c in sorted(one.columns.keys()
                                                                    - two.columns.keys())]
        found += [f"{name}: column {c} only in {b}" for c in sorted(two.columns.keys()
                                                                    - one.columns.keys())]
        for column in sorted(one.columns.keys() & two.columns.keys()):
            if one.columns[column] != two.columns[column]:
                found.append(f"{name}: column {column} is {one.columns[column]} in {a},"
                             f" {two.columns[column]} in {b}")
        if one.primary_key != two.primary_key:
            found.append(f"{name}: primary key {one.primary_key} in {a},"
                         f" {two.primary_key} in {b}")
        for key in sorted(one.foreign_keys - two.foreign_keys):
            found.append(f"{name}: foreign key {key[0]} -> {key[1]}.{key[2]} only in {a}")
        for key in sorted(two.foreign_keys - one.foreign_keys):
            found.append(f"{name}: foreign key {key[0]} -> {key[1]}.{key[2]} only in {b}")
        found += [f"{name}: {i} only in {a}" for i in sorted(one.indexes - two.indexes, key=str)]
        found += [f"{name}: {i} only in {b}" for i in sorted(two.indexes - one.indexes, key=str)]
    return found
