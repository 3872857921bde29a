"""The game so far as an animated GIF (`/game gif`): the drawn board after each step.

The frames are the game's own public picture (`FramePresenter.board_frame`, drawn from
`view(state, None)`), replayed from the log by `bot.replay.replay_steps`, so a frame
can show nothing the channel's board did not. What keeps the file small and cheap:

- a step that left the picture alone (a card played, a roll) adds no frame: its
  `picture_digest` is the previous frame's, and that frame is shown longer;
- one palette for the whole GIF (the global colour table, no frame has its own),
  found once from the first and last frames, so every frame is only mapped onto it;
- each frame after the first holds only the rectangle that changed from the one
  before (Pillow crops to it and the frames are never disposed), and pixels in that
  rectangle that did not change are transparent, which the encoder packs well;
- over `GIF_LIMIT` (Discord's 8 MiB for any bot upload) or `MAX_FRAMES`, frames are
  merged evenly (the first and last kept) and the message says how many;
- frames are states until drawn, and each is drawn, mapped onto the palette and
  kept at one byte a pixel, so memory stays about a megabyte a frame.

Pure apart from Pillow; the bot runs it in the worker pool, never on the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from PIL import Image

from bot.models import GameRow
from bot.render.games import FramePresenter
from bot.render.pictures import DigestPresenter
from bot.replay import ReplayStep

T = TypeVar("T")

GIF_LIMIT = 8 * 1024 * 1024
"""Discord's upload limit for a bot in a server without boosts."""
MAX_FRAMES = 100
"""Frames drawn at most: each is kept as a palette image while the GIF is written
(Hellraiser's map: about 2.3 MB of peak memory a frame, with Pillow's own copy) and
costs about 10 ms of CPU; a longer game is sampled evenly (a 256-step game had 66)."""
COLOURS = 255
"""The shared palette's colours; the 256th index is the transparent one."""
TRANSPARENT = 255
STEP_MS = 700
LAST_MS = 4000
"""How long the final frame stays before the GIF starts again."""


@dataclass(frozen=True)
class Frame:
    """A picture the board showed, not drawn yet: frames are drawn one at a time and
    kept only as palette images (1 byte a pixel), never all in full colour at once."""

    step: int
    """The step after which the board looks like this (0: the start)."""
    state: Any
    version: int = 0
    """The table's version the board showed then (0: unknown, the game's own)."""
    last: bool = False
    """The game's last step: only its board may show how the game ended."""


def shown_game(game: GameRow, frame: Frame) -> GameRow:
    """The game row as the board showed it at `frame`: its version then, and still in
    play before the last step (a drawn board that reads the row, such as a card of the
    board's embed, would otherwise show the result on every frame)."""
    update: dict[str, Any] = {"version": frame.version} if frame.version else {}
    if not frame.last and game.status != "active":
        update |= {"status": "active", "result": None}
    return game.model_copy(update=update) if update else game


@dataclass(frozen=True)
class Gif:
    data: bytes
    frames: int
    steps: int
    merged: int
    """Distinct pictures left out to fit the limits (0: every change is a frame)."""


def game_frames(
    presenter: FramePresenter, game: GameRow, start: Any, steps: Iterable[ReplayStep]
) -> list[Frame]:
    """One frame per picture the game showed: the start, then each step whose picture
    differs from the previous frame's. A presenter that cannot name its picture
    (no `picture_digest`) gets a frame per step; one whose digest is None shows none."""
    frames: list[Frame] = []
    last: str | None = None
    named = presenter.picture_digest if isinstance(presenter, DigestPresenter) else None
    told = list(steps)
    first = told[0].entry.version - 1 if told and told[0].entry.version > 1 else 0
    shown = [(start, first), *((step.after, step.entry.version) for step in told)]
    for number, (state, version) in enumerate(shown):
        frame = Frame(number, state, version, last=number == len(told))
        digest = named(shown_game(game, frame), state) if named is not None else None
        if named is not None and (digest is None or digest == last):
            continue
        frames.append(frame)
        last = digest
    return frames


def _thinned(frames: Sequence[T], keep: int) -> list[T]:
    """`keep` frames spread evenly over `frames`, the first and last always kept."""
    if len(frames) <= keep:
        return list(frames)
    if keep <= 1:
        return [frames[-1]]
    picked = sorted({round(i * (len(frames) - 1) / (keep - 1)) for i in range(keep)})
    return [frames[i] for i in picked]


