"""A bot on SQLite with group commit, killed outright (SIGKILL) under load through
the fake Discord: no move it acknowledged is lost, none is applied twice, and a
new process plays on from what was committed.

Six tables click at once, so their steps share transactions (group commit): a
batch in flight at the kill is lost whole, and none of its clicks had been
acknowledged, since each is answered only after its batch's COMMIT. SIGKILL
leaves the operating system's page cache intact, so this proves the order
"commit, then answer" and the atomicity of a batch; surviving a power cut as
well is synchronous=FULL's part (every batch's COMMIT fsyncs the WAL).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.support.crash_load import Bots, kill_under_load_and_recover

pytestmark = pytest.mark.timeout(300)
"""A bot process starts from scratch twice (imports, login, command sync)."""

TABLES = 6


@pytest.fixture
async def bots(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Bots]:
    running = Bots(
        fake_discord,
        str(tmp_path / "crash.sqlite"),
        tmp_path,
        env={"PANDEMONIUM_GROUP_COMMIT": "1"},
    )
    try:
        yield running
    finally:
        running.stop_all()


@pytest.mark.slow(78)
@pytest.mark.e2e
async def test_sigkill_under_load_with_group_commit_loses_no_acknowledged_move(
    fake_discord: FakeDiscord, bots: Bots, pig_game: None
) -> None:
    await bots.start()
    await kill_under_load_and_recover(fake_discord, bots, bots.start, tables=TABLES)
