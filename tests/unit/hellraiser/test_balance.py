"""The `preset` option: the balanced house preset (the default for new tables) and the
rules as written, side by side."""

from __future__ import annotations

from engines.hellraiser.gateway import current_difficulty, puzzle_difficulty
from engines.hellraiser.models import HellraiserOptions
from engines.hellraiser.query import cenobites_on_map
from tests.unit.hellraiser.support import gate_opened, new_game


def test_new_tables_are_balanced_and_as_written_stays_selectable() -> None:
    assert HellraiserOptions().preset == "balanced"
    assert HellraiserOptions().lost_souls == "leviathan"
    assert HellraiserOptions(preset="as_written").lost_souls == "out"
    assert HellraiserOptions(lost_souls="out").lost_souls == "out"  # the table's choice wins
    described = HellraiserOptions.model_fields["preset"].description or ""
    assert "balanced (house, the default)" in described and "as_written" in described


def test_the_balanced_puzzle_is_not_doubled_and_never_below_three_dice() -> None:
    as_written = gate_opened(new_game(4, preset="as_written"), seat=1)
    balanced = gate_opened(new_game(4, preset="balanced"), seat=1)
    # Wits 3, 3 Humans standing, Pinhead on the map.
    assert current_difficulty(as_written) == puzzle_difficulty(3, 3, 1) == 10
    assert current_difficulty(balanced) == 5
    assert puzzle_difficulty(3, 1, 4, factor=1, floor=3) == 3


def test_the_balanced_pool_holds_at_most_three_cenobites() -> None:
    balanced = gate_opened(new_game(6, preset="balanced"), seat=1)
    as_written = gate_opened(new_game(6, preset="as_written"), seat=1)
    count = len([f for f in balanced.figures if f.kind == "cenobite"])
    assert count == 3 and len(cenobites_on_map(balanced)) == 1
    assert len([f for f in as_written.figures if f.kind == "cenobite"]) == 5
