"""Dice syntax people already type elsewhere (Avrae, Dice Maiden): advantage, Fudge
dice, comments, the Hellboy colour shorthand, signed groups, and exploding dice."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bot.render.dice import odds_embed, roll_embed
from engines.core.errors import RuleError
from engines.dice.expression import DiceNode, Expression, dice_nodes, parse
from engines.dice.limits import EXPLODE_DEPTH
from engines.dice.model import Die
from engines.dice.odds import odds
from engines.dice.roller import roll
from tests.unit.dice.conftest import ScriptedRandom


def test_advantage_rolls_two_d20_and_keeps_the_higher(dice: dict[str, Die]) -> None:
    adv = parse("1d20+5 adv", dice)
    assert [g.notation() for g in _groups(adv)] == ["2d20kh1"]
    assert odds(adv, 25).chance == 1 - Fraction(19, 20) ** 2
    dis = parse("d20 disadvantage", dice)
    assert odds(dis, 20).chance == Fraction(1, 400)
    with pytest.raises(RuleError, match="exactly one 1d20"):
        parse("2d20 adv", dice)


def test_fudge_dice_score_minus_one_zero_or_plus_one(dice: dict[str, Die]) -> None:
    four = parse("4dF", dice)
    counts = odds(four, 0).distribution.counts
    assert min(counts) == -4 and max(counts) == 4
    assert odds(four, 4).chance == Fraction(1, 81)


def test_a_comment_is_kept_and_shown(dice: dict[str, Die]) -> None:
    fireball = parse("3d6 # fireball", dice)
    assert fireball.comment == "fireball" and fireball.text == "3d6 # fireball"
    assert parse(fireball.text, dice) == fireball  # the Re-roll button reads the text back
    embed = roll_embed(roll(fireball, random.Random(1)), "Ann")
    assert embed.description is not None and embed.description.startswith("*fireball*")


@pytest.mark.parametrize("text", ["yyr", "yellow yellow red", "YYR", "2 yellow + red"])
def test_the_hellboy_colour_shorthand(dice: dict[str, Die], text: str) -> None:
    expression = parse(text, dice)
    assert [g.notation() for g in _groups(expression)] == ["2 yellow", "1 red"]


def test_the_shorthand_joins_other_terms(dice: dict[str, Die]) -> None:
    assert [g.notation() for g in _groups(parse("yyr + blue", dice))] == [
        "2 yellow", "1 red", "1 blue"]


def test_a_subtracted_group_shows_its_minus_sign(dice: dict[str, Die]) -> None:
    result = roll(parse("10-1d4", dice), random.Random(3))
    assert result.groups[0].negative
    embed = roll_embed(result, "Ann")
    score = result.groups[0].score
    assert embed.description is not None and "**−1d4**" in embed.description
    assert f"→ **−{score}**" in embed.description and result.total == 10 - score
    assert roll(parse("-1d6", dice), random.Random(1)).groups[0].negative


def test_exploding_dice_roll_again_up_to_a_cap_and_the_odds_are_exact(
        dice: dict[str, Die]) -> None:
    """'1d6e6' / '1d6!': a 6 rolls again (and adds). The odds stop where the roller stops
    (EXPLODE_DEPTH re-rolls) and say so."""
    boom = parse("1d6!", dice)
    assert parse("1d6e6", dice).root == boom.root
    answer = odds(boom, 7)
    assert answer.chance == Fraction(1, 6) and answer.exploding
    assert odds(boom, 13).chance == Fraction(1, 36)
    assert max(answer.distribution.counts) == 6 * (EXPLODE_DEPTH + 1)
    sixes = ScriptedRandom([5] * (EXPLODE_DEPTH + 1))  # every die a 6
    assert roll(boom, sixes).total == 6 * (EXPLODE_DEPTH + 1) and sixes.exhausted()
    assert "at most 5 times" in (odds_embed(odds(parse("3d6! + 2", dice), 12)).footer.text or "")
    with pytest.raises(RuleError, match="explode on 2 to 6"):
        parse("1d6e1", dice)
    with pytest.raises(RuleError, match="term of its own"):
        parse("4d6!kh3", dice)


def _groups(expression: Expression) -> list[DiceNode]:
    return dice_nodes(expression.root)
