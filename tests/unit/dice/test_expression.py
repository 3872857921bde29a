"""The dice grammar: what each kind of term parses into, and what is refused."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.dice.expression import (
    BinaryOp,
    Constant,
    Keep,
    NamedDice,
    Negation,
    StandardDice,
    SuccessPool,
    parse,
)
from engines.dice.model import Die, Face


def test_named_dice_are_count_and_name_joined_with_plus(dice: dict[str, Die]) -> None:
    root = parse("3 red + blue", dice).root
    assert root == BinaryOp(
        op="+",
        left=NamedDice(count=3, die=dice["red"]),
        right=NamedDice(count=1, die=dice["blue"]),
    )


def test_case_and_spacing_do_not_change_the_tree(dice: dict[str, Die]) -> None:
    assert parse("  3 RED+Blue ", dice) == parse("3 red + blue", dice).model_copy(
        update={"text": "3 red+blue"}
    )
    assert parse("2damage + 1 ACID", dice).root == parse("2 damage + 1 acid", dice).root


def test_success_pool_counts_dice_at_or_above_the_target(dice: dict[str, Die]) -> None:
    assert parse("6d6>=4", dice).root == SuccessPool(count=6, sides=6, threshold=4)
    assert parse("d6 >= 5", dice).root == SuccessPool(count=1, sides=6, threshold=5)


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        ("4d6kh3", Keep(mode="k", end="h", n=3)),
        ("4d6kl1", Keep(mode="k", end="l", n=1)),
        ("4d6dh1", Keep(mode="d", end="h", n=1)),
        ("4d6dl1", Keep(mode="d", end="l", n=1)),
    ],
)
def test_keep_and_drop_rules_are_read_from_standard_notation(
    dice: dict[str, Die], text: str, keep: Keep
) -> None:
    assert parse(text, dice).root == StandardDice(count=4, sides=6, keep=keep)


def test_drop_rules_keep_the_complementary_dice() -> None:
    assert Keep(mode="d", end="l", n=1).kept(4) == (3, True)
    assert Keep(mode="d", end="h", n=1).kept(4) == (3, False)
    assert Keep(mode="k", end="l", n=2).kept(4) == (2, False)


def test_arithmetic_keeps_precedence_and_unary_minus(dice: dict[str, Die]) -> None:
    root = parse("-1d4+2*(1d6+1)", dice).root
    d4, d6 = StandardDice(count=1, sides=4), StandardDice(count=1, sides=6)
    inner = BinaryOp(op="+", left=d6, right=Constant(value=1))
    assert root == BinaryOp(
        op="+",
        left=Negation(operand=d4),
        right=BinaryOp(op="*", left=Constant(value=2), right=inner),
    )


def test_mixed_named_and_standard_terms_are_summed(dice: dict[str, Die]) -> None:
    root = parse("3 red + blue + 2", dice).root
    assert isinstance(root, BinaryOp) and root.right == Constant(value=2)


def test_division_is_only_by_a_positive_whole_number(dice: dict[str, Die]) -> None:
    assert parse("1d6/(1+1)", dice).root == BinaryOp(
        op="/", left=StandardDice(count=1, sides=6), right=Constant(value=2)
    )
    for text in ("1d6/0", "1d6/1d2", "1d6/-2"):
        with pytest.raises(RuleError, match="divide only by a positive whole number"):
            parse(text, dice)


def test_hyphenated_pack_names_are_not_read_as_minus() -> None:
    ant = Die(
        name="fire-ant",
        title="Fire Ant",
        kind="damage",
        faces=[Face(label="0", symbol="0"), Face(label="1", symbol="1", value=1)],
        source="test",
        verified=False,
    )
    root = parse("2 fire-ant-1", {"fire-ant": ant}).root
    assert root == BinaryOp(op="-", left=NamedDice(count=2, die=ant), right=Constant(value=1))


def test_the_text_parses_back_to_the_same_expression(dice: dict[str, Die]) -> None:
    """A Re-roll button carries only the text, so it must round-trip."""
    for text in ("3 Red + BLUE", "4d6kh3 +2", "6d6>=4", "2 damage+1 acid-1"):
        expression = parse(text, dice)
        assert parse(expression.text, dice) == expression


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("gren", "named dice are acid, black, blue"),
        ("2 * red", "couldn't read that roll"),
        ("4d6kh", "couldn't read that roll"),
        ("", "couldn't read that roll"),
        ("1d6+1>=3", "only for success pools"),
        ("6d6>=7", "between 1 and 6"),
        ("1d6rr1", "one keep or drop rule"),
        ("4d6kh3kl1", "one keep or drop rule"),
        ("4d6k3", "one keep or drop rule"),
        ("4d6kh5", "keep 1 to 4"),
        ("4d6dl4", "drop 0 to 3"),
        ("(1d6,1d8)kh1", "Sets like"),
        ("1d6[fire]", "square brackets"),
        ("1.5+1d6", "whole numbers"),
        ("1d%", "1d100"),
        ("1d6%2", "add, subtract, multiply and divide"),
    ],
)
def test_bad_input_gets_one_sentence_on_what_is_allowed(
    dice: dict[str, Die], text: str, hint: str
) -> None:
    with pytest.raises(RuleError, match=hint.replace("(", r"\(")) as caught:
        parse(text, dice)
    assert caught.value.message.endswith(".") and "\n" not in caught.value.message
