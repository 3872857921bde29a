"""Physical mode: the forms the table fills from its real cards (five fields at most),
and a wrong report refused with one sentence, nothing changed."""

from __future__ import annotations

import pytest

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.flow import request
from engines.hellbringer.models import Deal, ReportCard, ReportHero
from engines.hellbringer.physical import parse_card, parse_dice, parse_face
from engines.hellbringer.stats import stats, threshold
from tests.unit.hellbringer.support import act, fresh


def _physical_setup() -> HellbringerState:
    return ENGINE.setup([Seat(index=0, name="Ana")], HellbringerOptions(mode="physical"))


def test_hero_sheet_form_sets_the_stats() -> None:
    state = _physical_setup()
    assert ENGINE.to_move(state) == [0]
    state = act(state, 0, ReportHero(cls="sorcerer", health=25, armor=10, sight=2, ap=2))
    assert threshold(state, state.heroes[0]) == 35
    assert stats(state, state.heroes[0])["ap"] == 2


def test_location_and_enemy_cards_are_open_reports() -> None:
    state = act(_physical_setup(), 0, ReportHero(cls="warrior", health=35, armor=10, sight=2,
                                                 ap=2))
    request = ENGINE.chance(state)
    assert request is not None and request.items[0].open_hint is not None
    assert request.items[0].source == "card"
    state = ENGINE.resolve(state, ChanceOutcome(values=["0; 1"]))[0]
    request = ENGINE.chance(state)
    assert request is not None and "starter" in request.prompt
    state = ENGINE.resolve(state, ChanceOutcome(values=["Arachnid; 1; 5; 10; 2D"]))[0]
    assert state.enemies[0].face.name == "Arachnid"
    assert state.enemies[0].face.damage == 2


def test_a_wrong_enemy_report_is_one_sentence_and_changes_nothing() -> None:
    state = act(_physical_setup(), 0, ReportHero(cls="warrior", health=35, armor=10, sight=2,
                                                 ap=2))
    state = ENGINE.resolve(state, ChanceOutcome(values=["0; 1"]))[0]
    with pytest.raises(RuleError, match="separated by ';'"):
        ENGINE.resolve(state, ChanceOutcome(values=["Ogre 3 10 30"]))
    with pytest.raises(RuleError, match="whole number"):
        ENGINE.resolve(state, ChanceOutcome(values=["Ogre; x; 10; 30; 3D"]))
    assert not state.enemies


def test_drawn_cards_are_reported_by_kind_with_the_piles_odds() -> None:
    state = act(_physical_setup(), 0, ReportHero(cls="warrior", health=35, armor=10, sight=2,
                                                 ap=2))
    state = ENGINE.resolve(state, ChanceOutcome(values=["0; 1"]))[0]
    state = ENGINE.resolve(state, ChanceOutcome(values=["Rat; 0; 5; 5; 1A"]))[0]
    assert state.phase == "player"
    state.queue.insert(0, Deal(seat=0, count=1))
    req = request(state)
    assert req is not None
    assert set(req.items[0].options) == {"common", "combat", "showdown", "tome_ii"}


def test_gear_form_compiles_to_the_house_primitives() -> None:
    card = parse_card(ReportCard(name="Firebolt Wand", kind="item", cost=1,
                                 effect="single 2D1A+5 pierce10", points="red"), "x1")
    assert card.strike is not None
    assert (card.strike.damage, card.strike.acid, card.strike.flat, card.strike.pierce) == (
        2, 1, 5, 10)
    armour = parse_card(ReportCard(name="Blessed Armor", kind="defense", cost=1,
                                   effect="ignore 0D3A"), "x2")
    assert armour.guard is not None and armour.guard.ignore_acid == 3 and armour.any_time


def test_report_card_replaces_an_unreported_card_in_hand() -> None:
    state = act(_physical_setup(), 0, ReportHero(cls="warrior", health=35, armor=10, sight=2,
                                                 ap=2))
    state = ENGINE.resolve(state, ChanceOutcome(values=["0; 1"]))[0]
    state = ENGINE.resolve(state, ChanceOutcome(values=["Rat; 0; 5; 5; 1A"]))[0]
    state = act(state, 0, ReportCard(name="Padded Coat", kind="item", cost=1,
                                     effect="armor+10", points="blue"))
    assert any(c.startswith("x1#") for c in state.heroes[0].hand)


def test_dice_notation() -> None:
    assert parse_dice("3D1A+5") == (3, 1, 5)
    assert parse_dice("4A") == (0, 4, 0)
    with pytest.raises(RuleError):
        parse_dice("three")
    assert parse_face("Ogre; 3; 10; 30; 3D", "monster").armor == 30


def test_digital_mode_refuses_reported_cards() -> None:
    state = fresh(1)
    with pytest.raises(RuleError, match="physical table"):
        ENGINE.apply(state, 0, ReportCard(name="X", kind="potion", cost=0, effect="boost ap+1"))
