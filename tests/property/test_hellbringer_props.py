"""Hellbringer under random legal play.

A thousand seeded games (a seeded loop, bounded and reproducible; a short house
round limit keeps each one quick) of uniformly random legal actions must all
end; after every step every card instance is in exactly one place, and no
threshold or stat is negative. The state round-trips through JSON.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import Choose
from engines.hellbringer.stats import enemy_threshold, stats, threshold

GAMES = 1_000
SLICE = 100
"""The seeds run in slices, each its own test: together they are the same thousand
games, but the slices share the workers and none comes near the test timeout."""
MAX_STEPS = 5_000
OPTIONS = HellbringerOptions(max_rounds=2)


def _places(state: HellbringerState) -> Counter[str]:
    """Every card instance the state holds, wherever it is."""
    d = state.dungeon
    found: list[str] = [*d.top, *d.commons, *d.combat, *d.discard, *d.removed, *d.box,
                        *d.locations, *d.starters, *d.monsters, *d.moose, *d.demon,
                        *d.middle, *d.mule]
    for seg in d.segments:
        found += [c for c in (seg.tome, seg.location) if c]
    for hero in state.heroes:
        found += hero.hand + hero.learned + hero.temporary
        found += list(dict.fromkeys(hero.equipped.values()))
        found += [c for cards in hero.enchants.values() for c in cards]
        found += [c.card for c in hero.companions]
        found += [c for pile in hero.points.values() for c in pile]
    found += [e.uid for e in state.enemies]
    found += [s.enemy for s in state.queue if isinstance(s, Choose) and s.enemy]
    return Counter(found)


def _check(state: HellbringerState, universe: set[str]) -> None:
    places = _places(state)
    twice = [c for c, n in places.items() if n > 1]
    assert not twice, f"duplicated: {twice}"
    universe |= {c for c in places if c.split("#")[0] in _CLASS_STARTERS}
    lost = universe - set(places)
    assert not lost, f"lost: {sorted(lost)[:5]}"
    assert sum(s.commons for s in state.dungeon.segments) <= len(state.dungeon.commons)
    for hero in state.heroes:
        assert threshold(state, hero) >= 5
        assert all(v >= 0 for v in stats(state, hero).values())
    assert all(enemy_threshold(e) >= 0 for e in state.enemies)


_CLASS_STARTERS = {"worn_sword", "battered_buckler", "short_bow", "trackers_hood", "ashen_rod",
                   "kindle", "pilgrims_mace", "oath_shield", "hand_wraps", "still_mind",
                   "oak_staff", "loyal_wolf", "last_breath_flask"}


def _play(seed: int) -> HellbringerState:
    rng = random.Random(seed)
    players = 1 + seed % 4
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)], OPTIONS)
    universe = set(_places(state))
    for _ in range(MAX_STEPS):
        if state.winners is not None:
            return state
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve_quiet(state, sample(request, rng))
        else:
            seat = ENGINE.to_move(state)[0]
            if rng.random() < 0.1:
                seat = rng.choice([s for s in range(players) if ENGINE.may_act(state, s)])
            actions = ENGINE.legal_actions(state, seat)
            if not actions:
                seat = ENGINE.to_move(state)[0]
                actions = ENGINE.legal_actions(state, seat)
            state = ENGINE.apply_quiet(state, seat, rng.choice(actions))
        _check(state, universe)
    raise AssertionError(f"game {seed} did not end in {MAX_STEPS} steps")


@pytest.mark.slow(12)
@pytest.mark.parametrize("first", range(0, GAMES, SLICE))
def test_a_thousand_random_legal_games_end_and_keep_every_card_once(first: int) -> None:
    for seed in range(first, first + SLICE):
        final = _play(seed)
        assert final.outcome in ("won", "lost")


def test_state_round_trips_through_json_mid_game() -> None:
    state = _play(7)
    assert ENGINE.load_state(ENGINE.dump_state(state)) == state


def test_a_step_never_changes_the_state_it_was_given() -> None:
    """The engine protocol: 'the input state is never mutated'. Each step works on a
    fork that shares what cannot change (frozen cards, and models whose every field is
    a value); over seeded games, every state handed to `apply` or `resolve` reads the
    same after the step as before it."""
    for seed in range(40):
        rng = random.Random(seed)
        players = 1 + seed % 4
        state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)], OPTIONS)
        for _ in range(MAX_STEPS):
            if state.winners is not None:
                break
            before = ENGINE.dump_state(state)
            request = ENGINE.chance(state)
            if request is not None:
                after = ENGINE.resolve_quiet(state, sample(request, rng))
            else:
                seat = ENGINE.to_move(state)[0]
                after = ENGINE.apply_quiet(state, seat,
                                           rng.choice(ENGINE.legal_actions(state, seat)))
            assert ENGINE.dump_state(state) == before, f"game {seed} changed its input"
            state = after
