"""Validation failures reach players as plain phrases, never pydantic's wording."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from bot.errors import player_message
from bot.plain_errors import explain
from bot.table_settings import parse_value
from engines.core.errors import RuleError


class Sample(BaseModel):
    count: int = Field(default=1, ge=1, le=10)
    mode: Literal["digital", "physical"] = "digital"
    flag: bool = False


@pytest.mark.parametrize(
    ("data", "where", "phrase"),
    [
        ({"count": "many"}, "count", "needs a whole number"),
        ({"count": 11}, "count", "is at most 10"),
        ({"count": 0}, "count", "is at least 1"),
        ({"mode": "holographic"}, "mode", "is one of digital or physical"),
        ({"flag": "perhaps"}, "flag", "is on or off"),
    ],
)
def test_each_kind_of_problem_reads_plainly(
    data: dict[str, object], where: str, phrase: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        Sample.model_validate(data)
    assert explain(caught.value) == (where, phrase)


def test_a_setting_out_of_range_is_refused_in_plain_words() -> None:
    with pytest.raises(RuleError) as caught:
        parse_value("default_mode", "holographic")
    said = "'holographic' doesn't fit 'default_mode': it is one of digital or physical."
    assert str(caught.value) == said
    assert "Input should" not in str(caught.value)
    with pytest.raises(RuleError, match="it is at most 10080"):
        parse_value("afk_minutes", "99999")


class Many(BaseModel):
    path: tuple[str, ...] = Field(max_length=3)


def test_a_model_a_command_builds_is_refused_in_one_sentence_naming_the_option() -> None:
    """Issue 23: a value the slash command's own checks let through (11 areas, a forged
    number) failed when the cog built the engine's action, and the player read
    "Something went wrong"; the handler now names the option and what it allows."""
    with pytest.raises(ValidationError) as caught:
        Many.model_validate({"path": ["a", "b", "c", "d"]})
    assert player_message(caught.value) == "'path' takes at most 3."


def test_pydantic_wording_never_reaches_a_player_even_for_kinds_not_listed() -> None:
    with pytest.raises(ValidationError) as caught:
        Many.model_validate({"path": "not a tuple"})
    said = player_message(caught.value)
    assert said == "'path' is not valid here."
