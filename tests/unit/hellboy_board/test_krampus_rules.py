"""The Krampus threat card ("What a Wicked Child!") and the Krampus Enemy card, one
test (or more) per rule row K1-K10, with exact dice."""

from __future__ import annotations

from engines.hellboy_board import ENGINE, builtin_library
from engines.hellboy_board.cards import DamageCap, MeleeToll
from tests.unit.hellboy_board.support import krampus_drawn, started


def test_k1_krampus_set_up_in_starting_area() -> None:
    """K1: Krampus is set up in the starting area."""
    t = krampus_drawn()
    assert t.state.starting_area == "Hall" and t.enemy("krampus").area == "Hall"


def test_k2_reaction_marker_goes_to_lead_agent_chosen_by_players() -> None:
    """K2: the card is in play with a trigger marker; the lead agent (the players'
    choice: the term is not defined publicly) takes the reaction marker."""
    t = started()
    t.do("knock_out", agent="abe")
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    assert t.state.threats["wicked-child"].trigger_marker
    t.refused("resolve_threat", "Choose the lead agent", boss=False)
    t.refused("resolve_threat", "knocked out", lead_agent="abe", boss=False)
    t.do("resolve_threat", lead_agent="liz", boss=False)
    assert t.state.threats["wicked-child"].marked == "liz"
    liz = next(a for a in ENGINE.view(t.state, None)["agents"] if a["id"] == "liz")
    assert liz["marked"] == "Wicked Child"


def test_k3_hunting_krampus_ignores_other_agents() -> None:
    """K3: while he hunts, Krampus attacks only the Wicked Child; an attack on anyone
    else is refused, and the Target Priority track is not used."""
    t = krampus_drawn()
    sentence = t.refused("enemy_attack", "hunting Liz", enemy="krampus", target="hellboy",
                         damage=2)
    assert sentence == "Krampus is hunting Liz and ignores every other agent."
    t.do("enemy_attack", enemy="krampus", damage=0)
    assert t.rules()[0] == "K3" and t.state.tracks.priority == ("hellboy", "liz", "abe")
    assert ENGINE.view(t.state, None)["enemies"][0]["hunting"] == "Liz"


def test_k4_krampus_leaving_area_costs_each_agent_a_cube_and_him_damage() -> None:
    """K4: each area he moves out of that holds agents costs each of them a cube,
    and deals him 1 damage per cube (direct: no Resilience)."""
    t = krampus_drawn()
    t.do("move_enemy", enemy="krampus", path=["Crypt", "Vault"], new_area=True)
    assert t.rules().count("K4") == 3
    assert [t.agent(a).cubes for a in ("hellboy", "liz", "abe")] == [2, 2, 2]
    assert t.enemy("krampus").damage == 3 and t.enemy("krampus").area == "Vault"


def test_k4_an_agent_without_cubes_pays_nothing() -> None:
    """K4 with no cube left (house, like Die Ruten's 'if possible'): no cube, no damage."""
    t = krampus_drawn()
    t.do("spend_cubes", agent="liz", n=3)
    t.do("move_enemy", enemy="krampus", path=["Crypt"])
    assert t.agent("liz").cubes == 0 and t.enemy("krampus").damage == 1
    assert any("Liz has no action cube" in e.text for e in t.events)


def test_k4_declining_only_under_the_may_reading() -> None:
    """K4's unclear word: under leave_discard=each nobody may decline; under 'may'
    an agent who declines keeps the cube and deals no damage."""
    t = krampus_drawn()
    t.refused("move_enemy", "each discard", enemy="krampus", path=["Crypt"],
              declined=["hellboy"])
    m = krampus_drawn(leave_discard="may")
    m.do("move_enemy", enemy="krampus", path=["Crypt"], declined=["hellboy"])
    assert m.agent("hellboy").cubes == 3 and m.agent("liz").cubes == 2
    assert m.enemy("krampus").damage == 1


def test_k4_a_lethal_payment_stops_him_and_discards_the_card() -> None:
    """K4 then K7: payments in one area are simultaneous; a defeat ends the move."""
    t = krampus_drawn()
    t.fix("set_enemy_damage", enemy="krampus", damage=15)
    t.do("move_enemy", enemy="krampus", path=["Crypt", "Vault"], new_area=True)
    assert "K7" in t.rules() and not t.state.threats and "krampus" not in t.state.enemies
    assert t.agent("liz").cubes == 2 and t.agent("abe").cubes == 3


def test_k5_wicked_child_knocked_out_by_krampus_discards_threat() -> None:
    """K5: Krampus knocks out the Wicked Child: his duty is done, he leaves the board
    and the card is discarded."""
    t = krampus_drawn()
    t.do("enemy_attack", enemy="krampus", damage=3, knocked_out=True)
    assert "K5" in t.rules() and t.agent("liz").knocked_out
    assert not t.state.threats and "krampus" not in t.state.enemies
    assert {"krampus", "wicked-child"} <= set(t.state.discard)


