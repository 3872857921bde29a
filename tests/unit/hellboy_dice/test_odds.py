"""Odds: exact figures checked against brute-force enumeration through the engine itself
(every chance node enumerated, every choice made by the AI the odds assume), and against
a seeded simulation on the full house deck."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest

from engines.core.chance import enumerate_outcomes, sample
from engines.hellboy_dice import ENGINE, Attack, Explore, HellboyState
from engines.hellboy_dice.ai import choose
from engines.hellboy_dice.models import Colour, PlacedDie
from engines.hellboy_dice.odds import attack_odds, draw_risk
from tests.unit.hellboy_dice.support import explore, new_game

Leaf = tuple[HellboyState, Fraction, bool]


def leaves(state: HellboyState, stop: Callable[[HellboyState], bool],
           p: Fraction = Fraction(1), won: bool = False) -> Iterator[Leaf]:
    """Every end of the situation with its exact probability; `won` marks a path on which
    an attack defeated its card."""
    if stop(state):
        yield state, p, won
        return
    request = ENGINE.chance(state)
    if request is not None:
        for outcome, q in enumerate_outcomes(request):
            nxt, events = ENGINE.resolve(state, outcome)
            hit = won or any(getattr(e, "defeated", False) for e in events)
            yield from leaves(nxt, stop, p * q, hit)
    else:
        nxt, events = ENGINE.apply(state, state.turn, choose(state, state.turn))
        yield from leaves(nxt, stop, p, won or any(getattr(e, "defeated", False) for e in events))


def set_up(card: str, hand: tuple[int, int, int, int], wounds: int,
           on_card: tuple[tuple[Colour, int], ...] = ()) -> HellboyState:
    state = explore(new_game(), card)
    gone = tuple(full - h for full, h in zip((6, 3, 2, 1), hand, strict=True))
    dice = tuple(PlacedDie(colour=c, label=str(v), value=v) for c, v in on_card)
    return state.model_copy(update={"hand": hand, "gone": gone, "wounds": wounds,
                                    "card_dice": dice})


ATTACKS = [
    ("frog", ("yellow",), (6, 3, 2, 1), 3, ()),
    ("big", ("orange", "red", "black"), (6, 3, 2, 1), 3, ()),
    ("big", ("yellow", "yellow"), (6, 3, 2, 1), 1, (("red", 2),)),
    ("priest", ("red", "black"), (6, 3, 2, 1), 1, ()),
    ("matriarch", ("yellow", "red", "black"), (6, 3, 2, 1), 2, ()),
    ("rasputin", ("yellow", "black"), (6, 3, 2, 1), 2, ()),
    ("tentacles", ("orange", "red", "black"), (6, 3, 2, 1), 3, ()),
    ("tentacles", ("yellow", "yellow", "red"), (2, 0, 1, 0), 1, (("black", 1),)),
    ("wall", ("yellow", "orange", "red"), (1, 1, 1, 0), 3, ()),
]


@pytest.mark.parametrize(("card", "dice", "hand", "wounds", "on_card"), ATTACKS)
def test_attack_odds_match_enumerating_the_engine(
    card: str, dice: tuple[Colour, ...], hand: tuple[int, int, int, int], wounds: int,
    on_card: tuple[tuple[Colour, int], ...],
) -> None:
    """The chance an attack defeats the card (blue die and boss effects included), and the
    chance it knocks the player out, equal the engine's own outcomes exactly."""
    state = set_up(card, hand, wounds, on_card)
    odds = attack_odds(state, dice)
    start = state.knockouts
    rolled = ENGINE.apply_quiet(state, 0, Attack(dice=dice))
    ends = list(leaves(rolled, lambda s: s.roll is None and s.phase != "blue_again"))
    assert sum(p for _, p, _ in ends) == 1
    defeat = sum(p for _, p, won in ends if won)
    ko = sum(p for s, p, _ in ends if s.knockouts > start)
    assert odds.defeat == pytest.approx(float(defeat), abs=1e-12)
    assert odds.knocked_out == pytest.approx(float(ko), abs=1e-12)


