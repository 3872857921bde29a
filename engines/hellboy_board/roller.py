"""The board game's test roller: building a pool, settling a roll, exact odds.

A test is N dice of a colour plus the effect die. Cubes upgrade a die one step up
the ladder (yellow < orange < red < black; black only from red, which the ladder
gives for free); situations downgrade dice. The faces are data (the dice pack's
`yellow`..`black` and `effect`, house data until a group enters its own), and the
effect die's meanings follow a fan list, so everything here says "house" where it
decides something the rules do not publish:

- upgrades go to the die the player names, by default the weakest;
- downgrades hit the highest die first and stop at yellow;
- Double doubles the highest die and Wildcard takes the better of Double and Two
  dots (both maximise the total, which is what every test wants);
- Re-roll re-rolls each die showing less than its colour's average.

Odds are exact: the dice's joint (sum, highest) distribution by dynamic programming,
each effect face applied to it, integer counts over one denominator. Re-rolls are
independent per die, so the re-roll branch is a plain convolution of per-die
"keep or roll again" distributions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Literal

from engines.core.errors import RuleError
from engines.dice.model import Die, Face
from engines.dice.odds import Distribution

Colour = Literal["yellow", "orange", "red", "black"]
LADDER: tuple[Colour, ...] = ("yellow", "orange", "red", "black")
EFFECT_DIE = "effect"
MAX_DICE = 6


@dataclass(frozen=True, slots=True)
class Pool:
    colours: tuple[Colour, ...]
    clamped: int
    """Downgrade steps that found every die already yellow (house: they are lost)."""


def default_upgrades(base: Colour, count: int, steps: int) -> tuple[int, ...]:
    """Die indices for `steps` upgrades when the player names none: the weakest die
    each time (lowest index on a tie), so steps spread before any die reaches black."""
    levels = [LADDER.index(base)] * count
    chosen = []
    for _ in range(steps):
        i = min(range(count), key=lambda k: (levels[k], k))
        levels[i] += 1
        chosen.append(i)
    return tuple(chosen)


def build_pool(base: Colour, count: int, upgrades: Sequence[int], downgrades: int) -> Pool:
    """The dice a test rolls: `upgrades` names a die per cube spent, `downgrades`
    counts steps imposed by the situation."""
    if not 1 <= count <= MAX_DICE:
        raise RuleError(f"A test rolls 1 to {MAX_DICE} coloured dice (usually 3).")
    levels = [LADDER.index(base)] * count
    for i in upgrades:
        if not 0 <= i < count:
            raise RuleError(f"Upgrade die 1 to {count}: there is no die {i + 1}.")
        levels[i] += 1
        if levels[i] >= len(LADDER):
            raise RuleError("A black die is the best there is: it can't be upgraded again.")
    clamped = 0
    for _ in range(downgrades):
        i = max(range(count), key=lambda k: (levels[k], -k))
        if levels[i] == 0:
            clamped += 1
            continue
        levels[i] -= 1
    return Pool(tuple(LADDER[level] for level in levels), clamped)


def mean(die: Die) -> Fraction:
    return Fraction(sum(f.value for f in die.faces), len(die.faces))


def reroll_choice(dice: Sequence[Die], values: Sequence[int]) -> tuple[int, ...]:
    """House policy for the Re-roll face: every die showing less than its average."""
    return tuple(i for i, (die, v) in enumerate(zip(dice, values, strict=True)) if v < mean(die))


def settle(values: Sequence[int], effect: Face) -> tuple[int, str]:
    """The test's total once the effect die is applied (Re-roll is handled by the
    caller, which rolls again and then settles with the face's plain value)."""
    return apply_effect(sum(values), max(values, default=0), effect)


def apply_effect(dice_total: int, highest: int, effect: Face) -> tuple[int, str]:
    """The effect die only ever looks at the dice's sum and their highest value."""
    total = dice_total + effect.value
    match effect.effect:
        case "catastrophe":
            return total - highest, f"Catastrophe: the highest die ({highest}) is ignored"
        case "double":
            return total + highest, f"Double: the highest die ({highest}) counts twice (house)"
        case "wildcard":
            if highest >= 2:
                return total + highest, f"Wildcard taken as Double ({highest}) (house)"
            return total + 2, "Wildcard taken as Two dots (house)"
        case None | "reroll":
            return total, f"{effect.label}: +{effect.value}" if effect.value else effect.label
        case other:
            return total, f"{effect.label} ({other}) is not applied here: resolve it yourselves"


def damage(total: int, resilience: int, cap: int | None) -> int:
    """Damage = pips - Resilience (a review's reading), then the target's cap."""
    dealt = max(0, total - resilience)
    return dealt if cap is None else min(dealt, cap)


# --- exact odds ------------------------------------------------------------------

_Joint = dict[tuple[int, int], int]


def _weights(die: Die) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for face in die.faces:
        counts[face.value] += 1
    return dict(counts)


def _joint(dice: Sequence[Die]) -> _Joint:
    """(sum, highest) -> ways, over prod(faces) equally likely rolls."""
    states: _Joint = {(0, 0): 1}
    for die in dice:
        following: _Joint = defaultdict(int)
        weights = _weights(die)
        for (s, m), ways in states.items():
            for v, w in weights.items():
                following[s + v, max(m, v)] += ways * w
        states = following
    return dict(states)


def _rerolled_sum(dice: Sequence[Die]) -> dict[int, int]:
    """Sum after the house Re-roll policy, over prod(faces**2) outcomes."""
    counts: dict[int, int] = {0: 1}
    for die in dice:
        faces, weights, average = len(die.faces), _weights(die), mean(die)
        below = sum(w for v, w in weights.items() if v < average)
        after = {v: w * (faces if v >= average else 0) + below * w for v, w in weights.items()}
        following: dict[int, int] = defaultdict(int)
        for s, ways in counts.items():
            for v, w in after.items():
                if w:
                    following[s + v] += ways * w
        counts = following
    return dict(counts)


def total_distribution(dice: Sequence[Die], effect: Die) -> Distribution:
    """The exact distribution of a test's total: `dice` plus the effect die."""
    faces = prod(len(d.faces) for d in dice)
    joint = _joint(dice)
    rerolled: dict[int, int] | None = None
    counts: dict[int, int] = defaultdict(int)
    for face in effect.faces:
        if face.effect == "reroll":
            rerolled = rerolled if rerolled is not None else _rerolled_sum(dice)
            for s, ways in rerolled.items():
                counts[s + face.value] += ways
            continue
        for (s, m), ways in joint.items():
            total, _ = apply_effect(s, m, face)
            counts[total] += ways * faces
    return Distribution(dict(counts), faces * faces * len(effect.faces))


def damage_distribution(
    dice: Sequence[Die], effect: Die, resilience: int, cap: int | None
) -> Distribution:
    totals = total_distribution(dice, effect)
    counts: dict[int, int] = defaultdict(int)
    for total, ways in totals.counts.items():
        counts[damage(total, resilience, cap)] += ways
    return Distribution(dict(counts), totals.outcomes)
