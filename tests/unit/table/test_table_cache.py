"""Issues 14 and 27, bounds: the live tables kept in memory are bounded by an
estimate of their bytes, least recently used first out, and a channel without a
game takes no entry."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from bot.table import TableService
from bot.table_cache import TableCache
from tests.unit.table.conftest import ALICE, BOB, FakeClock


def test_the_least_recently_used_tables_are_dropped_past_the_bytes() -> None:
    cache: TableCache[str] = TableCache(8, len)
    cache.put(1, "one")
    cache.put(2, "two")
    assert cache.get(1) == "one"
    cache.put(3, "six")
    assert cache.get(2) is None, "2 was the least recently used"
    assert cache.get(1) == "one" and cache.get(3) == "six"
    assert (len(cache), cache.bytes) == (2, 6)
    cache.put(4, "a big one")
    assert (len(cache), cache.bytes) == (1, 9), "the newest table stays, however big"


def test_a_table_put_again_counts_once_at_its_new_size() -> None:
    cache: TableCache[str] = TableCache(100, len)
    cache.put(1, "short")
    cache.put(1, "a good deal longer")
    assert cache.bytes == len("a good deal longer")
    cache.pop(1)
    assert cache.bytes == 0


def test_a_table_read_back_never_replaces_a_newer_one() -> None:
    cache: TableCache[str] = TableCache(100, len)
    cache.put(1, "committed")
    assert cache.add_if_absent(1, "read earlier") == "committed"
    cache.put(1, None)
    assert len(cache) == 0, "a channel whose game ended takes no entry"


def test_a_cache_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        TableCache(0, len)


async def test_a_busy_table_counts_for_more_than_a_new_one(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    """Rule: the cache is bounded by bytes, and a table's undo history is part of it."""
    service = TableService(storage, clock=clock, seed=5, verify=True)
    await _open(service, 1)
    fresh = service._cache.bytes
    for _ in range(40):
        current = await service.current(1)
        assert current is not None
        actor = ALICE if current.game.seats[current.state.turn].user_id == ALICE.user_id else BOB
        await service.act(1, actor, {"type": "roll"})
    assert service._cache.bytes > 2 * fresh


async def _open(service: TableService, channel: int) -> None:
    await service.new_game(
        channel_id=channel, guild_id=1, host=ALICE, game_key="pig", mode="digital"
    )
    await service.join(channel, BOB)
    await service.start(channel, ALICE, 1)


async def test_visiting_channels_without_a_game_keeps_nothing(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    service = TableService(storage, clock=clock, seed=5, verify=True)
    for channel in range(100, 150):
        assert await service.current(channel) is None
    assert len(service._cache) == 0


async def test_an_evicted_table_plays_on_from_storage(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    """Three live tables with room for one: each still plays on, read back exactly."""
    service = TableService(storage, clock=clock, seed=5, verify=True, cache_mib=2**-20)
    for channel in (1, 2, 3):
        await _open(service, channel)
    assert len(service._cache) == 1
    for channel in (1, 2, 3):
        current = await service.current(channel)
        assert current is not None
        before = current.game.version
        seat = current.state.turn
        actor = ALICE if current.game.seats[seat].user_id == ALICE.user_id else BOB
        out = await service.act(channel, actor, {"type": "roll"})
        assert out.game.version == before + 1
    assert service.persistence_failures == []
