"""`python -m bot export FILE` and `python -m bot import FILE`: every game, log
line, setting, timer (and static blob, pack, checkpoint and log archive, where
the table exists) from one database into
another, SQLite or PostgreSQL either way, so a group that outgrows one machine
moves without losing history. Leases are not carried: they belong to the
processes of one deployment.

The file is JSON: the rows of each table with their column names, in an order
that respects foreign keys. Import goes into an empty database in one
transaction: all or nothing.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.storage_api import Storage

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
    await asyncio.to_thread(path.write_text, text, encoding="utf-8")
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
    present = await storage.table_names()
    tables: dict[str, tuple[list[str], list[Any]]] = {}
    for table in EXPORTED:
        if table not in document["tables"]:
            continue
        if table not in present:
            raise TransferError(f"the target database has no {table} table")
        _, existing = await storage.dump_table(table)
        if existing:
            raise TransferError(f"the target database already holds {table}; import needs it empty")
        entry = document["tables"][table]
        tables[table] = (list(entry["columns"]), list(entry["rows"]))
    await storage.load_tables(tables)
    return {t: len(rows) for t, (_, rows) in tables.items()}
