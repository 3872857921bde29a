"""Restarts without a deaf bot, through the fake Discord with the bot as a real
process (tests/support/botproc.py) and the default lease length.

A stop by SIGTERM releases the lease, so the next process claims at once; after
SIGKILL the lease is still held, by a process on this machine that is gone, so
the next process takes it over at once too. Only a holder on another machine
(PostgreSQL; simulated here by rewriting the lease's host) is waited for, up to
the lease's length. Each test asserts how the lease changed hands (released,
taken over without waiting, waited for) and prints how long after the new
process started its first interaction was answered, beside the same for a first
start with no lease to take (what starting costs anyway); the figures are
printed, never asserted.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import time
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.databases import open_storage, parse_database
from bot.settings import Settings
from bot.storage_postgres import PostgresStorage
from tests.fakediscord import FakeDiscord
from tests.support.crash_load import Bots
from tests.support.pgserver import PostgresServer

pytestmark = pytest.mark.timeout(300)

LEASE = str(Settings().lease_seconds)
WAITED = "waiting for its lease to end"


async def _running(
    backend: str, request: pytest.FixtureRequest, fake_discord: FakeDiscord, tmp_path: Path
) -> AsyncIterator[Bots]:
    if backend == "sqlite":
        url = str(tmp_path / "pandemonium.sqlite")
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        url = await server.create_database()
    running = Bots(fake_discord, url, tmp_path, env={"PANDEMONIUM_LEASE_SECONDS": LEASE})
    try:
        yield running
    finally:
        running.stop_all()


@pytest.fixture(params=["sqlite", "postgresql"])
async def bots(
    request: pytest.FixtureRequest, fake_discord: FakeDiscord, tmp_path: Path
) -> AsyncIterator[Bots]:
    async for running in _running(request.param, request, fake_discord, tmp_path):
        yield running


@pytest.fixture
async def sqlite_bots(
    request: pytest.FixtureRequest, fake_discord: FakeDiscord, tmp_path: Path
) -> AsyncIterator[Bots]:
    """The signal handling is the same on both backends: one is enough."""
    async for running in _running("sqlite", request, fake_discord, tmp_path):
        yield running


@pytest.fixture
async def postgres_bots(
    request: pytest.FixtureRequest, fake_discord: FakeDiscord, tmp_path: Path
) -> AsyncIterator[Bots]:
    """A holder on another machine is PostgreSQL's case: an SQLite file is on one."""
    async for running in _running("postgresql", request, fake_discord, tmp_path):
        yield running


async def _leases(url: str) -> list[dict[str, Any]]:
    storage = await open_storage(parse_database(url), pool_size=1)
    try:
        columns, rows = await storage.dump_table("leases")
    finally:
        await storage.close()
    return [dict(zip(columns, r, strict=True)) for r in rows]


