"""PostgreSQL, several processes: every wait is bounded, and every layout agrees on
who may write.

- A holder frozen mid-write (SIGSTOP while idle in transaction) kept its row
  lock until it resumed, and its successor waited with it; now the server ends
  the frozen transaction and the successor takes over.
- A holder cut off from the database (its role may no longer log in and its
  connections are ended) retried its renewal forever and kept serving; now it
  stops serving when its lease would have run out, by its own clock, and exits
  with status 3, and a new process takes its shards over.
- Processes running the same guild under shard counts 4, 2 and 1: the first
  serves, the others refuse to start with one line and status 2.
Times are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from bot.leases import EXIT_LEASE_LOST, ShardLeases
from bot.storage_postgres import PostgresStorage
from tests.fakediscord import FakeDiscord
from tests.support.botproc import ROOT, spawn
from tests.support.crash_load import Bots
from tests.support.pgserver import PostgresServer

pytestmark = pytest.mark.timeout(300)

LEASE = 5.0
"""Short, so the tests are quick; long enough that a loaded machine's loop lag never
runs a healthy lease out."""


async def _nothing() -> None:
    return None


@pytest.fixture
async def url(postgres_server: PostgresServer) -> str:
    return await postgres_server.create_database()


async def _as_postgres(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url.replace("cutoff@", "postgres@"))
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.mark.e2e
async def test_a_holder_frozen_mid_write_does_not_hold_up_its_successor(url: str) -> None:
    frozen = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.frozen_holder", url, str(LEASE),
        cwd=ROOT,
        stdout=subprocess.PIPE,
    )
    try:
        assert frozen.stdout is not None
        line = await asyncio.wait_for(frozen.stdout.readline(), 60)
        assert line.strip() == b"frozen"
        storage = await PostgresStorage.open(url, pool_size=2, migrate=False)
        try:
            started = time.monotonic()
            leases = ShardLeases(storage, 1, [0], 10.0, on_lost=_nothing)
            await asyncio.wait_for(leases.claim(), 120)
            seconds = time.monotonic() - started
            assert storage.lease is not None and not storage.lease.lost
            await leases.release()
        finally:
            await storage.close()
        print(f"\nfrozen holder (lease {LEASE} s): taken over after {seconds:.1f} s")
    finally:
        frozen.kill()
        await frozen.wait()


@pytest.fixture
async def cutoff_url(url: str) -> str:
    """The database as a role that the test can lock out."""
    await _as_postgres(url, "CREATE ROLE cutoff LOGIN SUPERUSER")
    return url.replace("postgres@", "cutoff@")


@pytest.mark.slow(22)
@pytest.mark.e2e
async def test_a_holder_cut_off_from_the_database_stops_serving_and_exits(
    fake_discord: FakeDiscord, cutoff_url: str, tmp_path: Path, pig_game: None
) -> None:
    bots = Bots(fake_discord, cutoff_url, tmp_path, env={"PANDEMONIUM_LEASE_SECONDS": str(LEASE)})
    try:
        await bots.start()
        roll = await fake_discord.slash("alice", "roll", expression="1d6")
        await roll.response()
        cut = time.monotonic()
        await _as_postgres(
            cutoff_url,
            "ALTER ROLE cutoff NOLOGIN",
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'cutoff'",
        )
        status = await asyncio.to_thread(bots.procs[0].wait, 120)
        seconds = time.monotonic() - cut
        assert status == EXIT_LEASE_LOST, bots.output()
        assert "before it ran out; stopped serving them" in bots.output()
        await _as_postgres(cutoff_url, "ALTER ROLE cutoff LOGIN")
        started = time.monotonic()
        await bots.start()
        roll = await fake_discord.slash("alice", "roll", expression="1d6")
        await roll.response(timeout=60)
        print(
            f"\ncut off (lease {LEASE} s): stopped and exited {seconds:.1f} s after the cut;"
            f" a new process answered {time.monotonic() - started:.1f} s after its start"
        )
    finally:
        bots.stop_all()


@pytest.mark.slow(39)
@pytest.mark.e2e
async def test_processes_of_other_shard_counts_refuse_to_start(
    fake_discord: FakeDiscord, url: str, tmp_path: Path
) -> None:
    """The first of counts 4, 2 and 1 running the guild serves; the others say why
    they will not, in one line, and exit with status 2 before connecting."""
    bots = Bots(fake_discord, url, tmp_path, env={"PANDEMONIUM_LEASE_SECONDS": "10"})
    try:
        guild = fake_discord.guild.id >> 22
        await bots.start([guild % 4], count=4)
        for i, env in enumerate([bots.environment([guild % 2], count=2), bots.environment()]):
            log = tmp_path / f"refused-{i}.log"
            proc = spawn(env, log)
            assert await asyncio.to_thread(proc.wait, 120) == 2
            refusal = [
                line for line in log.read_text().splitlines() if line.startswith("pandemonium:")
            ]
            assert len(refusal) == 1 and f"running shards {guild % 4} of 4" in refusal[0]
            assert "Traceback" not in log.read_text()
        assert bots.procs[0].poll() is None, "the first process serves on"
        roll = await fake_discord.slash("alice", "roll", expression="1d6")
        await roll.response()
    finally:
        bots.stop_all()
