"""The storage's live path held up on purpose, as a machine under heavy load holds it
up: the lease tests (unit and end-to-end, both backends) renew beside it.

Under load 5–8 Hellbringer's commits took 2.4 s at p50 and 8.5 s at p99, and the
lease renewal, queued behind them, missed its time. Here the live path is stopped
outright until the test lets it go, so a renewal that waits behind it fails every
time instead of on a bad day:

- SQLite: the connection's one thread has a long queue of functions, each
  running up to 0.1 s (a batch of commits under load) until the test lets them
  all go;
- PostgreSQL: every pooled connection is taken by a write that has read its
  slot's lease row, as the fencing check of every commit reads it, and waits
  (the pool saturated by commits in flight). The server ends a transaction idle
  for 5 s (`idle_in_transaction_session_timeout`), so a hold must be shorter.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator

from bot.storage import Storage
from bot.storage_postgres import PostgresStorage
from bot.storage_sqlite import SqliteStorage


@contextlib.asynccontextmanager
async def live_path_held(storage: Storage, guild_id: int | None) -> AsyncIterator[None]:
    """Hold the storage's live path while the block runs; writes about `guild_id`'s
    slot are what a PostgreSQL hold has read the lease of."""
    if isinstance(storage, SqliteStorage):
        async with _sqlite_held(storage):
            yield
    elif isinstance(storage, PostgresStorage):
        async with _postgres_held(storage, guild_id):
            yield
    else:
        raise TypeError(f"no way to hold {type(storage).__name__}")


STEP = 0.1
"""How long each function queued on SQLite's connection may run: a batch of
commits under load, bounded as every batch is (`MAX_BATCH` writes)."""
QUEUED = 100
"""Functions queued: up to 10 s of work, more than any hold of a test."""


@contextlib.asynccontextmanager
async def _sqlite_held(storage: SqliteStorage) -> AsyncIterator[None]:
    gate, running = threading.Event(), threading.Event()

    def step(_db: object) -> None:
        running.set()
        gate.wait(STEP)

    held = [asyncio.create_task(storage._run(step)) for _ in range(QUEUED)]
    try:
        await asyncio.to_thread(running.wait, 30)
        yield
    finally:
        gate.set()
        await asyncio.gather(*held)


@contextlib.asynccontextmanager
async def _postgres_held(storage: PostgresStorage, guild_id: int | None) -> AsyncIterator[None]:
    gate = asyncio.Event()
    size = storage._pool.get_max_size()
    started = asyncio.Semaphore(0)

    async def commit_in_flight() -> None:
        async with storage._txn() as db:
            await storage._hold(db, guild_id)
            started.release()
            await gate.wait()

    held = [asyncio.create_task(commit_in_flight()) for _ in range(size)]
    try:
        for _ in range(size):
            await asyncio.wait_for(started.acquire(), 30)
        yield
    finally:
        gate.set()
        await asyncio.gather(*held)
