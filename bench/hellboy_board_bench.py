"""Hellboy: The Board Game — exact odds of a test's damage, against brute force.

The question a player asks before spending cubes: 4 coloured dice plus the effect
die against Krampus (Resilience 3), with and without the pistol cap of Harmless
Man-Toys. Ours: `roller.damage_distribution` (a (sum, highest) dynamic programme,
the effect faces applied to it, re-rolls as a per-die convolution). Same-run
baseline: the same distribution by brute force, every face of every die and every
re-roll enumerated one combination at a time through the same `settle` and
re-roll policy. Both must agree exactly. Aim: under 20 ms.

    .venv/bin/python -m bench.hellboy_board_bench [--runs 200]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from math import prod

from engines.dice.model import Die
from engines.dice.odds import Distribution
from engines.dice.pack import load_dice
from engines.hellboy_board.roller import (
    EFFECT_DIE,
    damage,
    damage_distribution,
    reroll_choice,
    settle,
)

POOL = ("red", "red", "black", "black")
RESILIENCE = 3


def brute_force_damage(
    dice: Sequence[Die], effect: Die, resilience: int, cap: int | None
) -> Distribution:
    """Every combination of faces, and of re-rolled faces, one at a time; counts over
    the same denominator as the exact method (each die's faces squared, times the
    effect die's faces)."""
    sizes = [len(d.faces) for d in dice]
    counts: dict[int, int] = {}
    for face in effect.faces:
        for first in itertools.product(*(d.faces for d in dice)):
            values = [f.value for f in first]
            if face.effect != "reroll":
                total, _ = settle(values, face)
                dealt = damage(total, resilience, cap)
                counts[dealt] = counts.get(dealt, 0) + prod(sizes)
                continue
            again = reroll_choice(dice, values)
            kept = prod(sizes[i] for i in range(len(dice)) if i not in again)
            for second in itertools.product(*(dice[i].faces for i in again)):
                rolled = list(values)
                for i, f in zip(again, second, strict=True):
                    rolled[i] = f.value
                dealt = damage(sum(rolled) + face.value, resilience, cap)
                counts[dealt] = counts.get(dealt, 0) + kept
    return Distribution(counts, prod(sizes) ** 2 * len(effect.faces))


def _timings(fn: Callable[[], object], n: int) -> list[float]:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args(argv)
    all_dice = load_dice()
    dice = [all_dice[c] for c in POOL]
    effect = all_dice[EFFECT_DIE]
    print(f"exact damage odds, {' + '.join(POOL)} + effect vs Resilience {RESILIENCE}:")
    for cap in (None, 2):
        exact = damage_distribution(dice, effect, RESILIENCE, cap)
        brute = brute_force_damage(dice, effect, RESILIENCE, cap)
        assert exact.items() == brute.items(), "exact and brute force disagree"
        fast = _timings(partial(damage_distribution, dice, effect, RESILIENCE, cap), args.runs)
        slow = _timings(partial(brute_force_damage, dice, effect, RESILIENCE, cap),
                        max(3, args.runs // 50))
        ours, theirs = statistics.median(fast) * 1000, statistics.median(slow) * 1000
        label = "uncapped" if cap is None else f"pistol cap {cap}"
        print(f"  {label:<14} mean damage {float(exact.mean()):.3f}")
        print(f"    exact        median {ours:8.3f} ms, worst {max(fast) * 1000:8.3f} ms"
              "  (aim < 20 ms)")
        print(f"    brute force  median {theirs:8.3f} ms  (brute / exact {theirs / ours:.0f}x)")


if __name__ == "__main__":
    main()
