"""Any text gives either a roll or a RuleError: never another exception, never silence."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engines.core.errors import RuleError
from engines.dice.expression import dice_nodes, parse
from engines.dice.limits import MAX_DICE
from engines.dice.odds import odds
from engines.dice.pack import load_dice
from engines.dice.roller import roll

DICE = load_dice()

# Fragments that make up real rolls, so generated text reaches deep into the grammar
# rather than failing at the first character.
FRAGMENTS = [
    *"0123456789+-*/() ",
    "d", "d6", "d20", "d100", "d1000", "kh", "kl", "dh", "dl", "k", "p", "e", "rr",
    ">=", ">", "<", "==", ",", ".", "%", "[x]",
    *(f" {name} " for name in DICE), "gren", "9999999",
]
noise = st.lists(st.sampled_from(FRAGMENTS), max_size=14).map("".join)
anything = st.text(max_size=60)

# Well-formed terms at and around the limits, joined by any operator, so that
# many examples parse and the roller and the odds are exercised too.
count = st.sampled_from([1, 1, 2, 2, 3, 4, 5, 6, 10, 20, 0, 100, 101])
sides = st.sampled_from([2, 3, 4, 6, 6, 8, 10, 12, 20, 100, 1, 1000, 1001])
keep = st.sampled_from(["", "", "kh1", "kl2", "dh1", "dl3", "kh9"])
term = st.one_of(
    st.builds("{}d{}{}".format, count, sides, keep),
    st.builds("{} {}".format, count, st.sampled_from(sorted(DICE))),
    st.sampled_from(sorted(DICE)),
    st.builds("{}d{}>={}".format, count, sides, st.integers(0, 8)),
    st.integers(-3, 200).map(str),
    st.builds("({})".format, st.builds("{}d{}".format, count, sides)),
)
operator = st.sampled_from([" + ", "-", "*", "/", " + ", " - "])
structured = st.builds(
    lambda first, rest: first + "".join(op + t for op, t in rest),
    term,
    st.lists(st.tuples(operator, term), max_size=4),
)
dice_like = st.one_of(structured, noise, st.builds("{}{}".format, structured, noise))


def _roll_or_refuse(text: str) -> None:
    try:
        expression = parse(text, DICE)
    except RuleError as error:
        event("refused")
        assert error.message.endswith(".") and "\n" not in error.message
        return
    event("rolled")
    assert sum(group.count for group in dice_nodes(expression.root)) <= MAX_DICE
    assert parse(expression.text, DICE) == expression
    result = roll(expression, random.Random(text))
    assert isinstance(result.total, int)
    assert len(result.groups) == len(dice_nodes(expression.root))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice_like)
def test_dice_like_text_rolls_or_is_refused(text: str) -> None:
    _roll_or_refuse(text)


@settings(max_examples=100, deadline=None)
@given(anything)
def test_any_text_rolls_or_is_refused(text: str) -> None:
    _roll_or_refuse(text)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice_like, st.integers(-50, 200))
def test_odds_of_any_roll_are_a_probability_or_a_refusal(text: str, target: int) -> None:
    try:
        answer = odds(parse(text, DICE), target)
    except RuleError as error:
        event("refused")
        assert error.message.endswith(".")
        return
    event("answered")
    assert 0 <= answer.chance <= 1
    assert sum(p for _, p in answer.distribution.items()) == 1
