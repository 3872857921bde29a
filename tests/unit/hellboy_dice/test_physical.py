"""Physical mode: the group's real box; players report each card and each roll."""

from __future__ import annotations

import pytest

from engines.core.chance import ChanceOutcome, validate_outcome
from engines.hellboy_dice import ENGINE, Attack, Explore, HellboyState
from engines.hellboy_dice.cards import REPORT_HELP
from tests.unit.hellboy_dice.support import act, new_game, refused_report, report


def drawing() -> HellboyState:
    return act(new_game(mode="physical"), Explore())


def test_a_card_draw_is_an_open_report_from_the_player_whose_turn_it_is() -> None:
    request = ENGINE.chance(drawing())
    assert request is not None and request.reporter == 0
    item = request.items[0]
    assert item.open_hint == REPORT_HELP and item.options == []


@pytest.mark.parametrize(("text", "kind", "clues", "fight", "skulls", "effects"), [
    ("room clues=2 fight=5 skulls=1", "room", 2, 5, 1, ()),
    ("ROOM clues=1 fight=3", "room", 1, 3, 0, ()),
    ('boss clues=3 fight=8 skulls=2 effects=no_bursts,blue_again name="The Big One"',
     "boss", 3, 8, 2, ("no_bursts", "blue_again")),
    ("room clues=3 fight=7 skulls=1 boss=no_x2", "boss", 3, 7, 1, ("no_x2",)),
    ('{"kind": "boss", "clues": 2, "fight": 6, "skulls": 1, "effects": ["reroll_highest"]}',
     "boss", 2, 6, 1, ("reroll_highest",)),
])
def test_a_reported_room_or_boss_is_put_into_play(
    text: str, kind: str, clues: int, fight: int, skulls: int, effects: tuple[str, ...],
) -> None:
    state = report(drawing(), text)
    card = state.in_play
    assert card is not None and state.phase == "attack"
    assert (card.kind, card.clues, card.fight, card.skulls, card.effects) == (
        kind, clues, fight, skulls, effects)


def test_a_reported_name_is_kept() -> None:
    state = report(drawing(), 'boss clues=3 fight=8 skulls=2 effects=no_x2 name="Rasputin"')
    assert state.in_play is not None and state.in_play.name == "Rasputin"


@pytest.mark.parametrize("text", ["event brave_move", "event Brave Move", "event brave-move"])
def test_a_reported_event_is_resolved(text: str) -> None:
    state = report(drawing(), text)
    assert state.phase == "brave_move"


def test_a_card_of_the_loaded_pack_can_be_reported_by_id() -> None:
    for text in ("big", "card big"):
        state = report(drawing(), text)
        assert state.in_play is not None and state.in_play.fight == 6


@pytest.mark.parametrize(("text", "why"), [
    ("", "empty"),
    ("monster clues=1 fight=3", "not a card kind"),
    ("room fight=3", "needs clues"),
    ("room clues=x fight=3", "whole number"),
    ("room clues=1 fight=3 colour=red", "not a card field"),
    ("room clues=1 fight", "key=value"),
    ("room clues=1 fight=99", "fight"),
    ("boss clues=1 fight=3 effects=no_dice", "not a boss effect"),
    ("event dance", "not an event"),
    ('room clues=1 name="unclosed', "quote"),
    ("{not json", "JSON"),
    ("[1, 2]", "not a card kind"),
])
def test_a_bad_card_report_is_refused_with_the_format(text: str, why: str) -> None:
    message = refused_report(drawing(), text)
    assert why in message
    assert "room clues=1 fight=3 skulls=1" in message


def test_rolls_are_reported_by_face_label_and_checked() -> None:
    state = act(report(drawing(), "room clues=1 fight=3 skulls=1"), Attack(dice=("red", "red")))
    request = ENGINE.chance(state)
    assert request is not None
    assert [i.label for i in request.items] == [
        "Blue Effect Die", "Red Attack Die 1", "Red Attack Die 2"]
    assert "not a possible result" in refused_report(state, "Skull", "7", "1")
    assert "Expected 3 result(s)" in refused_report(state, "Skull", "1")
    validate_outcome(request, ChanceOutcome(values=["Skull", "2", "1"]))
    assert report(state, "Skull", "2", "1").kept[0].clues == 1


def test_a_physical_hole_in_the_floor_asks_only_for_the_card_put_into_play() -> None:
    """The group discards the next card themselves; the bot needs the one after it."""
    state, events = ENGINE.resolve(drawing(), ChanceOutcome(values=["event hole_in_the_floor"]))
    assert state.wounds == 2 and state.phase == "draw" and state.draw_purpose == "play"
    reminder = next(e for e in events if e.type == "reminder")
    assert "discard the next card" in reminder.text  # the table is told to do it


def test_the_physical_deck_is_not_tracked() -> None:
    state = report(drawing(), "room clues=1 fight=0")
    assert sum(state.deck) == 0 and Explore() in ENGINE.legal_actions(state, 0)
    assert ENGINE.view(state, 0)["deck"]["left"] is None
