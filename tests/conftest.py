"""Shared fixtures. Bot-specific end-to-end fixtures live in ``tests/e2e/conftest.py``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import pytest

from bot.frontend import install
from bot.games import GAMES

if TYPE_CHECKING:
    from tests.fakediscord import FakeDiscord


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
