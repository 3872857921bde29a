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
from engines.registry import AnyEngine

REPLAYED_KINDS = frozenset({"action", "chance", "join", "skip", "correction"})
"""Log lines that change the engine state; everything else is table bookkeeping."""

UNDOABLE_KINDS = frozenset({"action", "chance", "skip", "correction"})
"""Steps undo may take back (a late join adds a seat, so it is not a move to undo)."""


def logged_move(engine: AnyEngine, line: ActionLine) -> Any:
    """The move an action line holds as replay reads it (`Engine.read_logged_action`),
    or the GM's correction an older version logged as a move (`legacy_correction`)."""
    legacy = engine.legacy_correction(line.action)
    return legacy if legacy is not None else engine.read_logged_action(line.action)


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
    state = set_up(engine, setup)
    assert isinstance(setup, SetupLine)
    return replay_from(engine, state, setup.rng_counter, entries, seed=seed)


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
    for step in replay_steps(engine, state, counter, entries, seed=seed):
        state, counter, steps = step.after, step.rng_counter, steps + 1
    return Replayed(state=state, rng_counter=counter, steps=steps)


@dataclass(frozen=True)
class ReplayStep:
    """One replayed log line with the states either side of it: what the replay page,
    the luck report and the GIF read, so each sees the very replay undo trusts."""

    entry: LogEntry
    before: Any
    after: Any
    rng_counter: int
    """The RNG counter after the line."""


def replay_steps(
    engine: AnyEngine,
    state: Any,
    counter: int,
    entries: Iterable[LogEntry],
    *,
    seed: int | None = None,
) -> Iterator[ReplayStep]:
    """`replay_from`, one step at a time (undone and bookkeeping lines are skipped)."""
    for entry in entries:
        if entry.undone:
            continue
        line = entry.payload
        before = state
        if isinstance(line, ActionLine):
            assert entry.seat is not None
            legacy = engine.legacy_correction(line.action)
            if legacy is not None:
                state, _ = engine.correct(state, legacy)
            else:
                state, _ = engine.apply(state, entry.seat, engine.read_logged_action(line.action))
        elif isinstance(line, ChanceLine):
            outcome = ChanceOutcome(values=list(line.values))
            if not line.reported:
                _check_draw(engine, state, entry, line, counter, seed)
                counter += 1
            state, _ = engine.resolve(state, outcome)
        elif isinstance(line, JoinLine):
            state, _ = engine.late_join(state, line.seat)
        elif isinstance(line, SkipLine):
            assert entry.seat is not None
            state, _ = engine.skip_turn(state, entry.seat)
        elif isinstance(line, CorrectionLine):
            state, _ = engine.correct(state, engine.parse_correction(line.correction))
        else:
            continue
        yield ReplayStep(entry, before, state, counter)


def set_up(engine: AnyEngine, setup: LinePayload) -> Any:
    """The state a game's setup line makes: where every replay starts."""
    if not isinstance(setup, SetupLine):
        raise ReplayDivergence(f"replay starts from a setup line, not a {setup.kind} line")
    return engine.setup(setup.seats, engine_options(engine, setup.options))


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
