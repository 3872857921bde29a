"""Exact odds: the distribution of a total by convolution over faces, never sampling.

A distribution is kept as whole-number counts of equally likely outcomes over
one shared denominator (the number of outcomes), so every step is integer
arithmetic and Fractions appear only at the end. Every term of an expression
rolls its own dice, so subexpressions are independent and combine pairwise.

Named dice count their face values: a blue die counts its bursts (1 or 2) and
nothing else, because X2 and Re-roll are choices the player makes after seeing
the dice; `Odds.uncounted` lists such effects so the reply can say so.

Before any arithmetic, `_bound` bounds every intermediate distribution and the
work to build it, and refuses (politely) what would be slow.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from math import comb

from engines.core.errors import RuleError
from engines.dice.expression import (
    APPLY,
    BinaryOp,
    Constant,
    Expression,
    NamedDice,
    Negation,
    Node,
    StandardDice,
    SuccessPool,
    dice_nodes,
)
from engines.dice.limits import EXPLODE_DEPTH, ODDS_MAX_TOTALS, ODDS_MAX_WORK, refuse_odds_work
from engines.dice.roller import total_label
from engines.dice.standard import standard_die


@dataclass(frozen=True, slots=True)
class Distribution:
    """`counts[total]` equally likely outcomes out of `outcomes` give `total`."""

    counts: dict[int, int]
    outcomes: int

    def probability(self, total: int) -> Fraction:
        return Fraction(self.counts.get(total, 0), self.outcomes)

    def at_least(self, target: int) -> Fraction:
        hits = sum(count for total, count in self.counts.items() if total >= target)
        return Fraction(hits, self.outcomes)

    def items(self) -> list[tuple[int, Fraction]]:
        """(total, probability) for every possible total, lowest first."""
        return [(t, Fraction(self.counts[t], self.outcomes)) for t in sorted(self.counts)]

    def mean(self) -> Fraction:
        return Fraction(sum(t * c for t, c in self.counts.items()), self.outcomes)


@dataclass(frozen=True, slots=True)
class Odds:
    expression: Expression
    target: int
    distribution: Distribution
    chance: Fraction
    uncounted: tuple[str, ...]
    """Labels of faces whose effect is not part of the total (e.g. 'X2')."""
    house: bool
    """True when any die's faces are house data, which players must be told."""
    exploding: bool = False
    """Exploding dice are in it: the odds stop at EXPLODE_DEPTH re-rolls, as /roll does."""


def odds(expression: Expression, target: int) -> Odds:
    """P(total >= target), with the whole distribution, exactly."""
    if total_label(expression) is None:
        raise RuleError(
            "Those dice show outcomes, not numbers, so there is no total to reach; "
            "each face's chance is its share of the die's faces."
        )
    distribution = distribution_of(expression)
    named = [g.die for g in dice_nodes(expression.root) if isinstance(g, NamedDice)]
    uncounted = {
        face.label: None
        for die in named
        for face in die.faces
        if face.effect is not None and face.value == 0
    }
    return Odds(
        expression=expression,
        target=target,
        distribution=distribution,
        chance=distribution.at_least(target),
        uncounted=tuple(uncounted),
        house=any(not die.verified for die in named),
        exploding=any(isinstance(g, StandardDice) and g.explode is not None
                      for g in dice_nodes(expression.root)),
    )


def distribution_of(expression: Expression) -> Distribution:
    _bound(expression.root)  # refuses, before any arithmetic, what would be slow
    counts, outcomes = _distribution(expression.root)
    return Distribution({t: c for t, c in counts.items() if c}, outcomes)


def format_chance(chance: Fraction) -> str:
    """'58.3 % (7/12)': one decimal, and the exact fraction when both parts are short.
    Never rounds a possible event to 0 % or a doubtful one to 100 %."""
    if 0 < chance < Fraction(1, 2000):
        percent = "< 0.1 %"
    elif Fraction(1999, 2000) < chance < 1:
        percent = "> 99.9 %"
    else:
        percent = f"{round(chance * 1000) / 10:.1f} %"
    if 0 < chance < 1 and chance.numerator < 10_000 and chance.denominator < 10_000:
        return f"{percent} ({chance.numerator}/{chance.denominator})"
    return percent


# --- planning: bound the size and the work before doing any -----------------------


@dataclass(frozen=True, slots=True)
class _Bound:
    low: int
    high: int
    work: int

    @property
    def width(self) -> int:
        return self.high - self.low + 1


def _checked(low: int, high: int, work: int) -> _Bound:
    if high - low + 1 > ODDS_MAX_TOTALS or work > ODDS_MAX_WORK:
        raise refuse_odds_work()
    return _Bound(low, high, work)


def _bound(node: Node) -> _Bound:
    match node:
        case Constant(value=value):
            return _Bound(value, value, 1)
        case Negation(operand=operand):
            inner = _bound(operand)
            return _checked(-inner.high, -inner.low, inner.work + inner.width)
        case BinaryOp(op=op, left=left, right=right):
            a, b = _bound(left), _bound(right)
            ends = [APPLY[op](x, y) for x in (a.low, a.high) for y in (b.low, b.high)]
            return _checked(min(ends), max(ends), a.work + b.work + a.width * b.width)
        case StandardDice(count=n, sides=m, explode=int()):
            high = n * m * (EXPLODE_DEPTH + 1)
            return _checked(n, high, n * high * (EXPLODE_DEPTH + 1) * m)
        case StandardDice(count=n, sides=m, keep=keep):
            if keep is None or keep.kept(n)[0] == n:
                return _checked(n, n * m, sum(i * (m - 1) + 1 for i in range(1, n + 1)))
            k = keep.kept(n)[0]
            work = m * sum((j * (m - 1) + 1) * (k - j + 1) for j in range(k))
            return _checked(k, k * m, work)
        case SuccessPool(count=n):
            return _Bound(0, n, n + 1)
        case NamedDice(count=n, die=die):
            values = [face.value for face in die.faces]
            low, high, spread = min(values), max(values), len(set(values))
            work = sum((i * (high - low) + 1) * spread for i in range(1, n + 1))
            return _checked(n * low, n * high, work)


