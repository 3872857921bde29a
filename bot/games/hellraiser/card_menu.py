"""The card-play menu in steps (`steps`): the card, then its target, then whatever
else it names.

A hand of a few cards can be hundreds of legal plays (Plaything swaps any two of a
figure's statistics, a portal card names any square), far more than a select's 25
options. So the menu narrows: which card, which figure, which seat, which option,
which statistics, and for squares the band of tiles, the tile, then the square.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.hellraiser.codes import VALUE_CODE, encode
from bot.games.hellraiser.labels import any_card_name, figure_name, label
from bot.games.hellraiser.steps import (
    MAX_OPTIONS,
    NARROW,
    Dimension,
    Kind,
    Step,
    band_label,
    square_band,
    square_tile,
    tile_label,
)
from engines.hellraiser.models import Action, HellraiserState, PlayCard
from engines.hellraiser.stats import LABEL

__all__ = ["CARDS", "MAX_OPTIONS", "NARROW", "parse_path", "plays", "step"]


def _group_label(s: HellraiserState, name: str, picked: str, play: Action | None) -> str:
    if name == "c":
        return any_card_name(picked)
    if name == "t":
        return figure_name(s, picked) if picked else "no one"
    if name == "e":
        return s.names[int(picked)] if picked.isdigit() and int(picked) < s.seats else "no seat"
    if name in ("s", "s2"):
        return next((text for stat, text in LABEL.items() if stat == picked), "no statistic")
    if name == "b":
        return band_label(picked)
    if name == "q":
        return tile_label(s, picked)
    return picked.capitalize() if picked else "none"


CARDS: Kind[PlayCard] = Kind(
    "🃏",
    "Play a card",
    "pick the play",
    (
        Dimension("c", lambda a: a.card, "the card"),
        Dimension("t", lambda a: a.target or "", "who"),
        Dimension("e", lambda a: "" if a.seat is None else str(a.seat), "which player"),
        Dimension("o", lambda a: a.option or "", "which option"),
        Dimension("s", lambda a: a.stat or "", "which statistic"),
        Dimension("s2", lambda a: a.stat2 or "", "and which other"),
        Dimension("b", lambda a: square_band(a.square), "which rows of the map"),
        Dimension("q", lambda a: square_tile(a.square), "which tile"),
    ),
    label,
    _group_label,
)


def plays(legal: Sequence[object]) -> list[PlayCard]:
    return [a for a in legal if isinstance(a, PlayCard) and len(encode(a)) <= VALUE_CODE]


def parse_path(value: str) -> list[tuple[str, str]]:
    return CARDS.parse_path(value)


def step(s: HellraiserState, legal: Sequence[object], path: list[tuple[str, str]]) -> Step:
    """The card menu's options after `path` (see `steps.Kind.step`)."""
    return CARDS.step(s, plays(legal), path)
