"""A group's own pack for Hellboy: its dice faces and deck replace the house ones, in the
rules, in physical-mode validation and in the odds; the pack travels inside the options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engines.core import pack_text
from engines.core.errors import PackError
from engines.core.packs import ChosenPack
from engines.core.protocol import Seat
from engines.hellboy_dice import ENGINE, Attack, Explore, HellboyOptions, HellboyState
from engines.hellboy_dice.components import build_components
from engines.hellboy_dice.odds import attack_odds
from engines.hellboy_dice.pack import HellboyPack
from tests.unit.hellboy_dice.support import act, refused_report, report

ROOT = Path(__file__).parents[3]
EXAMPLE = (ROOT / "docs" / "packs" / "hellboy-dice.yaml").read_text(encoding="utf-8")
HOUSE_DECK = (ROOT / "engines" / "hellboy_dice" / "data" / "deck.yaml").read_text(encoding="utf-8")


def _deck_pack(rename: str = "our deck") -> str:
    """The house deck file as the `deck` section of a pack."""
    body = HOUSE_DECK.replace("name: house deck", f"name: {rename}")
    return "game: hellboy-dice\ndeck:\n" + "".join(f"  {line}\n" for line in body.splitlines())


def _options(text: str, **extra: Any) -> HellboyOptions:
    chosen = ChosenPack[HellboyPack](
        name="ourbox", digest=pack_text.digest(text), content=pack_text.load(text, HellboyPack)
    )
    extra.setdefault("first_seat", 1)  # Liz starts; lots are tested apart
    return HellboyOptions(pack=chosen, **extra)


def _game(text: str, **extra: Any) -> HellboyState:
    return ENGINE.setup([Seat(index=0, name="Liz"), Seat(index=1, name="Abe")],
                        _options(text, **extra))


def _problem(text: str) -> str:
    with pytest.raises(PackError) as caught:
        pack_text.load(text, HellboyPack)
    return str(caught.value)


def test_the_example_pack_replaces_only_the_dice_it_names() -> None:
    comps = _game(EXAMPLE).components
    house = build_components(HellboyOptions())
    assert [f.label for f in comps.dice["yellow"].faces] == ["0", "1", "1", "2", "2", "4"]
    assert comps.dice["red"] == house.dice["red"] and comps.dice["blue"] == house.dice["blue"]
    assert comps.cards == house.cards, "no deck section: the house deck"


def test_a_deck_section_replaces_the_house_deck() -> None:
    comps = _game(_deck_pack()).components
    assert comps.deck_name == "our deck" and comps.deck_size == 40
    state = act(_game(_deck_pack()), Explore())
    request = ENGINE.chance(state)
    assert request is not None and "giant-frog" in request.items[0].options


def test_physical_reports_are_checked_against_the_packs_faces() -> None:
    """'The group reports what its own dice show': a face only the pack's die has is
    accepted, and a house face the pack's die lacks is refused."""
    state = report(act(_game(EXAMPLE, mode="physical"), Explore()),
                   "room clues=1 fight=9 skulls=1")
    rolling = act(state, Attack(dice=("yellow",)))
    after = report(rolling, "Cancel", "4")
    assert [(d.label, d.value) for d in after.card_dice] == [("4", 4)], "short of Fight 9"
    house = report(act(ENGINE.setup([Seat(index=0, name="Liz")], HellboyOptions(mode="physical")),
                       Explore()), "room clues=1 fight=9 skulls=1")
    assert "not a possible result" in refused_report(act(house, Attack(dice=("yellow",))),
                                                     "Cancel", "4")


def test_the_odds_use_the_packs_faces() -> None:
    card = "room clues=1 fight=4 skulls=1"
    ours = report(act(_game(EXAMPLE, mode="physical"), Explore()), card)
    seats = [Seat(index=0, name="Liz"), Seat(index=1, name="Abe")]
    house_table = ENGINE.setup(seats, HellboyOptions(mode="physical", first_seat=1))
    house = report(act(house_table, Explore()), card)
    assert attack_odds(ours, ("yellow",)).defeat > attack_odds(house, ("yellow",)).defeat


def test_the_options_carry_the_whole_pack_so_a_replay_needs_nothing_else() -> None:
    options = _options(_deck_pack())
    again = ENGINE.parse_options(options.model_dump(mode="json"))
    assert again == options
    seats = [Seat(index=0, name="Liz")]
    assert ENGINE.setup(seats, again).components == ENGINE.setup(seats, options).components


@pytest.mark.parametrize(("change", "expected"), [
    (("name: yellow", "name: green"),
     "line 8, field 'dice.0.name': is one of yellow, orange, red, black or blue"),
    (('value: 4, clue: true}', 'value: 4, effect: skull}'),
     "line 8, field 'dice.0': face '4' has effect 'skull' with no meaning"),
    (("game: hellboy-dice\n", "game: hellboy-dice\ncolour: red\n"),
     "line 7, field 'colour': is not an option here"),
])
def test_a_broken_pack_names_the_line_and_field(change: tuple[str, str], expected: str) -> None:
    assert _problem(EXAMPLE.replace(*change)) == expected


def test_only_the_blue_die_has_effects_and_only_known_ones() -> None:
    yellow_effect = EXAMPLE.replace("value: 4, clue: true}", "value: 4, effect: skull}").replace(
        "verified: false\n", "verified: false\n    effects: {skull: ouch}\n")
    assert "only the blue die has effects" in _problem(yellow_effect)
    blue = yellow_effect.replace("name: yellow", "name: blue")
    assert "must be among burst1" in _problem(blue.replace("effect: skull", "effect: frogs")
                                              .replace("{skull: ouch}", "{frogs: ribbit}"))


def test_a_pack_holds_something_and_names_each_die_once() -> None:
    assert _problem("game: hellboy-dice\n") == (
        "line 1: a pack needs `dice`, a `deck`, or both")
    dice = EXAMPLE.split("dice:\n", 1)[1]
    assert "dice names must be unique: yellow" in _problem(EXAMPLE + dice)