async def _first_answer(fake: FakeDiscord, bots: Bots) -> str:
    """Start a bot and roll a die as soon as it is connected: seconds from the
    process's start to the answer, and to its lease being claimed (from its log)."""
    started, wall = time.monotonic(), time.time()
    await bots.start()
    roll = await fake.slash("alice", "roll", expression="1d6")
    await roll.response(timeout=60)
    assert roll.record.answered_at is not None
    claimed = next(
        line for line in _log_of(bots, len(bots.procs) - 1).splitlines() if "holding" in line
    )
    at = datetime.strptime(claimed[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp() - wall
    return (
        f"first interaction answered {roll.record.answered_at - started:.1f} s after start"
        f" (lease claimed at {at:.1f} s; load {os.getloadavg()[0]:.1f})"
    )


async def _stop(bots: Bots, how: signal.Signals) -> int:
    """Signal bot 0 and wait for it to end (off the loop: a clean stop talks to the
    fake Discord, which runs on this loop)."""
    proc = bots.procs[0]
    proc.send_signal(how)
    return await asyncio.to_thread(proc.wait, 60)


def _log_of(bots: Bots, index: int) -> str:
    return (bots.logs / f"bot-{index}.log").read_text()


@pytest.mark.slow(25)
@pytest.mark.e2e
async def test_a_stopped_bot_releases_its_lease_and_the_next_serves_at_once(
    fake_discord: FakeDiscord, bots: Bots
) -> None:
    """SIGTERM (`docker stop`, systemd) is a clean stop: the lease is released."""
    fresh = await _first_answer(fake_discord, bots)
    stopping = time.monotonic()
    assert await _stop(bots, signal.SIGTERM) == 0
    stopped = time.monotonic() - stopping
    assert {r["expires_at"] for r in await _leases(bots.url)} == {0}, "released"
    figures = await _first_answer(fake_discord, bots)
    assert WAITED not in _log_of(bots, 1)
    print(f"\n{_backend(bots)} first start, no lease to take: {fresh}")
    print(f"{_backend(bots)} SIGTERM to exit: {stopped:.1f} s; after it, {figures}")


AS_PID_1 = ("unshare", "--pid", "--fork", "--kill-child")
"""A new pid namespace with the bot as its pid 1, as in a container without an init:
the kernel drops signals a pid 1 has no handler for."""


@pytest.mark.e2e
@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare"
)
async def test_the_bot_as_a_containers_pid_1_stops_cleanly_on_sigterm(
    fake_discord: FakeDiscord, sqlite_bots: Bots
) -> None:
    bots = sqlite_bots
    await bots.start(wrapper=AS_PID_1)
    os.kill(_only_child(bots.procs[0].pid), signal.SIGTERM)
    assert await asyncio.to_thread(bots.procs[0].wait, 60) == 0
    assert {r["pid"] for r in await _leases(bots.url)} == {1}, "it ran as pid 1"
    assert {r["expires_at"] for r in await _leases(bots.url)} == {0}, "released"


@pytest.mark.slow(15)
@pytest.mark.e2e
async def test_a_killed_bots_lease_on_this_machine_is_taken_over_at_once(
    fake_discord: FakeDiscord, bots: Bots
) -> None:
    """SIGKILL leaves the lease held by a process that is gone: no wait for its end."""
    await _first_answer(fake_discord, bots)
    assert await _stop(bots, signal.SIGKILL) == -signal.SIGKILL
    before = await _leases(bots.url)
    assert {r["pid"] for r in before} == {bots.procs[0].pid}, "still held by the dead one"
    figures = await _first_answer(fake_discord, bots)
    after = await _leases(bots.url)
    assert {r["pid"] for r in after} == {bots.procs[1].pid}
    assert {r["epoch"] for r in after} == {r["epoch"] + 1 for r in before}
    assert WAITED not in _log_of(bots, 1), "taken over without waiting for the lease's end"
    print(f"\n{_backend(bots)} after SIGKILL: {figures}")


@pytest.mark.slow(17)
@pytest.mark.e2e
async def test_a_killed_bots_lease_on_another_machine_is_waited_for(
    fake_discord: FakeDiscord, postgres_bots: Bots
) -> None:
    """PostgreSQL: a holder on another machine may be alive; its lease must end."""
    bots = postgres_bots
    await _first_answer(fake_discord, bots)
    await _stop(bots, signal.SIGKILL)
    storage = await PostgresStorage.open(bots.url, pool_size=1, migrate=False)
    try:
        async with storage._txn() as db:
            await db.execute("UPDATE leases SET host = 'another-machine'")
    finally:
        await storage.close()
    figures = await _first_answer(fake_discord, bots)
    assert {r["pid"] for r in await _leases(bots.url)} == {bots.procs[1].pid}
    assert WAITED in _log_of(bots, 1), "a holder elsewhere is waited for"
    print(f"\npostgresql SIGKILL, holder on another machine (lease {LEASE} s): {figures}")


def _only_child(pid: int) -> int:
    (child,) = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return int(child)


def _backend(bots: Bots) -> str:
    return parse_database(bots.url).kind
