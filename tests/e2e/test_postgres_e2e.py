"""Bot processes on one PostgreSQL, through the fake Discord: a SIGKILL under
load loses no acknowledged action, and when a process running two of four
shards is killed, a new process takes its shards over (at once: the dead
holder ran on this machine) with no action lost or applied twice.

The bots run as real processes (tests/support/botproc.py) so they can be
killed outright; the test drives three tables at once by button clicks and
counts what the bot acknowledged against what the database logged
(tests/support/crash_load.py, shared with the SQLite crash test).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage_postgres import PostgresStorage
from tests.fakediscord import FakeDiscord
from tests.support.crash_load import Bots, kill_under_load_and_recover
from tests.support.pgserver import PostgresServer

pytestmark = pytest.mark.timeout(300)
"""Bot processes start from scratch (imports, login, command sync): on a loaded
machine that has taken tens of seconds, so these two get more than the usual 120."""


@pytest.fixture
async def bots(
    fake_discord: FakeDiscord, postgres_server: PostgresServer, tmp_path: Path
) -> AsyncIterator[Bots]:
    running = Bots(fake_discord, await postgres_server.create_database(), tmp_path)
    try:
        yield running
    finally:
        running.stop_all()


@pytest.mark.slow(86)
@pytest.mark.e2e
async def test_sigkill_under_load_loses_no_acknowledged_move(
    fake_discord: FakeDiscord, bots: Bots, pig_game: None
) -> None:
    await bots.start()
    await kill_under_load_and_recover(fake_discord, bots, bots.start)


@pytest.mark.slow(29)
@pytest.mark.e2e
async def test_a_killed_processes_shards_are_taken_over(
    fake_discord: FakeDiscord, bots: Bots, pig_game: None
) -> None:
    """Two processes, two shards each, one PostgreSQL; the guild's process dies
    under load and a new one claims its shards (the dead one's pid is gone)."""
    owner = (fake_discord.guild.id >> 22) % 4
    mine = sorted([owner, (owner + 1) % 4])
    others = sorted(set(range(4)) - set(mine))
    await bots.start(mine)
    await bots.start(others)
    await kill_under_load_and_recover(fake_discord, bots, lambda: bots.start(mine))
    leases = await _leases(bots.url)
    assert {s: e for s, (_, e) in leases.items()} == {
        mine[0]: 2, mine[1]: 2, others[0]: 1, others[1]: 1
    }, "the new process holds the dead one's shards at a new epoch; the other kept its own"
    assert leases[mine[0]][0] == leases[mine[1]][0] != leases[others[0]][0]


async def _leases(url: str) -> dict[int, tuple[str, int]]:
    """shard of 4 -> (owner, epoch) of its lease slots, which all agree."""
    storage = await PostgresStorage.open(url, pool_size=1, migrate=False)
    try:
        columns, rows = await storage.dump_table("leases")
    finally:
        await storage.close()
    named = [dict(zip(columns, r, strict=True)) for r in rows]
    held = {}
    for shard in range(4):
        (held[shard],) = {(r["owner"], r["epoch"]) for r in named if r["slot"] % 4 == shard}
    return held
