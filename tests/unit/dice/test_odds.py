"""Exact odds: convolution over faces, checked against rolling every outcome once."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from engines.core.errors import RuleError
from engines.dice.expression import Expression, dice_nodes, parse
from engines.dice.model import Die
from engines.dice.odds import distribution_of, format_chance, odds
from engines.dice.roller import roll
from engines.dice.standard import standard_die
from tests.unit.dice.conftest import ScriptedRandom


def brute_force(expression: Expression) -> dict[int, Fraction]:
    """Roll every sequence of face indices exactly once through the roller: an
    independent route to the distribution (the roller sorts; the odds never do)."""
    sizes: list[int] = []
    for group in dice_nodes(expression.root):
        die = group.die if hasattr(group, "die") else standard_die(group.sides)
        sizes += [len(die.faces)] * group.count
    totals: Counter[int] = Counter()
    for indices in itertools.product(*(range(n) for n in sizes)):
        totals[roll(expression, ScriptedRandom(indices)).total] += 1
    outcomes = sum(totals.values())
    return {total: Fraction(count, outcomes) for total, count in sorted(totals.items())}


@pytest.mark.parametrize(
    "text",
    [
        "2d6",
        "3d4kh2",
        "4d4dl1",
        "3d6kl1",
        "4d3dh2",
        "3d5>=4",
        "2 damage + 1 acid",
        "3 red + blue",
        "2 yellow - orange + 1",
        "black + enemy",
        "-1d4+2*(1d3+1)",
        "1d6/2+1d4",
        "1d4*1d4-1d3",
        "2d4kh1 + 2 blue",
    ],
)
def test_exact_distribution_equals_brute_force(dice: dict[str, Die], text: str) -> None:
    expression = parse(text, dice)
    assert dict(distribution_of(expression).items()) == brute_force(expression)


@pytest.mark.parametrize(
    ("text", "target", "chance"),
    [
        ("2d6", 7, Fraction(21, 36)),
        ("2 damage", 15, Fraction(4, 9)),
        ("6d6>=4", 3, Fraction(42, 64)),
    ],
)
def test_the_issue_examples_hold(
    dice: dict[str, Die], text: str, target: int, chance: Fraction
) -> None:
    assert odds(parse(text, dice), target).chance == chance


def test_the_issue_examples_format_to_one_decimal(dice: dict[str, Die]) -> None:
    def shown(text: str, target: int) -> str:
        return format_chance(odds(parse(text, dice), target).chance)

    assert shown("2d6", 7) == "58.3 % (7/12)"
    assert shown("2 damage", 15) == "44.4 % (4/9)"
    assert shown("6d6>=4", 3) == "65.6 % (21/32)"


def test_keep_highest_of_a_large_pool_matches_the_order_statistic(dice: dict[str, Die]) -> None:
    """kh1 of n dice is the maximum: P(max <= v) = (v/m)^n, an independent formula."""
    distribution = distribution_of(parse("30d20kh1", dice))
    for v in range(1, 21):
        at_most = sum((p for t, p in distribution.items() if t <= v), Fraction(0))
        assert at_most == Fraction(v, 20) ** 30


def test_a_sum_of_many_dice_has_the_textbook_mean(dice: dict[str, Die]) -> None:
    assert distribution_of(parse("100d100", dice)).mean() == Fraction(101, 2) * 100
    assert distribution_of(parse("40 damage", dice)).mean() == 40 * Fraction(35, 6)


def test_blue_counts_only_its_bursts_and_says_what_is_left_out(dice: dict[str, Die]) -> None:
    answer = odds(parse("blue", dice), 1)
    assert answer.chance == Fraction(2, 6)
    assert set(answer.uncounted) == {"Skull", "X2", "Cancel", "Re-roll"}
    assert odds(parse("2d6", dice), 2).uncounted == ()


def test_odds_say_when_house_dice_are_involved(dice: dict[str, Die]) -> None:
    assert odds(parse("3 red + 1d6", dice), 3).house
    assert not odds(parse("2 damage + 1d6", dice), 3).house


def test_dice_without_numbers_have_no_total_to_reach(dice: dict[str, Die]) -> None:
    with pytest.raises(RuleError, match="outcomes, not numbers"):
        odds(parse("enemy", dice), 1)


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (Fraction(0), "0.0 %"),
        (Fraction(1), "100.0 %"),
        (Fraction(1, 3), "33.3 % (1/3)"),
        (Fraction(1, 6**10), "< 0.1 %"),
        (1 - Fraction(1, 6**10), "> 99.9 %"),
        (Fraction(1234, 10007), "12.3 %"),
        (Fraction(9998, 9999), "> 99.9 % (9998/9999)"),
        (Fraction(9999, 10000), "> 99.9 %"),
    ],
)
def test_chances_show_one_decimal_and_a_short_exact_fraction(chance: Fraction, shown: str) -> None:
    assert format_chance(chance) == shown
