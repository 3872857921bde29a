"""Hellbringer's derived numbers, worked out the cheap way, are the rules' own
(issue 27: the board's engine view read every hero's stats some 30 times and
summed Fractions for every odds figure).

- `at_least` reads a table of integer counts: it must equal the chance counted
  roll by roll over every face of every die (Dice: a damage die is 0 ×1, 5 ×3,
  10 ×2, an acid die 0 ×2, 5 ×4; a guard ignores the highest dice of each kind).
- `sheet(state)` keeps each hero's stats for one reader of one state: under
  random play, every figure read through a sheet equals the one worked out
  afresh, and a sheet never serves a hero of another state (a move changes the
  engine's own copy in place, so a stale sheet would show the old stats).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import Boost
from engines.hellbringer.odds import at_least, strike_now
from engines.hellbringer.stats import ap_left, row, sees, sheet, stats, threshold

DAMAGE_FACES = (0, 5, 5, 5, 10, 10)
ACID_FACES = (0, 0, 5, 5, 5, 5)


def _counted(damage: int, acid: int, need: int, ignore_damage: int, ignore_acid: int
             ) -> Fraction:
    """Every roll of every die, one by one: the definition, slow and plain."""
    hits = 0
    for d in itertools.product(DAMAGE_FACES, repeat=damage):
        kept_d = sum(sorted(d)[:max(0, damage - ignore_damage)])
        for a in itertools.product(ACID_FACES, repeat=acid):
            kept_a = sum(sorted(a)[:max(0, acid - ignore_acid)])
            hits += kept_d + kept_a >= need
    return Fraction(hits, 6 ** (damage + acid))


@settings(max_examples=120, deadline=None)
@given(damage=st.integers(0, 4), acid=st.integers(0, 3), need=st.integers(-5, 60),
       ignore_damage=st.integers(0, 2), ignore_acid=st.integers(0, 2))
def test_dice_pool_odds_from_the_table_are_the_rolls_counted(
        damage: int, acid: int, need: int, ignore_damage: int, ignore_acid: int) -> None:
    assert at_least(damage, acid, need, ignore_damage, ignore_acid) == \
        _counted(damage, acid, need, ignore_damage, ignore_acid)


def _states(seed: int, steps: int) -> list[HellbringerState]:
    """The states of a random legal game, each as the engine returned it."""
    rng = random.Random(seed)
    players = 1 + seed % 4
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         HellbringerOptions(max_rounds=3))
    found = [state]
    for _ in range(steps):
        if state.winners is not None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve_quiet(state, sample(request, rng))
        else:
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply_quiet(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        found.append(state)
    return found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(20, 150))
def test_stats_read_through_a_sheet_are_the_stats_worked_out_afresh(seed: int, steps: int
                                                                    ) -> None:
    states = _states(seed, steps)
    for state in states:
        of = sheet(state)
        for hero in state.heroes:
            assert of(hero) == stats(state, hero)
            assert threshold(state, hero, of=of) == threshold(state, hero)
            assert threshold(state, hero, 5, of) == threshold(state, hero, 5)
            assert ap_left(state, hero, of) == ap_left(state, hero)
            assert [sees(state, hero, e, of) for e in state.enemies] == \
                [sees(state, hero, e) for e in state.enemies]
        assert [row(state, e, of) for e in state.enemies] == [row(state, e) for e in state.enemies]
        assert strike_now(state, of) == strike_now(state)
    first = sheet(states[0])
    for state in states[1:]:
        for hero in state.heroes:
            assert first(hero) == stats(state, hero), "a sheet served another state's hero"


def test_a_sheet_never_serves_a_hero_changed_after_it_was_read() -> None:
    """Rule: stats 'combine all Attribute Points from cards on and around your Player
    Board'; a boost added to the engine's copy counts at once for a fresh reader."""
    state = _states(3, 0)[0]
    hero = state.heroes[0]
    of = sheet(state)
    before = of(hero)["sight"]
    changed = state.model_copy(deep=True)
    changed.heroes[0].boosts.append(Boost(source="test", stats={"sight": 5}, until="turn"))
    assert of(changed.heroes[0])["sight"] == before + 5
    assert of(hero)["sight"] == before
