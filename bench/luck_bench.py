"""The luck report of a 300-step game: CPU seconds, against replaying the same log.

Computer seats play Hellraiser and Hellbringer (the table's own automation,
`tests.support.ai_log`) and the log is cut at 300 steps. Measured: the replay
(`bot.game_media.retell`) and then every chance step's odds and each player's luck
(`bot.luck`, hidden draws checked against every seat's hand). Same-run baseline: the
replay alone, which any retelling of the game pays. CPU is the process's, best of
`--rounds`.

    .venv/bin/python -m bench luck [--steps 300] [--rounds 3]
"""

from __future__ import annotations

import argparse
from functools import partial

from bench.gif_bench import cpu_seconds
from bot.frontend import install
from bot.game_media import Retold, luck_of, retell
from bot.games import GAMES
from bot.luck import ChanceStep, PlayerLuck
from bot.models import GameRow, LogEntry
from tests.support.ai_log import ai_log


def retold_luck(game: GameRow, log: list[LogEntry]) -> tuple[list[ChanceStep], list[PlayerLuck]]:
    return luck_of(retell(game, log), reveal=False)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench luck", description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    install(GAMES)
    for key in ("hellraiser", "hellbringer"):
        game, log = ai_log(key, seed=2, steps=args.steps)
        base = cpu_seconds(partial(retell, game, log), args.rounds)
        cpu = cpu_seconds(partial(retold_luck, game, log), args.rounds)
        rolls, report = retold_luck(game, log)
        told: Retold = retell(game, log)
        print(f"{key}: {len(told.steps)} steps, {len(rolls)} rolls and draws, {len(report)}"
              f" luck lines; CPU {cpu:.3f} s (baseline, the replay alone: {base:.3f} s;"
              f" the report {cpu - base:.3f} s; ratio {cpu / base:.2f})", flush=True)
