"""Computer players spend their turns on something: a regression for an AI that sat
in the Library using the Reference books every turn (which forbade its search)."""

from __future__ import annotations

import random
from collections import Counter

from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellraiser import ENGINE
from engines.hellraiser.models import Search
from tests.unit.hellraiser.support import center, edit, new_game


def _ai_game(seed: int, players: int) -> Counter[str]:
    seats = [Seat(index=i, name=f"P{i}", ai=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({"quick_start": True}))
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    for _ in range(20_000):
        if ENGINE.result(state) is not None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            state, _ = ENGINE.resolve(state, sample(request, rng))
            continue
        seat = ENGINE.to_move(state)[0]
        action = ENGINE.ai_action(state, seat)
        kinds[ENGINE.dump_action(action)["type"]] += 1
        state, _ = ENGINE.apply(state, seat, action)
    return kinds


def test_the_ai_does_not_burn_turns_on_room_powers() -> None:
    kinds = _ai_game(seed=3, players=3)
    assert kinds["power"] <= kinds["search"] + kinds["move"], kinds


def test_an_ai_human_searches_an_unsearched_boiler_room_with_nobody_to_scald() -> None:
    """Regression: Scalding steam with no Cenobite or Creature in the room forbade the
    search every turn, so AI Humans froze in the Boiler Room until the round limit."""
    state = new_game(2)
    state = edit(state, "h0", square=center(state, "boiler_room"))
    assert ENGINE.ai_action(state, 0) == Search()
