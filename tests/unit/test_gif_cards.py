"""`/game gif` for games that draw no board of their own (issue 28 point 5): each step
is a card of the board's public embed, the GIF has one palette and frames holding only
what changed, fits 8 MiB, and neither a card nor the words with it name a hand."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from bot.game_media import CARDS, BoardCards, frames_of, gif_post, retell
from bot.gif import Frame, animate, game_frames, shown_game
from bot.log_lines import SkipLine
from bot.models import GameRow, LogEntry
from bot.presenting import board_embed
from bot.render.embed_card import CARD_WIDTH, MARK, embed_card, has_glyph, plain
from bot.replay import ReplayStep
from bot.secrecy import find_leaks, payload_texts
from engines import registry
from tests.support.ai_log import ai_log
from tests.support.random_tables import Table
from tests.unit.test_gif import LogOnly, blocks

CARD_GAMES = ("hellboy-dice", "hellbringer", "hellboy-board")


def seeded(key: str, steps: int = 12, seed: int = 7) -> tuple[GameRow, object, list[ReplayStep]]:
    """A short seeded game of `key` (random legal play, `tests.support.random_tables`) as
    the replay hands it to the GIF: the start and each step, at versions 2, 3, …"""
    table = Table(key, "digital", 3, 0, seed)
    start = table.state
    told: list[ReplayStep] = []
    while len(told) < steps:
        before = table.state
        events = table.step()
        if events is None:
            if registry.get(key).result(table.state) is not None:
                break
            continue
        told.append(ReplayStep(LogEntry(payload=SkipLine(), version=len(told) + 2),
                               before, table.state, events, 0))
    return table.game, start, told


def _embed_texts(game: GameRow, frame: Frame) -> list[str]:
    return list(payload_texts(board_embed(shown_game(game, frame), frame.state).to_dict()))


@pytest.mark.parametrize("key", CARD_GAMES)
def test_a_game_without_a_picture_gets_a_card_of_its_board_per_step(key: str) -> None:
    """Rule: a game with no drawn board is animated from its public board embed, one
    card for each step that changed what the board says, each card that embed drawn."""
    game, start, told = seeded(key)
    presenter = frames_of(key)
    assert presenter is CARDS
    frames = game_frames(presenter, game, start, told)
    embeds = [_embed_texts(game, Frame(n, s, v)) for n, (s, v) in
              enumerate([(start, 1), *((t.after, t.entry.version) for t in told)])]
    assert len(frames) == len(embeds) == len(told) + 1, "every step changes the footer"
    assert [f.version for f in frames] == [1, *range(2, len(told) + 2)]
    for frame in (frames[0], frames[len(frames) // 2], frames[-1]):
        card = CARDS.board_frame(shown_game(game, frame), frame.state)
        assert card is not None and card.width == CARD_WIDTH
        expected = embed_card(board_embed(shown_game(game, frame), frame.state))
        assert card.tobytes() == expected.tobytes()
    assert any(f"· v{len(told) + 1} ·" in t for t in _embed_texts(game, frames[-1]))


@pytest.mark.parametrize("key", CARD_GAMES)
def test_a_card_gif_shares_one_palette_and_holds_only_what_changed(key: str) -> None:
    game, start, told = seeded(key)
    frames = game_frames(CARDS, game, start, told)
    gif = animate(CARDS, game, frames)
    found = blocks(gif.data)
    assert found.global_table and found.local_tables == 0, "one palette, no frame its own"
    assert len(found.frames) == gif.frames == len(frames) and gif.merged == 0
    first, *rest = found.frames
    assert first == (0, 0, found.width, found.height)
    assert all(w * h < found.width * found.height for _, _, w, h in rest)
    assert len(gif.data) <= 2 * 2**20
    image = Image.open(io.BytesIO(gif.data))
    assert getattr(image, "n_frames", 1) == len(found.frames) and image.info.get("loop") == 0


def test_a_card_gif_over_the_limit_is_merged_to_fit() -> None:
    game, start, told = seeded("hellboy-dice", steps=20)
    frames = game_frames(CARDS, game, start, told)
    whole = animate(CARDS, game, frames)
    limit = len(whole.data) // 2
    fitted = animate(CARDS, game, frames, limit=limit)
    assert len(fitted.data) <= limit and fitted.merged > 0
    assert fitted.frames + fitted.merged == len(frames)


def test_only_the_last_card_shows_how_the_game_ended() -> None:
    """Rule: before its last step a finished game was in play, so its cards say so."""
    game, start, told = seeded("hellboy-dice", steps=400)
    assert game.status == "finished", "the seeded game ends"
    frames = game_frames(CARDS, game, start, told)
    assert frames[-1].last and not any(f.last for f in frames[:-1])
    assert any("Result" in t for t in _embed_texts(game, frames[-1]))
    assert not any("Result" in t or "finished" in t
                   for f in frames[:-1] for t in _embed_texts(game, f))


def test_emoji_and_marks_the_font_lacks_are_made_plain() -> None:
    """A card draws no empty box: leading emoji go, others become a plain mark, the
    bot's own marks their nearest plain ones, markdown markers go."""
    said = plain("🏆 Clues banked\n▶️ **alice** 🤖 — 3 ❤️ 5\n▫️ __bob__ · `2` · café")
    assert said == f"Clues banked\n> alice (AI) - 3 {MARK} 5\n- bob · 2 · cafe"
    assert all(has_glyph(c) for c in said if not c.isspace())


def test_a_hellbringer_card_gif_names_no_hand_held() -> None:
    """Secrecy: the cards are the public embed only, and the post's words and alt text
    pass the secrecy check, while every seat holds cards."""
    whole, full = ai_log("hellbringer", seed=3, steps=40)
    game = whole.model_copy(update={"status": "active", "result": None})
    engine = registry.get("hellbringer")
    post = asyncio.run(gif_post(LogOnly(full), game, reveal=True))  # type: ignore[arg-type]
    state = retell(game, full).steps[-1].after
    assert all(engine.secrets(state).values()), "every seat holds cards"
    assert not find_leaks(engine, state, [post.content, post.description])
    assert post.description.startswith("Animated board") and "Hellbringer" in post.description
    told = game_frames(CARDS, game, state, [])
    assert not find_leaks(engine, state, _embed_texts(game, told[0]))
    assert isinstance(frames_of("hellbringer"), BoardCards)

