"""The Unexpected Threats rules card, one test per rule row (U1-U9 of the design
study; SEED = ../shared/rules/hellboy-board-game-krampus.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engines.core.errors import RuleError
from engines.hellboy_board import ENGINE
from tests.unit.hellboy_board.support import Table, krampus_drawn, started


def test_u1_threat_is_a_doom_card() -> None:
    """U1: an Unexpected Threat is a Deck of Doom card, drawn from the group's box."""
    t = started()
    t.to_phase("doom")
    t.do("draw_doom")
    request = ENGINE.chance(t.state)
    assert request is not None and request.who_reports == "any"
    (item,) = request.items
    assert item.source == "card" and not request.only_dice
    assert item.probability("threat:wicked-child") == Fraction(1, 10)
    t.roll("other")
    assert t.rules() == ["U1"] and t.state.doom_deck.drawn == 1
    assert t.state.doom_deck.threat_inside and not t.state.threats
    assert ENGINE.view(t.state, None)["doom_deck"]["next_is_threat"] == "1/9"


def test_u2_setup_records_one_unseen_threat_in_doom_deck() -> None:
    """U2: the case adds one threat at random, unseen: the companion knows one is in
    the deck, never which."""
    t = started()
    assert t.state.doom_deck.threat_inside and t.state.doom_deck.size == 10
    deck = ENGINE.view(t.state, None)["doom_deck"]
    assert deck["next_is_threat"] == "1/10" and "wicked" not in str(deck)
    plain = started(threat=False)
    plain.to_phase("doom")
    plain.do("draw_doom")
    request = ENGINE.chance(plain.state)
    assert request is not None and request.items[0].options == ["other"]


def test_u3_drawing_a_threat_starts_its_resolution() -> None:
    """U3: a drawn threat is resolved by the rules card; play waits for the players'
    choices, and anything else is refused with the question."""
    t = started()
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    assert t.rules()[0] == "U3" and t.state.doom_deck.threat_drawn
    assert t.state.threats["wicked-child"].awaiting
    t.refused("next_phase", "choose the lead agent")
    assert "lead agent" in (ENGINE.view(t.state, None)["prompt"] or "")


def test_u4_drawn_threat_puts_card_and_enemy_in_play() -> None:
    """U4: the threat and the Enemy card it lists go into the in play area."""
    t = krampus_drawn()
    threat = t.state.threats["wicked-child"]
    assert threat.enemy == "krampus" and threat.brought == ("krampus",)
    assert t.enemy("krampus").brought_by == "wicked-child"


def test_u5_enemy_already_in_minion_slot_is_not_moved() -> None:
    """U5: if the Enemy is already in a minion slot it is not moved, and it is not the
    threat's to discard."""
    t = started()
    t.do("add_enemy", card="krampus", area="Crypt")
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    assert "U5" in t.rules()
    assert t.enemy("krampus").area == "Crypt" and t.state.threats["wicked-child"].brought == ()
    t.do("resolve_threat", lead_agent="liz", boss=False)
    t.do("discard_threat", threat="wicked-child")
    assert "krampus" in t.state.enemies and not t.state.threats


def test_u6_boss_threat_creates_behaviour_deck() -> None:
    """U6: a threat that brings a Boss gets its Behaviour deck in play; whether Krampus
    is one is not on the card, so the players say."""
    t = started()
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    t.refused("resolve_threat", "whether the enemy is a Boss", lead_agent="liz")
    t.do("resolve_threat", lead_agent="liz", boss=True, behaviour_cards=6)
    deck = t.state.threats["wicked-child"].behaviour
    assert deck is not None and deck.size == 6 and "U6" in t.rules()
    assert ENGINE.view(t.state, None)["enemies"][0]["boss"] is True


def test_u7_boss_behaviour_drawn_before_minions() -> None:
    """U7: in the Enemy (Minion) phase a Behaviour card is drawn and resolved before
    any minion is activated."""
    t = krampus_drawn(boss=True)
    assert t.state.phase == "enemy" and list(t.state.behaviour_due) == ["krampus"]
    t.refused("enemy_attack", "Behaviour card first", enemy="krampus", damage=1)
    t.refused("move_enemy", "Behaviour card first", enemy="krampus", path=["Crypt"])
    t.refused("next_phase", "Behaviour card first")
    t.do("draw_behaviour", enemy="krampus")
    request = ENGINE.chance(t.state)
    assert request is not None and request.items[0].source == "card"
    assert request.items[0].open_hint is not None
    t.roll("Birch Rod")
    assert t.rules() == ["U7"] and not t.state.behaviour_due
    behaviour = t.state.threats["wicked-child"].behaviour
    assert behaviour is not None and behaviour.drawn == 1 and behaviour.last == "Birch Rod"
    t.do("move_enemy", enemy="krampus", path=["Crypt"])


