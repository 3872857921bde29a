"""Hellraiser — full AI games per second, against random legal play in the same run.

Games: 4-player games from character creation and the map to the end, first on
the bot's path (`bench/bot_path.py`: the table's own automation plays every seat,
with events, log lines and the table's RNG), then through the engine alone as
`engines.hellraiser.simulate` plays them (chance nodes sampled by
`engines.core.chance.sample`, quiet event logs), one core, best of a few rounds.
Same-run baseline: the same number of games where every move is a uniformly
random legal action (`legal_actions` then a choice, quiet), so the ratio (of the
quiet runs) says what the AI's deciding costs or saves against listing every
legal move.

    .venv/bin/python -m bench.hellraiser_bench [--games 40] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from bench.bot_path import automation, games_per_second
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellraiser import ENGINE, HellraiserOptions
from engines.hellraiser.simulate import Policy, ai_policy, random_policy

PLAYERS = 4


def play(seed: int, policy: Policy, events: bool = False) -> int:
    """One game; returns the number of steps (actions and chance nodes)."""
    rng = random.Random(seed)
    seats = [Seat(index=i, name=f"AI {i + 1}", ai=True) for i in range(PLAYERS)]
    state = ENGINE.setup(seats, HellraiserOptions())
    steps = 0
    while state.winners is None:
        steps += 1
        request = ENGINE.chance(state)
        if request is not None:
            outcome = sample(request, rng)
            state = ENGINE.resolve(state, outcome)[0] if events else ENGINE.resolve_quiet(
                state, outcome)
            continue
        seat = ENGINE.to_move(state)[0]
        action = policy(ENGINE, state, seat, rng)
        state = ENGINE.apply(state, seat, action)[0] if events else ENGINE.apply_quiet(
            state, seat, action)
    return steps


def measure(games: int, rounds: int, policy: Policy, events: bool = False) -> tuple[float, float]:
    """Best games per second and steps per second over `rounds` runs of `games` games."""
    best = (0.0, 0.0)
    for _ in range(rounds):
        start = time.perf_counter()
        steps = sum(play(seed, policy, events) for seed in range(games))
        elapsed = time.perf_counter() - start
        best = max(best, (games / elapsed, steps / elapsed))
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    bot, bot_steps = games_per_second(
        automation(), ENGINE, HellraiserOptions(), PLAYERS, args.games, args.rounds
    )
    ai, ai_steps = measure(args.games, args.rounds, ai_policy)
    noisy, _ = measure(args.games, args.rounds, ai_policy, events=True)
    baseline, base_steps = measure(args.games, args.rounds, random_policy)
    print(f"Hellraiser, {PLAYERS} players, {args.games} games, best of {args.rounds}")
    print(f"  AI games, the bot's path:  {bot:8.1f} games/s  {bot_steps:9.0f} steps/s")
    print(f"  engine alone, quiet:       {ai:8.1f} games/s  {ai_steps:9.0f} steps/s"
          f" (quiet runs {ai / bot:.2f}x as fast as the bot's path)")
    print(f"  engine alone, with events: {noisy:8.1f} games/s")
    print(f"  baseline, random legal:    {baseline:8.1f} games/s  {base_steps:9.0f} steps/s")
    print(f"  ratio AI / random legal:   {ai / baseline:8.2f}x games/s, "
          f"{ai_steps / base_steps:.2f}x steps/s")


if __name__ == "__main__":
    main()
