"""The bot as it was at an earlier commit, run by the load bench beside today's.

Issue 27 asks for the bot's CPU per click at most half of what it was when the issue
was filed. Figures taken on another machine, with another load, cannot be halved:
`--before COMMIT` runs that commit's bot (its `bot/`, `engines/` and `cogs/`, read
with `git archive`) under the very same bench, fake Discord and players, alternating
with today's, so the ratio compares like with like on whatever machine runs it.

The bench's side (the players, the fake, the stamps of `bench.load_bot`) stays
today's. An older bot that lacks something the stamps hook into loses only that
figure (`bench.load_bot` says which); the bare baseline is unchanged.
"""

from __future__ import annotations

import importlib
import io
import math
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench import load_pace

CODE = ("bot", "engines", "cogs")
"""The packages that make the bot; everything else (bench, tests) stays today's."""

ROOT = Path(__file__).resolve().parents[1]

REIMPORTED = ("bench.load_bot", "bench.load_figures", "tests.support")
"""Today's modules that import the bot: a child imports them again over the old code."""


class NoSuchCode(Exception):
    """The commit's code could not be read (not a commit, or no git here)."""


@contextmanager
def code_at(commit: str) -> Iterator[Path]:
    """A folder holding `commit`'s bot packages, removed afterwards."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit, *CODE],
            capture_output=True, check=False)
    except FileNotFoundError as exc:
        raise NoSuchCode("git is not installed") from exc
    if archive.returncode != 0:
        reason = archive.stderr.decode(errors="replace").strip().splitlines()
        raise NoSuchCode(reason[-1] if reason else f"git archive {commit} failed")
    with tempfile.TemporaryDirectory(prefix="pandemonium-before-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder)


def serve_at(code: str, settings: dict[str, Any], pipe: Connection) -> None:
    """The child process's entry point for a bot read from `code`. A spawned child has
    already imported the parent's main module (`bench.load_bench`), and with it today's
    bot; those modules are forgotten, so the imports that follow read the old code."""
    for name in list(sys.modules):
        if name.split(".")[0] in CODE or name.startswith(REIMPORTED):
            del sys.modules[name]
    sys.path.insert(0, code)
    importlib.import_module("bench.load_bot").serve(settings, pipe)


@dataclass(frozen=True)
class Figures:
    """What the now / before comparison reads of one game's run (ms)."""

    cpu_per_click: float
    ack_p50: float
    ack_p99: float
    shown_p99: float
    opening_ack_p99: float
    pace: float = float("nan")
    """The machine's pace through the steady part (`bench.load_pace`), median ms."""


FIGURES = (("bot CPU per click", "cpu_per_click"), ("steady ack p50", "ack_p50"),
           ("steady ack p99", "ack_p99"), ("board shown p99", "shown_p99"),
           ("opening ack p99", "opening_ack_p99"))


def compared(game: str, commit: str, before: Sequence[Figures], now: Sequence[Figures]
             ) -> list[str]:
    """One line per figure: each side's median over its runs (the runs alternate, so
    the machine's drift falls on both), the ratio now / before, and every run's value."""
    out = []
    for label, attribute in FIGURES:
        old = [getattr(f, attribute) for f in before]
        new = [getattr(f, attribute) for f in now]
        was, is_ = statistics.median(old), statistics.median(new)
        ratio = f"{is_ / was:.2f}x" if was else "nan"
        out.append(f"{game}: {label} now / before ({commit}) {ratio}:"
                   f" {is_:.1f} against {was:.1f} ms (runs now {_listed(new)};"
                   f" before {_listed(old)})")
    return out + _paced(game, commit, before, now)


def _paced(game: str, commit: str, before: Sequence[Figures], now: Sequence[Figures]
           ) -> list[str]:
    """Each run's pace, those off the others' marked; when some are, the CPU per click
    again without them (if each side keeps a run): the runs alternate, but one run at
    another pace still moves its side's median."""
    paces = [f.pace for f in (*now, *before)]
    middle = load_pace.middle_pace(paces)
    if math.isnan(middle):
        return []
    off = load_pace.off_pace(paces)

    def marked(runs: Sequence[Figures], flags: Sequence[bool]) -> str:
        return ", ".join(f"{f.pace:.2f}{'*' if o else ''}"
                         for f, o in zip(runs, flags, strict=True))

    out = [f"{game}: machine pace by run (ms of CPU for the fixed work, median): now"
           f" {marked(now, off[:len(now)])}; before {marked(before, off[len(now):])}"
           f" (* more than {load_pace.OFF:.0%} off the median of all,"
           f" {middle:.2f})"]
    kept_now = [f.cpu_per_click for f, o in zip(now, off[:len(now)], strict=True) if not o]
    kept_before = [f.cpu_per_click for f, o in zip(before, off[len(now):], strict=True) if not o]
    if any(off) and kept_now and kept_before:
        was, is_ = statistics.median(kept_before), statistics.median(kept_now)
        out.append(f"{game}: bot CPU per click now / before ({commit}), the runs at the"
                   f" others' pace only, {is_ / was:.2f}x: {is_:.1f} against {was:.1f} ms")
    return out


def _listed(values: Sequence[float]) -> str:
    return ", ".join(f"{v:.1f}" for v in values)
