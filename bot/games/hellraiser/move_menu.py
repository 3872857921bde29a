"""The move and attack menus in steps (`steps`), when a turn has more than a select's
25 of them: a runner reaches a hundred squares, a Leviathan player steers several
Cenobites, each at several Humans with several statistics.

Moves narrow by who moves, then the tile (by its name; the rows of the map first
when more than 25 tiles are in reach), then the square; the most useful squares'
tiles come first (an item on the floor, a room not yet searched, the gateway).
Attacks narrow by who attacks, whom, with which statistic, which weapon, and
which doorway or room item.
"""

from __future__ import annotations

from collections import defaultdict

from bot.games.hellraiser.labels import figure_name, item_name, label
from bot.games.hellraiser.steps import (
    Dimension,
    Kind,
    band_label,
    square_band,
    square_tile,
    tile_label,
)
from engines.hellraiser.board import Square, tile_at, tile_index
from engines.hellraiser.models import Action, Attack, HellraiserState, Move, MoveFigure
from engines.hellraiser.query import turn_figure
from engines.hellraiser.stats import LABEL

AnyMove = Move | MoveFigure


def _who(a: AnyMove) -> str:
    return a.figure if isinstance(a, MoveFigure) else ""


def _move_group(s: HellraiserState, name: str, picked: str, play: Action | None) -> str:
    if name == "f":
        return figure_name(s, picked or None)
    if name == "b":
        return band_label(picked)
    return tile_label(s, picked)


MOVES: Kind[AnyMove] = Kind(
    "🚶",
    "Move",
    "pick the square",
    (
        Dimension("f", _who, "who moves"),
        Dimension("q", lambda a: square_tile(a.to), "which tile"),
        Dimension("b", lambda a: square_band(a.to), "which rows of the map"),
    ),
    label,
    _move_group,
)


def _attack_group(s: HellraiserState, name: str, picked: str, play: Action | None) -> str:
    if name == "a":
        return figure_name(s, picked or None)
    if name == "t":
        return figure_name(s, picked) if picked else "a doorway or room item"
    if name == "s":
        return next((text for stat, text in LABEL.items() if stat == picked), "no statistic")
    if name == "w":
        return item_name(picked) if picked else "bare hands"
    return picked.replace("_", " ") if picked else "none"


ATTACKS: Kind[Attack] = Kind(
    "⚔️",
    "Attack",
    "pick the attack",
    (
        Dimension("a", lambda a: a.attacker or "", "who attacks"),
        Dimension("t", lambda a: a.target or "", "whom"),
        Dimension("s", lambda a: a.drain or a.stat, "with which statistic"),
        Dimension("w", lambda a: a.weapon or "", "which weapon"),
        Dimension("x", lambda a: a.furniture or (str(a.doorway) if a.doorway else ""), "what"),
    ),
    label,
    _attack_group,
)


def useful_first(s: HellraiserState, moves: list[AnyMove]) -> list[AnyMove]:
    """The moves with the most useful squares first, so their tiles lead the menu."""
    scores = square_scores(s)
    return sorted(moves, key=lambda a: -scores.get(a.to, 0))


def square_scores(s: HellraiserState) -> dict[Square, int]:
    """What makes a square worth a place at the head of the move menu: an item on the
    floor, a room item, a room not yet searched, the gateway's tile."""
    fig = turn_figure(s)
    if s.board is None or fig is None:
        return {}
    scores: dict[Square, int] = defaultdict(int)
    for f in s.floor:
        scores[f.square] += 4
    for index in range(36):
        tile = tile_at(s.board, (index % 6 * 3, index // 6 * 3))
        if tile.kind == "room" and index not in fig.searched:
            for square in _tile_squares(index):
                scores[square] += 2
    if s.board.gateway is not None:
        for square in _tile_squares(tile_index(s.board.gateway)):
            scores[square] += 3
    return scores


def _tile_squares(index: int) -> list[Square]:
    x, y = index % 6 * 3, index // 6 * 3
    return [(x + dx, y + dy) for dx in range(3) for dy in range(3)]
