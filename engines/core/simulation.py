"""Unattended games, for `python -m bot simulate GAME`, tuning, benchmarks and property tests.

Each game's own `simulate` module decides who moves and what it tallies; how a
game is driven to its end, how a shared win is split and how a run is reported
are the same for every game, so they live here once. Every chance node is
resolved by `engines.core.chance.sample` from the one `random.Random` passed in,
so a run is reproducible from its seed.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engines.core.chance import ChanceOutcome, ChanceRequest, sample
from engines.core.errors import RuleError
from engines.core.protocol import Engine, Seat

NO_GAMES = "No games played."

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


class Finishing(Protocol):
    """A state that says when the game is over (its winners, possibly none, are set)."""

    @property
    def winners(self) -> tuple[int, ...] | None: ...


S = TypeVar("S", bound=Finishing)
A = TypeVar("A")
A_contra = TypeVar("A_contra", contravariant=True)


class QuietEngine(Protocol[S, A_contra]):
    """An engine that can play without building events, which simulations never read."""

    def chance(self, state: S) -> ChanceRequest | None: ...

    def resolve_quiet(self, state: S, outcome: ChanceOutcome) -> S: ...

    def apply_quiet(self, state: S, seat: int, action: A_contra) -> S: ...


Decide = Callable[[S], tuple[int, A]]
"""Who acts now and what they do, when no chance node is pending."""


def check_seats(engine: Engine[Any, Any, Any], players: int) -> None:
    """Refuse a table the game can't seat before any game is played."""
    try:
        engine.check_seats(players)
    except RuleError as exc:
        raise ValueError(exc.message) from None


def ai_seats(players: int) -> list[Seat]:
    return [Seat(index=i, name=f"AI {i + 1}", ai=True) for i in range(players)]


def advance(engine: QuietEngine[S, A], state: S, rng: random.Random, decide: Decide[S, A]) -> S:
    """One step: a pending chance node is sampled from `rng`, else `decide` moves."""
    request = engine.chance(state)
    if request is not None:
        return engine.resolve_quiet(state, sample(request, rng))
    seat, action = decide(state)
    return engine.apply_quiet(state, seat, action)


def play_out(engine: QuietEngine[S, A], state: S, rng: random.Random, decide: Decide[S, A],
             max_steps: int) -> tuple[S, int]:
    """Steps until the game is over; returns the final state and the steps taken.

    A game longer than `max_steps` is a bug, not bad luck: the simulation says so."""
    for step in range(max_steps):
        if state.winners is not None:
            return state, step
        state = advance(engine, state, rng, decide)
    raise RuntimeError(f"a simulated game passed {max_steps} steps without ending")


@dataclass
class RunStats:
    """What every game's run counts; each game's `Stats` adds its own figures."""

    players: int
    games: int
    rounds: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)

    def count_winners(self, winners: tuple[int, ...] | None) -> None:
        """A shared win counts as a fraction for each winner, so wins add up to games won."""
        for w in winners or ():
            self.wins[w] += 1 / len(winners or (w,))


def report(title: str, stats: RunStats, mean_digits: int, details: Callable[[], list[str]]) -> str:
    """The run's head, game length, the game's own `details` and wins by seat.

    `details` is called only when games were played (its figures may divide by them)."""
    rounds = sorted(stats.rounds)
    if not rounds:
        return NO_GAMES
    lines = [
        f"{title} — {stats.games} AI game{'s' * (stats.games != 1)}, {stats.players} "
        f"player{'s' * (stats.players != 1)}",
        f"Game length (rounds): mean {statistics.fmean(rounds):.{mean_digits}f}, median "
        f"{statistics.median(rounds):g}, 10%–90% {rounds[len(rounds) // 10]}–"
        f"{rounds[(len(rounds) * 9) // 10]}, range {rounds[0]}–{rounds[-1]}",
        *details(),
        "Wins by seat: " + ", ".join(
            f"{i + 1}: {round(w, 1):g} ({w / stats.games:.1%})" for i, w in enumerate(stats.wins)),
    ]
    return "\n".join(lines)


def wilson(wins: float, trials: float) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate. A tuning target is judged on its interval,
    not its point estimate, which swings by that much from seed to seed; Wilson's
    stays inside 0–1 and is honest near 0 (a "0 games" line still says how sure)."""
    if trials <= 0:
        return 0.0, 1.0
    p = wins / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: float, trials: float) -> str:
    """'40.0 % (34.6–45.6)': a rate with its 95 % interval, as every simulator prints it."""
    low, high = wilson(wins, trials)
    p = wins / trials if trials else 0.0
    return f"{p:.1%} ({low * 100:.1f}–{high * 100:.1f})".replace("%", " %")
