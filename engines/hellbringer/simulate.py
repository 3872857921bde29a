"""AI-only games for tuning the house set and for `python -m bot simulate hellbringer`.

Game g seats the g-th lineup: every set of N of the six classes in turn, seated in a
rotated order on each later pass, so in co-op every class sits beside every other
equally often (seating consecutive classes put the Sorcerer beside the Hunter or the
Paladin in every 2-player game it played). A run counts wins per class and where
parties fall.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from engines.core.chance import sample
from engines.core.simulation import RunStats, ai_seats, check_seats, play_out, report
from engines.hellbringer import ai
from engines.hellbringer.cards import CLASSES, ClassId
from engines.hellbringer.engine import HellbringerEngine
from engines.hellbringer.models import Action, Choose, HellbringerOptions, HellbringerState
from engines.hellbringer.moves import to_move

MAX_STEPS = 60_000
Z95 = 1.96
"""The normal quantile of a two-sided 95 % interval."""


@dataclass
class Stats(RunStats):
    won: int = 0
    fell_at: Counter[str] = field(default_factory=Counter)
    outlasted: int = 0
    """Lost parties still standing at the round limit: a stalemate, not a defeat in play."""
    class_games: Counter[str] = field(default_factory=Counter)
    class_wins: Counter[str] = field(default_factory=Counter)
    player_turns: list[int] = field(default_factory=list)


def lineup(players: int, game: int) -> tuple[ClassId, ...]:
    """The classes of game `game`, by seat. A run whose length is a multiple of
    C(6, N) × N plays every lineup equally often, each seat order of it in turn."""
    combos = list(itertools.combinations(CLASSES, players))
    combo = combos[game % len(combos)]
    shift = (game // len(combos)) % players
    return combo[shift:] + combo[:shift]


def _decide(classes: tuple[ClassId, ...]) -> Callable[[HellbringerState], tuple[int, Action]]:
    def decide(state: HellbringerState) -> tuple[int, Action]:
        head = state.queue[0] if state.queue else None
        seat = ai_seat(state)
        prefer = None
        if isinstance(head, Choose) and head.what == "class":
            prefer = classes[seat]
        return seat, ai.choose(state, seat, prefer)
    return decide


def ai_seat(state: HellbringerState) -> int:
    """Allies' defences first (out of turn), then whoever the game waits for."""
    waiting = to_move(state)
    for seat in range(state.players):
        if seat not in waiting and ai.reaction(state, seat) is not None:
            return seat
    return waiting[0]


def play_game(engine: HellbringerEngine, players: int, rng: random.Random, game: int,
              options: HellbringerOptions | None = None) -> HellbringerState:
    state = engine.setup(ai_seats(players), options or HellbringerOptions())
    return play_out(engine, state, rng, _decide(lineup(players, game)), MAX_STEPS)[0]


def narrate(players: int, seed: int, options: HellbringerOptions | None = None) -> list[str]:
    """One AI game's narration, line by line, so a person can read a whole game
    (`simulate hellbringer --narrate`). It is game 0 of `simulate` with the same
    seed: the same lineup and the same draws from the same `random.Random`, played
    with events (which the statistics never build)."""
    engine = HellbringerEngine()
    check_seats(engine, players)
    rng = random.Random(seed)
    state = engine.setup(ai_seats(players), options or HellbringerOptions())
    classes = lineup(players, 0)
    decide = _decide(classes)
    lines = [", ".join(f"{state.names[s]}: {c.capitalize()}" for s, c in enumerate(classes)),
             "Round 1."]
    for _ in range(MAX_STEPS):
        if state.winners is not None:
            won = "won" if state.outcome == "won" else "lost"
            lines.append(f"The party has {won}, in round {state.round}.")
            return lines
        before = state.round
        request = engine.chance(state)
        if request is not None:
            state, events = engine.resolve(state, sample(request, rng))
        else:
            seat, action = decide(state)
            state, events = engine.apply(state, seat, action)
        said = [e.text for e in events if e.text]
        if state.round != before and state.winners is None:
            turn = next((i for i, t in enumerate(said) if "'s turn: " in t), len(said))
            said.insert(turn, f"Round {state.round}.")
        lines += said
    raise RuntimeError(f"a Hellbringer game ran past {MAX_STEPS} steps")


def simulate(players: int, games: int, seed: int,
             options: HellbringerOptions | None = None) -> Stats:
    engine = HellbringerEngine()
    check_seats(engine, players)
    rng = random.Random(seed)
    stats = Stats(players=players, games=games, wins=[0.0] * players)
    for g in range(games):
        state = play_game(engine, players, rng, g, options)
        stats.rounds.append(state.round)
        stats.player_turns.append(state.player_turns)
        stats.count_winners(state.winners)
        won = state.outcome == "won"
        stats.won += won
        if not won:
            stats.fell_at[state.fell_at or "?"] += 1
            stats.outlasted += state.round > state.options.max_rounds
        for hero in state.heroes:
            if hero.cls:
                stats.class_games[hero.cls] += 1
                stats.class_wins[hero.cls] += won
    return stats


def half_width(wins: int, games: int) -> float:
    """The 95 % normal interval's half-width of a win rate: a tuning run is judged on
    its interval, not on its point estimate, which swings by that much from seed to seed."""
    p = wins / games
    return Z95 * math.sqrt(p * (1 - p) / games)


def class_spread(stats: Stats) -> tuple[float, float, float] | None:
    """The best class's win rate over the weakest's, with a 95 % interval (delta method
    on the log of the ratio), or None when a class played no game or won none."""
    rates = {c: stats.class_wins[c] / n for c, n in stats.class_games.items() if n}
    if len(rates) < 2 or min(rates.values()) == 0:
        return None
    best, worst = max(rates, key=rates.__getitem__), min(rates, key=rates.__getitem__)
    ratio = rates[best] / rates[worst]
    se = math.sqrt(sum((1 - rates[c]) / (stats.class_games[c] * rates[c])
                       for c in (best, worst)))
    return ratio, ratio * math.exp(-Z95 * se), ratio * math.exp(Z95 * se)


def format_stats(stats: Stats) -> str:
    def details() -> list[str]:
        classes = sorted(c for c, n in stats.class_games.items() if n)
        spread = class_spread(stats)
        return [
            f"Party win rate: {stats.won}/{stats.games} ({stats.won / stats.games:.1%} "
            f"± {half_width(stats.won, stats.games):.1%})",
            "Parties fall at: " + (", ".join(f"{k} {v}" for k, v in stats.fell_at.most_common())
                                   or "nowhere"),
            f"Outlasted by the dungeon (the round limit): {stats.outlasted}",
            "Win rate by class (95 % interval): " + ", ".join(
                f"{c} {stats.class_wins[c]}/{stats.class_games[c]} "
                f"{stats.class_wins[c] / stats.class_games[c]:.1%} "
                f"± {half_width(stats.class_wins[c], stats.class_games[c]):.1%}"
                for c in classes),
            "Class spread (best / weakest): " + (
                f"{spread[0]:.2f}× (95 % {spread[1]:.2f}–{spread[2]:.2f}×)" if spread
                else "n/a"),
        ]
    return report("Hellbringer", stats, 1, details)
