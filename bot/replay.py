"""Rebuilding a game from its log: used by undo, by log export checks, and by
`python -m bot replay`. One function, so "what the log means" lives in one place."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.models import LogEntry
from engines.core.chance import ChanceOutcome, rng_for, sample
from engines.core.protocol import Seat
from engines.registry import AnyEngine

REPLAYED_KINDS = frozenset({"action", "chance", "join", "skip"})
"""Log lines that change the engine state; everything else is table bookkeeping."""

UNDOABLE_KINDS = frozenset({"action", "chance", "skip"})
"""Steps undo may take back (a late join adds a seat, so it is not a move to undo)."""


class ReplayDivergence(Exception):
    """The log does not reproduce what was recorded; the message says where."""


class Replayed(BaseModel):
    state: Any
    rng_counter: int
    steps: int


def replay(
    engine: AnyEngine,
    setup: dict[str, Any],
    entries: Iterable[LogEntry],
    *,
    seed: int | None = None,
) -> Replayed:
    """Apply `entries` (skipping undone ones) to the state set up from `setup`.

    With `seed`, every digitally sampled chance outcome is also re-drawn from the
    counter-based RNG and must match the logged one: that proves the log was not
    edited and that rolls cannot be fished for.
    """
    seats = [Seat.model_validate(s) for s in setup["seats"]]
    state = engine.setup(seats, engine.parse_options(setup["options"]))
    counter = int(setup.get("rng_counter", 0))
    steps = 0
    for entry in entries:
        if entry.undone:
            continue
        if entry.kind == "action":
            assert entry.seat is not None
            action = engine.parse_action(entry.payload["action"])
            state, _ = engine.apply(state, entry.seat, action)
        elif entry.kind == "chance":
            outcome = ChanceOutcome(values=list(entry.payload["values"]))
            if not entry.payload.get("reported"):
                logged_counter = int(entry.payload["counter"])
                if logged_counter != counter:
                    raise ReplayDivergence(
                        f"log line {entry.seq}: RNG counter {logged_counter}, expected {counter}"
                    )
                if seed is not None:
                    request = engine.chance(state)
                    if request is None:
                        raise ReplayDivergence(f"log line {entry.seq}: no roll was pending")
                    redrawn = sample(request, rng_for(seed, counter))
                    if redrawn.values != outcome.values:
                        raise ReplayDivergence(
                            f"log line {entry.seq}: logged {outcome.values},"
                            f" the game's RNG gives {redrawn.values}"
                        )
                counter += 1
            state, _ = engine.resolve(state, outcome)
        elif entry.kind == "join":
            state, _ = engine.late_join(state, Seat.model_validate(entry.payload["seat"]))
        elif entry.kind == "skip":
            assert entry.seat is not None
            state, _ = engine.skip_turn(state, entry.seat)
        else:
            continue
        steps += 1
    return Replayed(state=state, rng_counter=counter, steps=steps)
