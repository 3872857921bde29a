"""AI-only games for `python -m bot simulate hellraiser`: reproducible from the seed,
every game ends, and the report says how long games last and who wins."""

from __future__ import annotations

import pytest

from bot.frontend import simulators
from bot.games import GAMES
from engines.hellraiser.simulate import format_stats, simulate


def test_simulations_are_reproducible_and_end() -> None:
    first = simulate(3, 4, seed=5)
    assert first == simulate(3, 4, seed=5)
    assert len(first.rounds) == 4 and sum(first.outcomes.values()) == 4
    assert all(1 <= r <= 40 for r in first.rounds)
    assert sum(first.wins) <= 4


def test_the_report_gives_game_length_and_who_wins() -> None:
    text = simulators(GAMES)["hellraiser"](2, 3, 1)
    assert text.startswith("Hellraiser — 3 AI games, 2 players")
    assert "Game length (rounds)" in text and "Wins by seat" in text
    for line in ("Humans win: ", "Leviathan wins: ", "no winner: ", "games with no loser: ",
                 "the opener won ", "each other seat ", "Decided by the round limit: "):
        assert line in text, line
    assert "% (" in text.split("Humans win: ")[1].splitlines()[0]  # with its 95 % interval
    assert format_stats(simulate(1, 0, 1)) == "No games played."


def test_player_counts_outside_the_table_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        simulate(7, 1, 1)


def test_the_outcome_is_read_from_the_winners_roles() -> None:
    """Who won, by side: a closed gate may leave a Skinned Human's win to the standing
    Humans (balanced), so the summary's wording can't say it."""
    stats = simulate(2, 3, seed=1)
    assert sum(stats.outcomes.values()) == 3
    assert set(stats.outcomes) <= {"humans", "leviathan", "skinned", "none"}
    assert stats.no_loser == 0 and stats.others_games >= stats.others_won
