"""A server's preset library (`HBBoardPack`): read from YAML with each problem named by
its line and field, laid over the built-in presets, its dice replacing the house
faces, and every card marked with where it comes from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.games.hellboy_board.forms import TestDiceForm
from engines.core import pack_text
from engines.core.chance import ChanceOutcome, validate_outcome
from engines.core.errors import PackError, RuleError
from engines.hellboy_board import ENGINE, HBBoardPack
from engines.hellboy_board.view import presets
from tests.unit.hellboy_board.support import Table, chosen

RED = {"name": "red", "title": "Red (our box)", "kind": "pips", "source": "our box",
       "verified": True, "faces": [{"label": str(v), "symbol": f"R{v}", "value": v}
                                   for v in (1, 2, 2, 3)]}
EXAMPLE = (Path(__file__).parents[3] / "docs" / "packs" / "hellboy-board.yaml").read_text()


def _example() -> dict[str, Any]:
    loaded = yaml.safe_load(EXAMPLE)
    assert isinstance(loaded, dict)
    return loaded


def _problem(text: str) -> str:
    with pytest.raises(PackError) as caught:
        pack_text.load(text, HBBoardPack)
    return str(caught.value)


def test_the_example_pack_is_house_data_over_the_built_in_presets() -> None:
    pack = pack_text.load(EXAMPLE, HBBoardPack)
    assert all(c.source == "house" and not c.verified for c in (*pack.enemies, *pack.threats))
    library = pack.library()
    assert [e.key for e in library.enemies] == ["krampus", "frog-soldier", "hag"]
    assert [t.key for t in library.threats] == ["wicked-child", "hags-curse"]


def test_a_pack_card_replaces_the_built_in_one_with_its_key() -> None:
    content = _example()
    content["enemies"][0] |= {"key": "krampus", "name": "Krampus (our reading)", "boss": True}
    t = Table(pack=chosen(content))
    assert t.state.cards["krampus"].boss is True and t.state.cards["krampus"].source == "house"
    assert "wicked-child" in t.state.threat_cards, "the built-in threat still finds its enemy"


@pytest.mark.parametrize(("change", "said"), [
    (("move: 3", "move: lots"), "line 26, field 'enemies.1.move': needs a whole number"),
    (("    source: house\n    verified: false\n  - key: hag",
      "    verified: false\n  - key: hag"), "line 12, field 'enemies.0.source': is needed"),
    (("enemy: hag", "enemy: hagg"), "line 40, field 'threats': the threat 'hags-curse' brings"
     " the enemy 'hagg', which is neither in this pack's `enemies` nor a built-in preset"),
    (("key: hag\n", "key: frog-soldier\n"),
     "line 11, field 'enemies': enemy keys must be unique: frog-soldier"),
    (("kind: melee_toll", "kind: sneer"),
     "line 34, field 'enemies.1.keywords.0': is one of"),
    (("    boss: true\n", "    boss: true\n    armour: 2\n"),
     "line 33, field 'enemies.1.armour': is not an option here"),
])
def test_each_problem_names_its_line_and_field(change: tuple[str, str], said: str) -> None:
    old, new = change
    assert old in EXAMPLE
    problem = _problem(EXAMPLE.replace(old, new, 1))
    assert said in problem, problem
    assert "Value error" not in problem, "pydantic's jargon is not shown"
    assert "Input" not in problem and "permitted" not in problem and "required" not in problem


def test_a_pack_must_hold_something_for_this_game() -> None:
    assert "a pack needs `enemies`, `threats` or `dice`" in _problem("game: hellboy-board\n")
    assert "field 'game'" in _problem("game: hellboy-dice\nenemies: []\n")
    assert "field 'dice.0.name'" in _problem(yaml.safe_dump({"dice": [{**RED, "name": "acid"}]}))
    assert pack_text.load(yaml.safe_dump({"dice": [RED]}), HBBoardPack).game is None, (
        "a server's pack of dice only (no `game`) fits this game too")


def test_a_pack_s_dice_replace_the_house_faces() -> None:
    red = RED
    t = Table(pack=chosen({"game": "hellboy-board", "dice": [red]}))
    assert t.state.dice["red"].verified and not t.state.dice["yellow"].verified
    faces = [{"label": "2", "symbol": "R2", "value": 2, "effect": "double"},
             {"label": "1", "symbol": "R1", "value": 1}]
    odd = {**red, "effects": {"double": "Double a die."}, "faces": faces}
    text = yaml.safe_dump({"game": "hellboy-board", "dice": [odd]})
    assert "only the effect die has effects" in _problem(text)
    twice = f"game: hellboy-board\ndice: {json.dumps([red, red])}\n"
    assert "field 'dice': dice names must be unique: red" in _problem(twice)


def test_every_card_says_where_it_comes_from() -> None:
    """Built in, the table's pack (by name), or typed in; house data says so."""
    t = Table(pack=chosen(_example(), name="ourbox"))
    t.do("define_enemy", key="deep-one", name="Deep One", move=2, resilience=2, health=4,
         range=0, ranged=0, melee=3)
    rows = {r["key"]: r for r in presets(t.state)}
    assert rows["krampus"]["origin"] == "built-in" and rows["krampus"]["verified"]
    assert rows["hag"]["origin"] == "pack ourbox" and not rows["hag"]["verified"]
    assert rows["hags-curse"]["origin"] == "pack ourbox"
    assert rows["deep-one"]["origin"] == "typed in"


