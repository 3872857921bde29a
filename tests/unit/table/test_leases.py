"""Shard leases: a process whose shards were taken over can no longer commit,
whatever shard count either process runs with; no cache serves a table another
process changed meanwhile; a crashed holder on this machine is no obstacle."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.databases import open_storage, parse_database
from bot.lease_slots import LEASE_SLOTS, Claimant, slot_of, slots_for
from bot.leases import conflict, this_process
from bot.models import GameRow, TimerRow
from bot.storage import LeaseLost, Storage
from bot.storage_sqlite import MIGRATIONS, SqliteStorage
from bot.table import TableService
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE, BOB, FakeClock

CH = 200
GUILD = 5 << 22  # lives on shard 1 of 2, shard 1 of 4, and in slot 5
LONG = 3600.0
EXPIRED = -1.0
"""A lease that ends before it starts: the next claimant may take the shard at once."""


def claimant(owner: str, count: int, shards: list[int], host: str = "elsewhere") -> Claimant:
    """A process on another machine (so only its lease's end frees its slots)."""
    return Claimant(owner, host, 1, count, tuple(shards))


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


@given(
    guild=st.integers(min_value=0, max_value=2**63 - 1),
    count=st.integers(min_value=1, max_value=200),
)
def test_every_process_serving_a_guild_claims_its_slot(guild: int, count: int) -> None:
    """Fencing holds across shard counts: whatever the count, the process running the
    guild's shard claims the one slot the guild's writes are checked against."""
    shard = (guild >> 22) % count
    assert slot_of(guild) in slots_for(count, [shard])


@pytest.mark.parametrize("count", [1, 2, 4, 8, 16, 32, 64])
def test_a_count_dividing_the_slots_splits_them_between_shards(count: int) -> None:
    """So processes splitting such a count's shards never meet on a slot."""
    owned = [slots_for(count, [s]) for s in range(count)]
    assert sorted(k for slots in owned for k in slots) == list(range(LEASE_SLOTS))


def test_a_count_not_dividing_the_slots_spreads_each_shard_over_all() -> None:
    assert slots_for(3, [1]) == list(range(LEASE_SLOTS))
    assert slots_for(6, [1]) == [k for k in range(LEASE_SLOTS) if k % 2 == 1]
    assert slot_of(None) in slots_for(5, [0]), "direct messages are on shard 0"


async def test_a_live_lease_is_not_taken(storage: Storage, other: Storage) -> None:
    assert await storage.claim_shards(claimant("a", 2, [0, 1]), LONG) == []
    held = await other.claim_shards(claimant("b", 2, [1]), LONG)
    assert [h.owner for h in held] == ["a"], "shard 1 is held by a"
    assert await other.claim_shards(claimant("b", 2, [0]), LONG) != [], "all or none"
    assert await storage.renew_lease(LONG)


async def test_a_released_lease_is_free_at_once(storage: Storage, other: Storage) -> None:
    assert await storage.claim_shards(claimant("a", 2, [0, 1]), LONG) == []
    await storage.release_lease()
    assert await other.claim_shards(claimant("b", 2, [0, 1]), LONG) == []


async def test_counts_1_2_and_4_claiming_one_guild_exactly_one_writes(
    storage: Storage, other: Storage, database_url: str, clock: FakeClock
) -> None:
    """Three processes own the same guild under counts 4, 2 and 1, each taking over the
    one before (a resharding roll-out): only the last may write; keyed by the shard
    count, all three did."""
    third = await open_storage(parse_database(database_url), pool_size=2)
    try:
        processes = [(storage, 4), (other, 2), (third, 1)]
        for i, (db, count) in enumerate(processes):
            ttl = LONG if i == len(processes) - 1 else EXPIRED
            shard = (GUILD >> 22) % count
            assert await db.claim_shards(claimant(f"p{count}", count, [shard]), ttl) == []
        wrote = []
        for i, (db, count) in enumerate(processes):
            row = GameRow(
                guild_id=GUILD, channel_id=CH + i, game="pig", mode="digital", status="lobby",
                host_id=ALICE.user_id, rng_seed=1, created_at=clock.now, updated_at=clock.now,
            )
            try:
                await db.create_game(row, [])
                wrote.append(count)
            except LeaseLost:
                pass
        assert wrote == [1], "only the newest claimant writes"
    finally:
        await third.close()


async def test_another_shard_layout_holding_a_slot_is_a_conflict(
    storage: Storage, other: Storage
) -> None:
    """A live process of another layout is refused at once; one of the same layout is
    the process being replaced, and is waited for."""
    assert await storage.claim_shards(claimant("a", 2, [1]), LONG) == []
    newer = claimant("b", 4, [1])
    refusal = conflict(newer, await other.claim_shards(newer, LONG))
    assert refusal is not None and "shards 1 of 2" in refusal and "shards 1 of 4" in refusal
    twin = claimant("c", 2, [1])
    held = await other.claim_shards(twin, LONG)
    assert held != [] and conflict(twin, held) is None


async def test_processes_splitting_a_count_not_dividing_the_slots_are_told_why(
    storage: Storage, other: Storage
) -> None:
    """Shards 0 and 1 of 3 share no server but every slot: the refusal names the count."""
    assert await storage.claim_shards(claimant("a", 3, [0]), LONG) == []
    second = claimant("b", 3, [1])
    refusal = conflict(second, await other.claim_shards(second, LONG))
    assert refusal is not None and refusal.startswith("PANDEMONIUM_SHARD_COUNT 3 does not")


async def test_a_holder_on_this_machine_whose_process_is_gone_is_taken_over(
    storage: Storage, other: Storage
) -> None:
    """A crash needs no wait on this machine: the holder's pid no longer runs."""
    gone = await asyncio.create_subprocess_exec("true")
    await gone.wait()
    here = this_process(1, [0])
    assert await storage.claim_shards(
        Claimant("crashed", here.host, gone.pid, 1, (0,)), LONG
    ) == []
    assert await other.claim_shards(here, LONG) == [], "taken over at once"


async def test_a_holder_on_this_machine_still_running_is_waited_for(
    storage: Storage, other: Storage
) -> None:
    alive = await asyncio.create_subprocess_exec("sleep", "60")
    try:
        here = this_process(1, [0])
        assert await storage.claim_shards(
            Claimant("running", here.host, alive.pid, 1, (0,)), LONG
        ) == []
        assert [h.owner for h in await other.claim_shards(here, LONG)] == ["running"]
    finally:
        alive.kill()
        await alive.wait()


async def test_shard_keyed_leases_are_replaced_by_slots(tmp_path: Path) -> None:
    """Schema 6: the leases table of schema 5, keyed by (shard count, shard), gives way
    to the slots; its rows belonged to processes of the old code, which must all be
    stopped for this upgrade (their lease checks now fail, writing nothing)."""
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in ";".join(MIGRATIONS[:5]).split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("PRAGMA user_version = 5")
    db.execute("INSERT INTO leases VALUES (2, 1, 'old', 7, 1e12)")
    db.close()
    storage = await SqliteStorage.open(path)
    try:
        columns, rows = await storage.dump_table("leases")
        assert "slot" in columns and rows == []
        assert await storage.claim_shards(claimant("new", 2, [1]), LONG) == []
    finally:
        await storage.close()


async def test_the_old_owner_is_refused_by_the_epoch(
    storage: Storage, other: Storage, clock: FakeClock, pig: None
) -> None:
    """Taken over = refused: every write of the old owner fails in its transaction."""
    first = TableService(storage, clock=clock, seed=3)
    assert await storage.claim_shards(claimant("a", 2, [1]), EXPIRED) == []
    await _table(first)
    current = await first.current(CH)
    assert current is not None
    assert await other.claim_shards(claimant("b", 2, [1]), LONG) == [], "a's lease ran out"
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
    assert await storage.claim_shards(claimant("a", 2, [1]), EXPIRED) == []
    version = await _table(first)
    await first.act(CH, ALICE, {"type": "roll"})
    assert await other.claim_shards(claimant("b", 2, [1]), EXPIRED) == []
    second = TableService(other, clock=clock, seed=3)
    moved = await second.current(CH)
    assert moved is not None and moved.game.version > version
    mover = ALICE if moved.state.turn == 0 else BOB
    after = await second.act(CH, mover, {"type": "hold"})
    assert await storage.claim_shards(claimant("a", 2, [1]), LONG) == [], "back to a"
    back = await first.current(CH)
    assert back is not None
    assert back.game.version == after.game.version, "a dropped its cache with the new epoch"


async def test_timers_of_other_shards_are_not_ours(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    service = TableService(storage, clock=clock, seed=3)
    assert await storage.claim_shards(claimant("a", 2, [1]), LONG) == []
    await _table(service)
    assert await storage.due_timers(clock.now + 10**6) != []
    await storage.release_lease()
    assert await storage.claim_shards(claimant("a", 2, [0]), LONG) == []
    assert await storage.due_timers(clock.now + 10**6) == [], "shard 1's timers are not ours"
    assert await storage.next_timer_due() is None


async def test_the_held_shard_sql_follows_the_shard_rule_on_each_backend(
    storage: Storage, clock: FakeClock
) -> None:
    """The timers and boards a process looks after are its shards' games: Discord's
    `(guild_id >> 22) % shard_count`, a game outside a server on shard 0, and none once
    the lease is lost. Each backend writes its own SQL for the list of held shards
    (SQLite lists them, PostgreSQL passes an array), so both are held to the rule."""
    guilds = [None, 0, 1 << 22, 2 << 22, (5 << 22) | 12345, 7 << 22, 2**63 - 1]
    channel_of: dict[int, int | None] = {}
    for i, guild in enumerate(guilds):
        row = GameRow(
            guild_id=guild, channel_id=CH + i, game="pig", mode="digital", status="lobby",
            host_id=ALICE.user_id, rng_seed=1, created_at=clock.now, updated_at=clock.now,
        )
        game = await storage.create_game(row, [])
        await storage.set_board_message(game.id, 900 + i)
        moved = game.model_copy(update={"version": game.version + 1})
        timer = TimerRow(game_id=game.id, kind="remind", channel_id=game.channel_id, seat=0,
                         due_at=clock.now, version=moved.version)
        await storage.commit_step(moved, game.version, [], timers=[timer])
        channel_of[game.channel_id] = guild

    async def looked_after() -> tuple[set[int], set[int], bool]:
        timers = {t.channel_id for t in await storage.due_timers(clock.now)}
        boards = set(await storage.live_board_channels())
        return timers, boards, await storage.next_timer_due() is not None

    everything = set(channel_of)
    assert await looked_after() == (everything, everything, True), "unleased: one shard"
    assert await storage.claim_shards(claimant("a", 4, [1, 3]), LONG) == []
    ours = {c for c, g in channel_of.items() if (0 if g is None else (g >> 22) % 4) in (1, 3)}
    assert len(ours) == 4
    assert await looked_after() == (ours, ours, True)
    storage.lose_lease()
    assert await looked_after() == (set(), set(), False)
