"""`python -m bot simulate hellbringer --narrate`: one AI game told line by line, the
same game a statistics run with that seed plays first (issue 22)."""

from __future__ import annotations

import random
import re

import pytest

from bot.cli import main
from engines.hellbringer.engine import HellbringerEngine
from engines.hellbringer.simulate import narrate, play_game


def test_the_narration_tells_game_0_of_the_same_seed_from_lineup_to_result() -> None:
    lines = narrate(1, 5)
    state = play_game(HellbringerEngine(), 1, random.Random(5), 0)
    assert lines[0] == "AI 1: Warrior" and lines[1] == "Round 1."
    won = "won" if state.outcome == "won" else "lost"
    assert lines[-1] == f"The party has {won}, in round {state.round}."
    assert f"Round {state.round}." in lines, "each round is marked"
    second = lines.index("Round 2.")
    assert lines[second + 1].startswith("AI 1's turn:"), "before the round's first turn"
    assert any(line.startswith("AI 1's turn:") for line in lines)
    assert any(line.startswith("Enemy Die:") for line in lines)


def test_the_cli_prints_one_narration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "hellbringer", "--narrate", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("AI 1: Warrior, AI 2: Hunter\nRound 1.\n")
    assert re.search(r"The party has (won|lost), in round \d+\.\n$", out)


def test_a_game_without_a_narration_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "hellraiser", "--narrate"]) == 2
    err = capsys.readouterr().err
    assert err == "no narration for 'hellraiser'; known: hellbringer\n"