def animate(presenter: FramePresenter, game: GameRow, frames: Sequence[Frame], *,
            limit: int = GIF_LIMIT, max_frames: int = MAX_FRAMES) -> Gif:
    """The frames drawn as one looping GIF of at most `limit` bytes, merging frames
    (half of them at a time, evenly) until it fits."""
    images = drawn(presenter, game, _thinned(frames, max_frames))
    if not images:
        raise ValueError("a GIF needs at least one picture")
    while True:
        data = _encoded(images)
        if len(data) <= limit or len(images) <= 2:
            break
        images = _thinned(images, max(2, len(images) // 2))
    if len(data) > limit:
        images = images[-1:]
        data = _encoded(images)
    return Gif(data, len(images), frames[-1].step, len(frames) - len(images))


def drawn(presenter: FramePresenter, game: GameRow,
          frames: Sequence[Frame]) -> list[Image.Image]:
    """Each frame drawn and mapped onto one palette (from the first and last frames),
    padded to the largest; a frame the presenter does not draw is left out."""
    ends = [i for i in (presenter.board_frame(shown_game(game, f), f.state)
                        for f in (frames[0], frames[-1]))
            if i is not None] if frames else []
    if not ends:
        return []
    palette = _shared_palette(ends[0].convert("RGB"), ends[-1].convert("RGB"))
    table = _table(palette)
    mapped = []
    for frame in frames:
        image = presenter.board_frame(shown_game(game, frame), frame.state)
        if image is None:
            continue
        indexed = image.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
        indexed.putpalette(table)
        mapped.append(indexed)
    width = max(i.width for i in mapped)
    height = max(i.height for i in mapped)
    return [_padded(i, width, height, table) for i in mapped]


def _encoded(images: Sequence[Image.Image]) -> bytes:
    """A looping GIF of palette `images` that share one colour table."""
    out = io.BytesIO()
    images[0].save(
        out, format="GIF", save_all=True, append_images=images[1:], loop=0,
        duration=[STEP_MS] * (len(images) - 1) + [LAST_MS],
        # the palette given once is the global table: no frame carries its own
        palette=bytes(images[0].getpalette() or []),
        # never disposed, each frame is drawn over the last: Pillow then writes only
        # the rectangle that changed, its unchanged pixels transparent
        disposal=1, transparency=TRANSPARENT, optimize=True,
    )
    return out.getvalue()


def _padded(image: Image.Image, width: int, height: int, table: list[int]) -> Image.Image:
    """A frame on the full canvas, the margin in its bottom-right corner's colour (a
    card's background; its top-left is the colour stripe)."""
    if image.size == (width, height):
        return image
    corner = image.getpixel((image.width - 1, image.height - 1))
    canvas = Image.new("P", (width, height), corner if isinstance(corner, int) else 0)
    canvas.putpalette(table)
    canvas.paste(image, (0, 0))
    return canvas


def _shared_palette(first: Image.Image, last: Image.Image) -> Image.Image:
    """`COLOURS` distinct colours that serve every frame, from the first frame (the map)
    and the last (the most pieces) side by side. Frames mapped onto it never use the
    index after them, which the GIF keeps for transparency."""
    sample = Image.new("RGB", (first.width * 2, first.height))
    sample.paste(first, (0, 0))
    sample.paste(last, (first.width, 0))
    found = sample.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE).getpalette() or []
    colours = list(dict.fromkeys(zip(found[0::3], found[1::3], found[2::3], strict=True)))
    palette = Image.new("P", (1, 1))
    palette.putpalette(_distinct(colours, COLOURS))
    return palette


def _table(palette: Image.Image) -> list[int]:
    """The GIF's colour table: the palette and a distinct colour for the transparent
    index. Pillow matches each frame's colours to the table by value, and a repeated
    colour costs it a quadratic search per frame (0.5 s for a dozen frames)."""
    found = palette.getpalette() or []
    return _distinct(list(zip(found[0::3], found[1::3], found[2::3], strict=True)), 256)


def _distinct(colours: list[tuple[int, int, int]], size: int) -> list[int]:
    """`colours` padded to `size` distinct entries, flat."""
    chosen = list(dict.fromkeys(colours))[:size]
    spare = ((255, 0, n) for n in range(256))
    while len(chosen) < size:
        colour = next(spare)
        if colour not in chosen:
            chosen.append(colour)
    return [c for colour in chosen for c in colour]
