"""Waiting until the bot has finished handling every interaction sent so far.

A click's answer arrives before its follow-ups (the event lines, a turn ping),
so a test that counts the messages one click produces must know the handler is
done, not merely that the click was answered. The bot runs in the test's event
loop, and discord.py runs each component callback and slash command in a task
it names; once none is pending and the board updater is idle, nothing more is
coming from that click.
"""

from __future__ import annotations

import asyncio

from bot.app import PandemoniumBot

HANDLERS = (
    "discord.py: on_interaction", "discord-ui-view-dispatch-", "CommandTree-invoker"
)
"""Names discord.py gives the tasks that run a click (our `on_interaction` listener,
a View's callback) or a slash command."""


def _handling() -> list[asyncio.Task[object]]:
    return [t for t in asyncio.all_tasks() if not t.done() and t.get_name().startswith(HANDLERS)]


async def settled(bot: PandemoniumBot) -> None:
    """Return once no interaction handler is running and every board edit is done."""
    while True:
        busy = _handling()
        if busy:
            await asyncio.wait(busy)
            continue
        await bot.boards.flush()
        if not _handling():
            return
