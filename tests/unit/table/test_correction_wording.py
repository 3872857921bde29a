"""Issue 23: /game correct answers a correction that does not fit in plain words,
never pydantic's ("Tuple should have at most 8 items after validation")."""

from __future__ import annotations

import pytest

from bot.table import TableService
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE
from tests.unit.table.test_late_join import CH, _playing


async def test_a_correction_that_does_not_fit_is_refused_in_plain_words(
    service: TableService,
) -> None:
    """Issue 23: pydantic's 'Tuple should have at most 8 items after validation'
    reached the GM through /game correct."""
    await _playing(service)
    with pytest.raises(RuleError) as refused:
        await service.correct(CH, ALICE, 1, {"type": "set_priority", "order": ["a"] * 9})
    assert refused.value.message == (
        "That correction doesn't fit Hellboy: The Board Game (companion): `set_priority.order`"
        " takes at most 8")
    with pytest.raises(RuleError) as refused:
        await service.correct(CH, ALICE, 1, {"type": "set_track", "track": "doom",
                                             "value": 3, "colour": "red"})
    assert "is not an option here" in refused.value.message
