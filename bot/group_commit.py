"""Group commit for SQLite: writes from different channels share one transaction
and one fsync.

Why: with `synchronous=FULL` every COMMIT waits for the WAL to reach the disk,
so at many busy channels the fsyncs, not the work, bound durable actions per
second. The committer queues each write (a function of the connection that
opens its own `_transaction`) and runs whatever is queued as one batch on the
connection's thread: `BEGIN IMMEDIATE`, each write in turn — its `_transaction`
becomes a SAVEPOINT, so a write that raises (a version conflict, a lost lease, a
second live game) is rolled back to its savepoint alone and its caller gets the
exception — then one COMMIT. Every caller's future is resolved only after that
COMMIT returned: a click is acknowledged only once it is durable.

Batches form by themselves: while one batch commits on the thread, the next
queues; a lone write on an idle bot is committed at once (no timer, no added
latency). Ordering: the table service holds a channel's lock across its commit,
so a channel has at most one write queued, and a batch runs its writes in the
order they arrived.

If a batch fails as a whole (SQLite rolled the transaction back, or COMMIT
failed), nothing of it is kept and every write of it is retried in a
transaction of its own, so one bad write never fails the others.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Write = Callable[[sqlite3.Connection], Any]

MAX_BATCH = 128
"""Writes per transaction at most: bounds how long one batch holds the thread."""


class Runner(Protocol):
    """Runs a function with the raw connection on the connection's own thread."""

    def __call__(self, fn: Callable[[sqlite3.Connection], T]) -> Awaitable[T]: ...


@dataclass
class _Queued:
    write: Write
    future: asyncio.Future[Any]


@dataclass(frozen=True)
class _Done:
    value: Any = None
    error: BaseException | None = None


class GroupCommit:
    """The write path of one SQLite connection. `enabled=False` commits every write
    in a transaction of its own, as before (`PANDEMONIUM_GROUP_COMMIT=0`).
    `on_commit` runs on the connection's thread right after each COMMIT (the
    benchmark uses it to give every commit the cost of a slower disk's fsync)."""

    def __init__(
        self,
        run: Runner,
        *,
        enabled: bool = True,
        max_batch: int = MAX_BATCH,
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        self._run = run
        self.enabled = enabled
        self.max_batch = max_batch
        self.on_commit = on_commit
        self.commits = 0
        """Transactions committed through this path (a batch counts once)."""
        self._queue: list[_Queued] = []
        self._drainer: asyncio.Task[None] | None = None

    async def submit(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """Run `write` and return its value once its transaction is durable."""
        if not self.enabled:
            result: T = await self._run(partial(self._alone, write))
            return result
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append(_Queued(write, future))
        if self._drainer is None:
            self._drainer = asyncio.create_task(self._drain())
        return await future

    async def close(self) -> None:
        """Wait for the writes already queued (before the connection closes)."""
        if self._drainer is not None:
            await self._drainer

    async def _drain(self) -> None:
        batch: list[_Queued] = []
        try:
            while self._queue:
                batch = self._queue[: self.max_batch]
                del self._queue[: self.max_batch]
                try:
                    done = await self._run(partial(self._together, [q.write for q in batch]))
                except Exception as exc:
                    done = [_Done(error=exc) for _ in batch]
                for queued, outcome in zip(batch, done, strict=True):
                    _settle(queued.future, outcome)
        finally:
            self._drainer = None
            stopped = _Done(error=RuntimeError("the storage stopped before this write"))
            for queued in [*batch, *self._queue]:
                _settle(queued.future, stopped)
            self._queue.clear()

    def _together(self, writes: list[Write], db: sqlite3.Connection) -> list[_Done]:
        """One transaction for every write (on the connection's thread)."""
        if len(writes) == 1:
            return [self._attempt(writes[0], db)]
        done: list[_Done] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for write in writes:
                try:
                    done.append(_Done(value=write(db)))
                except Exception as exc:
                    if not db.in_transaction:
                        raise
                    done.append(_Done(error=exc))
            db.execute("COMMIT")
        except Exception:
            if db.in_transaction:
                db.execute("ROLLBACK")
            return [self._attempt(write, db) for write in writes]
        self._committed()
        return done

    def _attempt(self, write: Write, db: sqlite3.Connection) -> _Done:
        try:
            return _Done(value=self._alone(write, db))
        except Exception as exc:
            return _Done(error=exc)

    def _alone(self, write: Callable[[sqlite3.Connection], T], db: sqlite3.Connection) -> T:
        """The write in its own transaction (its `_transaction` begins and commits)."""
        value = write(db)
        self._committed()
        return value

    def _committed(self) -> None:
        self.commits += 1
        if self.on_commit is not None:
            self.on_commit()


def _settle(future: asyncio.Future[Any], outcome: _Done) -> None:
    """Resolve a caller's future, unless the caller already gave up on it."""
    if future.done():
        return
    if outcome.error is not None:
        future.set_exception(outcome.error)
    else:
        future.set_result(outcome.value)
