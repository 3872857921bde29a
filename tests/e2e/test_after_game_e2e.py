"""After the game, through the fake Discord: Rematch keeps the seats and options and
moves Hellboy's first turn on a seat; the final board stays one command away
(`/game status`, `/game history`'s jump links) and so does a Hellraiser sheet."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from engines.hellboy_dice import HellboyState
from engines.hellraiser import HellraiserState
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_recorded, last_board, retired

LINK = re.compile(r"\[final board\]\(https://discord\.com/channels/(\d+)/(\d+)/(\d+)\)")


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as started:
        yield started


async def _accepted(handle: InteractionHandle) -> FakeMessage:
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")
    return await handle.original()


async def _open(fake: FakeDiscord, bot: PandemoniumBot, game: str, options: str = "") -> None:
    """Alice opens `game`, Bob joins, Alice starts."""
    new = {"game": game, **({"options": options} if options else {})}
    board = await (await fake.slash("alice", "game new", options=new)).original()
    await board_recorded(fake, bot, board)
    await _accepted(await fake.click("bob", board, label="Join"))
    await _accepted(await fake.click("alice", board, label="Start"))


async def _end(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    """The host ends the game early (it is then finished, with its state); returns
    the final board once the bot has drawn it."""
    prompt = await (await fake.slash("alice", "game end")).original()
    await (await fake.click("alice", prompt, label="Yes, end the game")).settled()

    async def drawn() -> bool:
        final = await last_board(fake, bot, fake.text_channel.id)
        return "Rematch" in [c.get("label") for c in final.all_components()]

    await fake.wait_until(drawn, message="the final board never offered a Rematch")
    return await last_board(fake, bot, fake.text_channel.id)


async def test_hellboy_rematch_keeps_seats_and_options_and_moves_the_first_turn_on(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Who starts is drawn by lot in the first game; each rematch starts with the seat
    after whoever started the game before, fixed or drawn."""
    fake = fake_discord
    channel = fake.text_channel.id
    await _open(fake, bot, "hellboy-dice", "target=9")
    starters = []
    for _ in range(3):
        current = await bot.table.current(channel)
        assert current is not None and isinstance(current.state, HellboyState)
        assert current.state.options.target == 9, "the same options"
        assert [s.name for s in current.game.seats] == ["Alice", "Bob"], "the same seats"
        starters.append(current.state.first)
        final = await _end(fake, bot)
        rematch = await fake.click("bob", final, label="Rematch")
        await _accepted(rematch)
        again = await bot.table.current(channel)
        assert again is not None and isinstance(again.state, HellboyState)
        first = again.game.seats[again.state.first].shown
        (said, *_) = await rematch.followups()
        assert f"Rematch of game #{current.game.id}: Hellboy: The Dice Game begins;" \
            f" **{first}** starts." in said.text(), "the rematch names who starts"
    assert starters[1] == (starters[0] + 1) % 2 and starters[2] == starters[0], starters


async def test_the_final_board_stays_reachable_by_status_and_history(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    await _open(fake, bot, "hellboy-dice", "first_seat=1")
    final = await _end(fake, bot)
    assert "game over" in final.text() and "Ended early" in final.text()
    assert "turn" not in final.embeds[0]["description"], "no one's turn on a finished board"
    for i in range(7):
        await fake.post_message("carol", f"chatter {i}")
    history = await _accepted(await fake.slash("carol", "game history"))
    links = LINK.findall(history.text())
    assert links == [(str(fake.guild.id), str(fake.text_channel.id), str(final.id))], (
        "history links the final board"
    )
    shown = await _accepted(await fake.slash("carol", "game status"))
    assert "Ended early" in shown.text() and "Rematch" in [
        c.get("label") for c in shown.all_components()
    ], "after the end, /game status posts the final board again, Rematch and all"
    await retired(fake, final, final=True)
    again = await _accepted(await fake.slash("carol", "game history"))
    assert LINK.findall(again.text())[0][2] == str(shown.id), "the link follows the board"


async def test_a_hellraiser_sheet_is_shown_after_the_end(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    await _open(fake, bot, "hellraiser")
    for who in ("alice", "bob"):
        await _accepted(await fake.slash(who, "hellraiser create", strength=3, speed=3,
                                         creativity=3, wits=3, morality=3, willpower=3))
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellraiserState)
    during = await fake.slash("bob", "hellraiser sheet")
    assert await during.ephemeral()
    sheet = (await during.original()).embeds
    await _end(fake, bot)
    after = await fake.slash("bob", "hellraiser sheet")
    assert await after.ephemeral(), "a sheet is shown to the asker alone"
    assert sheet and (await after.original()).embeds == sheet, "the same sheet, after the end"
