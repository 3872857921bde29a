"""Shared fixtures. Bot-specific end-to-end fixtures live in ``tests/e2e/conftest.py``."""

from __future__ import annotations

import concurrent.futures.thread
import os
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bot.frontend import install
from bot.games import GAMES

if TYPE_CHECKING:
    from bot.storage import Storage
    from tests.fakediscord import FakeDiscord
    from tests.support.pgserver import PostgresServer

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throw-away PostgreSQL for the session, started only if a test asks for it."""
    from tests.support.pgserver import PostgresServer

    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database of each backend, as PANDEMONIUM_DATABASE would name it."""
    if request.param == "sqlite":
        return str(tmp_path / "pandemonium.sqlite")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return await server.create_database()


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    from bot.databases import open_storage, parse_database

    opened = await open_storage(parse_database(database_url), pool_size=4)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(autouse=True, scope="session")
def _games() -> None:
    """The listed games are installed, as the app installs them at start-up."""
    install(GAMES)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord; the test fails at teardown if the bot broke any Discord rule."""
    from tests.fakediscord import FakeDiscord

    fake = await FakeDiscord().start()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_no_violations()


SLOW_TIMEOUT = 300
"""pytest-timeout's limit for a test marked `slow` (120 s for the rest): the limit is
there to end a hang, and a slow test given a third of a core by a busy machine ran
past 120 s in a parallel run."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`make test` runs the suite on every core (xdist, `--dist loadgroup`), and the
    workers take tests in collection order: the longest (marked `slow`) go first,
    longest first, so no worker is left running a long test alone at the end."""
    items.sort(key=_cost, reverse=True)
    for item in items:
        if _cost(item) and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


def _cost(item: pytest.Item) -> float:
    marker = item.get_closest_marker("slow")
    return float(marker.args[0]) if marker is not None else 0.0


_EXIT_STATUS: list[int] = []
_POOL_WORKER = concurrent.futures.thread._worker


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _EXIT_STATUS.append(int(exitstatus))


def pytest_unconfigure(config: pytest.Config) -> None:
    """A thread still running when the suite ends would keep the interpreter waiting
    at exit, and a CI run would hang instead of failing or passing. Name such
    threads, then leave with pytest's own status. Worker-pool threads are left out:
    the interpreter joins them at exit. (The leak that prompted this, an SQLite
    connection a refused open never closed, is fixed and tested in test_storage.)"""
    leftover = [
        t
        for t in threading.enumerate()
        if t is not threading.main_thread()
        and not t.daemon
        and getattr(t, "_target", None) is not _POOL_WORKER
    ]
    if leftover and _EXIT_STATUS:
        names = ", ".join(f"{t.name} ({getattr(t, '_target', None)!r})" for t in leftover)
        sys.stderr.write(f"\nthreads still running at exit: {names}\n")
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS[-1])
