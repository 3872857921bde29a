"""The Hellraiser picture's alt text (issue 28): what the map shows, in words a screen
reader reads, within Discord's 1,024 characters."""

from __future__ import annotations

import random

from bot.games.hellraiser.picture import SEAT_COLOURS, Corpse, Figure, Pieces
from bot.games.hellraiser.picture_words import ALT_LIMIT, describe_board
from engines.hellraiser.mapgen import generate

BOARD = generate(random.Random(3))


def test_alt_text_names_who_stands_where_and_in_what_state() -> None:
    pieces = Pieces(
        figures=(Figure(kind="human", square=(2, 6), label="Al", name="Alice",
                        colour=SEAT_COLOURS[0], status=("paralysed",)),
                 Figure(kind="cenobite", square=(3, 3), label="PH", name="Pinhead")),
        corpses=(Corpse(square=(4, 4), label="Bo", name="Bob"),),
        items=((1, 1), (1, 1), (5, 5)),
    )
    text = describe_board(BOARD, pieces)
    assert "Alice [Al, red token] at C7 (paralysed)" in text
    assert "Pinhead [PH, Cenobite] at D4" in text
    assert "Dead: Bob at E5." in text
    assert "Dropped items at B2 (2), F6." in text, "a pile is counted, not repeated"


def test_alt_text_fits_discords_limit_however_crowded() -> None:
    crowd = tuple(Figure(kind="creature", square=(n % 18, n // 18), label="Cr",
                         name=f"Creature number {n}") for n in range(120))
    text = describe_board(BOARD, Pieces(figures=crowd))
    assert len(text) == ALT_LIMIT and text.endswith("…")
