"""Limits: 100 dice per roll, 200 characters, 2 to 1,000 sides, bounded odds work.
Each refusal is a RuleError raised before any dice are rolled or counted."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engines.core.errors import RuleError
from engines.dice.expression import parse
from engines.dice.limits import MAX_DICE, MAX_EXPRESSION_CHARS, MAX_SIDES
from engines.dice.model import Die
from engines.dice.odds import odds
from engines.dice.roller import roll


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        (f"{MAX_DICE + 1}d6", "between 1 and 100 dice"),
        ("1000d1000", "between 1 and 100 dice"),
        ("0d6", "between 1 and 100 dice"),
        (f"{MAX_DICE + 1} red", "between 1 and 100 red dice"),
        ("60 red + 41 blue", "at most 100 dice in all"),
        ("50d6*51d6", "at most 100 dice in all"),
        (f"1d{MAX_SIDES + 1}", "2 to 1,000 sides"),
        ("1d1", "2 to 1,000 sides"),
        ("2d1001>=3", "2 to 1,000 sides"),
        ("1d6+1000001", "up to 100,000"),
    ],
)
def test_dice_counts_sides_and_numbers_are_capped(
    dice: dict[str, Die], text: str, hint: str
) -> None:
    with pytest.raises(RuleError, match=hint):
        parse(text, dice)


def test_expressions_are_capped_at_200_characters(dice: dict[str, Die]) -> None:
    longest = "+".join(["1"] * (MAX_EXPRESSION_CHARS // 2)) + "1"
    assert len(longest) == MAX_EXPRESSION_CHARS
    parse(longest, dice)
    with pytest.raises(RuleError, match="up to 200 characters"):
        parse(longest + "1", dice)


def test_the_largest_allowed_roll_rolls(dice: dict[str, Die]) -> None:
    result = roll(parse(f"{MAX_DICE}d{MAX_SIDES}kh1", dice), random.Random(5))
    assert len(result.groups[0].dice) == MAX_DICE
    assert result.total == max(d.face.value for d in result.groups[0].dice)


def test_keep_one_of_the_largest_pool_has_exact_odds(dice: dict[str, Die]) -> None:
    """The keep/drop DP collapses finished states, so this is answered, not refused."""
    answer = odds(parse("100d1000kh1", dice), 1000)
    assert answer.chance == 1 - Fraction(999, 1000) ** 100


@pytest.mark.parametrize("text", ["100d1000", "50d1000+50d1000", "100d100kh50", "10d1000*10d1000"])
def test_odds_too_big_to_compute_exactly_are_refused_politely(
    dice: dict[str, Die], text: str
) -> None:
    expression = parse(text, dice)
    with pytest.raises(RuleError, match="too big to work out exactly"):
        odds(expression, 1)
    assert roll(expression, random.Random(1)).groups
