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


def skip_rate_limit_waits(client: discord.Client) -> None:
    """Drop the waits discord.py keeps for Discord's rate limits, which the fake has none of:
    the 2 s guild-ready wait and the 5 s pause before every re-IDENTIFY after a reconnect."""
    state = client._connection
    state.guild_ready_timeout = min(state.guild_ready_timeout, FAST_GUILD_READY_TIMEOUT)

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    client.before_identify_hook = identify_at_once  # type: ignore[method-assign]


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
    here instead of leaving the test waiting. ``fast_ready`` removes
    discord.py's rate-limit waits (2 s before ``on_ready``, 5 s before a
    re-IDENTIFY) so a start or reconnect takes milliseconds.
    """
    with fake.point_discord_py_here():
        if fast_ready:
            skip_rate_limit_waits(client)
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
