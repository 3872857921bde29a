"""The companion around the card: phases and shared control, cubes, Target
Priority, tests and their cubes, odds, corrections, and the labelled unknowns."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import get_args

import pytest
from pydantic import ValidationError

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellboy_board import ENGINE
from engines.hellboy_board.actions import Action, Correction, Test
from engines.hellboy_board.engine import UNDONE_WORDS
from engines.hellboy_board.odds import test_odds as odds_of
from engines.hellboy_board.unknowns import UNKNOWNS
from tests.unit.hellboy_board.support import Table, chosen, krampus_drawn, started

ACTIONS = get_args(get_args(Action)[0])
CORRECTIONS = {str(m.model_fields["type"].default): m for m in get_args(get_args(Correction)[0])}


def test_a_round_runs_enemy_agent_rest_doom_end() -> None:
    """P1: the five phases in order; P4: each round every agent takes 3 cubes."""
    t = started()
    seen = [t.state.phase]
    for _ in range(5):
        t.do("next_phase")
        seen.append(t.state.phase)
    assert seen == ["enemy", "agent", "rest", "doom", "end", "enemy"]
    assert t.state.round == 2


def test_cubes_reset_to_three_at_the_start_of_a_round() -> None:
    t = started()
    t.do("spend_cubes", agent="hellboy", n=2, why="fight")
    assert t.agent("hellboy").cubes == 1
    t.refused("spend_cubes", "1 action cube", agent="hellboy", n=2)
    for _ in range(5):
        t.do("next_phase")
    assert t.agent("hellboy").cubes == 3


def test_any_seat_may_act_and_nobody_is_chased() -> None:
    """Shared control: every seat may move the phase on; the table waits for nobody
    except the player whose test dice are due."""
    t = started(players=3)
    assert ENGINE.to_move(t.state) == [0, 1, 2] and ENGINE.waiting_for(t.state) == []
    t.do("next_phase", seat=2)
    t.do("test", seat=2, agent="liz", skill="explore")
    assert ENGINE.to_move(t.state) == [] and ENGINE.waiting_for(t.state) == [1]
    request = ENGINE.chance(t.state)
    assert request is not None and request.reporter == 1 and request.who_reports == "seat"
    assert request.only_dice


def test_setup_must_have_an_agent_and_allows_only_setup() -> None:
    t = Table()
    t.refused("next_phase", "at least one agent")
    t.refused("draw_doom", "hasn't started")
    t.do("add_agent", name="Hellboy")
    t.refused("add_agent", "already an agent", name="hellboy")
    t.do("next_phase")
    t.refused("set_up_case", "already set up", doom_deck=5)


def test_target_priority_front_eligible_agent_then_to_the_back() -> None:
    """P19: the front eligible agent is targeted, then moves to the back; knocked-out
    and excluded agents are skipped."""
    t = started()
    t.do("define_enemy", key="frog", name="Frog Monster", move=2, resilience=2, health=3,
         range=0, ranged=0, melee=4)
    t.do("add_enemy", card="frog", area="Hall")
    t.do("enemy_attack", enemy="frog", damage=1)
    assert t.events[0].agent == "hellboy" and t.state.tracks.priority == ("liz", "abe", "hellboy")
    t.do("knock_out", agent="liz")
    t.do("enemy_attack", enemy="frog", damage=0, exclude=["abe"])
    assert t.events[0].agent == "hellboy"
    assert t.state.tracks.priority == ("liz", "abe", "hellboy")


def test_a_test_charges_its_cube_and_upgrades() -> None:
    """P5: a Fight costs a cube; each upgrade step costs one more (P12)."""
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus", upgrades=["hellboy"])
    assert t.agent("hellboy").cubes == 1
    assert t.state.test is not None and t.state.test.pool == ("black", "red", "red")
    t.roll("Catastrophe", "3", "2", "0")
    assert t.state.last_test is not None and t.state.last_test.total == 2


def test_shoot_may_not_be_assisted_and_fight_help_must_share_the_area() -> None:
    """P9: other agents can't assist a Shoot; P8: helpers in a Fight are in the area."""
    t = krampus_drawn()
    t.fix("place_enemy", enemy="krampus", area="Crypt")
    t.refused("test", "can't assist a Shoot", agent="hellboy", skill="shoot", target="krampus",
              weapon="Samaritan", upgrades=["liz"])
    t.refused("test", "must be in Liz's area", agent="liz", skill="explore", upgrades=["abe"])
    t.refused("test", "Fight targets an enemy in Hellboy's area", agent="hellboy",
              skill="fight", target="krampus")
    t.refused("test", "needs a ranged weapon", agent="hellboy", skill="shoot", target="krampus")


