"""Hellboy: The Dice Game under random play.

A thousand games of random legal moves (a seeded loop, so the run is bounded and
reproducible) must all finish, keep every component accounted for after every step,
and round-trip through JSON. A hypothesis test drives games move by move so a failure
shrinks to a short story. `legal_actions` is checked to be exactly what `apply` accepts.

Why a thousand and not more: traced line by line, the first 200 digital games already
take every line-to-line step of the engine that 1,200 games take, so further games
only repeat paths; the counts below keep the total at 1,000 seeded games.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Literal, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.chance import ChanceOutcome, ChanceRequest, sample
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellboy_dice import (
    ENGINE,
    Attack,
    BraveMove,
    ChooseReroll,
    ChooseX2,
    EndTurn,
    Explore,
    HellboyOptions,
    HellboyState,
    LuckyFind,
)
from engines.hellboy_dice.models import COLOURS, FULL_HAND, Action

T = TypeVar("T")
MAX_STEPS = 20_000
RANDOM_GAMES = 860
PHYSICAL_GAMES = 100
EXACTNESS_GAMES = 40
assert RANDOM_GAMES + PHYSICAL_GAMES + EXACTNESS_GAMES >= 1_000, "a thousand seeded games at least"

UNIVERSE: list[Action] = [
    Explore(), EndTurn(), BraveMove(accept=True), BraveMove(accept=False),
    LuckyFind(die=None), ChooseReroll(die=None),
    *(LuckyFind(die=c) for c in COLOURS),
    *(ChooseX2(die=i) for i in range(4)),
    *(ChooseReroll(die=i) for i in range(4)),
    *(Attack(dice=d)
      for n in range(5) for d in itertools.combinations_with_replacement(COLOURS, n)),
]
"""Every action a player could send, legal or not (attacks of zero to four dice)."""


def new(players: int, rng: random.Random,
        mode: Literal["digital", "physical"] = "digital") -> HellboyState:
    options = HellboyOptions(
        mode=mode,
        target=rng.choice([5, 10, 15]),
        events_count_as_first_card=rng.random() < 0.7,
        always_ask_x2=rng.random() < 0.3,
        tiebreak_round_limit=rng.choice([1, 3, 10]),
    )
    return ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)], options)


def check_invariants(state: HellboyState, before: HellboyState | None,
                     chance: ChanceRequest | None) -> None:
    """The 12+1 dice, the 3 Wound cubes and the deck's cards are always accounted for.
    `chance` is what `ENGINE.chance(state)` returned (the caller needs it too)."""
    dice = [a + b for a, b in zip(state.hand, state.gone, strict=True)]
    for d in state.card_dice:
        dice[COLOURS.index(d.colour)] += 1
    if state.roll is not None:
        for c in state.roll.colours:
            dice[COLOURS.index(c)] += 1
    if state.lucky_die is not None:
        dice[COLOURS.index(state.lucky_die)] += 1
    assert tuple(dice) == FULL_HAND, state
    assert min(state.hand) >= 0
    assert 0 <= state.wounds <= 3
    assert state.wounds > 0 or state.phase == "over"
    if state.options.mode == "digital":
        cards = sum(state.deck) + sum(state.discard) + len(state.kept)
        cards += 1 if state.in_play is not None else 0
        assert cards == state.components.deck_size == 40, cards
        assert min(state.deck) >= 0 and min(state.discard) >= 0
    assert state.turn_clues >= 0 and state.fight_left >= 0
    if state.in_play is not None and state.in_play.event is None and state.phase == "attack":
        assert state.fight_left > 0 and sum(state.hand) > 0
    if before is not None:
        assert all(a >= b for a, b in zip(state.scores, before.scores, strict=True))
    assert (chance is None) == (state.phase not in {
        "first_player", "draw", "roll", "boss_reroll", "reroll", "blue_again", "lucky_roll",
        "accident"})
    assert ENGINE.to_move(state) == ([] if chance is not None or state.phase == "over"
                                     else [state.turn])


def check_exact_legal_actions(state: HellboyState) -> None:
    """apply accepts every listed action and refuses everything else, from every seat.
    (`apply_quiet` runs the very same checks; the move played next builds the events.)"""
    legal = ENGINE.legal_actions(state, state.turn)
    for action in UNIVERSE:
        for seat in range(state.players):
            try:
                ENGINE.apply_quiet(state, seat, action)
                accepted = True
            except RuleError:
                accepted = False
            assert accepted == (seat == state.turn and action in legal), (action, seat, state.phase)
    for action in legal:
        assert action in UNIVERSE or isinstance(action, Attack)


def physical_report(request: ChanceRequest, state: HellboyState,
                    rng: random.Random) -> list[str]:
    """What a player at a real table might type for the pending card or roll."""
    if request.items[0].open_hint is None:
        return sample(request, rng).values
    card = rng.choice(state.components.cards)
    if card.event is not None or rng.random() < 0.3:
        return [card.id]
    effects = f" effects={','.join(card.effects)}" if card.effects else ""
    return [f"{card.kind} clues={card.clues} fight={card.fight} skulls={card.skulls}{effects}"]


def play_random(state: HellboyState, rng: random.Random, *, exact: bool = False) -> HellboyState:
    before: HellboyState | None = None
    for step in range(MAX_STEPS):
        request = ENGINE.chance(state)
        check_invariants(state, before, request)
        if step % 40 == 0:
            assert ENGINE.load_state(ENGINE.dump_state(state)) == state
        if ENGINE.result(state) is not None:
            return state
        before = state
        frozen = ENGINE.dump_state(state) if step % 40 == 0 else None
        if request is not None:
            values = physical_report(request, state, rng)
            state, _ = ENGINE.resolve(state, ChanceOutcome(values=values))
        else:
            if exact and step % 5 == 0:
                check_exact_legal_actions(state)
            action = rng.choice(ENGINE.legal_actions(state, state.turn))
            state, _ = ENGINE.apply(state, state.turn, action)
        assert frozen is None or ENGINE.dump_state(before) == frozen, "the input was mutated"
    raise AssertionError(f"a random game did not finish in {MAX_STEPS} steps")


@pytest.mark.slow(76)
def test_random_games_finish_with_everything_accounted_for() -> None:
    """Issue: random legal games all finish, with a winner holding the most Clues."""
    rng = random.Random(2024)
    for game in range(RANDOM_GAMES):
        state = play_random(new(rng.randint(1, 6), rng), rng)
        result = ENGINE.result(state)
        assert result is not None, game
        if state.players > 1:
            best = max(state.scores)
            assert result.winners and all(state.scores[w] == best for w in result.winners)
            assert best >= state.options.target


def test_random_physical_games_finish() -> None:
    rng = random.Random(7)
    for _ in range(PHYSICAL_GAMES):
        state = new(rng.randint(1, 4), rng, mode="physical")
        assert ENGINE.result(play_random(state, rng)) is not None


def test_legal_actions_are_exactly_what_apply_accepts() -> None:
    rng = random.Random(99)
    for _ in range(EXACTNESS_GAMES):
        play_random(new(rng.randint(2, 3), rng), rng, exact=True)


_INDEX: dict[int, st.SearchStrategy[int]] = {}


def pick(data: st.DataObject, options: Sequence[T]) -> T:
    """`data.draw(st.sampled_from(options))`, shrinking the same way (towards the first
    option) with one strategy per length: a new strategy per draw cost more than the game."""
    strategy = _INDEX.get(len(options))
    if strategy is None:
        strategy = _INDEX[len(options)] = st.integers(0, len(options) - 1)
    return options[data.draw(strategy)]


@pytest.mark.slow(19)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(min_value=1, max_value=6))
def test_hypothesis_driven_games_keep_the_invariants(data: st.DataObject, players: int) -> None:
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         HellboyOptions(target=5))
    before: HellboyState | None = None
    for _ in range(MAX_STEPS):
        request = ENGINE.chance(state)
        check_invariants(state, before, request)
        if ENGINE.result(state) is not None:
            break
        before = state
        if request is not None:
            values = [pick(data, item.options) for item in request.items]
            state, _ = ENGINE.resolve(state, ChanceOutcome(values=values))
        else:
            state, _ = ENGINE.apply(state, state.turn,
                                    pick(data, ENGINE.legal_actions(state, state.turn)))
    assert ENGINE.result(state) is not None
    assert ENGINE.load_state(ENGINE.dump_state(state)) == state
