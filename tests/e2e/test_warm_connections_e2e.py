"""A burst of clicks finds the bot's connections to the API already open (issue 27:
in the load bench's opening the bot opened 65-97 connections in its first second,
each taking several turns of a saturated loop before its acknowledgement could
leave; against Discord each is a TCP and TLS handshake)."""

from __future__ import annotations

import asyncio

from bench.load_figures import BotFigures, time_connections
from bot.app import PandemoniumBot
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
