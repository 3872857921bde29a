"""Hellbringer — AI games per second against random legal play, and the time to
resolve one Enemies' Turn on a full enemy board with the exact odds.

Games: 2-player AI games from setup to the end, first on the bot's path
(`bench/bot_path.py`: the table's own automation plays every seat, with events,
log lines and the table's RNG), then through the engine alone (chance nodes
sampled, quiet events). Baseline: the same number of games of uniformly random
legal actions (`legal_actions` then a choice, quiet). AI games run about five
times as many steps as random ones (random play loses fast), so the sides are
compared per step: steps/s and microseconds a step on each side, and their ratio.
Enemies' Turn: a board of eight Monsters and the Demon, 'if the enemies
struck now' odds computed exactly, then the Enemy Die, the pooled dice and the
settlement, best of many.

    .venv/bin/python -m bench.hellbringer_bench [--games 10] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from bench.bot_path import automation, games_per_second
from engines.core.chance import ChanceOutcome, sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState, ai, flow
from engines.hellbringer.cards import Face, catalogue
from engines.hellbringer.models import Enemy, Pass, Stage
from engines.hellbringer.odds import strike_now
from engines.hellbringer.out import QUIET
from engines.hellbringer.simulate import ai_seat

PLAYERS = 2


def play(seed: int, use_ai: bool) -> int:
    rng = random.Random(seed)
    state = ENGINE.setup([Seat(index=i, name=f"AI {i}", ai=True) for i in range(PLAYERS)],
                         HellbringerOptions())
    steps = 0
    while state.winners is None:
        steps += 1
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve_quiet(state, sample(request, rng))
            continue
        if use_ai:
            seat = ai_seat(state)
            action = ai.choose(state, seat)
        else:
            seat = ENGINE.to_move(state)[0]
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply_quiet(state, seat, action)
    return steps


def measure(games: int, rounds: int, use_ai: bool) -> tuple[float, float]:
    best = (0.0, 0.0)
    for _ in range(rounds):
        start = time.perf_counter()
        steps = sum(play(seed, use_ai) for seed in range(games))
        elapsed = time.perf_counter() - start
        best = max(best, (games / elapsed, steps / elapsed))
    return best


def full_board() -> HellbringerState:
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS)],
                         HellbringerOptions(response_window="always"))
    rng = random.Random(1)
    while state.phase == "setup" or ENGINE.chance(state) is not None:
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve_quiet(state, sample(request, rng))
        else:
            state = ENGINE.apply_quiet(state, ENGINE.to_move(state)[0],
                                       ai.choose(state, ENGINE.to_move(state)[0]))
    s = state.fork()
    monsters = catalogue().enemies.monsters[:8]
    s.enemies = [Enemy(uid=f"{m.id}#9", face=Face(**m.model_dump(include=set(Face.model_fields))))
                 for m in monsters]
    s.enemies.append(Enemy(uid="ember_maw#9", face=catalogue().enemies.demon.side_a))
    s.last_two = [0, 1]
    s.targets = [0, 1]
    s.queue = [Stage(name="strike"), Stage(name="end_enemies")]
    return s


def enemies_turn(state: HellbringerState) -> HellbringerState:
    strike_now(state)
    s = state.fork()
    flow.run(s, QUIET)
    s = ENGINE.resolve_quiet(s, ChanceOutcome(values=["Global Hit"]))
    s = _pass_windows(s)  # the players' ability window before the pooled dice
    request = ENGINE.chance(s)
    assert request is not None
    s = ENGINE.resolve_quiet(s, ChanceOutcome(values=[i.options[1] for i in request.items]))
    return _pass_windows(s)


def _pass_windows(state: HellbringerState) -> HellbringerState:
    """Every seat asked passes (a response window, `response_window="always"`), or
    makes the choice it must (a discard) as the AI would."""
    while ENGINE.chance(state) is None and ENGINE.to_move(state):
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = Pass() if Pass() in legal else ai.choose(state, seat)
        state = ENGINE.apply_quiet(state, seat, action)
    return state


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    board = full_board()
    timings = []
    for _ in range(50):
        start = time.perf_counter()
        enemies_turn(board)
        timings.append(time.perf_counter() - start)
    bot_rate, bot_steps = games_per_second(
        automation(), ENGINE, HellbringerOptions(), PLAYERS, args.games, args.rounds
    )
    ai_rate, ai_steps = measure(args.games, args.rounds, True)
    base_rate, base_steps = measure(args.games, args.rounds, False)
    print(f"Hellbringer, {PLAYERS} players, {args.games} games, best of {args.rounds}")
    for label, (rate, steps) in (
        ("AI games, the bot's path", (bot_rate, bot_steps)),
        ("AI games, engine alone, quiet", (ai_rate, ai_steps)),
        ("baseline, random legal, quiet", (base_rate, base_steps)),
    ):
        print(f"  {label + ':':<31} {steps:9.0f} steps/s  {1e6 / steps:7.1f} us/step"
              f"  ({rate:.2f} games/s, {steps / rate:.0f} steps a game)")
    print(f"  per step, AI / random legal (quiet): {base_steps / ai_steps:.2f}x the time")
    print(f"  per step, bot's path / engine alone (AI): {ai_steps / bot_steps:.2f}x the time")
    print(f"  one Enemies' Turn, 9 enemies, exact odds: best {min(timings) * 1000:.2f} ms, "
          f"median {sorted(timings)[len(timings) // 2] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
