"""How lucky each roll and each player was, from the exact odds of every chance node.

An engine never rolls: each roll or draw is a `ChanceRequest` with exact weights, and
the log holds what came of it (`bot/replay.py`). So the odds of what happened are not
estimated, they are enumerated, and "how lucky" can be said without a simulation:

- **the odds of a step**: the probability of what happened, counting numbered dice
  by their total (any dice that make the same total are the same roll) and every
  other item (a card, a symbol die, a map tile's spot) by its value: "a 9 % roll",
  "a 1-in-12 draw";
- **the luck of a roll**: its *mid-rank percentile* among every roll the same dice
  could have made, 100 × (P(total < t) + P(total = t) / 2). It is 50 on average for
  any dice (a certain outcome is exactly 50), and the mirror roll of a symmetric
  die scores 100 minus it, so "top 8 %" means the same on a d6 and on 3d6. Only
  dice with numbered faces have a total; a card or a symbol is not better or worse
  by itself, so draws get their odds but no luck;
- **a player's luck**: where the sum of their rolls' percentiles falls among the sums
  their rolls could have made, from the exact mean (50 each) and variance of each
  roll's percentile, by the normal approximation: "alice's Attack dice: top 12 % of
  luck this game". A roll belongs to the seat that reports it (the request's
  `reporter`); higher totals count as luckier.

Pure: no I/O, no clock, no randomness. Hidden draws stay hidden: while the game runs
(or after it, unless the table's `reveal_after_end` is on) a step whose words would
name what a seat holds (`bot.secrecy.find_leaks`) says only "a hidden card" and gives
no odds, since the odds of a card tell its copies apart.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bot.replay import ReplayStep
from bot.secrecy import find_leaks
from engines.core.chance import ChanceItem, ChanceRequest
from engines.registry import AnyEngine

Faces = tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]
"""Numbered dice as (options, weights) each: the key of their totals' distribution."""


@dataclass(frozen=True)
class ChanceStep:
    """One roll or draw of a replayed game, in words and figures."""

    step: int
    """The step's number in the replay (1 is the first line after setup)."""
    seat: int | None
    prompt: str
    words: str
    odds: Fraction | None
    """The probability of what happened; None when hidden or not enumerable."""
    percentile: float | None
    """The roll's mid-rank percentile (0-100); None for a draw with no total."""
    variance: float = 0.0
    """The variance of the percentile/100 over every roll these dice could make."""


@dataclass(frozen=True)
class PlayerLuck:
    seat: int
    prompt: str | None
    """The kind of roll (its prompt), or None for all the player's rolls."""
    rolls: int
    percentile: float
    words: str


def _number(option: str) -> int | None:
    text = option.strip()
    digits = text[1:] if text.startswith("-") else text
    return int(text) if digits.isdigit() else None


def _numbered(item: ChanceItem) -> bool:
    """A die with numbered faces: a card's number (a map number) is a name, not a worth."""
    return item.source == "die" and all(_number(o) is not None for o in item.options)


@lru_cache(maxsize=1024)
def _totals(faces: Faces) -> dict[int, Fraction]:
    """The exact distribution of the total of numbered dice."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for options, weights in faces:
        whole = sum(weights)
        grown: dict[int, Fraction] = defaultdict(Fraction)
        for total, p in dist.items():
            for option, weight in zip(options, weights, strict=True):
                grown[total + (_number(option) or 0)] += p * Fraction(weight, whole)
        dist = dict(grown)
    return dist


def _split(
    request: ChanceRequest, values: Sequence[str]
) -> tuple[Faces, int, list[tuple[ChanceItem, str]]]:
    """The numbered dice (and their total) apart from the other items and values."""
    faces: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
    total, others = 0, []
    for item, value in zip(request.items, values, strict=True):
        if _numbered(item):
            faces.append((tuple(item.options), tuple(item.weights)))
            total += _number(value) or 0
        else:
            others.append((item, value))
    return tuple(faces), total, others


def odds(request: ChanceRequest, values: Sequence[str]) -> Fraction | None:
    """The probability of what happened: the numbered dice by their total, each other
    item by its value; None when a value is open or not among the options."""
    if any(i.open_hint is not None or v not in i.options
           for i, v in zip(request.items, values, strict=True)):
        return None
    faces, total, others = _split(request, values)
    p = _totals(faces)[total] if faces else Fraction(1)
    for item, value in others:
        p *= item.probability(value)
    return p


def roll_percentile(request: ChanceRequest, values: Sequence[str]) -> tuple[float, float] | None:
    """The mid-rank percentile (0-100) of the roll's total among the totals its numbered
    dice could make, and the variance of that percentile (as a fraction of 1); None
    when no item is a numbered die or a value is not among its faces."""
    if any(_numbered(i) and v not in i.options
           for i, v in zip(request.items, values, strict=True)):
        return None
    faces, rolled, _ = _split(request, values)
    if not faces:
        return None
    totals = _totals(faces)
    mid: dict[int, Fraction] = {}
    below = Fraction(0)
    for total in sorted(totals):
        mid[total] = below + totals[total] / 2
        below += totals[total]
    variance = sum(p * (mid[t] - Fraction(1, 2)) ** 2 for t, p in totals.items())
    return float(mid[rolled] * 100), float(variance)


def odds_words(p: Fraction, noun: str) -> str:
    """A probability as players say it: "a certain roll", "a 35 % roll", "a 1-in-12
    draw" (a one-in-N chance, or anything under 1 %)."""
    if p >= 1:
        return f"a certain {noun}"
    if p.numerator == 1 or p < Fraction(1, 100):
        return f"a 1-in-{round(1 / p):,} {noun}"
    return f"a {max(1, round(float(p) * 100))} % {noun}"


