"""Issue 27, bot CPU per click: the bot keeps no cache of Discord's messages. Nothing
reads it (the board's sight counts lines as messages arrive, and a click carries its
own message), and with it every MESSAGE_UPDATE — one per board edit — searched up to
1,000 cached messages one by one, and every cached one was copied."""

from __future__ import annotations

from bot.app import PandemoniumBot
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now, started_pig
from tests.support.settled import settled


async def test_a_played_table_leaves_no_message_cache(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    await fake.post_message("carol", "good luck")
    await (await fake.click("alice", board, label="Roll")).original()
    await settled(bot)
    assert not bot.cached_messages, "messages and edits arrived, none kept"
    after = await board_now(fake, bot, board)
    assert after.id == board.id, "the click still edited its board"
