"""Game names as players type them: keys, titles and aliases in any case are found,
near misses are forgiven or suggested, and nonsense is refused politely."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.errors import RuleError
from engines.hellboy_board import ENGINE as HELLBOY_BOARD
from engines.hellboy_dice import ENGINE as HELLBOY
from engines.hellbringer import ENGINE as HELLBRINGER
from engines.hellraiser import ENGINE as HELLRAISER


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("hellboy-dice", HELLBOY.key),
        ("Hellboy: The Dice Game", HELLBOY.key),
        ("HB", HELLBOY.key),
        ("helboy dice", HELLBOY.key),
        ("hellboy", HELLBOY.key),
        ("Hellboy board", HELLBOY_BOARD.key),
        ("krampus", HELLBOY_BOARD.key),
        ("hellrasier", HELLRAISER.key),
        ("HR", HELLRAISER.key),
    ],
)
def test_a_typed_name_finds_its_game(typed: str, key: str) -> None:
    assert registry.find(typed).key == key


def test_a_near_miss_between_two_games_asks_which() -> None:
    """'helboy' is as near the Board Game as the Dice Game: the refusal names both."""
    with pytest.raises(RuleError, match=r"Did you mean Hellboy: The Dice Game .* or Hellboy: The"
                                        r" Board Game"):
        registry.find("helboy")


def test_autocomplete_suggests_near_misses_first() -> None:
    assert registry.suggest("helboy")[:2] == [HELLBOY.key, HELLBOY_BOARD.key]
    assert registry.suggest("hell")[:4] == sorted([HELLBOY.key, HELLRAISER.key,
                                                   HELLBOY_BOARD.key, HELLBRINGER.key])
    assert set(registry.suggest("")) >= {HELLBOY.key, HELLRAISER.key}


def test_nonsense_is_refused_with_the_games_there_are() -> None:
    with pytest.raises(RuleError, match=r"There is no game called 'chess'\. Try one of:"):
        registry.find("chess")
    with pytest.raises(RuleError) as refused:
        registry.find("x" * 500)
    assert len(refused.value.message) < 300, "a long name is not echoed back whole"
