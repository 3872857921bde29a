"""Turn pings through the fake Discord: the message that passes the turn notifies
exactly the member the game now waits for; a channel can turn pings off, a member
can opt out for themselves, and a host may change their own table's setting."""

from __future__ import annotations

import asyncio

from bot.app import PandemoniumBot
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage


async def _started_pig(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    board = await (await fake.slash("alice", "game new", game="pig", mode="digital")).original()
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    await bot.boards.flush()
    return fake.message(board.id)


async def _passes_the_turn(
    fake: FakeDiscord, bot: PandemoniumBot, who: str = "alice", seat: int = 0
) -> None:
    """The seat rolls until the turn leaves it (a 1) or it can hold, then holds; waits
    until that click's follow-ups (the events, then any ping) have been sent."""
    for _ in range(30):
        current = await bot.table.current(fake.text_channel.id)
        assert current is not None and current.state.turn == seat
        board = fake.message(current.game.board_message_id or 0)
        labels = [c.get("label") for c in board.all_components()]
        click = await fake.click(who, board, label="Hold" if "Hold" in labels else "Roll")
        await click.followups()
        await bot.boards.flush()
        after = await bot.table.current(fake.text_channel.id)
        if after is not None and after.state.turn != seat:
            await asyncio.sleep(0.3)
            return
    raise AssertionError(f"{who} never passed the turn")


def _pings(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in fake.messages(fake.text_channel) if "🔔" in m.content]


async def test_passing_the_turn_pings_exactly_the_next_player(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """Turn pings are on by default and notify only the member meant."""
    async with start_bot() as bot:
        await _started_pig(fake_discord, bot)
        assert _pings(fake_discord) == [], "the host who pressed Start is not pinged"
        await _passes_the_turn(fake_discord, bot)
        await fake_discord.wait_idle()
    bob = fake_discord.member("bob").id
    (ping,) = _pings(fake_discord)
    assert f"<@{bob}>" in ping.content and "your turn at Pig" in ping.content
    assert ping.notified == [bob], "allowed_mentions lets through Bob alone"
    others = [m for m in fake_discord.messages(fake_discord.text_channel) if m is not ping]
    assert all(m.notified == [] for m in others), "no other message notifies anyone"


async def test_a_member_can_opt_out_of_pings(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    async with start_bot() as bot:
        said = await fake_discord.slash("bob", "game notify", ping="off")
        assert await said.ephemeral() and "won't be pinged" in (await said.original()).text()
        await _started_pig(fake_discord, bot)
        await _passes_the_turn(fake_discord, bot)
        assert _pings(fake_discord) == [], "Bob opted out"
        await _passes_the_turn(fake_discord, bot, "bob", 1)
    (ping,) = _pings(fake_discord)
    assert ping.notified == [fake_discord.member("alice").id], "Alice did not opt out"


async def test_the_host_turns_pings_off_for_their_channel(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """A host (no Manage Channels) may change their own table's channel settings;
    a seated player who is not host may not."""
    async with start_bot() as bot:
        await _started_pig(fake_discord, bot)
        refused = await fake_discord.slash("bob", "game settings", key="pings", value="off")
        assert "Only a GM" in (await refused.original()).text()
        done = await fake_discord.slash("alice", "game settings", key="pings", value="off")
        assert "now **False** for this channel" in (await done.original()).text()
        await _passes_the_turn(fake_discord, bot)
        await fake_discord.wait_idle()
    assert _pings(fake_discord) == []


async def test_a_restart_does_not_ping_a_member_told_before_it(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """Bob is told it is his turn; the bot restarts; the host names Bob's character
    while Bob still has the turn. Bob was told already, so that change pings nobody
    (the told seats come from the stored state before each change, not from memory)."""
    async with start_bot() as bot:
        await _started_pig(fake_discord, bot)
        await _passes_the_turn(fake_discord, bot)
        await fake_discord.wait_idle()
    assert len(_pings(fake_discord)) == 1
    async with start_bot() as bot:
        named = await fake_discord.slash("alice", "game character", seat=2, name="Bo")
        assert "Bo" in (await named.original()).text()
        await bot.boards.flush()
        await fake_discord.wait_idle()
        current = await bot.table.current(fake_discord.text_channel.id)
        assert current is not None and current.state.turn == 1, "still Bob's turn"
    assert len(_pings(fake_discord)) == 1, [m.content for m in _pings(fake_discord)]
