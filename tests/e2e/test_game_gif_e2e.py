"""`/game gif` and alt text through the real bot and the fake Discord (issue 28): a
Hellraiser game against a computer player posts its GIF mid-game and at the end, with
each player's luck; every picture the bot uploads carries a description naming no
secret; a Hellboy dice game, which draws no board of its own, posts cards of its
board; a channel with no game is refused in one private sentence."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.app import PandemoniumBot
from bot.secrecy import find_leaks
from engines import registry
from engines.hellraiser import ENGINE, HellraiserState
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeAttachment, FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded, press_first_move

PICTURES = (".png", ".gif")
GIF_WAIT = 60.0


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=58) as started:
        yield started


async def _accepted(handle: InteractionHandle) -> FakeMessage:
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")
    return await handle.original()


def _uploaded_pictures(fake: FakeDiscord) -> list[FakeAttachment]:
    return [f for r in fake.requests for f in r.files if f.filename.endswith(PICTURES)]


async def _gif(fake: FakeDiscord, who: str) -> tuple[FakeMessage, str]:
    """`/game gif` as `who`: the public message, and its GIF's alt text."""
    handle = await fake.slash(who, "game gif")
    # drawing a whole game's frames on a loaded 2-core machine may take longer than
    # the fake's usual 5 s wait for an answer (the command defers at once)
    assert not await handle.ephemeral(timeout=GIF_WAIT)
    message = await handle.original(timeout=GIF_WAIT)
    (gif,) = message.attachments
    assert gif.data[:6] == b"GIF89a" and gif.filename.endswith(".gif")
    assert gif.description and len(gif.description) <= 1024
    return message, gif.description


async def test_a_hellraiser_game_posts_its_gif_and_every_picture_has_alt_text(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Opened, filled and started by commands; Alice against a computer player."""
    fake = fake_discord
    for command, options in (("game new", {"game": "hellraiser"}), ("game ai", {}),
                             ("game start", {})):
        await _accepted(await fake.slash("alice", command, options=options))
    await _accepted(await fake.slash("alice", "hellraiser create", strength=3, speed=6,
                                     creativity=2, wits=3, morality=2, willpower=2))
    await _accepted(await fake.slash("alice", "hellraiser do", action="et"))

    message, alt = await _gif(fake, "bob")
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellraiserState)
    assert "so far: 1 frame over" in message.text(), "nothing has moved since the map"
    assert "Animated board" in alt and "Hellraiser map" in alt
    pictures = _uploaded_pictures(fake)
    assert len(pictures) >= 2, "the board's pictures and the GIF"
    assert all(p.description for p in pictures), "every picture has alt text"
    texts = [message.text(), *(p.description or "" for p in pictures)]
    assert not find_leaks(ENGINE, current.state, texts)

    await _accepted(await fake.slash("olivia", "game kick", member=fake.member("alice")))
    assert await bot.table.current(fake.text_channel.id) is None, "the computers finished it"
    ended, _ = await _gif(fake, "carol")
    assert "from start to end" in ended.text() and "**Luck**" in ended.text()
    assert "of luck this game" in ended.text()
    assert all(p.description for p in _uploaded_pictures(fake))


async def test_a_game_without_a_picture_posts_cards_and_an_empty_channel_is_refused(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    nothing = await fake.slash("alice", "game gif")
    assert await nothing.ephemeral()
    assert (await nothing.original()).text() == "No game has been played in this channel yet."

    board = await (await fake.slash("alice", "game new", options={
        "game": "hellboy-dice", "options": "first_seat=1"})).original()
    await board_recorded(fake, bot, board)
    lobby = await fake.slash("bob", "game gif")
    assert await lobby.ephemeral()
    assert (await lobby.original()).text().startswith("The game hasn't started yet")
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    started, _ = await _gif(fake, "bob")
    assert "so far: 1 frame over 0 steps" in started.text()

    await (await press_first_move(fake, bot, await board_now(fake, bot, board),
                                  ("alice", "bob"))).original()
    message, alt = await _gif(fake, "carol")
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and current.state is not None
    assert "so far:" in message.text() and "frames over" in message.text()
    assert alt.startswith("Animated board of game") and "Hellboy: The Dice Game" in alt
    (gif,) = message.attachments
    assert getattr(Image.open(io.BytesIO(gif.data)), "n_frames", 1) >= 2
    engine = registry.get("hellboy-dice")
    assert not find_leaks(engine, current.state, [message.text(), alt])
