"""Every listed game's whole board, in each snapshot state, is what tests/golden holds.

A failure prints the diff; if the change is meant, refresh the snapshots with
`.venv/bin/python -m tests.golden --update` (or `make golden`) and commit them.
"""

from __future__ import annotations

import pytest

from bot.games import GAMES
from tests.golden.boards import CASES, Case, difference
from tests.golden.pictures import crowded_differs


def test_every_listed_game_has_snapshots() -> None:
    assert {g.key for g in GAMES} <= {case.key for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
async def test_the_board_matches_its_snapshot(case: Case) -> None:
    diff = difference(case, await case.render())
    assert diff is None, (
        f"the board of {case.name} changed; if that is meant, run"
        f" `.venv/bin/python -m tests.golden --update`:\n{diff}"
    )


def test_a_changed_board_fails_with_a_readable_diff() -> None:
    case = CASES[0]
    stored = case.path.read_text(encoding="utf-8")
    changed = stored.replace('"lobby"', '"lobby-renamed"', 1)
    diff = difference(case, changed)
    assert diff is not None
    assert '-  "lobby"' in diff and '+  "lobby-renamed"' in diff


def test_crowded_squares_match_the_golden_picture() -> None:
    """Issue 24: squares with 2 to 4 pieces read at phone width (one full-size token and
    a count badge) and the gateway under pieces keeps its ring. The stored PNG was
    looked at; a change to the drawing shows here as the box that differs."""
    diff = crowded_differs()
    assert diff is None, f"{diff}; if that is meant, run `.venv/bin/python -m tests.golden" \
                         " --update` and look at the picture"
