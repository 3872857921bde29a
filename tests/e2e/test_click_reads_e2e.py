"""What one click costs the table: a button and a menu pick read the live table at
most twice (the change itself, and the newest state the live board draws), and the
checks before the table's lock read nothing (issue 26)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.app import PandemoniumBot
from tests.fakediscord import FakeDiscord, InteractionHandle
from tests.support.boards import board_now, board_recorded, started_pig
from tests.support.settled import settled

MAX_READS = 2


@contextmanager
def counted_reads(bot: PandemoniumBot, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Count the table's reads of a channel's live game (cache hits included)."""
    reads: list[int] = []
    load = bot.table._load

    async def counting(channel_id: int) -> Any:
        reads.append(channel_id)
        return await load(channel_id)

    with monkeypatch.context() as patch:
        patch.setattr(bot.table, "_load", counting)
        yield reads


async def _accepted(handle: InteractionHandle) -> None:
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")


async def test_a_button_click_reads_the_table_at_most_twice(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Live board: a click is one change and one drawing of the newest state."""
    fake, bot = fake_discord, pandemonium
    board = await started_pig(fake, bot)
    with counted_reads(bot, monkeypatch) as reads:
        handle = await fake.click("alice", board, label="Roll")
        await _accepted(handle)
        await settled(bot)
    assert len(reads) <= MAX_READS, f"a click read the table {len(reads)} times"
    after = await board_now(fake, bot, board)
    assert after.id == board.id, "the board was edited in place"


async def test_a_menu_pick_reads_the_table_at_most_twice(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Live board: a pick from a board's menu costs what a button does."""
    fake, bot = fake_discord, pandemonium
    board = await (await fake.slash("alice", "game new", game="hellraiser")).original()
    await board_recorded(fake, bot, board)
    await (await fake.click("alice", board, label="Add AI")).original()
    await (await fake.click("alice", board, label="Start")).original()
    board = await board_now(fake, bot, fake.message(board.id))
    (menu,) = [cid for cid in board.custom_ids() if cid.startswith("pd:sel:")]
    await settled(bot)
    with counted_reads(bot, monkeypatch) as reads:
        await _accepted(await fake.select("alice", board, menu, ["cr.362322"]))
        await settled(bot)
    assert len(reads) <= MAX_READS, f"a menu pick read the table {len(reads)} times"
