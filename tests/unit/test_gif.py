"""`/game gif` (issue 28): the game retold as an animated GIF, one frame per picture the
board showed, one shared palette, each frame only what changed, under Discord's 8 MiB;
the refusal for a game with no picture; nothing secret in the words that go with it."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from functools import lru_cache

import pytest
from PIL import Image

from bot.game_media import Retold, check_drawn, gif_post, retell
from bot.gif import GIF_LIMIT, MAX_FRAMES, animate, game_frames
from bot.models import GameRow, LogEntry
from bot.render.games import FramePresenter, presenter_for
from bot.render.pictures import DigestPresenter
from bot.secrecy import find_leaks
from bot.storage import LogFate
from engines import registry
from engines.core.errors import RuleError
from tests.support.ai_log import ai_log

STEPS = 100


@dataclass(frozen=True)
class Blocks:
    """What a GIF file holds, read block by block (GIF89a)."""

    global_table: bool
    frames: list[tuple[int, int, int, int]]
    """Each image's rectangle: left, top, width, height."""
    local_tables: int
    width: int
    height: int


def blocks(data: bytes) -> Blocks:
    assert data[:6] == b"GIF89a"
    width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    flags = data[10]
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    frames: list[tuple[int, int, int, int]] = []
    local = 0
    while data[at] != 0x3B:
        if data[at] == 0x21:  # an extension: label, then sub-blocks
            at += 2
        else:
            assert data[at] == 0x2C, f"unknown block {data[at]:#x}"
            frames.append(tuple(int.from_bytes(data[at + 1 + 2 * i:at + 3 + 2 * i], "little")
                                for i in range(4)))  # type: ignore[arg-type]
            packed = data[at + 9]
            at += 10
            if packed & 0x80:
                local += 1
                at += 3 * 2 ** ((packed & 7) + 1)
            at += 1  # LZW minimum code size
        while data[at]:
            at += data[at] + 1
        at += 1
    return Blocks(bool(flags & 0x80), frames, local, width, height)


@lru_cache(maxsize=2)
def story(steps: int = STEPS) -> Retold:
    game, log = ai_log("hellraiser", seed=5, steps=steps)
    return retell(game, log)


def test_one_frame_per_picture_the_board_showed() -> None:
    """A step that left the picture alone adds no frame: frames are the start of the
    drawing and each change of the presenter's picture digest."""
    told = story()
    presenter = presenter_for("hellraiser")
    assert isinstance(presenter, FramePresenter) and isinstance(presenter, DigestPresenter)
    digests = [presenter.picture_digest(told.game, s.after) for s in told.steps]
    changes = [d for n, d in enumerate(digests)
               if d is not None and (n == 0 or d != digests[n - 1])]
    frames = game_frames(presenter, told.game, told.start, told.steps)
    assert len(frames) == len(changes) > 5
    assert [f.step for f in frames] == sorted({f.step for f in frames})


def test_the_gif_shares_one_palette_and_holds_only_what_changed() -> None:
    told = story()
    presenter = presenter_for("hellraiser")
    assert isinstance(presenter, FramePresenter)
    gif = animate(presenter, told.game, game_frames(presenter, told.game, told.start,
                                                    told.steps))
    found = blocks(gif.data)
    assert found.global_table and found.local_tables == 0, "one palette, no frame its own"
    assert 2 <= len(found.frames) <= gif.frames and gif.merged == 0
    first, *rest = found.frames
    assert first == (0, 0, found.width, found.height)
    full = found.width * found.height
    assert all(w * h < full for _, _, w, h in rest), "later frames are only the changed part"
    assert len(gif.data) <= 2 * 2**20
    image = Image.open(io.BytesIO(gif.data))
    assert getattr(image, "n_frames", 1) == len(found.frames) and image.info.get("loop") == 0


