"""How fast the machine ran while a load-bench bot was measured.

The bench's figures are CPU time, and on this shared 2-core machine the same work
takes more of it at some times than at others: twenty times `work`, timed every
half second inside a bot's process, took a median of 19.8 ms through one run and
12.6-13.3 ms through the five that followed it, and that run's bot spent 12.6 ms of
CPU per click against 9.2-10.8 ms for the same bot in the others. A comparison of
two bots (`--before`) that alternates their runs still takes such a run at face
value, on whichever side it fell. So every bot process of the bench (today's, an
older one, the bare bot and the floor) times one small fixed piece of work every
`EVERY` seconds on a thread of its own, and the report gives each part's median:
the machine's pace through that part. The comparison names the runs whose pace is
off the others' and gives the ratio without them too.

The thread's own CPU is not the bot's: it is taken off the part's CPU per click.
One piece holds the interpreter lock for about half a millisecond.
"""

from __future__ import annotations

import json
import math
import statistics
import threading
import time
from collections.abc import Callable, Sequence

EVERY = 0.5
"""Seconds between two timings: a 30 s part gets about 60."""

ROUNDS = 150
"""Rounds of the fixed work: about 0.6 ms of CPU on this machine at its usual pace."""

OFF = 0.10
"""How far a run's pace may be from the median of all of a comparison's runs before it
is named as run at another pace (the runs of one session spread by 2-6 %)."""

THREAD_NAME = "load-bench-pace"


def work() -> int:
    """The fixed piece of work: the kind the bot does (small dicts and lists, strings,
    JSON), always the same. Returns a number so nothing is optimised away."""
    total = 0
    for i in range(ROUNDS):
        options = [str(j) for j in range(5)]
        item = {"id": i, "label": f"card {i}", "style": i % 4, "options": options}
        total += len(json.dumps(item)) + sum(len(o) for o in options)
        total += "-".join(options).count("1")
    return total


class Pace:
    """The timings since the last `mark`, and the CPU they took. `sample` runs on the
    pace thread; `mark` and `since` on the loop (the lock keeps the two apart)."""

    def __init__(self, clock: Callable[[], float] = time.thread_time) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._samples: list[float] = []
        self._spent = 0.0
        self._thread: threading.Thread | None = None

    def sample(self) -> float:
        """Time the work once; its CPU milliseconds."""
        started = self._clock()
        work()
        spent = self._clock() - started
        with self._lock:
            self._samples.append(spent * 1000.0)
            self._spent += spent
        return spent * 1000.0

    def mark(self) -> None:
        with self._lock:
            self._samples.clear()
            self._spent = 0.0

    def since(self) -> tuple[list[float], float]:
        """The timings (ms) since the mark, and the CPU seconds they took."""
        with self._lock:
            return list(self._samples), self._spent

    def start(self) -> None:
        """Begin timing on a daemon thread (once): it dies with the process."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            time.sleep(EVERY)
            self.sample()


PACE = Pace()
"""The process's one pace thread (`bench.load_figures.serve_commands` starts it)."""


def is_pace_thread(thread: threading.Thread) -> bool:
    return thread.name == THREAD_NAME


def pace_line(name: str, samples: Sequence[float]) -> str:
    """A part's pace: the median timing, and its spread."""
    if not samples:
        return f"{name}: machine pace: no timing of the fixed work"
    ordered = sorted(samples)
    low, high = ordered[len(ordered) // 10], ordered[(len(ordered) * 9) // 10]
    return (f"{name}: machine pace: the fixed work took p50 {statistics.median(samples):.2f} ms"
            f" of CPU (p10 {low:.2f}, p90 {high:.2f}; {len(samples)} timings)")


def middle_pace(paces: Sequence[float]) -> float:
    """The median of the runs' paces that were timed (NaN if none was: an older bench)."""
    known = [p for p in paces if not math.isnan(p)]
    return statistics.median(known) if known else math.nan


def off_pace(paces: Sequence[float]) -> list[bool]:
    """For each run's pace, whether it is more than `OFF` from the median of them all."""
    middle = middle_pace(paces)
    return [not math.isnan(p) and abs(p - middle) > OFF * middle for p in paces]