def risk_by_enumeration(state: HellboyState) -> tuple[Fraction, Fraction]:
    start_ko, start_clues, seat = state.knockouts, state.turn_clues, state.turn

    def resolved(s: HellboyState) -> bool:
        return s.knockouts > start_ko or (
            s.turn == seat and s.phase == "explore" and s.in_play is None)

    ko = clues = Fraction(0)
    for leaf, p, _ in leaves(ENGINE.apply_quiet(state, seat, Explore()), resolved):
        if leaf.knockouts > start_ko:
            ko += p
        else:
            clues += p * (leaf.turn_clues - start_clues)
    return ko, clues


def with_piles(state: HellboyState, deck: dict[str, int], discard: dict[str, int],
               hand: tuple[int, int, int, int], wounds: int) -> HellboyState:
    index = state.components.index
    d, x = [0] * len(state.deck), [0] * len(state.deck)
    for card, n in deck.items():
        d[index[card]] = n
    for card, n in discard.items():
        x[index[card]] = n
    gone = tuple(full - h for full, h in zip((6, 3, 2, 1), hand, strict=True))
    return state.model_copy(update={"deck": tuple(d), "discard": tuple(x), "hand": hand,
                                    "gone": gone, "wounds": wounds, "first_resolved": True})


@pytest.mark.parametrize(("deck", "discard", "hand", "wounds"), [
    ({"frog": 1, "big": 1, "hole": 1, "accident": 1, "priest": 1}, {"risk": 1}, (2, 1, 0, 0), 2),
    ({"hole": 1, "frog": 1}, {"big": 1, "lucky": 1}, (1, 1, 0, 1), 3),
    ({"hole": 1}, {"tentacles": 1, "brave": 1}, (1, 0, 1, 0), 3),
    ({"accident": 1, "matriarch": 1, "empty": 1}, {}, (0, 1, 1, 0), 1),
])
def test_draw_risk_matches_enumerating_the_engine(
    deck: dict[str, int], discard: dict[str, int], hand: tuple[int, int, int, int], wounds: int,
) -> None:
    """The chance the next card ends the turn Knocked Out (Hole in the Floor chains and
    reshuffles included) and its expected Clues, against every draw, roll and AI choice."""
    state = with_piles(new_game(), deck, discard, hand, wounds)
    risk = draw_risk(state)
    ko, clues = risk_by_enumeration(state)
    assert risk.knocked_out == pytest.approx(float(ko), abs=1e-12)
    assert risk.expected_clues == pytest.approx(float(clues), abs=1e-12)


def test_draw_risk_matches_a_seeded_simulation_on_the_house_deck() -> None:
    state = new_game(deck_path=None).model_copy(update={"wounds": 2, "first_resolved": True})
    risk = draw_risk(state)
    rng, runs, knocked = random.Random(20), 3000, 0
    for _ in range(runs):
        s = ENGINE.apply_quiet(state, 0, Explore())
        while s.turn == 0 and s.knockouts == 0 and not (s.phase == "explore" and s.in_play is None):
            request = ENGINE.chance(s)
            if request is not None:
                s = ENGINE.resolve_quiet(s, sample(request, rng))
            else:
                s = ENGINE.apply_quiet(s, 0, choose(s, 0))
        knocked += s.knockouts
    sigma = (risk.knocked_out * (1 - risk.knocked_out) / runs) ** 0.5
    assert abs(knocked / runs - risk.knocked_out) < 4 * sigma + 1e-9
    assert 0.02 < risk.knocked_out < 0.5


def test_odds_are_for_a_room_in_play() -> None:
    with pytest.raises(ValueError, match="no room"):
        attack_odds(new_game(), ("red",))


def test_physical_draw_risk_assumes_the_full_pack() -> None:
    physical = new_game(mode="physical")
    digital = new_game()
    assert draw_risk(physical) == draw_risk(digital)
