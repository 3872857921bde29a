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
  merged evenly (the first and last kept) and the message says how many.

Pure apart from Pillow; the bot runs it in the worker pool, never on the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.models import GameRow
from bot.render.games import FramePresenter
from bot.render.pictures import DigestPresenter
from bot.replay import Step

GIF_LIMIT = 8 * 1024 * 1024
"""Discord's upload limit for a bot in a server without boosts."""
MAX_FRAMES = 200
"""Frames drawn at most (about 1 s of CPU per hundred): longer games are sampled."""
COLOURS = 255
"""The shared palette's colours; the 256th index is the transparent one."""
TRANSPARENT = 255
STEP_MS = 700
LAST_MS = 4000
"""How long the final frame stays before the GIF starts again."""


@dataclass(frozen=True)
class Frame:
    step: int
    """The step after which the board looks like this (0: the start)."""
    image: Image.Image


@dataclass(frozen=True)
class Gif:
    data: bytes
    frames: int
    steps: int
    merged: int
    """Distinct pictures left out to fit the limits (0: every change is a frame)."""


def game_frames(
    presenter: FramePresenter, game: GameRow, start: Any, steps: Iterable[Step]
) -> list[Frame]:
    """One frame per picture the game showed: the start, then each step whose picture
    differs from the previous frame's (by the presenter's digest when it has one)."""
    frames: list[Frame] = []
    digest = _digest(presenter, game, start)
    first = presenter.board_frame(game, start)
    if first is not None:
        frames.append(Frame(0, first))
    for number, step in enumerate(steps, start=1):
        now = _digest(presenter, game, step.after)
        if now is not None and now == digest and frames:
            continue
        image = presenter.board_frame(game, step.after)
        if image is not None:
            frames.append(Frame(number, image))
            digest = now
    return frames


def _digest(presenter: FramePresenter, game: GameRow, state: Any) -> str | None:
    if isinstance(presenter, DigestPresenter):
        return presenter.picture_digest(game, state)
    return None


def _thinned(frames: Sequence[Frame], keep: int) -> list[Frame]:
    """`keep` frames spread evenly over `frames`, the first and last always kept."""
    if len(frames) <= keep:
        return list(frames)
    if keep <= 1:
        return [frames[-1]]
    picked = sorted({round(i * (len(frames) - 1) / (keep - 1)) for i in range(keep)})
    return [frames[i] for i in picked]


def animate(frames: Sequence[Frame], *, limit: int = GIF_LIMIT,
            max_frames: int = MAX_FRAMES) -> Gif:
    """The frames as one looping GIF of at most `limit` bytes, merging frames (half
    of them at a time, evenly) until it fits."""
    if not frames:
        raise ValueError("a GIF needs at least one frame")
    shown = _thinned(frames, max_frames)
    while True:
        data = encode([f.image for f in shown])
        if len(data) <= limit or len(shown) <= 2:
            break
        shown = _thinned(shown, max(2, len(shown) // 2))
    if len(data) > limit:
        shown = shown[-1:]
        data = encode([shown[0].image])
    return Gif(data, len(shown), frames[-1].step, len(frames) - len(shown))


def encode(images: Sequence[Image.Image]) -> bytes:
    """A looping GIF of `images` (padded to the largest), on one shared palette."""
    width = max(i.width for i in images)
    height = max(i.height for i in images)
    canvas = [_padded(i.convert("RGB"), width, height) for i in images]
    palette = _shared_palette(canvas[0], canvas[-1])
    table = _table(palette)
    frames = []
    for image in canvas:
        frame = image.quantize(palette=palette, dither=Image.Dither.NONE)
        frame.putpalette(table)
        frames.append(frame)
    out = io.BytesIO()
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], loop=0,
        duration=[STEP_MS] * (len(frames) - 1) + [LAST_MS],
        # the palette given once is the global table: no frame carries its own
        palette=bytes(table),
        # never disposed, each frame is drawn over the last: Pillow then writes only
        # the rectangle that changed, its unchanged pixels transparent
        disposal=1, transparency=TRANSPARENT, optimize=True,
    )
    return out.getvalue()


def _padded(image: Image.Image, width: int, height: int) -> Image.Image:
    if image.size == (width, height):
        return image
    canvas = Image.new("RGB", (width, height), image.getpixel((0, 0)))
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
