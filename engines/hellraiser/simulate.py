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

from engines.core.simulation import RunStats, ai_seats, check_seats, play_out, rate, report
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
    """humans, leviathan, skinned or none, per game."""
    no_loser: int = 0
    """Games every seat won (a shared Leviathan win once made half of them)."""
    by_limit: Counter[str] = field(default_factory=Counter)
    """Games the house round limit ended, by outcome."""
    gate_opened: int = 0
    gate_round: list[int] = field(default_factory=list)
    victim_won: int = 0
    """Games the first victim (the opener) was among the winners of."""
    others_won: float = 0.0
    """The other seats' wins, over the games where the gateway opened."""
    others_games: int = 0
    """Seat-games of the other seats in those games (the trials of `others_won`)."""


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
    """Which side won, read from the winners' roles (a closed gate's winners are the
    Human players, standing or sitting out as casualties)."""
    roles = {state.roles[w] for w in state.winners or ()}
    if not roles:
        return "none"
    if "leviathan" in roles:
        return "leviathan"
    return "humans" if "human" in roles else "skinned"


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
        outcome = outcome_of(state)
        stats.outcomes[outcome] += 1
        stats.no_loser += not state.phantom and len(state.winners or ()) == players
        if state.round > state.options.max_rounds:
            stats.by_limit[outcome] += 1
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
    stats.others_won += len(winners - {victim})
    stats.others_games += state.seats - 1


OUTCOMES = (("humans", "Humans win"), ("leviathan", "Leviathan wins"),
            ("skinned", "a Skinned Human wins"), ("none", "no winner"))


def format_stats(stats: Stats) -> str:
    def details() -> list[str]:
        n = stats.games
        limit = sum(stats.by_limit.values())
        return [
            f"Steps per game: {stats.steps / n:.0f}",
            f"Gateway opened in {stats.gate_opened} games ({stats.gate_opened / n:.0%})",
            *(f"{label}: {stats.outcomes[key]} — {rate(stats.outcomes[key], n)}"
              for key, label in OUTCOMES if key != "skinned" or stats.outcomes[key]),
            f"games with no loser: {stats.no_loser} ({stats.no_loser / n:.1%})",
            f"Once the gateway opened: the opener won {rate(stats.victim_won, stats.gate_opened)},"
            f" each other seat {rate(stats.others_won, stats.others_games)}",
            f"Decided by the round limit: {limit} ({limit / n:.1%})" + (" — " + ", ".join(
                f"{dict(OUTCOMES)[k].lower()} {v}" for k, v in sorted(stats.by_limit.items()))
                if limit else ""),
        ]
    return report("Hellraiser", stats, 1, details)
