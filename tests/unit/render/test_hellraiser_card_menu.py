"""The card menu in steps (issue 15, point 4): Surprise Attack, 600-odd plays (a
Cenobite and any square), is reached by card, then Cenobite, rows, tile and square —
never "25 of 624"."""

from __future__ import annotations

from bot.games.hellraiser.card_menu import NARROW, parse_path, plays
from bot.games.hellraiser.codes import encode
from bot.games.hellraiser.menu import SELECT_CARD, card_select, menu
from engines.core.chance import rng_for, sample
from engines.core.protocol import Seat
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.models import PlayCard
from tests.property.test_hellraiser_card_menu_props import reachable


def crowded_state() -> tuple[HellraiserState, int]:
    """The first state of seeded AI games where one card has more than 100 plays."""
    for seed in range(30):
        s = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(4)],
                         ENGINE.parse_options({}))
        counter = 0
        for _ in range(3000):
            request = ENGINE.chance(s)
            if request is not None:
                s, _ = ENGINE.resolve(s, sample(request, rng_for(seed, counter)))
                counter += 1
                continue
            if ENGINE.result(s) is not None:
                break
            seat = ENGINE.to_move(s)[0]
            legal = ENGINE.legal_actions(s, seat)
            cards = [a.card for a in legal if isinstance(a, PlayCard)]
            if any(cards.count(c) > 100 for c in cards):
                return s, seat
            s, _ = ENGINE.apply(s, seat, ENGINE.ai_action(s, seat))
    raise AssertionError("no crowded card state in 30 games")


def test_a_card_with_hundreds_of_plays_is_reached_in_steps() -> None:
    s, seat = crowded_state()
    legal = ENGINE.legal_actions(s, seat)
    board = next(x for x in menu(s, seat).selects if x.code == SELECT_CARD)
    assert " of " not in board.placeholder, "no truncation count"
    assert len({o.code for o in board.options}) == len(board.options) <= 25
    assert reachable(s, seat) == {encode(a) for a in plays(legal)}
    crowded = max((o for o in board.options if o.code.startswith(NARROW)),
                  key=lambda o: int(o.description.split()[0]))
    assert "ways: choose next" in crowded.description
    second = card_select(s, legal, parse_path(crowded.code))
    assert second.placeholder.startswith("🃏 ") and ": choose" in second.placeholder
