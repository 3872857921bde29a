"""`python -m bot export FILE` and `python -m bot import FILE`: every game, log
line, setting, timer (and static blob, pack, checkpoint and log archive, where
the table exists) from one database into
another, SQLite or PostgreSQL either way, so a group that outgrows one machine
moves without losing history. Leases are not carried: they belong to the
processes of one deployment.

The file is JSON: the rows of each table with their column names, in an order
that respects foreign keys. Import goes into an empty database in one
transaction: all or nothing. Every value is checked against the target's column
types before anything is written, on both backends (SQLite would store a string
in an INTEGER column, and that game would then fail to load), so a bad row is
named in one line (table, row, column) and nothing is imported; an export with
no rows is refused rather than reported as a success.
"""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import ColumnType, Storage

FORMAT = "pandemonium-export/1"
EXPORTED = (
    "games", "log", "settings", "timers", "packs", "static_blobs", "checkpoints", "log_archives"
)
"""Tables carried over, parents first (a state names its static blobs by digest, no
foreign key); one the source lacks is skipped."""


class TransferError(Exception):
    """The file or the target database cannot take part; one sentence says why."""


async def export_to(storage: Storage, path: Path) -> dict[str, int]:
    """Write every exported table to `path`; returns the row count per table."""
    present = await storage.table_names()
    tables: dict[str, Any] = {}
    for table in EXPORTED:
        if table in present:
            columns, rows = await storage.dump_table(table)
            tables[table] = {"columns": columns, "rows": [list(r) for r in rows]}
    document = {
        "format": FORMAT,
        "schema_version": await storage.schema_version(),
        "tables": tables,
    }
    text = json.dumps(document, separators=(",", ":"))
    try:
        await asyncio.to_thread(path.write_text, text, encoding="utf-8")
    except OSError as exc:
        raise TransferError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return {t: len(v["rows"]) for t, v in tables.items()}


async def import_from(storage: Storage, path: Path) -> dict[str, int]:
    """Load an export into an empty database; returns the row count per table."""
    try:
        document = json.loads(await asyncio.to_thread(path.read_text, encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TransferError(f"{path}: not readable as an export ({exc})") from exc
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise TransferError(f"{path}: not a Pandemonium export ({FORMAT})")
    version = await storage.schema_version()
    if document.get("schema_version") != version:
        raise TransferError(
            f"{path} is at schema version {document.get('schema_version')}, the database at"
            f" {version}; run `python -m bot migrate` with the same bot on both first"
        )
    exported = _tables_of(document, path)
    present = await storage.table_names()
    tables: dict[str, tuple[list[str], list[Any]]] = {}
    for table, (columns, rows) in exported.items():
        if table not in present:
            raise TransferError(f"the target database has no {table} table")
        _, existing = await storage.dump_table(table)
        if existing:
            raise TransferError(f"the target database already holds {table}; import needs it empty")
        check_rows(table, columns, rows, await storage.column_types(table))
        tables[table] = (columns, rows)
    try:
        await storage.load_tables(tables)
    except (sqlite3.Error, asyncpg.PostgresError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise TransferError(f"the database refused the rows ({first}); nothing imported") from exc
    return {t: len(rows) for t, (_, rows) in tables.items()}


def _tables_of(document: dict[str, Any], path: Path) -> dict[str, tuple[list[str], list[Any]]]:
    """The export's tables in import order, each (columns, rows), or one sentence."""
    found = document.get("tables")
    if not isinstance(found, dict):
        raise TransferError(f"{path}: not a Pandemonium export ({FORMAT}): no tables")
    unknown = sorted(set(found) - set(EXPORTED))
    if unknown:
        raise TransferError(f"{path}: table {unknown[0]} is not one an export carries")
    tables: dict[str, tuple[list[str], list[Any]]] = {}
    for table in EXPORTED:
        entry = found.get(table)
        if entry is None:
            continue
        columns = entry.get("columns") if isinstance(entry, dict) else None
        rows = entry.get("rows") if isinstance(entry, dict) else None
        if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
            raise TransferError(f"{path}: table {table} has no list of column names")
        if not isinstance(rows, list):
            raise TransferError(f"{path}: table {table} has no list of rows")
        tables[table] = (columns, rows)
    if not any(rows for _, rows in tables.values()):
        raise TransferError(f"{path} holds no rows; there is nothing to import")
    return tables


def check_rows(
    table: str, columns: list[str], rows: list[Any], types: Mapping[str, ColumnType]
) -> None:
    """TransferError naming the first value its column cannot take: table, row, column."""
    for column in columns:
        if column not in types:
            raise TransferError(f"table {table} has no column {column} in this database")
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != len(columns):
            size = len(row) if isinstance(row, list) else "not a list of"
            raise TransferError(
                f"table {table}, row {number}: {size} values for {len(columns)} columns"
            )
        for column, value in zip(columns, row, strict=True):
            problem = _misfit(value, types[column])
            if problem is not None:
                raise TransferError(f"table {table}, row {number}, column {column}: {problem}")


def _misfit(value: Any, column: ColumnType) -> str | None:
    """Why `value` cannot go in `column`, or None."""
    if value is None:
        return None if column.nullable else "is empty, but the column needs a value"
    if column.kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{_shown(value)} is not a whole number"
        limit = 2 ** (column.bits - 1)
        if not -limit <= value < limit:
            return f"{_shown(value)} does not fit a {column.bits}-bit integer"
    elif column.kind == "real":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{_shown(value)} is not a number"
        if isinstance(value, float) and not math.isfinite(value):
            return f"{_shown(value)} is not a finite number"
    elif column.kind == "text":
        if not isinstance(value, str):
            return f"{_shown(value)} is not text"
        if "\x00" in value:
            return "the text holds a NUL character"
    return None


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
