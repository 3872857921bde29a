"""AI-only games for tuning the house deck and for `python -m bot simulate hellboy-dice`.

How a game is driven and reported is `engines.core.simulation`'s; this module
says who moves (the seat whose turn it is, as the AI chooses) and what a run of
Hellboy counts, so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engines.core.simulation import RunStats, ai_seats, check_seats, play_out, rate, report
from engines.hellboy_dice.ai import choose
from engines.hellboy_dice.engine import HellboyDiceEngine
from engines.hellboy_dice.models import Action, HellboyOptions, HellboyState

MAX_STEPS = 200_000
"""A game longer than this is a bug, not bad luck: the simulation says so."""


@dataclass
class Stats(RunStats):
    turns: int = 0
    knockouts: int = 0
    banked: int = 0
    tiebreaks: int = 0
    by_position: list[float] = field(default_factory=list)
    """Wins by turn position from the starter (0 = the starter), shared wins split. The
    starter is drawn by lot, so wins by seat are even and hide the first mover's edge."""

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


def _ai_turn(state: HellboyState) -> tuple[int, Action]:
    return state.turn, choose(state, state.turn)


def play_game(engine: HellboyDiceEngine, players: int, rng: random.Random,
              options: HellboyOptions | None = None) -> HellboyState:
    """One AI-only game from setup to result."""
    state = engine.setup(ai_seats(players), options or HellboyOptions())
    return play_out(engine, state, rng, _ai_turn, MAX_STEPS)[0]


def simulate(players: int, games: int, seed: int, options: HellboyOptions | None = None) -> Stats:
    engine = HellboyDiceEngine()
    check_seats(engine, players)
    rng = random.Random(seed)
    stats = Stats(players=players, games=games, wins=[0.0] * players,
                  by_position=[0.0] * players)
    for _ in range(games):
        state = play_game(engine, players, rng, options)
        stats.rounds.append(state.round)
        stats.turns += state.turns_played
        stats.knockouts += state.knockouts
        stats.banked += sum(state.scores)
        stats.tiebreaks += 1 if state.tiebreak_rounds else 0
        stats.count_winners(state.winners)
        for w in state.winners or ():
            stats.by_position[(w - state.first) % players] += 1 / len(state.winners or (w,))
    return stats


def format_stats(stats: Stats) -> str:
    return report("Hellboy: The Dice Game", stats, 2, lambda: [
        f"Turns: {stats.turns}; Knocked Out: {stats.knockouts} ({stats.knockout_rate:.1%})",
        f"Banked Clues: {stats.clues_per_turn:.2f} per turn, {stats.clues_per_bank:.2f} per"
        " banked turn",
        f"Games with a tiebreak: {stats.tiebreaks}",
        "Wins by turn position from the starter (95 % interval): " + ", ".join(
            f"{ORDINALS[i]}{' (starter)' * (i == 0)} {rate(w, stats.games)}"
            for i, w in enumerate(stats.by_position)),
    ])


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
