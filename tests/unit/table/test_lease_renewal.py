"""A process keeps its lease only while it can renew it: cut off from the database,
it stops serving by its own clock when the lease would have run out (the
storage refuses its writes from then on, and the bot is told to stop), instead
of retrying forever while another process may have taken over."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest

from bot.databases import open_storage, parse_database
from bot.lease_slots import Claimant
from bot.leases import LeaseConflict, ShardLeases, Stopped
from bot.models import GameRow
from bot.storage import LeaseLost, Storage

TTL = 0.6
GUILD = 5 << 22


@pytest.fixture
async def sqlite(tmp_path: object) -> AsyncIterator[Storage]:
    opened = await open_storage(parse_database(f"{tmp_path}/db.sqlite"))
    try:
        yield opened
    finally:
        await opened.close()


def _row() -> GameRow:
    return GameRow(
        guild_id=GUILD, channel_id=1, game="pig", mode="digital", status="lobby", host_id=1,
        rng_seed=1,
    )


async def _cut_off() -> bool:
    raise OSError("connection refused")


async def _stuck() -> bool:
    await asyncio.sleep(3600)
    return True


@pytest.mark.parametrize("renewal", [_cut_off, _stuck], ids=["refused", "no answer"])
async def test_a_process_that_cannot_renew_stops_serving_when_its_lease_runs_out(
    sqlite: Storage, renewal: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    lost = asyncio.Event()

    async def on_lost() -> None:
        lost.set()

    leases = ShardLeases(sqlite, 1, [0], TTL, on_lost=on_lost)
    await leases.claim()
    monkeypatch.setattr(sqlite, "renew_lease", lambda ttl: renewal())  # type: ignore[operator]
    await asyncio.wait_for(lost.wait(), 30)
    assert sqlite.lease is not None and sqlite.lease.lost
    with pytest.raises(LeaseLost):
        await sqlite.create_game(_row(), [])
    await leases.release()


async def test_a_process_that_renews_keeps_serving(sqlite: Storage) -> None:
    lost = asyncio.Event()

    async def on_lost() -> None:
        lost.set()

    leases = ShardLeases(sqlite, 1, [0], TTL, on_lost=on_lost)
    await leases.claim()
    await asyncio.sleep(TTL * 3)
    assert not lost.is_set()
    await sqlite.create_game(_row(), [])
    await leases.release()


async def test_renewals_that_each_take_a_third_of_the_lease_keep_it_and_say_so(
    sqlite: Storage, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An overloaded machine makes every renewal slow. The next renewal is due a third
    of the lease after the last was asked, not after it answered (which left a
    renewal of more than about 0.28 of the lease too little time, and the bot
    stopped serving); each late one is logged with how late it was and how much
    of the lease was left."""
    ttl = 2.4
    renew = sqlite.renew_lease

    async def slow(ttl: float) -> bool:
        await asyncio.sleep(ttl * 0.35)
        return await renew(ttl)

    monkeypatch.setattr(sqlite, "renew_lease", slow)
    lost = asyncio.Event()

    async def on_lost() -> None:
        lost.set()

    leases = ShardLeases(sqlite, 1, [0], ttl, on_lost=on_lost)
    await leases.claim()
    try:
        with caplog.at_level(logging.WARNING, logger="bot.leases"):
            await asyncio.sleep(ttl * 2)
        assert not lost.is_set(), "slow renewals that each land in time keep the lease"
        late = [r.getMessage() for r in caplog.records if "s late" in r.getMessage()]
        assert late and "of the lease were left" in late[0], late
        await sqlite.create_game(_row(), [])
    finally:
        await leases.release()


async def _nothing() -> None:
    return None


async def test_another_layout_refuses_the_start(sqlite: Storage) -> None:
    assert await sqlite.claim_shards(Claimant("a", "elsewhere", 1, 2, (1,)), 3600) == []
    leases = ShardLeases(sqlite, 4, [1], TTL, on_lost=_nothing)
    with pytest.raises(LeaseConflict, match=r"running shards 1 of 2 \(elsewhere, pid 1\)"):
        await leases.claim()


async def test_a_stop_ends_the_wait_for_a_predecessor(sqlite: Storage) -> None:
    """SIGTERM while waiting for the process being replaced stops at once."""
    assert await sqlite.claim_shards(Claimant("a", "elsewhere", 1, 1, (0,)), 3600) == []
    leases = ShardLeases(sqlite, 1, [0], TTL, on_lost=_nothing)
    waiting = asyncio.create_task(leases.claim())
    await asyncio.sleep(0.3)
    assert not waiting.done(), "a process of the same layout is waited for"
    leases.stop()
    with pytest.raises(Stopped):
        await asyncio.wait_for(waiting, 10)


async def test_a_cancel_that_lands_as_a_renewal_completes_stops_the_renewals(
    sqlite: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Releasing the lease cancels the renewal loop; a cancellation that lands just as
    a renewal completes must still end it. Python 3.11's `asyncio.wait_for` returned
    the renewal's result and dropped the cancellation, so `release()` waited for ever
    (the lease tests hung once in 32 runs under load). Here the renewal itself asks
    for the cancellation and completes at once: the loop must end, not renew again."""
    leases = ShardLeases(sqlite, 1, [0], TTL, on_lost=_nothing)
    await leases.claim()
    loop = asyncio.get_running_loop()
    renewals: list[float] = []

    async def renew_then_cancelled(ttl: float) -> bool:
        renewals.append(ttl)
        task = leases._task
        assert task is not None
        loop.call_soon(task.cancel)
        return True

    monkeypatch.setattr(sqlite, "renew_lease", renew_then_cancelled)
    task = leases._task
    assert task is not None
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(asyncio.shield(task), TTL * 5)
    assert len(renewals) == 1, f"{len(renewals)} renewals after the cancellation"
    await leases.release()

