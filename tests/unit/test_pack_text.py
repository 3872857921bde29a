"""Uploaded pack text: every problem is one sentence naming the YAML line and the field."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field

from engines.core import pack_text
from engines.core.errors import PackError


class Face(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    value: int = 0


class Die(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    faces: list[Face] = Field(min_length=2)


class Pack(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: list[Die]


GOOD = """\
dice:
  - name: red
    faces:
      - {label: "0", value: 0}
      - label: "3"
        value: 3
"""


def _problem(text: str) -> str:
    with pytest.raises(PackError) as caught:
        pack_text.load(text, Pack)
    return str(caught.value)


def test_a_good_pack_validates() -> None:
    pack = pack_text.load(GOOD, Pack)
    assert [f.value for f in pack.dice[0].faces] == [0, 3]


def test_a_wrong_value_names_its_line_and_field() -> None:
    problem = _problem(GOOD.replace("value: 3", "value: three"))
    assert problem.startswith("line 6, field 'dice.0.faces.1.value': needs a whole number")


def test_a_flow_mapping_item_names_its_own_line() -> None:
    assert _problem(GOOD.replace('value: 0}', 'value: x}')).startswith(
        "line 4, field 'dice.0.faces.0.value'")


def test_a_missing_field_names_the_mapping_that_lacks_it() -> None:
    problem = _problem(GOOD.replace("  - name: red\n    faces:", "  - faces:"))
    assert problem.startswith("line 2, field 'dice.0.name': is needed")


def test_an_unknown_key_names_its_line() -> None:
    problem = _problem(GOOD + "colour: red\n")
    assert problem.startswith("line 7, field 'colour': is not an option here")


def test_each_problem_names_its_line_and_field_and_many_are_counted() -> None:
    problem = _problem(GOOD.replace("value: 3", "value: x").replace("value: 0", "value: y"))
    first, second = problem.split("; ")
    assert first.startswith("line 4, field 'dice.0.faces.0.value': needs a whole number")
    assert second.startswith("line 6, field 'dice.0.faces.1.value': needs a whole number")
    many = GOOD + "".join(f"extra{i}: 1\n" for i in range(pack_text.MAX_PROBLEMS + 2))
    assert _problem(many).endswith("(and 2 more problems)")
    assert _problem(many).count("is not an option here") == pack_text.MAX_PROBLEMS


def test_broken_yaml_names_the_line() -> None:
    problem = _problem("dice:\n  - name: red\n    faces: [\n")
    assert problem.startswith("line 4: this is not valid YAML")


def test_aliases_are_refused_before_they_can_expand() -> None:
    bomb = "a: &a [x, x, x]\nb: &b [*a, *a, *a]\ndice: [*b, *b]\n"
    assert _problem(bomb) == "line 2: anchors and aliases (`*name`) aren't allowed"


def test_a_pack_is_a_mapping() -> None:
    assert "a YAML mapping" in _problem("- red\n- blue\n")
    assert "a YAML mapping" in _problem("")


def test_oversize_and_non_text_files_are_refused() -> None:
    with pytest.raises(PackError, match="at most 64 KiB"):
        pack_text.decode(b"#" * (pack_text.MAX_PACK_BYTES + 1))
    with pytest.raises(PackError, match="not UTF-8"):
        pack_text.decode(b"dice: \xff\xfe")
    assert pack_text.decode("dice: []".encode("utf-8-sig")) == "dice: []"


def test_deep_nesting_is_a_sentence_not_a_crash() -> None:
    assert _problem("[" * 5000 + "]" * 5000).startswith(("the YAML is nested", "a pack is"))


def test_the_digest_tells_texts_apart() -> None:
    assert pack_text.digest(GOOD) == pack_text.digest(GOOD)
    assert pack_text.digest(GOOD) != pack_text.digest(GOOD + "\n")
    assert len(pack_text.digest(GOOD)) == 64


def test_a_character_yaml_forbids_names_its_line() -> None:
    assert _problem("dice:\n  - \x00\n").startswith("line 2: the character U+0000 can't be in YAML")