def test_k6_wicked_child_knocked_out_otherwise_krampus_runs_wild() -> None:
    """K6: knocked out any other way, Krampus runs wild: he attacks anyone and his
    melee is 'increased to 8', the printed value, so the board warns."""
    t = krampus_drawn()
    t.do("knock_out", agent="liz")
    assert "K6" in t.rules() and t.state.threats["wicked-child"].runs_wild
    view = ENGINE.view(t.state, None)
    assert view["enemies"][0]["melee"] == 8 and view["enemies"][0]["hunting"] is None
    assert view["warnings"] and "option wild_melee" in view["warnings"][0]
    t.fix("set_agent", agent="abe", area="Hall")
    t.do("enemy_attack", enemy="krampus", target="abe", damage=1)
    t.do("enemy_attack", enemy="krampus", damage=1)
    assert t.events[0].agent == "hellboy" and t.state.tracks.priority[-1] == "hellboy"


def test_k6_run_wild_melee_is_an_option() -> None:
    """K6 with wild_melee set above the printed value: raised, and no warning."""
    t = krampus_drawn(wild_melee=10)
    t.do("define_enemy", key="frog", name="Frog Monster", move=2, resilience=2, health=3,
         range=0, ranged=0, melee=4)
    t.do("add_enemy", card="frog", area="Hall")
    t.do("enemy_attack", enemy="frog", target="liz", damage=2, knocked_out=True)
    assert "K6" in t.rules() and "K5" not in t.rules()
    view = ENGINE.view(t.state, None)
    krampus = next(e for e in view["enemies"] if e["id"] == "krampus")
    assert krampus["melee"] == 10 and krampus["printed_melee"] == 8 and not view["warnings"]


def test_k7_krampus_defeated_discards_threat() -> None:
    """K7: Krampus defeated (damage reaches Health 16): the card is discarded."""
    t = krampus_drawn()
    t.do("damage_enemy", enemy="krampus", amount=16)
    assert t.rules()[-1] == "K7" and not t.state.threats and not t.state.enemies


def test_k8_krampus_preset_stats() -> None:
    """K8: the printed stats: Move 4, Resilience 3, Health 16, Range 0, Ranged 0, Melee 8."""
    card = next(c for c in builtin_library().enemies if c.key == "krampus")
    stats = (card.move, card.resilience, card.health, card.range, card.ranged, card.melee)
    assert stats == (4, 3, 16, 0, 0, 8) and card.verified and card.boss is None
    assert "krampus.md" in card.source


def test_k9_pistol_shoot_caps_krampus_damage_at_2() -> None:
    """K9 (Harmless Man-Toys): at most 2 damage from a Shoot with a pistol; a Shoot
    with another weapon and a Fight are not capped."""
    t = krampus_drawn()
    t.fix("place_enemy", enemy="krampus", area="Crypt")
    t.do("test", agent="hellboy", skill="shoot", target="krampus", weapon="Samaritan")
    t.roll("Two dots", "2", "2", "2")
    assert "K9" in t.rules() and t.enemy("krampus").damage == 2
    assert t.state.last_test is not None and t.state.last_test.damage == 2
    t.do("test", agent="hellboy", skill="shoot", target="krampus", weapon="Shotgun")
    t.roll("Two dots", "2", "2", "2")
    assert "K9" not in t.rules() and t.enemy("krampus").damage == 7
    t.do("move_agent", agent="hellboy", area="Crypt", cubes=0)
    t.do("test", agent="hellboy", skill="fight", target="krampus")
    t.roll("One dot", "3", "3", "3")
    assert "K9" not in t.rules() and t.enemy("krampus").damage == 14


def test_k9_caps_a_reported_pistol_shoot_too() -> None:
    """K9 applies to damage reported from the group's own dice as well."""
    t = krampus_drawn()
    t.do("damage_enemy", enemy="krampus", amount=6, attack="shoot", weapon_tags=["pistol"])
    assert t.rules()[0] == "K9" and t.enemy("krampus").damage == 2


def test_k10_die_ruten_one_to_three_damage_costs_a_cube() -> None:
    """K10 (Die Ruten): a melee attack that inflicts 1-3 damage costs the target an
    action cube, if they have one."""
    t = krampus_drawn()
    t.do("enemy_attack", enemy="krampus", damage=3)
    assert "K10" in t.rules() and t.agent("liz").cubes == 2 and not t.agent("liz").stunned
    t.do("spend_cubes", agent="liz", n=2)
    t.do("enemy_attack", enemy="krampus", damage=1)
    assert t.agent("liz").cubes == 0 and any("no action cube" in e.text for e in t.events)


def test_k10_die_ruten_four_damage_stuns_instead() -> None:
    """K10: 4 or more damage stuns the target instead of costing a cube."""
    t = krampus_drawn()
    t.do("enemy_attack", enemy="krampus", damage=4)
    assert "K10" in t.rules() and t.agent("liz").stunned and t.agent("liz").cubes == 3
    assert t.agent("liz").damage == 4


def test_k10_only_for_his_melee_attack() -> None:
    """K10 is about his melee attack: damage from anything else costs no cube."""
    t = krampus_drawn()
    t.do("enemy_attack", enemy="krampus", damage=2, melee=False)
    assert "K10" not in t.rules() and t.agent("liz").cubes == 3


def test_krampus_card_keywords_are_the_enforced_ones() -> None:
    card = next(c for c in builtin_library().enemies if c.key == "krampus")
    cap = next(k for k in card.keywords if isinstance(k, DamageCap))
    toll = next(k for k in card.keywords if isinstance(k, MeleeToll))
    assert (cap.attack, cap.weapon_tag, cap.most) == ("shoot", "pistol", 2)
    assert (toll.cube_from, toll.stun_from) == (1, 4)
