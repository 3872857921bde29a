"""What one click puts in the channel, through the fake Discord: as few messages as
possible (the turn ping rides on the click's event line), a board that moves only
when a screenful sits below it, and no stub of an old copy left behind."""

from __future__ import annotations

from bot.app import PandemoniumBot
from bot.board_sight import CHAT_LINES, SCROLLED_AWAY
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, started_pig
from tests.support.settled import settled


async def _click(fake: FakeDiscord, bot: PandemoniumBot) -> list[FakeMessage]:
    """The player to move presses Hold if offered, else Roll; returns the public
    messages the bot posted for that click (those deleted since included)."""
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    board = await board_now(fake, bot, fake.message(current.game.board_message_id or 0))
    labels = [c.get("label") for c in board.all_components()]
    who = "alice" if current.state.turn == 0 else "bob"
    before = max(m.id for m in fake.store.all())
    await (await fake.click(who, board, label="Hold" if "Hold" in labels else "Roll")).response()
    await settled(bot)
    return [
        m
        for m in fake.store._by_id.values()
        if m.id > before and m.author.id == fake.bot_user.id and not m.ephemeral
    ]


async def test_a_click_that_passes_the_turn_posts_one_message_that_pings(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """The turn ping is folded into the click's event line: one message, which
    notifies exactly the next player (before, the ping was a second message)."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    for _ in range(30):
        posted = await _click(fake, bot)
        current = await bot.table.current(fake.text_channel.id)
        assert current is not None
        if current.state.turn == 1:
            break
        assert len(posted) == 1, [m.text() for m in posted]
    else:
        raise AssertionError("Alice never passed the turn")
    bob = fake.member("bob").id
    (said,) = posted
    assert "Alice" in said.content and f"🔔 <@{bob}>, it's your turn" in said.content
    assert said.notified == [bob], "its allowed mentions let Bob alone through"
    assert (await board_now(fake, bot, board)).id == board.id, "no re-post for so little"


async def test_the_bots_own_lines_move_the_board_only_after_a_screenful(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """The bot's own event lines count by their height: a few clicks of a quiet table
    leave the board where it is (before, every message counted as a chat message
    and the board moved every few clicks); a screenful of them moves it."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    for _ in range(6):
        assert all(not m.embeds for m in await _click(fake, bot)), "no board posted again"
    assert (await board_now(fake, bot, board)).id == board.id
    for _ in range(SCROLLED_AWAY):
        await _click(fake, bot)
    live = await board_now(fake, bot, board)
    assert live.id != board.id and fake.message(board.id).deleted, "moved, old copy deleted"


async def test_chat_moves_the_board_and_the_click_leaves_no_stub(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Members' chat pushes the board out of sight for real: the next click posts it
    again below the chat and deletes the copy clicked, so the channel gains the
    new board and the click's line, and holds no stub and no second board."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    for i in range(SCROLLED_AWAY // CHAT_LINES):
        await fake.post_message("dave", f"chatter {i}")
    await settled(bot)
    visible = len(fake.messages(fake.text_channel))
    posted = await _click(fake, bot)
    live = await board_now(fake, bot, board)
    assert live.id != board.id and fake.message(board.id).deleted
    assert live.id > max(m.id for m in fake.messages(fake.text_channel) if "chatter" in m.text())
    assert [bool(m.embeds) for m in posted] == [True, False], "the board, then the click's line"
    assert len(fake.messages(fake.text_channel)) == visible + 1, "one copy gone, two posted"
    texts = [m.text() for m in fake.messages(fake.text_channel)]
    assert not any("moved below" in t for t in texts)
    assert sum(bool(m.embeds) for m in fake.messages(fake.text_channel)) == 1
