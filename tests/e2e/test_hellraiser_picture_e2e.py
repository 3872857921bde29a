"""Issue 27, point 2, through the real bot and the fake Discord: the Hellraiser board's
picture, built from kept layers and encoded band by band, is drawn off the event loop
(the first picture too), and what the channel's board shows after each move is
exactly the picture of the table's state drawn whole."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.app import PandemoniumBot
from bot.games.hellraiser import picture as pic
from bot.games.hellraiser.codes import encode
from bot.games.hellraiser.picture import Pieces
from bot.games.hellraiser.pieces import pieces
from engines.hellraiser import ENGINE
from engines.hellraiser.board import Board
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellraiser_e2e import SEED, _accepted, _open, _play, _state
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now

MOVES = 40


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=SEED) as started:
        yield started


def _on_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def test_the_picture_is_drawn_off_the_loop_and_shows_the_state(
    fake_discord: FakeDiscord, bot: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    pic.clear_map_cache()
    drawn: list[tuple[str, bool]] = []
    layered = pic._layered

    def watched(board: Board, shown: Pieces) -> tuple[Image.Image, list[pic.LayerKey]]:
        drawn.append((threading.current_thread().name, _on_loop()))
        return layered(board, shown)

    monkeypatch.setattr(pic, "_layered", watched)
    board = await _open(fake, bot)
    await _accepted(await fake.slash("alice", "hellraiser create", strength=3, speed=3,
                                     creativity=3, wits=3, morality=3, willpower=3))
    await _accepted(await fake.slash("bob", "hellraiser create", strength=2, speed=4,
                                     creativity=3, wits=3, morality=3, willpower=3))
    assert drawn, "the map is laid: the first picture is drawn"
    pictures = set()
    for _ in range(MOVES):
        current = await bot.table.current(fake.text_channel.id)
        if current is None:
            break
        game, state = await _state(fake, bot)
        assert state.board is not None
        live = await board_now(fake, bot, board)
        shown = Image.open(io.BytesIO(live.attachments[0].data))
        whole = pic.draw_board(state.board, pieces(state), fresh=True)
        palette = pic._palette(pic._palette_colours(pieces(state)))
        assert shown.mode == "P" and shown.size == whole.size
        assert shown.tobytes() == pic._on_palette(whole, palette).tobytes(), \
            f"the board shows version {game.version}'s picture"
        pictures.add(live.attachments[0].data)
        (seat,) = ENGINE.to_move(state)
        await _play(fake, bot, board, seat, encode(ENGINE.ai_action(state, seat)))
    assert len(pictures) > 5, "pieces moved: the picture changed"
    assert not any(on_loop for _, on_loop in drawn), "every picture drawn off the loop"
    assert all(name.startswith("pandemonium-cpu") for name, _ in drawn), drawn
