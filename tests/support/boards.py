"""Waiting for the bot to adopt a freshly posted board, for end-to-end tests.

`/game new` answers with the lobby message before the table has stored that
message as the channel's board, so a test that clicks the board straight away
could race the bot. Tests wait here, with one bound, instead of each writing
its own polling loop.
"""

from __future__ import annotations

import asyncio

from bot.app import PandemoniumBot

POLLS = 200
POLL_SECONDS = 0.01


async def board_recorded(bot: PandemoniumBot, channel_id: int, message_id: int) -> None:
    """Return once the channel's game has `message_id` as its board; fail after POLLS tries."""
    for _ in range(POLLS):
        current = await bot.table.current(channel_id)
        if current is not None and current.game.board_message_id == message_id:
            return
        await asyncio.sleep(POLL_SECONDS)
    raise AssertionError("the bot never recorded its lobby message as the board")
