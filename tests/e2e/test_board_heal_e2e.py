"""A board a crash left behind is brought up to date at start-up (issue 25, also
noticed), through the fake Discord: the bot commits a step and dies before the board
edit lands; the next process edits that board as soon as it is connected, instead of
waiting for a player to click a stale button; a board that is up to date is left alone."""

from __future__ import annotations

import copy

import discord
import pytest

from bot.render.games import shown_version
from tests.conftest import BACKENDS
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now, started_pig


@pytest.mark.parametrize("e2e_backend", BACKENDS)
async def test_a_board_left_behind_by_a_crash_is_updated_at_start_up(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None, e2e_backend: str
) -> None:
    async with start_bot() as bot:
        board = await started_pig(fake_discord, bot)
        before_click = copy.deepcopy((board.embeds, board.components))
        roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
        await (await fake_discord.click("alice", board, roll)).original()
        board = await board_now(fake_discord, bot, board)
        current = await bot.table.current(board.channel_id)
        assert current is not None
        game_id, version = current.game.id, current.game.version
    # The crash: the step is stored, but the board edit never reached Discord.
    stale = fake_discord.message(board.id)
    stale.embeds, stale.components = before_click
    assert f":{version}:" not in " ".join(stale.custom_ids())
    edits = stale.edit_count
    async with start_bot() as bot:
        assert bot.healing is not None and await bot.healing == 1
        await bot.boards.flush()
        healed = fake_discord.message(board.id)
        assert any(f":{game_id}:{version}:" in c for c in healed.custom_ids()), healed.custom_ids()
        assert f"Game #{game_id} · v{version}" in healed.embed["footer"]["text"]
        assert healed.edit_count == edits + 1
    async with start_bot() as bot:
        assert bot.healing is not None and await bot.healing == 0, "up to date: left alone"
        assert fake_discord.message(board.id).edit_count == edits + 1


def test_the_footer_names_the_version_a_board_shows() -> None:
    """`shown_version` reads back what `footer_head` writes, for its own game only."""
    embed = discord.Embed().set_footer(text="Game #12 · v34 · digital · paused")
    message = type("M", (), {"embeds": [embed]})()
    assert shown_version(message, 12) == 34
    assert shown_version(message, 13) is None
