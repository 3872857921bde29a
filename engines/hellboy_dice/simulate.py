"""AI-only games for tuning the house deck and for `python -m bot simulate hellboy-dice`.

Every chance node is resolved by `engines.core.chance.sample` from one
`random.Random(seed)`, so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellboy_dice.ai import choose
from engines.hellboy_dice.engine import HellboyDiceEngine
from engines.hellboy_dice.models import HellboyOptions, HellboyState

MAX_STEPS = 200_000
"""A game longer than this is a bug, not bad luck: the simulation says so."""


@dataclass
class Stats:
    players: int
    games: int
    rounds: list[int] = field(default_factory=list)
    turns: int = 0
    knockouts: int = 0
    banked: int = 0
    wins: list[float] = field(default_factory=list)
    tiebreaks: int = 0

    @property
    def knockout_rate(self) -> float:
        return self.knockouts / self.turns if self.turns else 0.0

    @property
    def clues_per_turn(self) -> float:
        """Banked Clues per turn, Knocked Out turns (0) included."""
        return self.banked / self.turns if self.turns else 0.0

    @property
    def clues_per_bank(self) -> float:
        """Clues per turn that was ended by banking."""
        banks = self.turns - self.knockouts
        return self.banked / banks if banks else 0.0


def play_game(engine: HellboyDiceEngine, players: int, rng: random.Random,
              options: HellboyOptions | None = None) -> HellboyState:
    """One AI-only game from setup to result."""
    seats = [Seat(index=i, name=f"AI {i + 1}", ai=True) for i in range(players)]
    state = engine.setup(seats, options or HellboyOptions())
    for _ in range(MAX_STEPS):
        if state.winners is not None:
            return state
        request = engine.chance(state)
        if request is not None:
            state = engine.resolve_quiet(state, sample(request, rng))
        else:
            state = engine.apply_quiet(state, state.turn, choose(state, state.turn))
    raise RuntimeError(f"a simulated game passed {MAX_STEPS} steps without ending")


def simulate(players: int, games: int, seed: int, options: HellboyOptions | None = None) -> Stats:
    engine = HellboyDiceEngine()
    if not engine.min_seats <= players <= engine.max_seats:
        raise ValueError(f"{engine.title} seats {engine.min_seats} to {engine.max_seats} players")
    rng = random.Random(seed)
    stats = Stats(players=players, games=games, wins=[0.0] * players)
    for _ in range(games):
        state = play_game(engine, players, rng, options)
        stats.rounds.append(state.round)
        stats.turns += state.turns_played
        stats.knockouts += state.knockouts
        stats.banked += sum(state.scores)
        stats.tiebreaks += 1 if state.tiebreak_rounds else 0
        for w in state.winners or ():
            stats.wins[w] += 1 / len(state.winners or (w,))
    return stats


def format_stats(stats: Stats) -> str:
    rounds = sorted(stats.rounds)
    if not rounds:
        return "No games played."
    lines = [
        f"Hellboy: The Dice Game — {stats.games} AI games, {stats.players} players",
        f"Game length (rounds): mean {statistics.fmean(rounds):.2f}, median "
        f"{statistics.median(rounds):g}, 10%–90% {rounds[len(rounds) // 10]}–"
        f"{rounds[(len(rounds) * 9) // 10]}, range {rounds[0]}–{rounds[-1]}",
        f"Turns: {stats.turns}; Knocked Out: {stats.knockouts} ({stats.knockout_rate:.1%})",
        f"Banked Clues: {stats.clues_per_turn:.2f} per turn, {stats.clues_per_bank:.2f} per"
        " banked turn",
        f"Games with a tiebreak: {stats.tiebreaks}",
        "Wins by seat: " + ", ".join(
            f"{i + 1}: {w:g} ({w / stats.games:.1%})" for i, w in enumerate(stats.wins)
        ),
    ]
    return "\n".join(lines)
