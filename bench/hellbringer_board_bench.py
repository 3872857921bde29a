"""Hellbringer — the components of one board render (`board_view`: the board's
buttons and menus and each seat's "🃏 My turn"), over the states of seeded
3-player digital games played by the AI, in milliseconds per render.

    .venv/bin/python -m bench.hellbringer_board_bench [--games 3] [--rounds 8]
"""

from __future__ import annotations

import argparse
import random
import time

from bot.frontend import install
from bot.games import GAMES
from bot.models import GameRow, SeatRow
from bot.presenting import board_view
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState

PLAYERS = 3
STEPS = 300


def states(games: int, rounds: int) -> list[HellbringerState]:
    """Every state a human would be asked to move in, over `games` seeded games."""
    found: list[HellbringerState] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS)],
                             HellbringerOptions(max_rounds=rounds))
        for _ in range(STEPS):
            if state.winners is not None:
                break
            request = ENGINE.chance(state)
            if request is not None:
                state = ENGINE.resolve_quiet(state, sample(request, rng))
                continue
            seat = ENGINE.to_move(state)[0]
            found.append(state)
            state = ENGINE.apply_quiet(state, seat, ENGINE.ai_action(state, seat))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    install(GAMES)
    game = GameRow(id=1, guild_id=1, channel_id=2, game="hellbringer", mode="digital",
                   status="active", host_id=10, rng_seed=0,
                   seats=[SeatRow(user_id=10 + i, name=f"P{i}") for i in range(PLAYERS)])
    played = states(args.games, args.rounds)
    start = time.perf_counter()
    for state in played:
        board_view(game, state)
    took = time.perf_counter() - start
    print(f"{len(played)} states: {took / len(played) * 1000:.2f} ms per board render")


if __name__ == "__main__":
    main()
