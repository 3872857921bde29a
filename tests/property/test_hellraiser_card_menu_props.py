"""Every legal card play, move and attack is reachable through the board's menus
(issue 15, point 4).

Random AI games are played; at each state where the seat to move may play a card
(or move, or attack), the board's select and every further step it leads to are
walked: each step fits a select (25 options, labels of 100 characters), and the
actions reached are exactly the legal ones — none cut off, none invented.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.games.hellraiser.card_menu import MAX_OPTIONS, NARROW, plays
from bot.games.hellraiser.codes import VALUE_CODE, encode
from bot.games.hellraiser.menu import (
    SELECT_ATTACK,
    SELECT_CARD,
    SELECT_MOVE,
    STEPPED,
    menu,
    stepped_select,
)
from engines.core.chance import rng_for, sample
from engines.core.protocol import Seat
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.models import Action, Attack, Move, MoveFigure, PlayCard

STEPS = 1500
CHECKED = 12
"""Card states walked per game (a game reaches dozens; a few of each suffice)."""


def play_states(
    seed: int, players: int, steps: int = STEPS
) -> Iterator[tuple[HellraiserState, int, list[Action]]]:
    """Each state of a seeded AI game where a seat is to move, with its legal actions
    (the AI's move is made after the caller has looked)."""
    s = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                     ENGINE.parse_options({}))
    counter = 0
    for _ in range(steps):
        request = ENGINE.chance(s)
        if request is not None:
            s, _ = ENGINE.resolve(s, sample(request, rng_for(seed, counter)))
            counter += 1
            continue
        if ENGINE.result(s) is not None:
            return
        seat = ENGINE.to_move(s)[0]
        yield s, seat, ENGINE.legal_actions(s, seat)
        s, _ = ENGINE.apply(s, seat, ENGINE.ai_action(s, seat))


def reachable(s: HellraiserState, seat: int, code: str = SELECT_CARD) -> set[str]:
    """The codes of every action the board's select `code` leads to, step by step."""
    legal: list[Action] = ENGINE.legal_actions(s, seat)
    board = next(x for x in menu(s, seat, legal).selects if x.code == code)
    found: set[str] = set()
    queue = [board]
    while queue:
        select = queue.pop()
        assert 0 < len(select.options) <= MAX_OPTIONS
        for option in select.options:
            assert 0 < len(option.label) <= 100 and len(option.code) <= 100
            if option.code.startswith(NARROW):
                path = STEPPED[code].parse_path(option.code)
                queue.append(stepped_select(s, code, legal, path))
            else:
                assert option.code not in found, "each play is offered once"
                found.add(option.code)
    return found


@pytest.mark.slow(17)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 6))
@example(seed=0, players=6)  # two Cenobites on one square once offered each Key play twice
def test_every_legal_card_play_is_reachable_through_the_menus(seed: int, players: int) -> None:
    checked = 0
    for s, seat, legal in play_states(seed, players):
        if checked >= CHECKED:
            break
        if s.phase == "play" and not s.pending and any(isinstance(a, PlayCard) for a in legal):
            assert reachable(s, seat) == {encode(a) for a in plays(legal)}
            checked += 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 6))
@example(seed=1, players=3)  # nine turns with more than 25 moves
def test_every_legal_move_and_attack_is_reachable_through_the_menus(
    seed: int, players: int
) -> None:
    """Moves and attacks too: more than 25 of them are reached in steps, never cut."""
    crowded = 0
    for s, seat, legal in play_states(seed, players):
        if crowded >= CHECKED:
            break
        if s.phase == "play" and not s.pending:
            for code, kind in ((SELECT_MOVE, (Move, MoveFigure)), (SELECT_ATTACK, Attack)):
                wanted = {encode(a) for a in legal
                          if isinstance(a, kind) and len(encode(a)) <= VALUE_CODE}
                if wanted:
                    assert reachable(s, seat, code) == wanted
                    crowded += len(wanted) > MAX_OPTIONS
