"""'Cards in hand are hidden': a seat reads its own hand, and its hand embed is drawn
from its hero alone (`view.own_hero`), which must be what the whole view shows that
seat, for every seat of every version of seeded games."""

from __future__ import annotations

import random

from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions
from engines.hellbringer.view import own_hero


def test_a_seats_own_hero_is_what_the_view_shows_it() -> None:
    for seed in (1, 2):
        rng = random.Random(seed)
        state = ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(3)],
                             HellbringerOptions())
        for _ in range(150):
            if ENGINE.result(state) is not None:
                break
            request = ENGINE.chance(state)
            if request is not None:
                state = ENGINE.resolve_quiet(state, sample(request, rng))
                continue
            for seat in range(state.players):
                assert own_hero(state, seat) == ENGINE.view(state, seat)["heroes"][seat]
            seat = rng.choice(ENGINE.to_move(state))
            state = ENGINE.apply_quiet(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