def test_u7_minions_wait_for_the_boss() -> None:
    """U7 with a minion in play: the minion can't move before the Boss's card."""
    t = krampus_drawn(boss=True)
    t.do("define_enemy", key="frog", name="Frog Monster", move=2, resilience=2, health=3,
         range=0, ranged=0, melee=4)
    t.do("add_enemy", card="frog", area="Crypt")
    t.refused("move_enemy", "before any minion", enemy="frog", path=["Hall"])
    t.do("draw_behaviour", enemy="krampus")
    t.roll("Stalk")
    t.do("move_enemy", enemy="frog", path=["Hall"])
    assert t.enemy("frog").area == "Hall"


def test_u8_boss_health_tracked() -> None:
    """U8: the Boss's health is tracked with damage markers."""
    t = krampus_drawn(boss=True)
    t.do("draw_behaviour", enemy="krampus")
    t.roll("Stalk")
    t.do("damage_enemy", enemy="krampus", amount=5)
    assert t.rules() == ["U8"] and t.enemy("krampus").damage == 5
    (row,) = ENGINE.view(t.state, None)["enemies"]
    assert row["left"] == 11 and row["health"] == 16


def test_u9_discarding_threat_discards_what_it_brought() -> None:
    """U9: discarding the threat discards every card it put in play (its enemy and
    Behaviour deck), and only those."""
    t = krampus_drawn(boss=True)
    t.do("define_enemy", key="frog", name="Frog Monster", move=2, resilience=2, health=3,
         range=0, ranged=0, melee=4)
    t.do("add_enemy", card="frog", area="Crypt")
    t.do("discard_threat", threat="wicked-child")
    assert "U9" in t.rules()
    assert set(t.state.enemies) == {"frog"} and not t.state.threats
    assert {"krampus", "wicked-child"} <= set(t.state.discard)
    assert t.state.behaviour_due == ()


def test_a_threat_needs_the_case_to_have_shuffled_one_in() -> None:
    """Without U2's threat the Doom draw offers no threat to report."""
    t = Table()
    t.do("set_up_case", doom_deck=3)
    t.do("add_agent", name="Hellboy")
    t.do("next_phase")
    t.do("draw_doom")
    before = ENGINE.dump_state(t.state)
    with pytest.raises(RuleError, match="not a possible result"):
        t.roll("threat:wicked-child")
    assert ENGINE.dump_state(t.state) == before


def test_u7_a_boss_drawn_during_the_enemy_phase_draws_its_behaviour_card_at_once() -> None:
    """Issue 23: a Boss threat drawn mid-Enemy-phase skipped its first Behaviour card
    (the due list was made only as the phase began)."""
    t = started()
    assert t.state.phase == "enemy" and not t.state.behaviour_due
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    t.do("resolve_threat", lead_agent="liz", boss=True)
    assert t.state.behaviour_due == ("krampus",)
    assert "U7" in t.rules()
    t.refused("move_enemy", "Behaviour card first", enemy="krampus", path=["Crypt"])


def test_k2_a_threat_drawn_with_every_agent_knocked_out_lets_one_be_revived() -> None:
    """K2 wants a lead agent still in the game, and the table waits for that choice:
    with every agent knocked out nobody could make it and every action was refused,
    so the table was stuck (found by the random-play persistence property). Reviving
    or adding an agent now passes the wait, and only that."""
    t = started()
    for agent in ("hellboy", "liz", "abe"):
        t.do("knock_out", agent=agent)
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    t.refused("resolve_threat", "knocked out", lead_agent="liz", boss=False)
    sentence = t.refused("next_phase", "revive an agent or add one")
    assert sentence.startswith("To resolve What a Wicked Child!: revive an agent"), sentence
    (row,) = ENGINE.view(t.state, None)["threats"]
    assert row["awaiting"] and row["nobody_to_choose"]
    t.do("revive", agent="liz")
    assert not ENGINE.view(t.state, None)["threats"][0]["nobody_to_choose"]
    t.refused("revive", "choose the lead agent", agent="hellboy")
    t.do("resolve_threat", lead_agent="liz", boss=False)
    assert t.state.threats["wicked-child"].marked == "liz"
