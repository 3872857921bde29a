"""AI-only games for `python -m bot simulate hellraiser` and for tuning the house rules.

How a game is driven and reported is `engines.core.simulation`'s; this module
says who moves (the first seat that may, by a policy) and what a run of
Hellraiser counts, so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from engines.core.simulation import RunStats, ai_seats, check_seats, play_out, report
from engines.hellraiser.ai import choose
from engines.hellraiser.engine import HellraiserEngine
from engines.hellraiser.models import Action, HellraiserOptions, HellraiserState

MAX_STEPS = 100_000
"""A game longer than this is a bug, not bad luck: the simulation says so."""

Policy = Callable[[HellraiserEngine, HellraiserState, int, random.Random], Action]


def ai_policy(engine: HellraiserEngine, state: HellraiserState, seat: int,
              rng: random.Random) -> Action:
    return choose(state, seat)


def random_policy(engine: HellraiserEngine, state: HellraiserState, seat: int,
                  rng: random.Random) -> Action:
    """A uniformly random legal move (the baseline of the benchmark and random-play tests)."""
    return rng.choice(engine.legal_actions(state, seat))


@dataclass
class Stats(RunStats):
    steps: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    gate_opened: int = 0
    gate_round: list[int] = field(default_factory=list)
    victim_won: int = 0
    """Games the first victim (the opener) was among the winners of."""
    others_won: float = 0.0
    """The other seats' share of wins: each game adds the fraction of them who won."""


def play_game(engine: HellraiserEngine, players: int, rng: random.Random,
              options: HellraiserOptions | None = None,
              policy: Policy = ai_policy) -> tuple[HellraiserState, int]:
    """One game from setup to result; returns the final state and the steps taken."""

    def first_mover(state: HellraiserState) -> tuple[int, Action]:
        seat = engine.to_move(state)[0]
        return seat, policy(engine, state, seat, rng)

    state = engine.setup(ai_seats(players), options or HellraiserOptions())
    return play_out(engine, state, rng, first_mover, MAX_STEPS)


def outcome_of(state: HellraiserState) -> str:
    summary = state.summary
    if "Human players close" in summary:
        return "humans"
    if "Skinned" in summary:
        return "skinned"
    if "draw" in summary or (not state.winners and "Leviathan" not in summary):
        return "draw"
    return "leviathan"


def simulate(players: int, games: int, seed: int,
             options: HellraiserOptions | None = None) -> Stats:
    engine = HellraiserEngine()
    check_seats(engine, players)
    rng = random.Random(seed)
    stats = Stats(players=players, games=games, wins=[0.0] * players)
    for _ in range(games):
        state, steps = play_game(engine, players, rng, options)
        stats.steps += steps
        stats.rounds.append(min(state.round, state.options.max_rounds))
        stats.outcomes[outcome_of(state)] += 1
        if state.puzzle is not None:
            stats.gate_opened += 1
            _count_first_victim(stats, state)
        stats.count_winners(state.winners)
    return stats


def _count_first_victim(stats: Stats, state: HellraiserState) -> None:
    """Is the opener favoured? Compare how often they win with how often each other
    seat does, over the games where the gateway opened (multi-player games only)."""
    victim = next((f.seat for f in state.figures if f.first_victim), None)
    if victim is None or state.seats < 2:
        return
    winners = set(state.winners or ())
    stats.victim_won += victim in winners
    stats.others_won += len(winners - {victim}) / (state.seats - 1)


def format_stats(stats: Stats) -> str:
    n = stats.games
    opened = max(1, stats.gate_opened)
    return report("Hellraiser", stats, 1, lambda: [
        f"Steps per game: {stats.steps / n:.0f}",
        f"Gateway opened in {stats.gate_opened} games ({stats.gate_opened / n:.0%})",
        f"Once it opened, the first victim won {stats.victim_won / opened:.0%},"
        f" each other seat {stats.others_won / opened:.0%}",
        "Outcomes: " + ", ".join(
            f"{k} {v} ({v / n:.0%})" for k, v in sorted(stats.outcomes.items())),
    ])