def test_a_reported_total_needs_no_roll() -> None:
    """Groups with their own dice report the total (effect resolved)."""
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus", total=7)
    assert ENGINE.chance(t.state) is None and t.enemy("krampus").damage == 4


def test_reroll_face_rolls_the_low_dice_again() -> None:
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus")
    t.roll("Re-roll", "0", "3", "1")
    request = ENGINE.chance(t.state)
    assert request is not None and [i.key for i in request.items] == ["die0", "die2"]
    t.roll("3", "2")
    assert t.state.last_test is not None and t.state.last_test.total == 8


def test_a_bad_dice_report_changes_nothing() -> None:
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus")
    before = ENGINE.dump_state(t.state)
    with pytest.raises(RuleError, match="not a possible result"):
        ENGINE.resolve(t.state, ChanceOutcome(values=["One dot", "10", "1", "1"]))
    assert ENGINE.dump_state(t.state) == before
    t.refused("next_phase", "Waiting first")


def test_a_house_die_reports_any_pips_from_0_to_9() -> None:
    """Issue 23: the dice's faces are house data (verified: false), so the group's real
    die may show what they lack: '7' on a red die is counted as 7 pips."""
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus", dice=1)
    t.state, _ = ENGINE.resolve(t.state, ChanceOutcome(values=["One dot", "7"]))
    assert t.state.last_test is not None and t.state.last_test.total == 8


def test_a_reported_total_settles_the_test_without_the_dice() -> None:
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus", dice=2)
    t.state, _ = ENGINE.resolve(t.state, ChanceOutcome(values=["total:6", "0", "0"]))
    report = t.state.last_test
    assert report is not None and report.total == 6 and "total reported" in report.notes


def test_the_reporter_calls_off_a_pending_test_and_gets_the_cubes_back() -> None:
    t = krampus_drawn()
    t.do("test", agent="hellboy", skill="fight", target="krampus", upgrades=["hellboy"])
    assert t.agent("hellboy").cubes == 1
    t.refused("cancel_test", "Only the player whose test it is", seat=1)
    t.do("cancel_test")
    assert t.state.test is None and t.agent("hellboy").cubes == 3
    t.refused("cancel_test", "Only the player whose test it is")


def test_odds_of_a_pistol_shot_at_krampus_are_capped() -> None:
    t = krampus_drawn()
    t.fix("place_enemy", enemy="krampus", area="Crypt")
    action = Test(agent="hellboy", skill="shoot", target="krampus", weapon="Samaritan")
    odds = odds_of(t.state, action)
    assert odds.cap == 2 and odds.resilience == 3 and odds.house
    assert odds.damage is not None and max(d for d, _ in odds.damage.items()) == 2
    assert odds.defeat == 0 and t.agent("hellboy").cubes == 3
    shotgun = odds_of(t.state, action.model_copy(update={"weapon": "Shotgun"}))
    assert shotgun.cap is None and shotgun.damage is not None
    assert shotgun.damage.mean() > odds.damage.mean()
    assert sum(p for _, p in shotgun.totals.items()) == Fraction(1)


def test_gm_corrections_set_values_without_rules() -> None:
    t = krampus_drawn()
    t.fix("set_track", track="doom", value=5)
    t.fix("set_agent", agent="liz", damage=2, cubes=1)
    t.fix("place_enemy", enemy="krampus", area="Crypt")
    assert t.state.tracks.doom == 5 and t.agent("liz").cubes == 1
    assert t.agent("hellboy").cubes == 3  # no leave-area toll on a correction
    with pytest.raises(RuleError, match="ends at 12"):
        t.fix("set_track", track="doom", value=13)
    t.fix("remove_enemy", enemy="krampus")
    assert not t.state.threats and "U9" in t.rules()


def test_impending_doom_reaching_its_end_starts_the_confrontation() -> None:
    t = started()
    events = t.do("advance_doom", steps=20)
    assert t.state.tracks.doom == 12 and "Confrontation" in events[-1].text


def test_the_doom_deck_runs_out() -> None:
    t = started()
    t.fix("set_doom_deck", drawn=10)
    t.refused("draw_doom", "Deck of Doom is empty")


def test_every_unknown_is_on_the_board_when_it_matters() -> None:
    plain = started(threat=False)
    keys = {u["key"] for u in ENGINE.view(plain.state, None)["unknowns"]}
    assert {"defend", "stunned", "knocked_out"} <= keys and "lead_agent" not in keys
    t = started()
    keys = {u["key"] for u in ENGINE.view(t.state, None)["unknowns"]}
    assert keys == {u.key for u in UNKNOWNS}
    assert {"defend", "stunned", "knocked_out", "lead_agent", "boss"} <= keys


