"""Run a real discord.py client against a :class:`FakeDiscord` for the length of a block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

import discord

from tests.fakediscord.server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)

FAST_GUILD_READY_TIMEOUT = 0.05
"""discord.py waits ``guild_ready_timeout`` (2 s) after the last GUILD_CREATE before
``on_ready``; the fake sends its only guild at once, so a tiny wait is enough."""


@contextlib.asynccontextmanager
async def running_client(
    fake: FakeDiscord,
    client: ClientT,
    *,
    timeout: float = 10.0,  # noqa: ASYNC109
    fast_ready: bool = True,
) -> AsyncIterator[ClientT]:
    """Log ``client`` into ``fake``, wait for ``on_ready``, yield it, then close it.

    A client that fails to start (bad token, crash in ``setup_hook``…) raises
    here instead of leaving the test waiting. ``fast_ready`` shortens
    discord.py's guild-ready wait so a start takes milliseconds, not 2 s.
    """
    with fake.point_discord_py_here():
        if fast_ready:
            state = client._connection
            state.guild_ready_timeout = min(state.guild_ready_timeout, FAST_GUILD_READY_TIMEOUT)
        await client.login(fake.bot_token)
        runner = asyncio.create_task(client.connect(reconnect=True), name="fake-discord-client")
        ready = asyncio.create_task(client.wait_until_ready())
        try:
            done, _ = await asyncio.wait(
                {runner, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if ready not in done:
                if runner in done:
                    runner.result()
                raise AssertionError(f"client not ready within {timeout}s")
            yield client
        finally:
            ready.cancel()
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await runner
