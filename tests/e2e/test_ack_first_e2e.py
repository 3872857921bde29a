"""When the bot acknowledges an interaction (issue 27): a board click the moment it
arrives, before the table's lock; a slash command that changes the table once the
table accepted the change, before its commit; a refusal after either is still one
sentence for the member alone, and changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import interactions
from bot.app import PandemoniumBot
from bot.board_sight import SCROLLED_AWAY, text_lines
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.fakediscord.interactions import DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE
from tests.support.boards import board_now, board_recorded, started_pig
from tests.support.settled import settled

NEVER = 3600.0
"""What the wait before a slow change is deferred becomes in these tests: an
acknowledgement seen while the change is held back cannot come from that wait."""


def _roll(board: FakeMessage) -> str:
    return next(str(c["custom_id"]) for c in board.all_components() if c.get("label") == "Roll")


async def _version(bot: PandemoniumBot, channel: int) -> int:
    current = await bot.table.current(channel)
    assert current is not None
    return current.game.version


async def _click_while_locked(
    fake: FakeDiscord, bot: PandemoniumBot, who: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[FakeMessage, InteractionHandle, int, int]:
    """`who` presses Alice's Roll on a started Pig while the test holds the channel's
    lock; the callback must arrive meanwhile. The board, the click, and the table's
    version and the board's edit count before it."""
    board = await started_pig(fake, bot)
    channel = fake.text_channel.id
    before, edits = await _version(bot, channel), board.edit_count
    monkeypatch.setattr(interactions, "DEFER_AFTER", NEVER)
    async with bot.table.lock_for(channel):
        click = await fake.click(who, board, _roll(board))
        assert await click.response_type() == DEFERRED_UPDATE_MESSAGE
        assert await _version(bot, channel) == before, "nothing changes while the lock is held"
        assert fake.message(board.id).edit_count == edits
    return board, click, before, edits


async def test_a_board_click_is_acknowledged_before_the_tables_lock(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a board click's deferred update (type 6) is its handler's first act, so it
    never waits for the channel's lock (another table change, the commit under load);
    the board's edit answers it once the lock is free."""
    fake, bot = fake_discord, pandemonium
    board, click, before, _ = await _click_while_locked(fake, bot, "alice", monkeypatch)
    edited = await click.original()
    assert edited.id == board.id, "the clicked board is edited: the click's answer"
    assert f":{before + 1}:" in " ".join(edited.custom_ids()), "it shows the move"
    assert not await click.ephemeral()
    fake.assert_no_violations()


async def test_a_refused_click_is_acknowledged_first_then_one_private_sentence(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a click refused under the lock (Bob presses Alice's move) was already
    acknowledged; the refusal is exactly one ephemeral follow-up, and the table and
    its board are as they were."""
    fake, bot = fake_discord, pandemonium
    board, click, before, edits = await _click_while_locked(fake, bot, "bob", monkeypatch)
    assert await click.ephemeral(), "the refusal is for Bob alone"
    (sentence,) = await click.followups()
    assert sentence.ephemeral and "Alice" in sentence.text()
    assert (await click.original()).id == sentence.id
    await settled(bot)
    assert len(click.record.followup_ids) == 1, "one sentence, nothing else"
    assert await _version(bot, fake.text_channel.id) == before, "a refusal changes nothing"
    assert fake.message(board.id).edit_count == edits, "the board is untouched"


def _held(
    monkeypatch: pytest.MonkeyPatch, storage: object, method: str
) -> tuple[asyncio.Event, asyncio.Event]:
    """The storage's `method` made to wait, once called, until the test releases it: a
    commit slow for as long as the test likes. The events: called, released."""
    original = getattr(storage, method)
    called, release = asyncio.Event(), asyncio.Event()

    async def held(*args: Any, **kwargs: Any) -> Any:
        called.set()
        await release.wait()
        return await original(*args, **kwargs)

    monkeypatch.setattr(storage, method, held)
    return called, release


async def test_a_command_that_changes_the_table_is_acknowledged_before_its_commit(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a slash command whose change the table accepted is acknowledged in public
    ("thinking…", type 5) before the commit completes, and its reply then takes that
    message's place; a command the table refuses is still one ephemeral sentence."""
    fake, bot = fake_discord, pandemonium
    board = await (await fake.slash("alice", "game new", game="pig")).original()
    await board_recorded(fake, bot, board)
    await settled(bot)
    monkeypatch.setattr(interactions, "DEFER_AFTER", NEVER)
    committing, release = _held(monkeypatch, bot.table.storage, "commit_step")
    joining = await fake.slash("bob", "game join")
    assert await joining.response_type() == DEFERRED_CHANNEL_MESSAGE
    assert committing.is_set() and not release.is_set(), "answered while the commit waits"
    release.set()
    reply = await joining.original()
    assert "Bob" in reply.text() and not reply.ephemeral, "the reply is public"
    refused = await fake.slash("bob", "game start")
    assert await refused.response_type() != DEFERRED_CHANNEL_MESSAGE
    assert await refused.ephemeral(), "a refusal comes before the acceptance: private"
    assert "host" in (await refused.original()).text()
    fake.assert_no_violations()


async def test_a_new_table_is_acknowledged_before_it_is_stored(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: `/game new` is acknowledged once the table accepts it, before the game is
    written; the lobby board then takes the "thinking…" message's place and is the
    channel's board."""
    fake, bot = fake_discord, pandemonium
    creating, release = _held(monkeypatch, bot.table.storage, "create_game")
    opening = await fake.slash("alice", "game new", game="pig")
    assert await opening.response_type() == DEFERRED_CHANNEL_MESSAGE
    assert creating.is_set() and not release.is_set()
    release.set()
    board = await opening.original()
    assert "Join" in " ".join(str(c.get("label")) for c in board.all_components())
    await board_recorded(fake, bot, board)
    fake.assert_no_violations()


async def test_replies_completed_after_thinking_count_at_their_height(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Rule (the board's sight): a command's reply is posted empty ("thinking…") and
    filled in after, and it pushes the board up by its text, not by the one line of
    the empty message, so the next move posts the board again at the bottom."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    below = 0
    for turn in range(SCROLLED_AWAY):
        name = f"Sir Reginald {turn} of Pigshire"
        reply = await (await fake.slash("alice", "game character", seat=1, name=name)).original()
        below += text_lines(reply.text())
        if below >= SCROLLED_AWAY:
            break
    assert turn + 1 < SCROLLED_AWAY, "each reply takes more than the empty message's line"
    live = await board_now(fake, bot, board)
    await (await fake.click("alice", live, label="Roll")).settled()
    live = await board_now(fake, bot, board)
    assert live.id > reply.id, "the board was posted again below the replies"