def test_the_case_ends_for_everyone_only_by_a_gm() -> None:
    """Issue 23: closing the case is a GM's correction, never any seat's move."""
    t = started()
    with pytest.raises(ValidationError):
        ENGINE.parse_action({"type": "end_case", "won": False})
    t.fix("end_case", won=True)
    result = ENGINE.result(t.state)
    assert result is not None and result.winners == [0, 1]
    t.refused("next_phase", "over")


def test_a_late_player_joins_and_runs_an_agent() -> None:
    t = started()
    t.state, _ = ENGINE.late_join(t.state, Seat(index=2, name="Cy"))
    t.do("add_agent", seat=2, name="Roger")
    assert t.agent("roger").seat == 2 and ENGINE.to_move(t.state) == [0, 1, 2]


def test_every_listed_legal_action_is_accepted() -> None:
    t = krampus_drawn()
    legal = ENGINE.legal_actions(t.state, 0)
    assert len({a.type for a in legal}) >= 10
    for action in legal:
        ENGINE.apply(t.state, 0, action)


def test_a_server_pack_lays_its_cards_over_the_presets() -> None:
    """A server's library: its cards join the built-in presets by key, and a threat
    whose enemy is nowhere is refused when the pack is read."""
    frog = {"key": "frog", "name": "Frog", "move": 2, "resilience": 1, "health": 2, "range": 0,
            "ranged": 0, "melee": 3, "source": "our box", "verified": True}
    t = Table(pack=chosen({"game": "hellboy-board", "enemies": [frog]}))
    assert {"frog", "krampus"} <= set(t.state.cards)
    broken = {"game": "hellboy-board", "threats": [
        {"key": "hecate", "name": "Hecate", "enemy": "hecate", "source": "our box",
         "verified": True}]}
    with pytest.raises(ValidationError, match="neither in this pack's `enemies` nor a built-in"):
        Table(pack=chosen(broken))


def test_a_group_dice_pack_replaces_the_house_faces(tmp_path: Path) -> None:
    pack = tmp_path / "ours.yaml"
    pack.write_text(
        "dice:\n  - name: red\n    title: Red (our box)\n    kind: pips\n"
        "    source: our box\n    verified: true\n    faces:\n"
        "      - {label: '1', symbol: R1, value: 1}\n      - {label: '4', symbol: R4, value: 4}\n",
        encoding="utf-8")
    t = Table(dice_path=str(pack))
    assert t.state.dice["red"].verified and ENGINE.view(t.state, None)["house_dice"]
    broken = tmp_path / "broken.yaml"
    broken.write_text("dice: [{name: red}]\n", encoding="utf-8")
    with pytest.raises(RuleError, match="dice pack can't be used"):
        Table(dice_path=str(broken))


def test_other_enemies_in_the_area_downgrade_a_fight() -> None:
    """P8: other enemies in your area downgrade Fight dice (one step each: the
    companion's reading, said in the event); an explicit count overrides it."""
    t = krampus_drawn()
    t.do("define_enemy", key="frog", name="Frog Monster", move=2, resilience=2, health=3,
         range=0, ranged=0, melee=4)
    t.do("add_enemy", card="frog", area="Hall", count=2)
    t.do("test", agent="hellboy", skill="fight", target="krampus", upgrades=["hellboy"])
    assert t.state.test is not None and t.state.test.pool == ("orange", "red", "red")
    assert any("companion's reading" in e.text for e in t.events)
    t.roll("One dot", "0", "0", "0")
    t.do("test", agent="hellboy", skill="fight", target="frog", downgrades=0, cost=0)
    assert t.state.test is not None and t.state.test.pool == ("red", "red", "red")


def test_leaving_enemies_reminds_to_dodge_or_be_followed() -> None:
    """P7: leaving an area with enemies means a dodge (1 damage) or being followed;
    the companion reminds, the players choose."""
    t = krampus_drawn()
    events = t.do("move_agent", agent="hellboy", area="Crypt")
    assert events[1].type == "warning" and "dodge" in events[1].text
    assert t.agent("hellboy").damage == 0 and t.agent("hellboy").cubes == 2


def test_a_typed_in_enemy_comes_into_play_where_it_is_put() -> None:
    """The card and its figures in one step; `count=0` (the default, as games logged
    before replay) only adds the card."""
    t = Table()
    t.do("define_enemy", key="frog", name="Frog Monster", move=2, resilience=2, health=3,
         range=0, ranged=0, melee=4, area="Crypt", count=2)
    assert [(e.id, e.area) for e in t.state.enemies.values()] == [
        ("frog", "Crypt"), ("frog-2", "Crypt")]
    assert [e.text for e in t.events][-1] == "Frog Monster (frog-2) comes into play in Crypt."
    t.do("define_enemy", key="toad", name="Toad", move=1, resilience=1, health=2, range=0,
         ranged=0, melee=1)
    assert "toad" in t.state.cards and "toad" not in t.state.enemies
    t.refused("define_enemy", "already an enemy card 'krampus'", key="krampus", name="K",
              move=1, resilience=1, health=2, range=0, ranged=0, melee=1, count=1)


