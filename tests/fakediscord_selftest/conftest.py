"""A connected, command-synced :class:`HarnessBot` for the harness self-tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord, running_client
from tests.fakediscord_selftest.testbot import HarnessBot


@pytest.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[HarnessBot]:
    client = HarnessBot()
    async with running_client(fake_discord, client):
        await client.tree.sync()
        yield client
