"""Dice: rolls per second against d20 itself, and how long exact odds take.

Rolls: ``4d6kh3+2`` from text each time (parse + roll), through our roller with
a seeded ``random.Random`` and through ``d20.roll`` (global random, its own parse
cache), interleaved in the same run; best of several rounds. Aim: lose no more
than 20 % to d20 (ratio >= 0.80).

Odds: a ten-dice mixed expression, exact, median and worst of many runs (aim:
under 20 ms), with brute-force enumeration of a five-dice expression as the
same-run baseline, and the slowest questions the limits still accept.

    .venv/bin/python -m bench.dice_bench [--rolls 20000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import d20

from engines.dice.expression import Expression, dice_nodes, parse
from engines.dice.model import Die
from engines.dice.odds import distribution_of
from engines.dice.pack import load_dice
from engines.dice.roller import roll
from engines.dice.standard import standard_die

STANDARD = "4d6kh3+2"
TEN_MIXED = "3 red + blue + 2 damage + 1 acid + 2d6 + 1d20"
FIVE_MIXED = "2 red + blue + 1 damage + 1d6"
HEAVY = ["10d100dl3", "100d100", "100d1000kh1", "20d20kh10", "100 damage"]


def _rate(fn: Callable[[], object], n: int) -> float:
    started = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - started)


def _timings(fn: Callable[[], object], n: int) -> list[float]:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def _brute_force(expression: Expression) -> dict[int, int]:
    """Every face of every die, one combination at a time: the naive way to get odds."""
    per_die: list[list[int]] = []
    for group in dice_nodes(expression.root):
        die = group.die if hasattr(group, "die") else standard_die(group.sides)
        per_die += [[face.value for face in die.faces]] * group.count
    counts: dict[int, int] = {}
    for values in itertools.product(*per_die):
        total = sum(values)
        counts[total] = counts.get(total, 0) + 1
    return counts


def bench_rolls(dice: dict[str, Die], rolls: int, rounds: int) -> dict[str, float]:
    rng = random.Random(1)
    parsed = parse(STANDARD, dice)
    ours, theirs, prepared = [], [], []
    for _ in range(rounds):
        theirs.append(_rate(lambda: d20.roll(STANDARD), rolls))
        ours.append(_rate(lambda: roll(parse(STANDARD, dice), rng), rolls))
        prepared.append(_rate(lambda: roll(parsed, rng), rolls))
    return {"ours": max(ours), "d20": max(theirs), "prepared": max(prepared)}


def bench_odds(dice: dict[str, Die], runs: int) -> dict[str, float]:
    ten = parse(TEN_MIXED, dice)
    five = parse(FIVE_MIXED, dice)
    assert sum(g.count for g in dice_nodes(ten.root)) == 10
    ten_times = _timings(lambda: distribution_of(parse(TEN_MIXED, dice)), runs)
    five_exact = statistics.median(_timings(lambda: distribution_of(five), runs))
    five_brute = statistics.median(_timings(lambda: _brute_force(five), max(3, runs // 20)))
    exact = distribution_of(five)
    assert exact.counts == {t: c for t, c in _brute_force(five).items() if c}
    return {
        "ten_median_ms": statistics.median(ten_times) * 1000,
        "ten_max_ms": max(ten_times) * 1000,
        "five_exact_ms": five_exact * 1000,
        "five_brute_ms": five_brute * 1000,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rolls", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--odds-runs", type=int, default=200)
    args = parser.parse_args(argv)
    dice = load_dice()

    rolls = bench_rolls(dice, args.rolls, args.rounds)
    print(f"dice rolls, '{STANDARD}' from text (best of {args.rounds} x {args.rolls}):")
    print(f"  our roller (parse + roll)   {rolls['ours']:10.0f} rolls/s")
    print(f"  d20.roll                    {rolls['d20']:10.0f} rolls/s")
    print(f"  ratio (ours / d20)          {rolls['ours'] / rolls['d20']:10.2f}  (aim >= 0.80)")
    print(f"  our roller, pre-parsed      {rolls['prepared']:10.0f} rolls/s")

    odds = bench_odds(dice, args.odds_runs)
    print(f"exact odds, '{TEN_MIXED}' (10 dice, {args.odds_runs} runs):")
    print(f"  median                      {odds['ten_median_ms']:10.2f} ms  (aim < 20 ms)")
    print(f"  worst                       {odds['ten_max_ms']:10.2f} ms")
    speedup = odds["five_brute_ms"] / odds["five_exact_ms"]
    print(f"  '{FIVE_MIXED}': exact {odds['five_exact_ms']:.2f} ms vs brute force")
    print(f"    enumeration {odds['five_brute_ms']:.2f} ms (brute / exact {speedup:.0f}x)")
    print("slow questions the limits still accept:")
    for text in HEAVY:
        expression = parse(text, dice)
        ms = statistics.median(_timings(partial(distribution_of, expression), 5))
        print(f"  {text:<28} {ms * 1000:10.2f} ms")


if __name__ == "__main__":
    main()
