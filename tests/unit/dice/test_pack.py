"""Dice packs: the built-in one is valid, a group's pack replaces dice by name, and a
broken pack fails at start-up with the file and the field."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engines.core.errors import PackError
from engines.dice.expression import parse
from engines.dice.pack import builtin_pack, load_dice
from engines.dice.roller import roll

GROUP_RED = """
dice:
  - name: red
    title: Red Attack Die (our box)
    kind: pips
    source: "our own box, counted 2026-11-01"
    verified: true
    faces:
      - {label: "1", symbol: "R1", value: 1}
      - {label: "3", symbol: "R3", value: 3, clue: true}
"""


def test_the_builtin_pack_has_every_die_of_the_issue() -> None:
    names = {die.name for die in builtin_pack().dice}
    assert {"yellow", "orange", "red", "black", "blue", "damage", "acid", "enemy"} <= names


def test_every_builtin_die_records_its_provenance() -> None:
    for die in builtin_pack().dice:
        assert die.source.strip()
    hellboy = {"yellow", "orange", "red", "black", "blue"}
    assert all(not d.verified for d in builtin_pack().dice if d.name in hellboy)


def test_a_group_pack_replaces_dice_of_the_same_name(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text(GROUP_RED, encoding="utf-8")
    dice = load_dice(path)
    assert [f.value for f in dice["red"].faces] == [1, 3]
    assert dice["red"].verified and "blue" in dice
    result = roll(parse("5 red", dice), random.Random(0))
    assert {d.face.value for d in result.groups[0].dice} <= {1, 3}


@pytest.mark.parametrize(
    ("broken", "field"),
    [
        (GROUP_RED.replace("value: 3", "value: lots"), "dice.0.faces.1.value"),
        (GROUP_RED.replace("kind: pips", "kind: sparkly"), "dice.0.kind"),
        (GROUP_RED.replace("name: red", "name: Red Die"), "dice.0.name"),
        (GROUP_RED.replace("clue: true", "effect: boom"), "dice.0"),
        (GROUP_RED.replace("name: red", "name: d6"), "dice.0.name"),
    ],
)
def test_a_broken_pack_names_the_file_and_the_field(
    tmp_path: Path, broken: str, field: str
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_dice(path)
    assert str(path) in str(caught.value)
    assert f"field '{field}'" in str(caught.value)
