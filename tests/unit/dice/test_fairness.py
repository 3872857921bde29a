"""Each die's face frequencies match its definition (chi-square at a fixed seed)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from engines.dice.expression import parse
from engines.dice.model import Die
from engines.dice.pack import builtin_pack
from engines.dice.roller import roll
from engines.dice.standard import standard_die

SIGNIFICANCE = 0.001
ROLLS_PER_FACE = 400


def chi2_survival(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with integer df, by the closed-form
    recurrences (no scipy): Q(x; 1) = erfc(sqrt(x/2)), Q(x; 2) = exp(-x/2), and
    Q(x; k+2) = Q(x; k) + (x/2)^(k/2) exp(-x/2) / Gamma(k/2 + 1)."""
    q = math.erfc(math.sqrt(x / 2)) if df % 2 else math.exp(-x / 2)
    k = 1 if df % 2 else 2
    while k < df:
        q += math.exp((k / 2) * math.log(x / 2) - x / 2 - math.lgamma(k / 2 + 1)) if x else 0
        k += 2
    return q


def chi2_p_value(observed: Counter[str], expected_share: dict[str, float]) -> float:
    n = sum(observed.values())
    statistic = sum(
        (observed[key] - n * share) ** 2 / (n * share) for key, share in expected_share.items()
    )
    return chi2_survival(statistic, len(expected_share) - 1)


def face_shares(die: Die) -> dict[str, float]:
    counts = Counter(f"{face.label}/{face.value}" for face in die.faces)
    return {key: count / len(die.faces) for key, count in counts.items()}


def test_chi2_survival_matches_table_values() -> None:
    # Critical values at 5 % from any chi-square table.
    assert chi2_survival(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_survival(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi2_survival(30.144, 19) == pytest.approx(0.05, abs=1e-4)


def test_the_check_rejects_a_loaded_die() -> None:
    """The fairness test can fail: a d6 that shows 6 a fifth of the time is caught."""
    loaded = random.Random(3)
    weights = [16, 16, 16, 16, 16, 20]
    faces = [str(v) for v in loaded.choices(range(1, 7), weights=weights, k=6000)]
    shares = {str(v): 1 / 6 for v in range(1, 7)}
    assert chi2_p_value(Counter(faces), shares) < SIGNIFICANCE


@pytest.mark.parametrize(
    ("text", "die"),
    [
        *((f"100 {die.name}", die) for die in builtin_pack().dice),
        ("100d6", standard_die(6)),
        ("100d20", standard_die(20)),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_face_frequencies_match_the_definition(text: str, die: Die) -> None:
    expression = parse(text, builtin_pack().by_name())
    rng = random.Random(20260101)
    observed: Counter[str] = Counter()
    for _ in range(ROLLS_PER_FACE * len(die.faces) // 100):
        for rolled in roll(expression, rng).groups[0].dice:
            observed[f"{rolled.face.label}/{rolled.face.value}"] += 1
    assert chi2_p_value(observed, face_shares(die)) > SIGNIFICANCE
