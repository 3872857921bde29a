"""The order the suite runs in (tests/conftest.py): with xdist the workers take tests
in collection order, so the tests marked `slow` must come first, longest first, and
none of them may be cut short by the 120 s limit meant for a hang."""

from __future__ import annotations

from typing import cast

import pytest

from tests.conftest import SLOW_TIMEOUT, pytest_collection_modifyitems


class _Item:
    """As much of a pytest item as the ordering hook reads."""

    def __init__(self, name: str, *marks: pytest.MarkDecorator) -> None:
        self.name = name
        self.marks = [m.mark for m in marks]

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return next((m for m in self.marks if m.name == name), None)

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.marks.append(marker.mark)


def _ordered(*items: _Item) -> list[_Item]:
    listed = list(items)
    pytest_collection_modifyitems(cast("list[pytest.Item]", listed))
    return listed


def test_slow_tests_run_first_longest_first_the_rest_as_collected() -> None:
    ordered = _ordered(_Item("a"), _Item("crash", pytest.mark.slow(86)), _Item("b"),
                       _Item("games", pytest.mark.slow(12)), _Item("c"),
                       _Item("cli", pytest.mark.slow(54)))
    assert [i.name for i in ordered] == ["crash", "cli", "games", "a", "b", "c"]


def test_slow_tests_have_room_beyond_the_hang_limit() -> None:
    own = pytest.mark.timeout(600)
    ordered = _ordered(_Item("quick"), _Item("slow", pytest.mark.slow(20)),
                       _Item("own", pytest.mark.slow(30), own))
    limits = {i.name: i.get_closest_marker("timeout") for i in ordered}
    assert limits["quick"] is None, "the rest keep the 120 s from pyproject.toml"
    assert limits["slow"] is not None and limits["slow"].args == (SLOW_TIMEOUT,)
    assert limits["own"] is own.mark, "a test's own limit stands"
