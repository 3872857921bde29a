"""Issue 27: on Python 3.12 and later an interaction's handler starts while discord.py
still reads its gateway message (`bot.app.EAGER_START`), so a click is acknowledged
before the loop's other ready callbacks run; on 3.11 it starts as any task does."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot import app
from bot.app import PandemoniumBot
from tests.fakediscord import FakeDiscord
from tests.support.boards import started_pig
from tests.support.settled import settled


@pytest.mark.skipif(app.EAGER_START is None, reason="eager tasks came with Python 3.12")
async def test_a_click_is_handled_inside_the_parse_of_its_gateway_message(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    parsers = bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]
    parsing: list[bool] = [False]
    started_in_parse: list[bool] = []
    acked_in_parse: list[bool] = []
    move = bot.tables_ui.move_click

    def parse_marked(data: Any) -> None:
        parsing[0] = True
        try:
            parse(data)
        finally:
            parsing[0] = False

    defer = discord.InteractionResponse.defer

    async def move_marked(interaction: Any, *args: Any, **kwargs: Any) -> None:
        started_in_parse.append(parsing[0])
        await move(interaction, *args, **kwargs)

    async def defer_marked(response: Any, *args: Any, **kwargs: Any) -> Any:
        acked_in_parse.append(parsing[0])
        return await defer(response, *args, **kwargs)

    monkeypatch.setitem(parsers, "INTERACTION_CREATE", parse_marked)
    monkeypatch.setattr(bot.tables_ui, "move_click", move_marked)
    monkeypatch.setattr(discord.InteractionResponse, "defer", defer_marked)
    handle = await fake.click("alice", board, label="Roll")
    assert not await handle.ephemeral(), (await handle.original()).text()
    await settled(bot)
    assert started_in_parse == [True], "the handler waited for a later turn of the loop"
    assert acked_in_parse == [True], "the acknowledgement waited for a later turn"


async def test_only_interactions_start_eagerly(
    pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Other events keep discord.py's own scheduling: their handlers were written for it."""
    started: list[str] = []

    def factory(loop: Any, coro: Any, **kwargs: Any) -> Any:
        started.append(kwargs["name"])
        return loop.create_task(coro, **kwargs)

    monkeypatch.setattr(app, "EAGER_START", factory)

    async def nothing(*_: Any) -> None:
        return None

    for event in ("on_interaction", "on_message", "on_ready"):
        await pandemonium._schedule_event(nothing, event)
    assert started == ["discord.py: on_interaction"]