# --- exact distributions ------------------------------------------------------------

_Counts = dict[int, int]


def _distribution(node: Node) -> tuple[_Counts, int]:
    match node:
        case Constant(value=value):
            return {value: 1}, 1
        case Negation(operand=operand):
            counts, outcomes = _distribution(operand)
            return {-t: c for t, c in counts.items()}, outcomes
        case BinaryOp(op=op, left=left, right=right):
            (a, na), (b, nb) = _distribution(left), _distribution(right)
            return _combine(a, b, op), na * nb
        case StandardDice(count=n, sides=m, explode=int(on)):
            one, outcomes = _exploding_die(m, on)
            return _repeat(one, n), outcomes**n
        case StandardDice(count=n, sides=m, keep=keep):
            if keep is None or keep.kept(n)[0] == n:
                return _uniform_sum(n, m), m**n
            kept, highest = keep.kept(n)
            return _keep(n, _face_weights([f.value for f in standard_die(m).faces]), kept, highest)
        case SuccessPool(count=n, sides=m, threshold=t):
            hit, miss = m - t + 1, t - 1
            return {s: comb(n, s) * hit**s * miss ** (n - s) for s in range(n + 1)}, m**n
        case NamedDice(count=n, die=die):
            weights = _face_weights([face.value for face in die.faces])
            return _repeat(weights, n), len(die.faces) ** n


def _repeat(one: _Counts, n: int) -> _Counts:
    """The sum of n independent dice that each have the counts `one`."""
    running: _Counts = {0: 1}
    for _ in range(n):
        running = _combine(running, one, "+")
    return running


def _exploding_die(m: int, on: int) -> tuple[_Counts, int]:
    """One dM that rolls again on `on` or more, at most EXPLODE_DEPTH times, exactly:
    every chain is weighted out of m**(EXPLODE_DEPTH + 1), the rolls it did not need
    counted as if made, so the roller's capped die and these odds agree."""
    counts: _Counts = defaultdict(int)
    chains: _Counts = {0: 1}  # totals so far of chains still exploding
    for level in range(EXPLODE_DEPTH + 1):
        spare = m ** (EXPLODE_DEPTH - level)
        going: _Counts = defaultdict(int)
        for total, ways in chains.items():
            for face in range(1, m + 1):
                if face >= on and level < EXPLODE_DEPTH:
                    going[total + face] += ways
                else:
                    counts[total + face] += ways * spare
        chains = going
    return dict(counts), m ** (EXPLODE_DEPTH + 1)


def _face_weights(values: list[int]) -> _Counts:
    weights: _Counts = defaultdict(int)
    for value in values:
        weights[value] += 1
    return dict(weights)


def _combine(a: _Counts, b: _Counts, op: str) -> _Counts:
    apply = APPLY[op]
    out: _Counts = defaultdict(int)
    for x, cx in a.items():
        for y, cy in b.items():
            out[apply(x, y)] += cx * cy
    return dict(out)


def _uniform_sum(n: int, m: int) -> _Counts:
    """Sum of n fair dM by a sliding window: each die adds a run of m equal weights,
    so each new count is a difference of two prefix sums (O(totals) per die)."""
    counts = [1]  # counts[i] = ways to total (dice so far) + i
    for _ in range(n):
        prefix = [0, *accumulate(counts)]
        upper = prefix[1:] + [prefix[-1]] * (m - 1)
        lower = [0] * (m - 1) + prefix[:-1]
        counts = [u - w for u, w in zip(upper, lower, strict=True)]
    return {n + i: c for i, c in enumerate(counts)}


def _keep(n: int, weights: _Counts, k: int, highest: bool) -> tuple[_Counts, int]:
    """Sum of the k highest (or lowest) of n identical dice, exactly.

    Walk the face values from the best end. A state is (dice placed so far, sum of
    the kept ones); at each value, c of the r remaining dice show it in
    C(r, c) * w**c ways. Once k dice are placed the kept sum is final and the
    rest must show worse values, and every such c adds the same amount, so all of
    them collapse into one binomial tail: no state ever tracks k or more dice.
    """
    values = sorted(weights, reverse=highest)
    faces = sum(weights.values())
    result: _Counts = defaultdict(int)
    states: dict[int, _Counts] = {0: {0: 1}}
    worse = faces
    for value in values:
        w = weights[value]
        worse -= w
        following: dict[int, _Counts] = defaultdict(lambda: defaultdict(int))
        for placed, sums in states.items():
            remaining, needed = n - placed, k - placed
            tail = (w + worse) ** remaining
            for c in range(needed):
                ways_here = comb(remaining, c) * w**c
                tail -= ways_here * worse ** (remaining - c)
                if ways_here:
                    bucket = following[placed + c]
                    for s, ways in sums.items():
                        bucket[s + c * value] += ways * ways_here
            if tail:
                gain = needed * value
                for s, ways in sums.items():
                    result[s + gain] += ways * tail
        states = following
    return dict(result), faces**n
