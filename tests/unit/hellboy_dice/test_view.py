"""The board a renderer draws: everything public, for any seat or a spectator."""

from __future__ import annotations

import json

from engines.hellboy_dice import ENGINE, Attack
from tests.unit.hellboy_dice.support import act, attack, explore, new_game


def test_view_shows_the_card_dice_wounds_clues_scores_and_whose_turn() -> None:
    state = attack(explore(new_game(), "frog"), ("red",), "Single burst", "2")
    state = attack(explore(state, "big"), ("orange", "red"), "Cancel", "1", "2")
    view = ENGINE.view(state, None)
    assert view == ENGINE.view(state, 1), "nothing is hidden"
    assert view["card"]["name"] == "Big Frog"
    assert (view["card"]["fight"], view["card"]["fight_left"], view["card"]["skulls"],
            view["card"]["clues"]) == (6, 3, 2, 2)
    assert [(d["colour"], d["value"]) for d in view["card_dice"]] == [("orange", 1), ("red", 2)]
    assert view["hand"] == {"yellow": 6, "orange": 2, "red": 0, "black": 1}
    assert view["wounds"] == 2 and view["turn_clues"] == 1
    assert [k["name"] for k in view["kept"]] == ["Frog"]
    assert view["scores"] == [{"seat": 0, "name": "Liz", "clues": 0},
                              {"seat": 1, "name": "Abe", "clues": 0}]
    assert view["turn"] == 0 and view["turn_name"] == "Liz" and view["phase"] == "attack"
    assert view["can_bank"] is False and view["deck"]["house"] is True
    json.dumps(view)


def test_view_shows_a_pending_choice_and_the_roll() -> None:
    state = attack(explore(new_game(), "big"), ("yellow", "black"), "X2", "1", "3")
    view = ENGINE.view(state, 0)
    assert view["phase"] == "choose_x2" and "X2" in view["prompt"]
    assert view["roll"]["blue"] == "X2"
    assert [d["label"] for d in view["roll"]["dice"]] == ["1", "3"]


def test_view_shows_boss_effect_text() -> None:
    view = ENGINE.view(explore(new_game(), "matriarch"), 0)
    assert view["card"]["effects"] == ["no_bursts"]
    assert "ignored" in view["card"]["effect_text"][0]


def test_view_shows_dice_committed_before_they_land() -> None:
    view = ENGINE.view(act(explore(new_game(), "frog"), Attack(dice=("red",))), 0)
    assert view["roll"]["dice"] == [{"colour": "red"}] and view["roll"]["score"] is None
