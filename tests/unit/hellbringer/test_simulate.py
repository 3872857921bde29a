"""The tuning report of `python -m bot simulate hellbringer`: every win rate comes with
its 95 % interval, and the class spread (best over weakest) with its own."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from engines.hellbringer.cards import CLASSES
from engines.hellbringer.models import HellbringerOptions
from engines.hellbringer.simulate import (
    Stats,
    class_spread,
    format_stats,
    half_width,
    lineup,
    simulate,
)


def _stats(wins: dict[str, int], games: int) -> Stats:
    stats = Stats(players=2, games=games, wins=[0.0, 0.0])
    stats.class_games = Counter(dict.fromkeys(wins, games))
    stats.class_wins = Counter(wins)
    return stats


def test_half_width_is_the_normal_95_percent_interval() -> None:
    assert half_width(50, 100) == pytest.approx(1.96 * 0.05)
    assert half_width(0, 10) == 0.0


def test_class_spread_is_best_over_weakest_with_an_interval_around_it() -> None:
    spread = class_spread(_stats({"monk": 60, "sorcerer": 40, "druid": 50}, 100))
    assert spread is not None
    ratio, low, high = spread
    assert ratio == pytest.approx(1.5)
    assert low < ratio < high


def test_class_spread_narrows_with_more_games() -> None:
    few = class_spread(_stats({"monk": 60, "sorcerer": 40}, 100))
    many = class_spread(_stats({"monk": 600, "sorcerer": 400}, 1000))
    assert few is not None and many is not None
    assert many[2] - many[1] < few[2] - few[1]


def test_class_spread_is_undefined_when_a_class_never_won() -> None:
    assert class_spread(_stats({"monk": 3, "sorcerer": 0}, 5)) is None


def test_report_gives_each_class_its_interval_and_the_spread() -> None:
    stats = simulate(2, 2, seed=3)
    assert simulate(2, 2, seed=3) == stats, "a seed replays exactly"
    text = format_stats(stats)
    assert "Party win rate: " in text and "Class spread (best / weakest): " in text
    assert sum(stats.class_games.values()) == 4
    for cls, games in stats.class_games.items():
        assert f"{cls} {stats.class_wins[cls]}/{games} " in text


@pytest.mark.parametrize(("players", "lineups"), [(1, 6), (2, 15), (3, 20), (4, 15)])
def test_every_class_sits_beside_every_other_equally_often(players: int, lineups: int) -> None:
    games = [lineup(players, g) for g in range(lineups * players)]
    assert all(len(set(classes)) == players for classes in games)
    beside = Counter(pair for classes in games for pair in combinations(sorted(classes), 2))
    if players > 1:
        assert set(beside) == set(combinations(sorted(CLASSES), 2))
        assert len(set(beside.values())) == 1, beside
    plays = Counter(c for classes in games for c in classes)
    assert set(plays) == set(CLASSES) and len(set(plays.values())) == 1, plays
    first = Counter(classes[0] for classes in games)
    assert set(first) == set(CLASSES) and len(set(first.values())) == 1, first


def test_parties_still_standing_at_the_round_limit_are_counted_apart() -> None:
    """A house round limit of 2 ends most games in a stalemate, a loss counted apart
    from the parties the enemies eliminate, and the report says how many there were."""
    stats = simulate(1, 6, seed=1, options=HellbringerOptions(max_rounds=2))
    assert 0 < stats.outlasted <= stats.games - stats.won
    assert f"Outlasted by the dungeon (the round limit): {stats.outlasted}" in format_stats(stats)
    assert simulate(1, 6, seed=1).outlasted < stats.outlasted
