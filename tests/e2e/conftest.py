"""The real Pandemonium bot, started against the fake Discord.

`start_bot()` may be called more than once on the same database: that is a
restart, as far as the bot can tell.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import PandemoniumBot, create_bot
from bot.settings import Settings
from engines import registry
from tests.fakediscord import FakeDiscord, running_client
from tests.support.pig import ENGINE as PIG

SEED = 4242

StartBot = Callable[..., contextlib.AbstractAsyncContextManager[PandemoniumBot]]


@pytest.fixture
def pig_game() -> Iterator[None]:
    registry.register(PIG)
    yield
    registry.unregister(PIG.key)


@pytest.fixture
def e2e_backend() -> str:
    """The database the bot runs on; tests about storage parametrise it over both."""
    return "sqlite"


@pytest.fixture
async def bot_settings(
    fake_discord: FakeDiscord, tmp_path: Path, e2e_backend: str, request: pytest.FixtureRequest
) -> Settings:
    database = str(tmp_path / "pandemonium.sqlite")
    if e2e_backend == "postgresql":
        database = await request.getfixturevalue("postgres_server").create_database()
    return Settings(
        discord_token=fake_discord.bot_token,
        database=database,
        discord_api_base=fake_discord.api_base,
        discord_gateway_url=fake_discord.gateway_url,
        seed=SEED,
        verify_storage=True,
        web_port=None,
    )


@pytest.fixture
def start_bot(fake_discord: FakeDiscord, bot_settings: Settings) -> StartBot:
    @contextlib.asynccontextmanager
    async def start(
        clock: Callable[[], float] | None = None,
        board_interval: float = 0.05,
        **overrides: Any,
    ) -> AsyncIterator[PandemoniumBot]:
        settings = bot_settings.model_copy(update=overrides)
        extra: dict[str, Any] = {"board_interval": board_interval}
        if clock is not None:
            extra["clock"] = clock
        bot = create_bot(settings, **extra)
        async with running_client(fake_discord, bot):
            yield bot
        assert not bot.table.persistence_failures, bot.table.persistence_failures
        assert not bot.table.secrecy.leaks, bot.table.secrecy.leaks
        routed_twice = list(bot._connection._view_store._dynamic_items.values())
        assert not routed_twice, f"discord.py would route these clicks too: {routed_twice}"

    return start


@pytest.fixture
async def pandemonium(start_bot: StartBot, pig_game: None) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as bot:
        yield bot
