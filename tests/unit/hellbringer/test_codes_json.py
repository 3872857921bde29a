"""A move's custom-id code digests its JSON, made from the move's value (`codes.key`:
its kind and its fields as they are) rather than through pydantic (issue 27: a code
was 2.7x pydantic's own JSON of the move). It must digest pydantic's JSON of every
move a game offers, or the codes players' boards carry would change."""

from __future__ import annotations

import hashlib
import json
import random

from bot.games.hellbringer import codes
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions
from engines.hellbringer.models import Action
from tests.unit.hellbringer.support import physical_turn


def _pydantics(action: Action) -> str:
    text = json.dumps(ENGINE.dump_action(action), sort_keys=True)
    return hashlib.blake2s(text.encode(), digest_size=4).hexdigest()


def test_a_moves_code_digests_pydantics_json_of_it() -> None:
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
                codes.forget()
                for index, action in enumerate(ENGINE.legal_actions(state, seat)):
                    assert codes.encode(index, action) == f"{index}.{_pydantics(action)}"
                    seen[type(action).__name__] = seen.get(type(action).__name__, 0) + 1
            seat = rng.choice(movers)
            state = ENGINE.apply_quiet(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert len(seen) >= 8, f"too few kinds of move met: {sorted(seen)}"
