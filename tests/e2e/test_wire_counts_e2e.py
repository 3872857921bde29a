"""What discord.py does for the bot on one click, counted (issue 27): the bot's CPU per
click is mostly the library's, so these counts are the point, and times are never
asserted."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest

from bot.app import PandemoniumBot
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now, started_pig
from tests.support.settled import settled


@contextmanager
def views_rebuilt(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Count the Views discord.py rebuilds from a clicked message."""
    built: list[int] = []
    rebuild = discord.ui.View.from_message.__func__  # type: ignore[attr-defined]

    def counting(cls: type[discord.ui.View], /, message: discord.Message, **kw: Any) -> Any:
        built.append(message.id)
        return rebuild(cls, message, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(discord.ui.View, "from_message", classmethod(counting))
        yield built


async def test_a_click_rebuilds_no_view_of_the_clicked_message(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Routing a click by its custom id (`bot.ui.components.press`) needs nothing of the
    message but its components: discord.py's DynamicItem route rebuilt a View of the
    whole board on every click, and stored every View the bot sent."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    with views_rebuilt(monkeypatch) as built:
        handle = await fake.click("alice", board, label="Roll")
        assert not await handle.ephemeral(), (await handle.original()).text()
        await settled(bot)
    assert built == [], f"{len(built)} View(s) rebuilt for one click"
    assert (await board_now(fake, bot, board)).id == board.id
    store = bot._connection._view_store
    assert not store._dynamic_items and not store._views, "the bot's Views are not stored"


async def test_message_events_build_no_message_and_are_still_counted(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sight counter is the only reader of MESSAGE_CREATE and MESSAGE_UPDATE
    (`PandemoniumBot._hear_messages_thinly`): the bot's own event lines and board edits,
    and members' chat, are counted from the payload, with no discord.py Message built."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    built: list[int] = []

    class Counted(discord.Message):
        def __init__(self, **kw: Any) -> None:
            built.append(1)
            super().__init__(**kw)

    monkeypatch.setattr(discord.state, "Message", Counted)
    chat = await fake.post_message("carol", "good luck")
    handle = await fake.click("alice", board, label="Roll")
    assert not await handle.ephemeral(), (await handle.original()).text()
    await settled(bot)
    recent = [seen for seen, _ in bot.boards.sight._recent[board.channel_id]]
    assert chat.id in recent, "a member's message is still counted"
    lines = [m.id for m in fake.messages(fake.text_channel) if m.id > chat.id]
    assert lines and set(lines) <= set(recent), "so are the bot's own event lines"
    assert built == [], f"{len(built)} Message(s) built from the gateway's message events"


async def test_a_click_builds_one_message_the_one_it_carries(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click's board edit and its event lines are sent without discord.py building a
    Message of Discord's replies (`bot.interactions._edit_original`, `send_followup`):
    the bot never reads them. The one Message left is the clicked board the
    interaction carries."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    built: list[str] = []
    init = discord.Message.__init__

    def counting(self: discord.Message, **kw: Any) -> None:
        built.append(type(self).__name__)
        init(self, **kw)

    before = len(fake.requests)
    monkeypatch.setattr(discord.Message, "__init__", counting)
    handle = await fake.click("alice", board, label="Roll")
    assert not await handle.ephemeral(), (await handle.original()).text()
    await settled(bot)
    routes = [r.route for r in fake.requests[before:]]
    assert "POST /webhooks/{webhook_id}/{webhook_token}" in routes, "the event line was sent"
    assert built == ["Message"], built
