"""The lease renewal never waits behind the storage's live work.

Under load 5–8 (issue 27's load runs) Hellbringer's commits took 2.4 s at p50 and
8.5 s at p99 on SQLite; the renewal, queued on the same connection's thread,
missed its 10 s window and the bot stopped serving (1,162 of 1,612 clicks
unanswered). A bot that is merely slow must keep its lease: lease statements have
a connection of their own on both backends, and on PostgreSQL a commit's fencing
read does not lock out the renewal. Fencing stays as it was: the writes queued
meanwhile still check owner and epoch in their own transaction, and succeed
because the lease is still ours.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from bot.lease_slots import Claimant
from bot.leases import ShardLeases
from bot.models import GameRow
from bot.storage import LeaseBusy, LeaseLost, Storage
from bot.storage_postgres import PostgresStorage
from bot.storage_sqlite import SqliteStorage, _transaction
from tests.support.blocked_storage import live_path_held
from tests.support.pgserver import PostgresServer

TTL = 2.0
"""Short, so the test is quick; long enough that a busy machine's loop lag does not
run a healthy lease out."""
HELD = TTL + 1.5
"""Longer than a renewal queued behind the live path has (0.9 × TTL after the last
one was asked, at most TTL / 3 before the hold began), shorter than PostgreSQL's
5 s limit on a transaction left idle."""
GUILD = 5 << 22


def _row(channel: int) -> GameRow:
    return GameRow(
        guild_id=GUILD, channel_id=channel, game="pig", mode="digital", status="lobby",
        host_id=1, rng_seed=1,
    )


def _elsewhere(owner: str) -> Claimant:
    """A process on another machine, so only its lease's end frees its slots."""
    return Claimant(owner, "elsewhere", 1, 1, (0,))


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> str:
    return await postgres_server.create_database()


def _counting_renewals(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The outcome of every renewal that completed, in order."""
    done: list[bool] = []
    renew = storage.renew_lease

    async def counted(ttl: float) -> bool:
        kept = await renew(ttl)
        done.append(kept)
        return kept

    monkeypatch.setattr(storage, "renew_lease", counted)
    return done


async def test_the_lease_is_renewed_while_live_work_is_held_up(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (docs/architecture.md, leases 3): on SQLite a renewal waits at most for the
    one function running on the main connection, never for the queue behind it;
    on PostgreSQL a saturated pool and commits in flight on the slot do not hold
    it up."""
    lost = asyncio.Event()

    async def on_lost() -> None:
        lost.set()

    renewals = _counting_renewals(storage, monkeypatch)
    leases = ShardLeases(storage, 1, [0], TTL, on_lost=on_lost)
    await leases.claim()
    try:
        async with live_path_held(storage, GUILD):
            queued = [asyncio.create_task(storage.create_game(_row(c), [])) for c in (1, 2, 3)]
            await asyncio.sleep(HELD)
            assert not lost.is_set(), "the lease ran out behind the held live path"
            assert any(renewals), "a renewal completed while the live path was held"
            assert not any(q.done() for q in queued), "the live path really was held"
        created = await asyncio.wait_for(asyncio.gather(*queued), 30)
        assert [g.channel_id for g in created] == [1, 2, 3], "the queued writes were fenced in"
        assert storage.lease is not None and not storage.lease.lost
    finally:
        await leases.release()


async def test_back_to_back_batches_do_not_starve_the_renewal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (docs/architecture.md, leases 3), SQLite: on a connection of its own a
    renewal polled for the write lock beside batches committed back to back and
    gave up after the busy timeout ("database is locked"); it goes before the main
    connection's next batch instead."""
    storage = await SqliteStorage.open(tmp_path / "busy.sqlite")
    lost = asyncio.Event()

    async def on_lost() -> None:
        lost.set()

    def write(db: sqlite3.Connection) -> None:
        with _transaction(db):
            db.execute(
                "INSERT INTO settings VALUES ('guild', 1, 'k', '1')"
                " ON CONFLICT DO UPDATE SET value = excluded.value"
            )
            time.sleep(0.005)

    busy = True

    async def writer() -> None:
        while busy:
            await storage.writes.submit(write)

    renewals = _counting_renewals(storage, monkeypatch)
    leases = ShardLeases(storage, 1, [0], TTL, on_lost=on_lost)
    await leases.claim()
    writers = [asyncio.create_task(writer()) for _ in range(20)]
    try:
        await asyncio.sleep(TTL * 2)
        assert not lost.is_set() and any(renewals)
    finally:
        busy = False
        await asyncio.gather(*writers)
        await leases.release()
        await storage.close()


async def test_a_takeover_still_waits_for_a_commit_in_flight(postgres_url: str) -> None:
    """Fencing as strong as before on PostgreSQL, where a commit's lease read no
    longer locks out the renewal (FOR KEY SHARE): while a write that has read its
    slot's lease row is open, another process's claim is refused (LeaseBusy, after
    `lock_timeout`); once it ended, the claim goes through and the old owner's
    next write is refused."""
    first = await PostgresStorage.open(postgres_url, pool_size=2)
    second = await PostgresStorage.open(postgres_url, pool_size=2, migrate=False)
    try:
        assert await first.claim_shards(_elsewhere("a"), -1.0) == []
        async with first._txn() as db:
            await first._hold(db, GUILD)
            with pytest.raises(LeaseBusy):
                await second.claim_shards(_elsewhere("b"), 3600)
        assert await second.claim_shards(_elsewhere("b"), 3600) == []
        with pytest.raises(LeaseLost):
            await first.create_game(_row(1), [])
    finally:
        await first.close()
        await second.close()