def test_over_the_limit_frames_are_merged_to_fit() -> None:
    told = story()
    presenter = presenter_for("hellraiser")
    assert isinstance(presenter, FramePresenter)
    frames = game_frames(presenter, told.game, told.start, told.steps)
    whole = animate(presenter, told.game, frames)
    limit = (len(whole.data) + len(animate(presenter, told.game, frames[:2]).data)) // 2
    fitted = animate(presenter, told.game, frames, limit=limit)
    assert len(fitted.data) <= limit and fitted.merged > 0
    assert fitted.frames + fitted.merged == len(frames) and fitted.steps == whole.steps
    assert animate(presenter, told.game, frames, max_frames=4).frames == 4
    assert GIF_LIMIT == 8 * 2**20


@pytest.mark.parametrize("key", ["hellboy-dice", "hellboy-board", "hellbringer"])
def test_a_game_with_no_picture_of_its_own_is_drawn_from_its_board(key: str) -> None:
    """Rule: a game with no drawn board is animated from cards of its board embed, so
    only a board with nothing to show yet is refused."""
    game = GameRow(id=4, guild_id=1, channel_id=1, game=key, mode="digital",
                   status="active", host_id=1, rng_seed=0)
    assert check_drawn_refuses(game, None).startswith("Nothing has been drawn yet")
    lobby = game.model_copy(update={"status": "lobby"})
    assert check_drawn_refuses(lobby, object()).startswith("Nothing has been drawn yet")


def check_drawn_refuses(game: GameRow, state: object) -> str:
    """The one sentence `check_drawn` refuses `game` with."""
    with pytest.raises(RuleError) as refused:
        asyncio.run(check_drawn(LogOnly([]), game, state))  # type: ignore[arg-type]
    said = str(refused.value)
    assert said.count(".") == 1 and said.endswith(".") and "Traceback" not in said
    return said


class LogOnly:
    """Storage that holds one game's log and what retention did with it (all the GIF
    reads)."""

    def __init__(self, log: list[LogEntry], fate: LogFate | None = None) -> None:
        self._log = log
        self.fate = fate

    async def log(self, game_id: int, include_undone: bool = True) -> list[LogEntry]:
        return self._log

    async def log_fate(self, game_id: int) -> LogFate | None:
        return self.fate


def test_a_game_whose_log_was_deleted_is_refused() -> None:
    told = story()
    fate = LogFate(fate="removed", lines=len(told.steps) + 1, at=1_700_000_000)
    with pytest.raises(RuleError, match=r"^Game #1's log \(\d+ lines\) was deleted on"):
        asyncio.run(check_drawn(LogOnly([], fate), told.game,  # type: ignore[arg-type]
                                told.steps[-1].after))


def _post(game: GameRow, log: list[LogEntry], max_frames: int = MAX_FRAMES) -> tuple[str, str]:
    post = asyncio.run(gif_post(LogOnly(log), game,  # type: ignore[arg-type]
                                reveal=True, max_frames=max_frames))
    assert post.data[:6] == b"GIF89a" and post.filename == f"game-{game.id}.gif"
    assert 0 < len(post.description) <= 1024 and len(post.content) <= 2000
    return post.content, post.description


def test_the_post_names_no_secret_and_tells_each_players_luck() -> None:
    """The words with the GIF are public: checked against every seat's hand now."""
    game, whole = ai_log("hellraiser", seed=5, steps=400)
    engine = registry.get("hellraiser")
    held = next(n for n, step in enumerate(retell(game, whole).steps, start=1)
                if any(engine.secrets(step.after).values()))
    log = whole[:held + 1]
    told = retell(game, log)
    state = told.steps[-1].after
    assert any(engine.secrets(state).values()), "someone holds cards"
    content, description = _post(game, log)
    assert not find_leaks(told.engine, state, [content, description])
    assert "frames over" in content and "**Luck**" in content
    assert "of luck this game" in content and description.startswith("Animated board")


def test_the_post_says_how_many_pictures_were_merged() -> None:
    game, log = ai_log("hellraiser", seed=5, steps=STEPS)
    content, _ = _post(game, log, max_frames=3)
    assert "3 frames over" in content
    assert "of its" in content and "were merged into their neighbours to stay within 3 frames"\
        " and 8 MiB." in content
