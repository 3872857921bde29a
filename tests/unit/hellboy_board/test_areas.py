"""Issue 23, point 2: an area is one area however it is typed ("hall", " Hall "),
shown as first written, and a name no area has yet is taken in play only when the
player confirms it."""

from __future__ import annotations

import pytest

from engines.hellboy_board import ENGINE
from engines.hellboy_board.areas import NewArea, known
from tests.unit.hellboy_board.support import krampus_drawn, started


def test_k4_applies_when_the_area_is_typed_in_another_case() -> None:
    """K4 through areas.settle: Abe moved to "hall" is in the Hall Krampus leaves, so
    he pays a cube (the toll silently missed him when areas were exact strings)."""
    t = krampus_drawn()
    t.do("move_agent", agent="abe", area="  hall ")
    assert t.agent("abe").area == "Hall", "shown as first written"
    t.do("move_enemy", enemy="krampus", path=["CRYPT"])
    assert t.rules().count("K4") == 3, "Hellboy, Liz and Abe each pay"
    assert t.enemy("krampus").area == "Crypt"


def test_a_new_area_in_play_needs_a_confirmation_listing_the_known_ones() -> None:
    t = started()
    before = ENGINE.dump_state(t.state)
    with pytest.raises(NewArea) as asked:
        ENGINE.apply(t.state, 0, ENGINE.parse_action(
            {"type": "move_agent", "agent": "abe", "area": "Cyrpt"}))
    assert asked.value.message == "New area 'Cyrpt'? Known: Hall, Crypt."
    assert ENGINE.dump_state(t.state) == before, "nothing changed"
    t.do("move_agent", agent="abe", area="Cyrpt", new_area=True)
    assert known(t.state) == ["Hall", "Crypt", "Cyrpt"]
    t.do("move_agent", agent="liz", area="cyrpt")
    assert t.agent("liz").area == "Cyrpt"


def test_fight_meets_an_enemy_typed_in_another_case_in_its_own_area() -> None:
    """P8's same-area check and the Fight target compare settled names."""
    t = started()
    t.do("add_enemy", card="krampus", area="crypt ")
    assert t.enemy("krampus").area == "Crypt"
    t.do("test", agent="abe", skill="fight", target="krampus", total=2)
    t.refused("test", "in Hellboy's area", agent="hellboy", skill="fight", target="krampus",
              total=2)


def test_setting_up_names_areas_freely_and_corrections_settle_too() -> None:
    t = started()
    t.fix("set_agent", agent="liz", area="CRYPT")
    assert t.agent("liz").area == "Crypt"
    t.fix("set_agent", agent="liz", area="Attic")
    assert t.agent("liz").area == "Attic", "a GM's correction may name a new area"
