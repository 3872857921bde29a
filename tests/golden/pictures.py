"""Golden pictures: a drawn board stored as PNG, compared pixel for pixel.

The board snapshots (`boards.py`) keep only a picture's name; what a picture shows
at phone size is checked here, on a case built to be hard: crowded squares, one of
them the gateway's. Refresh with `python -m tests.golden --update` and look at the
PNG (about 400 px wide is what a phone shows) before committing it.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image, ImageChops

from bot.games.hellraiser.picture import Figure, Pieces, render_board
from engines.hellraiser import board as bd
from engines.hellraiser.mapgen import generate

HERE = Path(__file__).parent
CROWDED = HERE / "hellraiser-crowded.png"
PHONE_WIDTH = 400


def crowded() -> Image.Image:
    """Three pieces on the gateway (Alice, Pinhead, a Creature), two on Carol's square,
    four on Dan's, Frank alone: as the uploaded palette picture, scaled to a phone and
    cut to the crowded squares (the whole picture would be a 120 KB file)."""
    board = bd.open_gateway(generate(random.Random(3)), (7, 7))
    pieces = Pieces(figures=(
        Figure(kind="human", square=(7, 7), label="Al", name="Alice", colour=0x2E86DE),
        Figure(kind="cenobite", square=(7, 7), label="PH", name="Pinhead"),
        Figure(kind="creature", square=(7, 7), label="Cr", name="Creature (Bob)"),
        Figure(kind="human", square=(3, 4), label="Ca", name="Carol", colour=0xE67E22,
               status=("insane",)),
        Figure(kind="cenobite", square=(3, 4), label="FC", name="the Female Cenobite"),
        Figure(kind="human", square=(12, 10), label="Da", name="Dan", colour=0x27AE60),
        Figure(kind="skinned", square=(12, 10), label="Ev", name="Eve", colour=0x8E44AD),
        Figure(kind="cenobite", square=(12, 10), label="Ch", name="the Chatterer"),
        Figure(kind="creature", square=(12, 10), label="Ab", name="Abomination"),
        Figure(kind="human", square=(15, 2), label="Fr", name="Frank", colour=0xC0392B),
    ))
    image = Image.open(io.BytesIO(render_board(board, pieces, palette=True))).convert("RGB")
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS).crop(AROUND)


AROUND = (40, 60, 300, 270)
"""The part of the phone-width picture holding the crowded squares (D5, H8, M11)."""


def crowded_differs() -> str | None:
    """None if the stored picture is today's, else what differs."""
    if not CROWDED.exists():
        return f"{CROWDED.name} is missing"
    stored = Image.open(CROWDED).convert("RGB")
    now = crowded()
    if stored.size != now.size:
        return f"{CROWDED.name}: {stored.size} stored, {now.size} now"
    box = ImageChops.difference(stored, now).getbbox()
    return None if box is None else f"{CROWDED.name} differs inside {box}"


def update_crowded() -> None:
    crowded().save(CROWDED, optimize=True)
