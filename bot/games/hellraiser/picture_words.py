"""The drawn map in words: the alt text of every Hellraiser picture the bot attaches.

A screen reader, or a player whose picture did not load, gets what the picture shows
(who stands where, in what state, the gateway, the dead, dropped items) and nothing
more: it reads the same `Pieces` the picture draws, which come from the public view,
so it can name nothing a seat holds unseen. Discord takes at most 1,024 characters.
"""

from __future__ import annotations

from collections import Counter

from bot.games.hellraiser.picture import SEAT_COLOURS, Figure, Pieces
from engines.hellraiser import board as bd
from engines.hellraiser.board import Board

ALT_LIMIT = 1024
"""Discord's limit on an attachment's description."""

COLOUR_NAMES = dict(zip(SEAT_COLOURS, ("red", "blue", "green", "orange", "purple", "teal"),
                        strict=True))
KIND_WORDS = {"human": "", "skinned": "Skinned Human", "cenobite": "Cenobite",
              "creature": "Creature"}


def _figure(f: Figure) -> str:
    what = [KIND_WORDS[f.kind]] if KIND_WORDS[f.kind] else []
    if f.colour is not None and f.colour in COLOUR_NAMES:
        what.append(f"{COLOUR_NAMES[f.colour]} token")
    states = f" ({', '.join(f.status)})" if f.status else ""
    kind = f", {' '.join(what)}" if what else ""
    return f"{f.name or f.label} [{f.label}{kind}] at {bd.square_name(f.square)}{states}"


def describe_board(board: Board, pieces: Pieces) -> str:
    """What the picture shows, most important first, clipped to Discord's limit."""
    parts = ["Hellraiser map of the Channard Institute, 18 by 18 squares (A-R, 1-18)."]
    if board.gateway is not None:
        parts.append(f"The gateway is open at {bd.square_name(board.gateway)}.")
    if pieces.figures:
        parts.append("On the map: " + "; ".join(map(_figure, pieces.figures)) + ".")
    if pieces.corpses:
        parts.append("Dead: " + "; ".join(
            f"{c.name or c.label or 'a corpse'} at {bd.square_name(c.square)}"
            for c in pieces.corpses) + ".")
    if pieces.items:
        piles = Counter(pieces.items)
        parts.append("Dropped items at " + ", ".join(
            bd.square_name(sq) + (f" ({n})" if n > 1 else "") for sq, n in piles.items()) + ".")
    if pieces.dragged_to_hell:
        parts.append("Dragged to Hell at " + ", ".join(
            bd.square_name(sq) for sq in pieces.dragged_to_hell) + ".")
    if pieces.used_furniture:
        parts.append(f"{len(pieces.used_furniture)} room item(s) used.")
    text = " ".join(parts)
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"
