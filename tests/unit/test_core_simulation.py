"""The shared simulation driver (engines/core/simulation.py) on a toy game, so its rules
are checked apart from any real game's: chance is sampled from the run's RNG, a stuck
game is a loud error, a shared win is split, and an empty run reports no figures."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.simulation import NO_GAMES, RunStats, play_out, report

COIN = ChanceRequest(prompt="Toss", items=[ChanceItem(key="coin", label="coin",
                                                      options=["heads", "tails"])])


@dataclass(frozen=True)
class Race:
    """Each move (worth its action in points) follows a coin toss; three points win."""

    points: int = 0
    tossed: bool = False
    tosses: tuple[str, ...] = ()
    winners: tuple[int, ...] | None = None


class RaceEngine:
    def chance(self, state: Race) -> ChanceRequest | None:
        return None if state.tossed else COIN

    def resolve_quiet(self, state: Race, outcome: ChanceOutcome) -> Race:
        return replace(state, tossed=True, tosses=(*state.tosses, *outcome.values))

    def apply_quiet(self, state: Race, seat: int, action: int) -> Race:
        points = state.points + action
        return replace(state, points=points, tossed=False,
                       winners=(seat,) if points >= 3 else None)


def test_chance_is_sampled_from_the_run_rng_and_moves_are_decided_between() -> None:
    rng, again = random.Random(4), random.Random(4)
    final, steps = play_out(RaceEngine(), Race(), rng, lambda s: (0, 1), max_steps=100)
    assert final.winners == (0,) and final.points == 3
    assert steps == 6, "three tosses and three moves"
    assert final == play_out(RaceEngine(), Race(), again, lambda s: (0, 1), max_steps=100)[0]


def test_a_game_that_never_ends_is_a_loud_error() -> None:
    with pytest.raises(RuntimeError, match="passed 10 steps without ending"):
        play_out(RaceEngine(), Race(), random.Random(1), lambda s: (0, 0), max_steps=10)


def test_a_shared_win_counts_as_a_fraction_for_each_winner() -> None:
    stats = RunStats(players=3, games=2, wins=[0.0, 0.0, 0.0])
    stats.count_winners((0, 1))
    stats.count_winners((2,))
    stats.count_winners(())
    stats.count_winners(None)
    assert stats.wins == [0.5, 0.5, 1.0]


def test_a_run_without_games_reports_no_figures() -> None:
    def details() -> list[str]:
        raise AssertionError("details divide by the games played: not called for none")

    assert report("Race", RunStats(players=2, games=0), 1, details) == NO_GAMES


def test_the_report_puts_the_game_figures_between_length_and_wins() -> None:
    stats = RunStats(players=2, games=2, rounds=[3, 5], wins=[1.5, 0.5])
    assert report("Race", stats, 1, lambda: ["Tosses: 8"]).splitlines() == [
        "Race — 2 AI games, 2 players",
        "Game length (rounds): mean 4.0, median 4, 10%–90% 3–5, range 3–5",
        "Tosses: 8",
        "Wins by seat: 1: 1.5 (75.0%), 2: 0.5 (25.0%)",
    ]


def test_the_report_head_says_one_player_and_one_game_in_the_singular() -> None:
    stats = RunStats(players=1, games=1, rounds=[4], wins=[1.0])
    assert report("Race", stats, 1, list).splitlines()[0] == "Race — 1 AI game, 1 player"