def test_the_unnamed_starting_area_reads_as_the_starting_area() -> None:
    """Until the case names it, sentences say "the starting area", never
    "starting area starting area" or "in starting area"."""
    t = Table()
    t.do("add_agent", name="Hellboy")
    assert "joins the case in the starting area" in t.events[0].text
    t.do("set_up_case", doom_deck=2, threat_shuffled_in=True)
    (said,) = t.events
    assert said.text == ("Case set up: the starting area is not named; the Deck of Doom has"
                         " 2 cards with one unseen Unexpected Threat shuffled in.")
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    texts = " ".join(e.text for e in t.events)
    assert "put in play in the starting area" in texts
    assert "starting area starting area" not in texts and " in starting area" not in texts


def test_naming_the_starting_area_names_it_for_whoever_is_there() -> None:
    t = Table()
    t.do("add_agent", name="Hellboy")
    t.do("add_agent", name="Abe", area="Crypt")
    t.do("set_up_case", starting_area="Hall")
    assert t.agent("hellboy").area == "Hall" and t.agent("abe").area == "Crypt"
    t.do("set_up_case", starting_area="Attic")
    assert t.agent("hellboy").area == "Hall", "a named area is not renamed"


def test_a_melee_attack_reaches_only_its_own_area() -> None:
    """Issue 23: an enemy's melee was accepted against an agent in another area."""
    t = started()
    t.do("add_enemy", card="krampus", area="Hall")
    t.to_phase("enemy")
    sentence = t.refused("enemy_attack", "only its own area", enemy="krampus", target="abe",
                         damage=1)
    assert sentence == "A melee attack reaches only its own area: Krampus is in Hall, Abe in Crypt."
    t.do("enemy_attack", enemy="krampus", target="abe", damage=1, melee=False)


def test_full_damage_slots_warn_however_the_damage_came() -> None:
    """Issue 23: only an enemy's attack warned; damage typed in did not."""
    t = started()
    t.do("damage_agent", agent="hellboy", amount=6)
    assert [e.type for e in t.events] == ["damage", "warning"]
    assert "Hellboy's damage slots are full" in t.events[-1].text


def test_an_agent_is_armed_with_more_weapons_ranged_or_not() -> None:
    """arm_agent (issue 23: no command and no test; an agent carried one ranged weapon)."""
    t = started()
    t.do("arm_agent", agent="abe", weapon={"name": "Trident", "ranged": False})
    t.do("arm_agent", agent="abe", weapon={"name": "Flare Gun", "ranged": True})
    assert [w.name for w in t.agent("abe").weapons] == ["Trident", "Flare Gun"]
    t.refused("arm_agent", "already has", agent="abe", weapon={"name": "trident"})
    t.do("add_enemy", card="krampus", area="Hall")
    t.to_phase("agent")
    t.refused("test", "not a ranged weapon", agent="abe", skill="shoot", target="krampus",
              weapon="Trident")
    t.do("test", agent="abe", skill="shoot", target="krampus", total=3)
    assert t.state.last_test is not None and t.state.last_test.skill == "shoot"


def test_undo_names_each_move_in_the_table_s_words() -> None:
    """Issue 23: undo says what it took back; "Undid: Bob's move agent." named the
    action's type, so every move and correction has its words, with the names the
    board shows (Krampus, not krampus)."""
    t = started()
    t.do("add_enemy", card="krampus", area="Hall")

    def said(raw: dict[str, object]) -> str:
        kind = str(raw["type"])
        move = (ENGINE.parse_correction(raw) if kind in CORRECTIONS
                else ENGINE.parse_action(raw))
        return ENGINE.describe_action(t.state, move)

    assert said({"type": "move_agent", "agent": "abe", "area": "Crypt"}) == "move of Abe"
    assert said({"type": "enemy_attack", "enemy": "krampus", "damage": 1}) == (
        "attack by Krampus")
    assert said({"type": "test", "agent": "liz", "skill": "fight", "target": "krampus"}) == (
        "Fight against Krampus")
    assert said({"type": "next_phase"}) == "move to the next phase"
    assert said({"type": "end_case", "won": True}) == "closing of the case"
    kinds = {str(m.model_fields["type"].default) for m in (*ACTIONS, *CORRECTIONS.values())}
    assert kinds - {"test"} == set(UNDONE_WORDS), "a move without its words"
