"""Cheap undo: checkpoints every K steps, so taking a step back replays at most a
few K log lines instead of the whole game.

A table in memory keeps its `History`: a few checkpoints (the state and RNG
counter the log had reached at a version) and the replayed log lines since the
oldest of them. Undo rebuilds the state before the last step from the newest
checkpoint older than that step, exactly as a replay from set-up would (the
persistence guard checks both agree after every change in tests). A table read
back from storage starts a new history at that point; an undo reaching further
back than its checkpoints replays the stored log from set-up, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.models import LogEntry
from bot.replay import REPLAYED_KINDS

CHECKPOINT_EVERY = 32
"""Versions between checkpoints: an undo replays fewer than 2 × this many steps."""

CHECKPOINTS_KEPT = 4
"""Checkpoints per table: undo after undo stays cheap for about this × K steps."""


@dataclass(frozen=True)
class Checkpoint:
    version: int
    state: Any
    rng_counter: int


Line = tuple[int, str, str]
"""A replayed line as a history keeps it: its version, its kind, and the line as JSON.
Plain values in a plain tuple, which the garbage collector stops tracking: a busy
table's tail of parsed lines (a line, its payload, their dicts and field sets) made
up about 40 % of the objects a full collection walked in the Hellraiser load bench,
and a full pass holds the loop for as long as it walks them. Undo, which reads the
lines, is rare; a step only adds its own."""


def _kept(entry: LogEntry) -> Line:
    return entry.version, entry.kind, entry.model_dump_json()


def _parsed(lines: list[Line]) -> list[LogEntry]:
    return [LogEntry.model_validate_json(text) for _, _, text in lines]


@dataclass
class History:
    checkpoints: list[Checkpoint]
    tail: list[Line] = field(default_factory=list)
    """Replayed, not undone lines newer than the oldest checkpoint, in order."""
    every: int = CHECKPOINT_EVERY
    kept: int = CHECKPOINTS_KEPT

    @classmethod
    def starting_at(cls, version: int, state: Any, rng_counter: int) -> History:
        first = Checkpoint(version, state, rng_counter)
        return cls([first], [], CHECKPOINT_EVERY, CHECKPOINTS_KEPT)

    def copy(self) -> History:
        """A history to change without changing this one (the states are shared:
        engines never mutate a state)."""
        return History(list(self.checkpoints), list(self.tail), self.every, self.kept)

    def record(self, version: int, entries: list[LogEntry], state: Any, rng_counter: int) -> None:
        """After a committed step: its replayed lines, and a checkpoint every K versions."""
        self.tail.extend(_kept(e) for e in entries if e.kind in REPLAYED_KINDS and not e.undone)
        if version - self.checkpoints[-1].version < self.every:
            return
        self.checkpoints.append(Checkpoint(version, state, rng_counter))
        if len(self.checkpoints) > self.kept:
            del self.checkpoints[: len(self.checkpoints) - self.kept]
            oldest = self.checkpoints[0].version
            self.tail = [line for line in self.tail if line[0] > oldest]

    def last_undoable(self, kinds: frozenset[str]) -> int | None:
        """The version of the newest step of `kinds` this history holds."""
        return next((v for v, kind, _ in reversed(self.tail) if kind in kinds), None)

    def without(self, version: int) -> tuple[Checkpoint, list[LogEntry]] | None:
        """What the log replays to without the step at `version`: the newest checkpoint
        older than it and the lines since, but that step's; None if the checkpoints do
        not reach back so far."""
        found = next((c for c in reversed(self.checkpoints) if c.version < version), None)
        if found is None:
            return None
        return found, _parsed([line for line in self.tail
                               if line[0] > found.version and line[0] != version])

    def lines_at(self, version: int) -> list[LogEntry]:
        """The replayed lines of the step at `version` (what an undo of it takes back)."""
        return _parsed([line for line in self.tail if line[0] == version])

    def latest(self) -> tuple[Checkpoint, list[LogEntry]]:
        """The newest checkpoint and every line since (what the table shows now)."""
        newest = self.checkpoints[-1]
        return newest, _parsed([line for line in self.tail if line[0] > newest.version])

    def take_back(self, version: int) -> bool:
        """Undo of the step at `version`: forget it and every checkpoint that holds it.
        False when no checkpoint is left (the history must start again)."""
        self.checkpoints = [c for c in self.checkpoints if c.version < version]
        self.tail = [line for line in self.tail if line[0] != version]
        return bool(self.checkpoints)
