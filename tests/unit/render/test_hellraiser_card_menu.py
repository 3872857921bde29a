"""The card menu in steps (issue 15, point 4): Surprise Attack, 600-odd plays (a
Cenobite and any square), is reached by card, then Cenobite, rows, tile and square —
never "25 of 624"; and a hundred moves by tile, then square."""

from __future__ import annotations

import re

from bot.games.hellraiser.card_menu import NARROW, parse_path, plays
from bot.games.hellraiser.codes import decode, encode
from bot.games.hellraiser.menu import (
    SELECT_CARD,
    SELECT_MOVE,
    STEPPED,
    card_select,
    menu,
    stepped_select,
)
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.models import Move, PlayCard
from tests.property.test_hellraiser_card_menu_props import play_states, reachable


def crowded_state() -> tuple[HellraiserState, int]:
    """The first state of seeded AI games where one card has more than 100 plays."""
    for seed in range(30):
        for s, seat, legal in play_states(seed, 4, 3000):
            cards = [a.card for a in legal if isinstance(a, PlayCard)]
            if any(cards.count(c) > 100 for c in cards):
                return s, seat
    raise AssertionError("no crowded card state in 30 games")


def test_a_card_with_hundreds_of_plays_is_reached_in_steps() -> None:
    s, seat = crowded_state()
    legal = ENGINE.legal_actions(s, seat)
    door = next(x for x in menu(s, seat, legal).selects if x.code == SELECT_CARD)
    assert [o.code for o in door.options] == [NARROW], "the board only opens the hand"
    first = card_select(s, legal, parse_path(door.options[0].code))
    assert not re.search(r"\d+ of \d+", first.placeholder), "no truncation count"
    assert len({o.code for o in first.options}) == len(first.options) <= 25
    assert reachable(s, seat) == {encode(a) for a in plays(legal)}
    crowded = max((o for o in first.options if o.code.startswith(NARROW)),
                  key=lambda o: int(o.description.split()[0]))
    assert "ways: choose next" in crowded.description
    second = card_select(s, legal, parse_path(crowded.code))
    assert second.placeholder.startswith("🃏 ") and ": choose" in second.placeholder


def crowded_moves() -> tuple[HellraiserState, int]:
    """The first state of seeded AI games where a Human has more than 25 squares to go."""
    for seed in range(30):
        for s, seat, legal in play_states(seed, 3, 3000):
            if sum(isinstance(a, Move) for a in legal) > 25 and not s.pending:
                return s, seat
    raise AssertionError("no crowded move state in 30 games")


def test_more_than_25_moves_are_reached_by_tile_then_square() -> None:
    """Moves use the card menu's steps: the board asks which tile (by name), the
    player alone then picks the square — never "25 of 106"."""
    s, seat = crowded_moves()
    legal = ENGINE.legal_actions(s, seat)
    board = next(x for x in menu(s, seat, legal).selects if x.code == SELECT_MOVE)
    assert board.placeholder.startswith("🚶 Move: choose which tile"), board.placeholder
    assert " of " not in board.placeholder and len(board.options) <= 25
    tile = next(o for o in board.options if o.code.startswith(NARROW))
    assert "ways: choose next" in tile.description and "(" in tile.label, "a tile by name"
    second = stepped_select(s, SELECT_MOVE, legal, STEPPED[SELECT_MOVE].parse_path(tile.code))
    assert second.placeholder == f"🚶 {tile.label}: pick the square…", "the tile by name"
    squares = [decode(o.code) for o in second.options]
    assert all(isinstance(a, Move) and a in legal for a in squares)
    assert all(o.description for o in second.options), "each square says its tile, its distance"
    assert reachable(s, seat, SELECT_MOVE) == {encode(a) for a in legal if isinstance(a, Move)}
