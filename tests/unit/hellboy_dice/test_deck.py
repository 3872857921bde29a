"""The Exploration Deck: the house pack, drawing from a multiset, reshuffling, packs."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engines.core.errors import PackError, RuleError
from engines.core.packs import validate_pack
from engines.hellboy_dice import ENGINE, Attack, EndTurn, Explore
from engines.hellboy_dice.cards import BOSS_EFFECTS, EVENT_KINDS, DeckPack, load_deck
from tests.unit.hellboy_dice.support import (
    act,
    attack,
    explore,
    new_game,
    refused,
    refused_report,
    report_events,
    types,
)


def test_the_house_deck_has_forty_cards_of_every_kind() -> None:
    """Components: '1 deck of 40 Exploration Cards'; rooms, bosses with each special
    effect, and every event — all labelled as unverified house data."""
    deck = load_deck()
    assert deck.size == 40
    kinds = {c.kind for c in deck.cards}
    assert kinds == {"room", "boss", "event"}
    assert {e for c in deck.cards for e in c.effects} == set(BOSS_EFFECTS)
    assert {c.event for c in deck.cards if c.event} == set(EVENT_KINDS)
    assert all(not c.verified and c.source for c in deck.cards)


def test_a_digital_draw_offers_each_card_left_weighted_by_its_copies() -> None:
    """The deck is a shuffled multiset: drawing is choosing a card by its remaining count."""
    state = act(new_game(deck_path=None), Explore())
    request = ENGINE.chance(state)
    assert request is not None and request.reporter == 0
    item = request.items[0]
    deck = load_deck()
    assert dict(zip(item.options, item.weights, strict=True)) == {
        c.id: c.copies for c in deck.cards}


def test_a_drawn_card_leaves_the_deck() -> None:
    state = explore(new_game(deck_path=None), "giant-frog")
    index = state.components.index["giant-frog"]
    assert state.deck[index] == state.components.copies[index] - 1
    assert sum(state.deck) == 39


def test_a_card_not_left_in_the_deck_cannot_be_drawn() -> None:
    state = explore(new_game(), "frog")
    state = attack(state, ("black",), "Single burst", "3")
    assert "not a card left" in refused_report(act(state, Explore()), "frog")


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile() -> None:
    """'No more Exploration Cards? Shuffle the current discard pile and create a new
    Exploration Deck.'"""
    state = new_game()
    empty = tuple(0 for _ in state.deck)
    state = state.model_copy(update={"deck": empty, "discard": state.components.copies})
    after, events = ENGINE.apply(state, 0, Explore())
    assert types(events) == ["deck_reshuffled"]
    assert after.deck == state.components.copies and sum(after.discard) == 0


def test_a_room_with_fight_value_zero_is_taken_at_once() -> None:
    """House: nothing to fight, so the room is defeated as it is drawn."""
    state = explore(new_game(), "empty")
    assert [c.id for c in state.kept] == ["empty"] and state.phase == "explore"
    assert EndTurn() in ENGINE.legal_actions(state, 0)


def test_no_exploring_when_deck_and_discard_pile_are_both_empty() -> None:
    """House: if every card is in front of the current player, nothing can be drawn."""
    state = new_game()
    empty = tuple(0 for _ in state.deck)
    state = state.model_copy(update={"deck": empty, "discard": empty,
                                     "kept": state.components.cards, "first_resolved": True})
    assert ENGINE.legal_actions(state, 0) == [EndTurn()]
    assert "empty" in refused(state, Explore())


def test_a_groups_own_deck_pack_is_used(tmp_path: Path) -> None:
    cards = [{"id": f"room{i}", "name": f"Room {i}", "kind": "room", "clues": 1, "fight": 2,
              "skulls": 1, "source": "our box", "verified": True} for i in range(10)]
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump({"name": "our deck", "cards": cards}))
    state = new_game(deck_path=str(path))
    assert state.components.deck_name == "our deck" and state.components.deck_verified
    assert sum(state.deck) == 10


def test_a_broken_pack_is_refused_at_setup_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("cards: [{id: x, name: X, kind: room}]\n")
    with pytest.raises(RuleError) as err:
        new_game(deck_path=str(path))
    assert "bad.yaml" in err.value.message


@pytest.mark.parametrize(("card", "problem"), [
    ({"kind": "event", "fight": 3, "event": "accident"}, "no clues, fight"),
    ({"kind": "event"}, "needs 'event'"),
    ({"kind": "room", "fight": 3, "effects": ["no_x2"]}, "only bosses"),
    ({"kind": "room", "fight": 3, "event": "accident"}, "only event cards"),
    ({"kind": "boss", "fight": 3, "effects": ["no_x2", "no_x2"]}, "twice"),
])
def test_deck_packs_are_validated_card_by_card(card: dict[str, object], problem: str) -> None:
    raw = {"cards": [{"id": "odd", "name": "Odd", "source": "t", "verified": False, **card},
                     {"id": "r", "name": "R", "kind": "room", "fight": 1, "copies": 20,
                      "source": "t", "verified": False}]}
    with pytest.raises(PackError) as err:
        validate_pack(Path("deck.yaml"), raw, DeckPack)
    assert problem in str(err.value) and "deck.yaml" in str(err.value)


def test_deck_packs_must_have_a_sane_size() -> None:
    raw = {"cards": [{"id": "r", "name": "R", "kind": "room", "fight": 1, "copies": 3,
                      "source": "t", "verified": False}]}
    with pytest.raises(PackError, match="10 to 200 cards"):
        validate_pack(Path("deck.yaml"), raw, DeckPack)


def test_a_groups_own_dice_faces_are_used(tmp_path: Path) -> None:
    """Dice are data too: a pack can replace the house Attack Die faces by name."""
    path = tmp_path / "dice.yaml"
    path.write_text(yaml.safe_dump({"dice": [{
        "name": "yellow", "title": "Our Yellow", "kind": "pips", "source": "our box",
        "verified": True, "faces": [{"label": "4", "symbol": "4", "value": 4}] * 6}]}))
    state = explore(new_game(dice_path=str(path)), "big")
    after, _ = report_events(act(state, Attack(dice=("yellow",))), "Double burst", "4")
    assert after.kept[0].id == "big"
