"""The Hellboy board's shared odds never serve another state (issue 27): the attack
buttons and the computer players' pick are kept per attack situation
(`odds.attack_figures`), and every hand of dice is worked out at start-up
(`warm_up(every_hand=True)`); under random play, each state's figures read through
them equal the ones worked out afresh, with nothing kept.

The games share one memo while they run, as the tables of one process do, so a
situation key missing something a figure depends on shows up as a state served
another's buttons."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.hellboy_dice import odds
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellboy_dice import ENGINE, HellboyOptions, HellboyState
from engines.hellboy_dice import odds as engine_odds
from engines.hellboy_dice.attack import attack_choices


def _attacks(seed: int, players: int, steps: int) -> list[HellboyState]:
    """The states of a random legal game where an attack is to be chosen."""
    rng = random.Random(seed)
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         HellboyOptions(target=8))
    found = []
    for _ in range(steps):
        if ENGINE.result(state) is not None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve(state, sample(request, rng))[0]
            continue
        if state.phase == "attack":
            found.append(state)
        move = rng.choice(ENGINE.legal_actions(state, state.turn))
        state = ENGINE.apply(state, state.turn, move)[0]
    return found


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**16), players=st.integers(1, 4), steps=st.integers(50, 400))
def test_attack_buttons_kept_per_situation_are_the_states_own(seed: int, players: int,
                                                              steps: int) -> None:
    for state in _attacks(seed, players, steps):
        hint, shown = odds.attack_figures(state)
        fresh_hint = odds.suggested(state)
        assert (hint, shown) == (fresh_hint, odds.attack_buttons(state, fresh_hint))
        assert engine_odds.every_attack_odds(state) == [
            (dice, engine_odds.attack_odds(state, dice)) for dice in attack_choices(state.hand)]


def test_odds_after_the_every_hand_warm_up_are_the_odds_worked_out_afresh() -> None:
    """The tables filled for every hand at start-up give each state what tables
    filled only as play needs them give it."""
    states = _attacks(11, 3, 600)
    engine_odds.warm_up(states[0], every_hand=True)
    warm = [(engine_odds.draw_risk(s), odds.all_attacks(s)) for s in states]
    for table in (engine_odds._CARD_VALUES, engine_odds._ROOM_KO, engine_odds._POLICY,
                  engine_odds._ATTACK_ODDS, engine_odds._WINS):
        table.clear()
    assert [(engine_odds.draw_risk(s), odds.all_attacks(s)) for s in states] == warm


def test_the_warm_up_leaves_no_attack_odds_for_the_first_board_to_work_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27 (board build ≤ 2× the rules): every dice set's odds against every
    room's Fight Value left, Skulls and Wounds are filled at start-up, so an attack met
    for the first time in play works out none."""
    states = _attacks(5, 2, 600)
    engine_odds._ATTACK_ODDS.clear()
    engine_odds.warm_up(states[0], every_hand=True)
    worked_out: list[object] = []
    fresh = engine_odds._attack_odds

    def counted(*args: Any) -> engine_odds.AttackOdds:
        worked_out.append(args)
        return fresh(*args)

    monkeypatch.setattr(engine_odds, "_attack_odds", counted)
    for state in states:
        engine_odds.every_attack_odds(state)
    assert states and worked_out == []
