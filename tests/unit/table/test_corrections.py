"""What a GM types into /game correct, and the dice table option."""

from __future__ import annotations

import pytest

from bot import corrections, table_options
from engines.core.errors import RuleError
from tests.support.pig import ENGINE as PIG
from tests.support.vigil import ENGINE as VIGIL


def test_words_and_json_give_the_same_fields() -> None:
    assert corrections.read("set_doom value=3") == {"type": "set_doom", "value": "3"}
    assert corrections.read('{"type": "set_doom", "value": 3}') == {"type": "set_doom", "value": 3}
    assert corrections.read("type=note text='two words'") == {"type": "note", "text": "two words"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("   ", "Say what to correct"),
        ("{nope", "isn't valid JSON"),
        ("[1, 2]", "only the first word is the type"),
        ('{"a": [1]', "isn't valid JSON"),
        ("set_doom three", "only the first word is the type"),
        ("set_doom value=", "key=value"),
        ("set_doom 'open", "quote is left open"),
        ("x" * 501, "at most 500"),
    ],
)
def test_bad_corrections_are_refused_politely(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        corrections.read(text)


def test_a_game_lists_its_corrections() -> None:
    text = corrections.describe(VIGIL)
    assert "`set_doom value=…` — set the doom track" in text
    assert "`set_power value=…`" in text
    assert corrections.describe(PIG) == "Pig has no GM corrections."


def test_the_dice_option_is_the_tables() -> None:
    """A physical table may let the bot roll its dice (`dice=bot`) or roll its own."""
    assert table_options.parse(PIG, "dice=BOT target=30") == {"dice": "bot", "target": "30"}
    assert "dice" in table_options.settable(PIG)
    with pytest.raises(RuleError, match="dice=bot"):
        table_options.parse(PIG, "dice=maybe")
