"""Which database PANDEMONIUM_DATABASE names, and opening it.

A file path or `sqlite:///path` is SQLite (the embedded default; a process
running a set of shards gets its own file); `postgresql://…` or `postgres://…`
is a PostgreSQL server that many shard processes share. Anything else is
refused before anything is created.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from bot.storage import Storage
from bot.storage_postgres import PostgresStorage
from bot.storage_sqlite import SqliteStorage

SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
POSTGRES_SCHEMES = ("postgresql", "postgres")


@dataclass(frozen=True)
class Database:
    kind: Literal["sqlite", "postgresql"]
    target: str
    """The SQLite file's path, or the PostgreSQL connection URL."""

    def shown(self) -> str:
        """The target without any password, for messages and logs."""
        if self.kind == "sqlite":
            return self.target
        parts = urlsplit(self.target)
        if parts.password is None:
            return self.target
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))

    def for_shards(self, shards: list[int]) -> Database:
        """SQLite keeps one file per shard partition; PostgreSQL is shared as it is."""
        if self.kind != "sqlite" or not shards or self.target == ":memory:":
            return self
        path = Path(self.target)
        tag = "-".join(str(i) for i in shards)
        return Database("sqlite", str(path.with_name(f"{path.stem}.shards-{tag}{path.suffix}")))


def parse_database(value: str) -> Database:
    """ValueError with one sentence for a value the bot cannot use."""
    text = value.strip()
    if not text:
        raise ValueError("is empty; give a file path, sqlite:///path or postgresql://…")
    match = SCHEME.match(text)
    if match is None:
        return Database("sqlite", text)
    scheme = match.group(1).lower()
    if scheme == "sqlite":
        path = text[len("sqlite:///") :] if text.lower().startswith("sqlite:///") else ""
        if not path:
            raise ValueError("sqlite URLs look like sqlite:///relative/path or sqlite:////abs/path")
        return Database("sqlite", path)
    if scheme in POSTGRES_SCHEMES:
        parts = urlsplit(text)
        if not parts.hostname and "host=" not in parts.query:
            raise ValueError("a postgresql:// URL needs a host, e.g. postgresql://user@host/db")
        return Database("postgresql", text)
    raise ValueError(
        f"has the unknown scheme {scheme}://; use a file path, sqlite:///path or postgresql://…"
    )


async def open_storage(
    database: Database, *, pool_size: int = 10, group_commit: bool = True
) -> Storage:
    """Open (and migrate) the database. PostgreSQL failures raise DatabaseUnreachable.
    `group_commit` is SQLite's (PostgreSQL commits each connection's own transaction)."""
    if database.kind == "postgresql":
        return await PostgresStorage.open(database.target, pool_size=pool_size)
    return await SqliteStorage.open(database.target, group_commit=group_commit)
