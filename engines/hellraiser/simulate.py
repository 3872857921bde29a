"""AI-only games for `python -m bot simulate hellraiser` and for tuning the house rules.

Every chance node is resolved by `engines.core.chance.sample` from one
`random.Random(seed)`, so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from engines.core.chance import sample
from engines.core.protocol import Seat
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
class Stats:
    players: int
    games: int
    rounds: list[int] = field(default_factory=list)
    steps: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    wins: list[float] = field(default_factory=list)
    gate_opened: int = 0
    gate_round: list[int] = field(default_factory=list)


def play_game(engine: HellraiserEngine, players: int, rng: random.Random,
              options: HellraiserOptions | None = None,
              policy: Policy = ai_policy) -> tuple[HellraiserState, int]:
    """One game from setup to result; returns the final state and the steps taken."""
    seats = [Seat(index=i, name=f"AI {i + 1}", ai=True) for i in range(players)]
    state = engine.setup(seats, options or HellraiserOptions())
    for step in range(MAX_STEPS):
        if state.winners is not None:
            return state, step
        request = engine.chance(state)
        if request is not None:
            state = engine.resolve_quiet(state, sample(request, rng))
            continue
        movers = engine.to_move(state)
        seat = movers[0]
        state = engine.apply_quiet(state, seat, policy(engine, state, seat, rng))
    raise RuntimeError(f"a simulated game passed {MAX_STEPS} steps without ending")


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
    if not engine.min_seats <= players <= engine.max_seats:
        raise ValueError(f"{engine.title} seats {engine.min_seats} to {engine.max_seats} players")
    rng = random.Random(seed)
    stats = Stats(players=players, games=games, wins=[0.0] * players)
    for _ in range(games):
        state, steps = play_game(engine, players, rng, options)
        stats.steps += steps
        stats.rounds.append(min(state.round, state.options.max_rounds))
        stats.outcomes[outcome_of(state)] += 1
        if state.puzzle is not None:
            stats.gate_opened += 1
        for w in state.winners or ():
            stats.wins[w] += 1 / len(state.winners or (w,))
    return stats


def format_stats(stats: Stats) -> str:
    rounds = sorted(stats.rounds)
    if not rounds:
        return "No games played."
    n = stats.games
    lines = [
        f"Hellraiser — {n} AI games, {stats.players} players",
        f"Game length (rounds): mean {statistics.fmean(rounds):.1f}, median "
        f"{statistics.median(rounds):g}, 10%–90% {rounds[len(rounds) // 10]}–"
        f"{rounds[(len(rounds) * 9) // 10]}, range {rounds[0]}–{rounds[-1]}",
        f"Steps per game: {stats.steps / n:.0f}",
        f"Gateway opened in {stats.gate_opened} games ({stats.gate_opened / n:.0%})",
        "Outcomes: " + ", ".join(
            f"{k} {v} ({v / n:.0%})" for k, v in sorted(stats.outcomes.items())),
        "Wins by seat: " + ", ".join(
            f"{i + 1}: {w:g} ({w / n:.1%})" for i, w in enumerate(stats.wins)),
    ]
    return "\n".join(lines)
