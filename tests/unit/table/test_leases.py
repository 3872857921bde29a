"""Shard leases: a process whose shards were taken over can no longer commit,
and no cache serves a table another process changed meanwhile."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.databases import open_storage, parse_database
from bot.storage_api import LeaseLost, Storage, shard_of
from bot.table import TableService
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE, BOB, FakeClock

CH = 200
GUILD = 5 << 22  # lives on shard 1 of 2
LONG = 3600.0
EXPIRED = -1.0
"""A lease that ends before it starts: the next claimant may take the shard at once."""


@pytest.fixture
async def other(database_url: str, storage: Storage) -> AsyncIterator[Storage]:
    """A second process's connection to the same database."""
    opened = await open_storage(parse_database(database_url), pool_size=2)
    try:
        yield opened
    finally:
        await opened.close()


async def _table(service: TableService) -> int:
    await service.new_game(
        channel_id=CH, guild_id=GUILD, host=ALICE, game_key="pig", mode="digital"
    )
    await service.join(CH, BOB)
    out = await service.start(CH, ALICE, 1)
    return out.game.version


def test_a_guild_lives_on_discords_shard() -> None:
    assert shard_of(GUILD, 2) == 1
    assert shard_of(None, 4) == 0, "direct messages are on shard 0"


async def test_a_live_lease_is_not_taken(storage: Storage, other: Storage) -> None:
    assert await storage.claim_shards("a", 2, [0, 1], LONG)
    assert not await other.claim_shards("b", 2, [1], LONG), "shard 1 is held by a"
    assert not await other.claim_shards("b", 2, [0], LONG), "all or none: 0 is held too"
    assert await storage.renew_lease(LONG)


async def test_a_released_lease_is_free_at_once(storage: Storage, other: Storage) -> None:
    assert await storage.claim_shards("a", 2, [0, 1], LONG)
    await storage.release_lease()
    assert await other.claim_shards("b", 2, [0, 1], LONG)


async def test_the_old_owner_is_refused_by_the_epoch(
    storage: Storage, other: Storage, clock: FakeClock, pig: None
) -> None:
    """Taken over = refused: every write of the old owner fails in its transaction."""
    first = TableService(storage, clock=clock, seed=3)
    assert await storage.claim_shards("a", 2, [1], EXPIRED)
    await _table(first)
    current = await first.current(CH)
    assert current is not None
    assert await other.claim_shards("b", 2, [1], LONG), "a's lease had run out"
    with pytest.raises(RuleError, match="moving to another bot process"):
        await first.act(CH, ALICE, {"type": "roll"})
    bumped = current.game.model_copy(update={"version": current.game.version + 1})
    with pytest.raises(LeaseLost):
        await storage.commit_step(bumped, current.game.version, [])
    with pytest.raises(LeaseLost):
        await storage.set_board_message(current.game.id, 1)
    assert not await storage.renew_lease(LONG), "the renewal notices the takeover"
    stored = await other.game(current.game.id)
    assert stored is not None and stored.version == current.game.version, "nothing written"


async def test_the_new_owner_carries_on_from_the_database(
    storage: Storage, other: Storage, clock: FakeClock, pig: None
) -> None:
    first = TableService(storage, clock=clock, seed=3)
    assert await storage.claim_shards("a", 2, [1], EXPIRED)
    version = await _table(first)
    await first.act(CH, ALICE, {"type": "roll"})
    assert await other.claim_shards("b", 2, [1], EXPIRED)
    second = TableService(other, clock=clock, seed=3)
    moved = await second.current(CH)
    assert moved is not None and moved.game.version > version
    mover = ALICE if moved.state.turn == 0 else BOB
    after = await second.act(CH, mover, {"type": "hold"})
    assert await storage.claim_shards("a", 2, [1], LONG), "the shard comes back to a"
    back = await first.current(CH)
    assert back is not None
    assert back.game.version == after.game.version, "a dropped its cache with the new epoch"


async def test_timers_of_other_shards_are_not_ours(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    service = TableService(storage, clock=clock, seed=3)
    assert await storage.claim_shards("a", 2, [1], LONG)
    await _table(service)
    assert await storage.due_timers(clock.now + 10**6) != []
    await storage.release_lease()
    assert await storage.claim_shards("a", 2, [0], LONG)
    assert await storage.due_timers(clock.now + 10**6) == [], "shard 1's timers are not ours"
    assert await storage.next_timer_due() is None
