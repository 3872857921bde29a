"""Physical mode: the forms the table fills from its real cards (one chance item per
printed value, five at most), and a wrong report refused with one sentence naming
the field, nothing changed."""

from __future__ import annotations

import pytest

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.flow import request
from engines.hellbringer.models import Deal, EndTurn, ReportCard, ShowCard
from engines.hellbringer.physical import parse_card, parse_dice, parse_face, parse_form
from engines.hellbringer.stats import card_of, stats, threshold
from tests.unit.hellbringer.support import act, fresh, roll

WARRIOR = ("warrior", "35", "10", "2", "2")
RAT = ("Rat", "0", "5", "5", "1A")


def _physical_setup(players: int = 1) -> HellbringerState:
    return ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)],
                        HellbringerOptions(mode="physical"))


def _at_turn() -> HellbringerState:
    return roll(roll(roll(_physical_setup(), *WARRIOR), "0", "1"), *RAT)


def test_setup_hero_sheet_form_sets_the_stats() -> None:
    """Setup: each hero sheet is read off the table (five values), in seat order."""
    state = _physical_setup(2)
    req = ENGINE.chance(state)
    assert req is not None and req.reporter == 0 and len(req.items) == 5
    assert all(i.source == "card" and i.open_hint for i in req.items)
    state = roll(state, "Sorcerer", "25", "10", "2", "2")
    assert threshold(state, state.heroes[0]) == 35
    assert stats(state, state.heroes[0])["ap"] == 2
    nxt = ENGINE.chance(state)
    assert nxt is not None and nxt.reporter == 1


@pytest.mark.parametrize(("values", "field"), [
    (("warrior", "42", "10", "2", "2"), "Health"),
    (("knight", "40", "10", "2", "2"), "Class"),
    (("warrior", "40", "10", "two", "2"), "Sight"),
    (("warrior", "40", "10", "2", "9"), "Action Points"),
])
def test_a_misread_hero_sheet_names_the_field_and_changes_nothing(
        values: tuple[str, ...], field: str) -> None:
    state = _physical_setup()
    with pytest.raises(RuleError, match=field):
        ENGINE.resolve(state, ChanceOutcome(values=list(values)))
    assert state.heroes[0].cls is None


def test_h10_each_class_is_taken_by_one_hero_at_a_physical_table() -> None:
    state = roll(_physical_setup(2), *WARRIOR)
    with pytest.raises(RuleError, match="Class: another hero"):
        ENGINE.resolve(state, ChanceOutcome(values=list(WARRIOR)))


def test_location_and_enemy_cards_are_open_reports() -> None:
    state = roll(_physical_setup(), *WARRIOR)
    req = ENGINE.chance(state)
    assert req is not None and [i.key for i in req.items] == ["location_bonus", "location_spawn"]
    state = roll(state, "0", "1")
    req = ENGINE.chance(state)
    assert req is not None and "Starter Monster" in req.prompt and len(req.items) == 5
    state = roll(state, "Arachnid", "1", "5", "10", "2D")
    assert state.enemies[0].face.name == "Arachnid"
    assert state.enemies[0].face.damage == 2


def test_a_wrong_enemy_report_is_one_sentence_and_changes_nothing() -> None:
    state = roll(roll(_physical_setup(), *WARRIOR), "0", "1")
    with pytest.raises(RuleError, match=r"^Sight must be a whole number"):
        ENGINE.resolve(state, ChanceOutcome(values=["Ogre", "x", "10", "30", "3D"]))
    with pytest.raises(RuleError, match=r"^Dice:"):
        ENGINE.resolve(state, ChanceOutcome(values=["Ogre", "3", "10", "30", "three"]))
    with pytest.raises(RuleError, match=r"^Armor comes in fives"):
        ENGINE.resolve(state, ChanceOutcome(values=["Ogre", "3", "10", "33", "3D"]))
    assert not state.enemies


def test_drawn_cards_are_reported_by_kind_with_the_piles_odds() -> None:
    state = _at_turn()
    assert state.phase == "player"
    state.queue.insert(0, Deal(seat=0, count=1))
    req = request(state)
    assert req is not None
    assert set(req.items[0].options) == {"common", "combat", "showdown", "tome_ii"}


def test_gear_form_compiles_to_the_house_primitives() -> None:
    card = parse_form("gear", ["Firebolt Wand", "1", "single 2D1A+5 pierce10", "slots 1",
                               "red"], "x1")
    assert card.strike is not None and card.slots == 1 and card.points == ("red",)
    assert (card.strike.damage, card.strike.acid, card.strike.flat, card.strike.pierce) == (
        2, 1, 5, 10)
    armour = parse_card(ReportCard(name="Blessed Armor", kind="defense", cost=1,
                                   effect="ignore 0D3A"), "x2")
    assert armour.guard is not None and armour.guard.ignore_acid == 3 and armour.any_time


def test_companion_and_other_forms() -> None:
    wolf = parse_form("companion", ["Ash Hound", "1", "10/5", "single 2D", ""], "x1")
    assert (wolf.kind, wolf.health, wolf.armor) == ("companion", 10, 5)
    veil = parse_form("other", ["Smoke Veil", "Defence", "0", "avoid"], "x2")
    assert veil.kind == "defense" and veil.guard is not None and veil.guard.avoid
    with pytest.raises(RuleError, match=r"^Health/Armor"):
        parse_form("companion", ["Ash Hound", "1", "10", "", ""], "x3")
    with pytest.raises(RuleError, match=r"^Kind must be"):
        parse_form("other", ["Smoke Veil", "item", "0", "avoid"], "x4")
    with pytest.raises(RuleError, match=r"^Connection points"):
        parse_form("gear", ["Club", "1", "single 1D", "", ""], "x5")


def test_show_card_asks_for_its_form_then_replaces_an_unreported_card() -> None:
    state = act(_at_turn(), 0, ShowCard(form="gear"))
    req = ENGINE.chance(state)
    assert req is not None and [i.key for i in req.items][:2] == ["gear_name", "gear_cost"]
    with pytest.raises(RuleError, match="AP cost"):
        ENGINE.resolve(state, ChanceOutcome(values=["Padded Coat", "9", "", "armor+10",
                                                    "blue"]))
    state = roll(state, "Padded Coat", "1", "", "armor+10", "blue")
    shown = [c for c in state.heroes[0].hand if c.startswith("x1#")]
    assert shown and card_of(state, shown[0]) is not None
    assert ENGINE.chance(state) is None and state.phase == "player"


def test_dice_notation() -> None:
    assert parse_dice("3D1A+5") == (3, 1, 5)
    assert parse_dice("4A") == (0, 4, 0)
    with pytest.raises(RuleError):
        parse_dice("three")
    assert parse_face(["Ogre", "3", "10", "30", "3D"], "monster").armor == 30


def test_digital_mode_refuses_shown_cards() -> None:
    state = fresh(1)
    with pytest.raises(RuleError, match="physical table"):
        ENGINE.apply(state, 0, ShowCard(form="other"))


def test_unshown_cards_are_alike_so_each_choice_is_offered_once() -> None:
    """A physical hand of cards the bot has not been shown: discarding some of them is
    one move per how many, not one per set of cards (1.3 discard, then draw)."""
    state = _at_turn()
    ends = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, EndTurn)]
    hand = state.heroes[0].hand
    assert len(hand) == 6, "4 Commons, the Starter Card and the Quick Game's Starter Elixir"
    assert ends == [EndTurn(discard=tuple(hand[:n])) for n in range(1, 7)], \
        "over the Warrior's hand limit of 5: no plain End turn"
