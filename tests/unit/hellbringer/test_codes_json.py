"""A move's custom-id code digests its JSON, made from its fields as they are rather
than through pydantic (issue 27: a code was 2.7x pydantic's own JSON of the move).
The two must be the same text for every move a game offers, or codes would change."""

from __future__ import annotations

import json
import random

from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions
from tests.unit.hellbringer.support import physical_turn


def test_a_moves_fields_are_pydantics_json_of_it() -> None:
    seen: dict[str, int] = {}
    starts = [ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(3)],
                           HellbringerOptions()), physical_turn(3)]
    for seed, start in enumerate(starts):
        rng = random.Random(seed)
        state = start
        for _ in range(300):
            request = ENGINE.chance(state)
            if ENGINE.result(state) is not None or (request is not None and any(
                    item.open_hint is not None for item in request.items)):
                break
            if request is not None:
                state = ENGINE.resolve_quiet(state, sample(request, rng))
                continue
            movers = [s for s in range(state.players) if ENGINE.legal_actions(state, s)]
            for seat in movers:
                for action in ENGINE.legal_actions(state, seat):
                    assert json.dumps(vars(action), sort_keys=True) == \
                        json.dumps(ENGINE.dump_action(action), sort_keys=True)
                    seen[type(action).__name__] = seen.get(type(action).__name__, 0) + 1
            seat = rng.choice(movers)
            state = ENGINE.apply_quiet(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert len(seen) >= 8, f"too few kinds of move met: {sorted(seen)}"
