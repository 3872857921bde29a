"""A re-post cut short by a restart, through the fake Discord: the bot posts the new
copy of the board, notes it, then deletes the old one. Stopped after any step, the
table must still play, and the next click must leave one live board."""

from __future__ import annotations

from bot.app import PandemoniumBot
from bot.presenting import render_board
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, retired, started_pig
from tests.support.settled import settled


async def _copy_posted(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    """What a re-post does first: the new copy, posted but not yet noted as the board."""
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    board = await render_board(current.game, current.state)
    sent = await bot.get_partial_messageable(fake.text_channel.id).send(**board.new_message())
    await settled(bot)
    return fake.message(sent.id)


async def _roll(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> None:
    handle = await fake.click("alice", board, label="Roll")
    assert not await handle.ephemeral(), (await handle.original()).text()
    await settled(bot)


async def test_a_copy_posted_but_not_noted_becomes_the_board_when_clicked(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """Stopped between posting the new copy and noting it: both copies work after the
    restart. A click on the new one (at the bottom) makes it the live board and
    deletes the old one (before, the copy clicked was deleted and the old one kept)."""
    fake = fake_discord
    async with start_bot() as bot:
        old = await started_pig(fake, bot)
        new = await _copy_posted(fake, bot)
    async with start_bot() as bot:
        await _roll(fake, bot, new)
        live = await board_now(fake, bot, old)
        assert live.id == new.id, "the copy clicked is the live board"
        await retired(fake, old)


async def test_a_copy_left_over_by_a_restart_goes_once_clicked(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """Stopped between posting the new copy and noting it, then played on the old one:
    the copy left over has out-of-date buttons; a click on it is refused politely and
    deletes it, so no second board lingers."""
    fake = fake_discord
    async with start_bot() as bot:
        old = await started_pig(fake, bot)
        left = await _copy_posted(fake, bot)
    async with start_bot() as bot:
        await _roll(fake, bot, old)
        stale = await fake.click("alice", fake.message(left.id), label="Roll")
        assert await stale.ephemeral() and "out of date" in (await stale.original()).text()
        await retired(fake, left)
        assert (await board_now(fake, bot, old)).id == old.id
        assert sum(bool(m.embeds) for m in fake.messages(fake.text_channel)) == 1


async def test_a_copy_noted_but_the_old_one_not_yet_deleted(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """Stopped after noting the new copy, before deleting the old: a click on the old
    copy still plays, and deletes that copy; the live board shows the move."""
    fake = fake_discord
    async with start_bot() as bot:
        old = await started_pig(fake, bot)
        new = await _copy_posted(fake, bot)
        current = await bot.table.current(fake.text_channel.id)
        assert current is not None
        await bot.table.set_board_message(fake.text_channel.id, current.game.id, new.id)
    async with start_bot() as bot:
        await _roll(fake, bot, old)
        await retired(fake, old)
        live = await board_now(fake, bot, new)
        assert live.id == new.id
        assert sum(bool(m.embeds) for m in fake.messages(fake.text_channel)) == 1