def test_a_pack_threat_can_be_the_one_drawn() -> None:
    """U1/U4 with a server's threat: its enemy (from the pack) comes into play."""
    t = Table(pack=chosen(_example()))
    t.do("add_agent", name="Hellboy")
    t.do("set_up_case", doom_deck=3, threat_shuffled_in=True, starting_area="Hall")
    t.to_phase("doom")
    t.do("draw_doom")
    request = ENGINE.chance(t.state)
    assert request is not None
    assert "threat:hags-curse" in request.items[0].options
    t.roll("threat:hags-curse")
    assert t.state.enemies["hag"].area == "Hall" and t.state.enemies["hag"].brought_by


def test_a_pack_threat_s_lines_carry_no_krampus_row_labels() -> None:
    """Issue 23: a pack's threat set up in the starting area was labelled K1 (a row of
    the Krampus cards); its own lines are unlabelled (Krampus's keep theirs: the K1-K10
tests in test_krampus_rules.py)."""
    t = Table(pack=chosen(_example()))
    t.do("add_agent", name="Hellboy")
    t.do("set_up_case", doom_deck=3, threat_shuffled_in=True, starting_area="Hall")
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:hags-curse")
    assert [e.rule for e in t.events] == ["U3", None, "U6"], "put in play in Hall: not K1"
    assert "put in play in Hall" in t.events[1].text


def test_a_pack_over_its_card_limit_is_told_in_plain_words() -> None:
    """Issue 23: 61 enemies read "Tuple should have at most 60 items after validation"."""
    enemy = {"name": "E", "move": 1, "resilience": 1, "health": 1, "range": 0, "ranged": 0,
             "melee": 1, "source": "our box", "verified": True}
    text = yaml.safe_dump({"game": "hellboy-board",
                           "enemies": [{"key": f"e{i}", **enemy} for i in range(61)]})
    assert _problem(text) == "line 1, field 'enemies': takes at most 60"


def test_a_pack_s_die_takes_exactly_its_faces_on_the_form() -> None:
    """Issue 23, point 3: house dice take any 0-9 pips (the real die may show what the
    house faces lack); a group's own verified faces are what their die shows, so a
    pip count they lack is refused, in one sentence, and the table waits still."""
    t = Table(mode="physical", pack=chosen({"game": "hellboy-board", "dice": [RED]}))
    t.do("add_agent", name="Abe", skills={"explore": "red"})
    t.do("next_phase")
    t.do("test", agent="abe", skill="explore", dice=2)
    request = ENGINE.chance(t.state)
    assert request is not None
    form = TestDiceForm()
    assert "(any 0-9 each)" not in form.fields(request)[1].placeholder
    values = form.values(request, ["One dot", "3 2", ""])
    validate_outcome(request, ChanceOutcome(values=values))
    with pytest.raises(RuleError, match="not a possible result") as refused:
        validate_outcome(request, ChanceOutcome(values=form.values(
            request, ["One dot", "7 2", ""])))
    assert refused.value.message.count(". ") == 0, refused.value.message
    assert ENGINE.chance(t.state) == request