def rank_words(percentile: float) -> str:
    """A percentile as "top 12 %" (luckier than 88 % of the ways it could have gone)
    or "bottom 30 %"; never "top 0 %", since the very best is still one of many."""
    if percentile >= 50:
        return f"top {max(1, round(100 - percentile))} %"
    return f"bottom {max(1, round(percentile))} %"


def _shown(request: ChanceRequest, values: Sequence[str]) -> str:
    shown = [item.label_of(v) if v in item.options else v
             for item, v in zip(request.items, values, strict=True)]
    if all(_numbered(item) for item in request.items) and len(values) > 1:
        return f"{', '.join(shown)} (total {sum(_number(v) or 0 for v in values)})"
    return ", ".join(shown)


def chance_steps(
    engine: AnyEngine, steps: Iterable[ReplayStep], names: Sequence[str], *, reveal: bool
) -> list[ChanceStep]:
    """Each chance step of a replay with its odds and luck in words. `reveal`: show
    hidden draws (a finished game whose table keeps `reveal_after_end` on); otherwise
    a draw that a seat holds, then or at the end of `steps`, is named by no word."""
    replayed = list(steps)
    drawn: list[tuple[int, ReplayStep, ChanceRequest, list[str], str]] = []
    for number, step in enumerate(replayed, start=1):
        request = engine.chance(step.before) if step.entry.kind == "chance" else None
        values = list(getattr(step.entry.payload, "values", []))
        if request is not None and len(request.items) == len(values):
            drawn.append((number, step, request, values, _shown(request, values)))
    hiding = not reveal and engine.hidden_information
    cards = [(step, [shown, *values]) for _, step, request, values, shown in drawn
             if any(i.source == "card" for i in request.items)] if hiding else []
    held_now = {leak.text for leak in find_leaks(
        engine, replayed[-1].after, [t for _, texts in cards for t in texts])} if cards else set()
    hidden = {id(step) for step, texts in cards
              if held_now.intersection(texts) or find_leaks(engine, step.after, texts)}
    return [_told(number, request, values, shown, names, hidden=id(step) in hidden)
            for number, step, request, values, shown in drawn]


def _told(number: int, request: ChanceRequest, values: list[str], shown: str,
          names: Sequence[str], *, hidden: bool) -> ChanceStep:
    seat = request.reporter
    who = f" ({names[seat]})" if seat is not None and 0 <= seat < len(names) else ""
    head = f"Step {number} · {request.prompt}{who}"
    if hidden:
        return ChanceStep(number, seat, request.prompt, f"{head}: a hidden card", None, None)
    noun = "roll" if all(i.source == "die" for i in request.items) else "draw"
    chance = odds(request, values)
    rank = roll_percentile(request, values)
    told = [odds_words(chance, noun)] if chance is not None else []
    if rank is not None:
        told.append(f"{rank_words(rank[0])} of luck")
    return ChanceStep(number, seat, request.prompt,
                      f"{head}: {shown}" + (f" — {', '.join(told)}" if told else ""),
                      chance, None if rank is None else rank[0],
                      0.0 if rank is None else rank[1])


def combined(rolls: Sequence[ChanceStep]) -> float:
    """Where the sum of `rolls`' percentiles falls among the sums they could have
    made (0-100): each percentile has mean 50 and its exact variance, and their sum
    is taken as normal. No spread at all (only certain rolls) is exactly average."""
    rated = [r for r in rolls if r.percentile is not None]
    spread = math.sqrt(sum(r.variance for r in rated))
    if spread == 0:
        return 50.0
    z = sum((r.percentile or 0) / 100 - 0.5 for r in rated) / spread
    return 50.0 * (1.0 + math.erf(z / math.sqrt(2.0)))


def luck_report(steps: Sequence[ChanceStep], names: Sequence[str]) -> list[PlayerLuck]:
    """Per player: all their rolls, then each kind of roll they made (by prompt)."""
    by_seat: dict[int, list[ChanceStep]] = defaultdict(list)
    for step in steps:
        if step.seat is not None and step.percentile is not None and 0 <= step.seat < len(names):
            by_seat[step.seat].append(step)
    report: list[PlayerLuck] = []
    for seat in sorted(by_seat):
        rolls = by_seat[seat]
        kinds: dict[str, list[ChanceStep]] = defaultdict(list)
        for roll in rolls:
            kinds[roll.prompt].append(roll)
        groups: list[tuple[str | None, list[ChanceStep]]] = [(None, rolls), *kinds.items()]
        for prompt, group in groups:
            score = combined(group)
            what = "dice" if prompt is None else f"{prompt} dice"
            count = f"{len(group)} roll{'s' if len(group) != 1 else ''}"
            report.append(PlayerLuck(
                seat, prompt, len(group), score,
                f"{names[seat]}'s {what}: {rank_words(score)} of luck this game ({count})",
            ))
    return report
