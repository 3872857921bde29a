"""Rebuilding a game from its log: used by undo, by log export checks, and by
`python -m bot replay`. One function, so "what the log means" lives in one place."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.log_lines import (
    ActionLine,
    ChanceLine,
    CorrectionLine,
    JoinLine,
    LinePayload,
    SetupLine,
    SkipLine,
)
from bot.models import LogEntry
from bot.table_options import engine_options
from engines.core.chance import ChanceOutcome, rng_for, sample
from engines.core.protocol import Event
from engines.registry import AnyEngine

REPLAYED_KINDS = frozenset({"action", "chance", "join", "skip", "correction"})
"""Log lines that change the engine state; everything else is table bookkeeping."""

UNDOABLE_KINDS = frozenset({"action", "chance", "skip", "correction"})
"""Steps undo may take back (a late join adds a seat, so it is not a move to undo)."""


class ReplayDivergence(Exception):
    """The log does not reproduce what was recorded; the message says where."""


class Replayed(BaseModel):
    state: Any
    rng_counter: int
    steps: int


def replay(
    engine: AnyEngine,
    setup: LinePayload,
    entries: Iterable[LogEntry],
    *,
    seed: int | None = None,
) -> Replayed:
    """Apply `entries` (skipping undone ones) to the state set up from `setup`.

    With `seed`, every digitally sampled chance outcome (a physical table's bot-rolled
    dice too) is also re-drawn from the counter-based RNG and must match the logged
    one: that proves the log was not edited and that rolls cannot be fished for.
    """
    if not isinstance(setup, SetupLine):
        raise ReplayDivergence(f"replay starts from a setup line, not a {setup.kind} line")
    return replay_from(engine, set_up(engine, setup), setup.rng_counter, entries, seed=seed)


def set_up(engine: AnyEngine, setup: SetupLine) -> Any:
    """The state a game's set-up line begins from."""
    return engine.setup(setup.seats, engine_options(engine, setup.options))


def replay_from(
    engine: AnyEngine,
    state: Any,
    counter: int,
    entries: Iterable[LogEntry],
    *,
    seed: int | None = None,
) -> Replayed:
    """Apply `entries` to `state`, a state the log reached with the RNG at `counter`
    (the set-up state, or a checkpoint: `bot/checkpoints.py`)."""
    steps = 0
    for step in steps_from(engine, state, counter, entries, seed=seed):
        state, counter, steps = step.state, step.counter, steps + 1
    return Replayed(state=state, rng_counter=counter, steps=steps)


@dataclass(frozen=True)
class Step:
    """One replayed log line and what it did: the web replay shows each one."""

    entry: LogEntry
    state: Any
    events: list[Event]
    counter: int


def steps_from(
    engine: AnyEngine,
    state: Any,
    counter: int,
    entries: Iterable[LogEntry],
    *,
    seed: int | None = None,
) -> Iterator[Step]:
    """Each line of `entries` that changes the state (undone ones skipped), as it is
    applied: `replay_from` and the web replay read the log through this one loop."""
    for entry in entries:
        if entry.undone:
            continue
        line = entry.payload
        events: list[Event]
        if isinstance(line, ActionLine):
            assert entry.seat is not None
            state, events = engine.apply(state, entry.seat, engine.parse_action(line.action))
        elif isinstance(line, ChanceLine):
            outcome = ChanceOutcome(values=list(line.values))
            if not line.reported:
                _check_draw(engine, state, entry, line, counter, seed)
                counter += 1
            state, events = engine.resolve(state, outcome)
        elif isinstance(line, JoinLine):
            state, events = engine.late_join(state, line.seat)
        elif isinstance(line, SkipLine):
            assert entry.seat is not None
            state, events = engine.skip_turn(state, entry.seat)
        elif isinstance(line, CorrectionLine):
            state, events = engine.correct(state, engine.parse_correction(line.correction))
        else:
            continue
        yield Step(entry, state, list(events), counter)


def _check_draw(
    engine: AnyEngine,
    state: Any,
    entry: LogEntry,
    line: ChanceLine,
    counter: int,
    seed: int | None,
) -> None:
    if line.counter != counter:
        raise ReplayDivergence(
            f"log line {entry.seq}: RNG counter {line.counter}, expected {counter}"
        )
    if seed is None:
        return
    request = engine.chance(state)
    if request is None:
        raise ReplayDivergence(f"log line {entry.seq}: no roll was pending")
    redrawn = sample(request, rng_for(seed, counter))
    if redrawn.values != line.values:
        raise ReplayDivergence(
            f"log line {entry.seq}: logged {line.values}, the game's RNG gives {redrawn.values}"
        )
