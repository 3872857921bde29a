"""A burst of clicks finds the bot's connections to the API already open (issue 27:
in the load bench's opening the bot opened 65-97 connections in its first second,
each taking several turns of a saturated loop before its acknowledgement could
leave; against Discord each is a TCP and TLS handshake)."""

from __future__ import annotations

import asyncio

from bench.load_figures import BotFigures, time_connections
from bot.app import PandemoniumBot
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_recorded

MEMBERS = 20


async def test_twenty_joins_at_once_open_no_connection(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    figures = BotFigures()
    time_connections(pandemonium, figures)
    await pandemonium.warm_pool.top_up()  # the one login started may still be under way
    handle = await fake_discord.slash("alice", "game new", game="pig", mode="digital")
    board = await handle.original()
    await board_recorded(fake_discord, pandemonium, board)
    members = [fake_discord.add_member(f"player{i}") for i in range(MEMBERS)]
    handles = await asyncio.gather(*(fake_discord.click(m, board, label="Join") for m in members))
    await asyncio.gather(*(h.original() for h in handles))
    current = await pandemonium.table.current(fake_discord.text_channel.id)
    assert current is not None and len(current.game.seats) == MEMBERS + 1
    assert figures.connecting == [], f"{len(figures.connecting)} connections opened in the burst"


async def test_without_the_warm_pool_the_same_burst_opens_connections(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """The count can fail: with no connections kept ahead (`http_connections=0`), the
    joins open their own, and each is noted (the pool's own top-ups never are)."""
    async with start_bot(http_connections=0) as bot:
        figures = BotFigures()
        time_connections(bot, figures)
        handle = await fake_discord.slash("alice", "game new", game="pig", mode="digital")
        board = await handle.original()
        await board_recorded(fake_discord, bot, board)
        members = [fake_discord.add_member(f"player{i}") for i in range(MEMBERS)]
        handles = await asyncio.gather(
            *(fake_discord.click(m, board, label="Join") for m in members)
        )
        await asyncio.gather(*(h.original() for h in handles))
        assert figures.connecting, "a burst with no idle connection opened none"
