"""The companion's Discord side without Discord: the board within Discord's limits at
its most crowded, the shared buttons' codes, and the report forms' plain words."""

from __future__ import annotations

import pytest

from bot.games.hellboy_board.board import board
from bot.games.hellboy_board.forms import DoomForm, TestDiceForm
from bot.games.hellboy_board.odds import odds_embed, odds_line
from bot.games.hellboy_board.presenter import PRESENTER, buttons, decode_code
from bot.games.hellboy_board.presets import presets_embed
from bot.games.hellboy_board.reference import rules_embed
from engines.core.errors import RuleError
from engines.hellboy_board import ENGINE
from engines.hellboy_board.actions import ResolveThreat, Test
from engines.hellboy_board.models import MAX_AGENTS
from engines.hellboy_board.pack import MAX_ENEMY_CARDS, MAX_THREAT_CARDS
from tests.support.discord_limits import check_buttons, check_embed, worst_case_game
from tests.unit.hellboy_board.support import Table, chosen, started

LONG = "x" * 30


def _crowded() -> Table:
    """Eight agents and forty enemies with the longest names, Krampus drawn and waiting."""
    t = Table(players=4)
    for i in range(MAX_AGENTS):
        t.do("add_agent", seat=i % 4, name=f"{LONG} agent {i}", area=f"{LONG} area {i}",
             skills={"explore": "red"}, health=30)
    t.do("define_enemy", key="frog-" + "y" * 30, name="F" * 60, move=99, resilience=99,
         health=999, range=99, ranged=99, melee=99)
    t.do("add_enemy", card="frog-" + "y" * 30, area="Z" * 40, count=10)
    t.do("add_enemy", card="frog-" + "y" * 30, area="Y" * 40, count=10)
    t.do("add_enemy", card="frog-" + "y" * 30, area="W" * 40, count=10)
    t.do("add_enemy", card="frog-" + "y" * 30, area="V" * 40, count=9)
    t.do("set_up_case", doom_deck=99, doom_length=40, threat_shuffled_in=True,
         starting_area="S" * 40)
    for _ in range(4):
        t.do("next_phase")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    return t


def test_the_most_crowded_board_fits_discords_limits() -> None:
    t = _crowded()
    game = worst_case_game("hellboy-board", ["N" * 32] * 4)
    embed = board(game, t.state)
    check_embed(embed)
    (enemies,) = [f.value or "" for f in embed.fields if f.name == "Enemies in play"]
    listed = enemies.count("`") // 2
    assert enemies.startswith("**Krampus**"), "the threat's enemy comes first"
    assert enemies.endswith(f"…and {40 - listed} more enemies"), enemies[-80:]
    check_embed(presets_embed(t.state, ["p" * 32] * 25))
    check_embed(rules_embed(t.state))
    shown = PRESENTER.action_buttons(game, t.state)
    assert len(shown) == 2 * MAX_AGENTS
    check_buttons(game, [(label, code, -1 if seat is None else seat)
                         for label, code, seat in shown])


def test_every_button_decodes_to_an_action_the_engine_accepts() -> None:
    """The threat's choice buttons (K2 lead agent, U6 Boss) and the phase's own."""
    t = _crowded()
    for _, code, _ in buttons(t.state):
        action = decode_code(t.state, code)
        assert isinstance(action, ResolveThreat)
        ENGINE.apply(t.state, 0, action)
    t.do("resolve_threat", lead_agent=f"{LONG} agent 0", boss=False)
    labels = [label for label, _, _ in buttons(t.state)]
    assert labels[:2] == ["Next phase: End", "Draw a Doom card"]


def test_an_old_or_forged_button_code_is_one_sentence() -> None:
    with pytest.raises(RuleError, match="no longer matches"):
        decode_code(Table().state, "zz.nothing")


def _test_request() -> Table:
    t = Table()
    t.do("add_agent", name="Abe", skills={"explore": "red"})
    t.do("next_phase")
    t.do("test", agent="abe", skill="explore", dice=4)
    return t


def test_the_dice_form_reads_the_effect_and_the_dice_in_order() -> None:
    request = ENGINE.chance(_test_request().state)
    assert request is not None and TestDiceForm().fits(request)
    assert [f.label for f in TestDiceForm().fields(request)] == [
        "Effect die", "4 coloured dice, in order", "Or your total (effect resolved)"]
    assert TestDiceForm().values(request, ["two dots", "1, 2 0 3", ""]) == [
        "Two dots", "1", "2", "0", "3"]
    with pytest.raises(RuleError, match="Give 4 coloured dice"):
        TestDiceForm().values(request, ["Two dots", "1 2", ""])


def test_the_dice_form_takes_any_pips_on_house_dice_or_a_total() -> None:
    """Issue 23: '3' on a yellow die was refused because the house faces (unverified)
    lack it; a house die takes 0-9, and a total alone settles the test."""
    request = ENGINE.chance(_test_request().state)
    assert request is not None
    form = TestDiceForm()
    assert "(any 0-9 each)" in form.fields(request)[1].placeholder
    assert form.values(request, ["Two dots", "9 9 0 7", ""])[1:] == ["9", "9", "0", "7"]
    with pytest.raises(RuleError, match="A die shows 0 to 9 pips: '12' isn't one"):
        form.values(request, ["Two dots", "12 1 1 1", ""])
    assert form.values(request, ["", "", "11"])[0] == "total:11"
    with pytest.raises(RuleError, match="or your total"):
        form.values(request, ["", "1 1 1 1", ""])
    with pytest.raises(RuleError, match="like 7"):
        form.values(request, ["", "", "x"])


def test_the_doom_form_takes_plain_words() -> None:
    t = Table()
    t.do("add_agent", name="Abe")
    t.do("set_up_case", doom_deck=5, threat_shuffled_in=True)
    t.do("next_phase")
    t.do("draw_doom")
    request = ENGINE.chance(t.state)
    assert request is not None and DoomForm().fits(request)
    assert DoomForm().values(request, ["Another"]) == ["other"]
    assert DoomForm().values(request, ["What a wicked child"]) == ["threat:wicked-child"]
    with pytest.raises(RuleError, match="Say which card you drew"):
        DoomForm().values(request, ["krampus's sack"])


def test_the_odds_answer_fits_and_names_the_pistol_cap() -> None:
    """K8 on the odds: a pistol Shoot at Krampus deals at most 2, so 6 black dice can't
    defeat him; the exact line said after a test agrees with the embed."""
    t = Table()
    t.do("add_agent", name="Hellboy", area="Hall", skills={"shoot": "black"},
         weapons=[{"name": "Samaritan", "ranged": True, "tags": ["pistol"]}])
    t.do("add_enemy", card="krampus", area="Crypt")
    t.do("next_phase")
    shoot = Test(agent="hellboy", skill="shoot", target="krampus", dice=6)
    embed = odds_embed(t.state, shoot)
    check_embed(embed)
    assert "capped at 2" in (embed.description or "")
    assert "defeats the target: **0.0%**" in (embed.description or "")
    assert "(capped at 2), defeats the target 0.0%" in odds_line(t.state, shoot)


def test_the_largest_preset_library_lists_within_discords_limits() -> None:
    """A pack at its limits: every card named, or counted ("…and N more cards")."""
    enemies = [{"key": f"e{i}-" + "k" * 30, "name": "N" * 60, "move": 1, "resilience": 1,
                "health": 1, "range": 0, "ranged": 0, "melee": 1, "source": "house",
                "verified": False} for i in range(MAX_ENEMY_CARDS)]
    threats = [{"key": f"t{i}-" + "k" * 30, "name": "T" * 60, "enemy": enemies[i]["key"],
                "source": "house", "verified": False} for i in range(MAX_THREAT_CARDS)]
    t = Table(pack=chosen({"game": "hellboy-board", "enemies": enemies, "threats": threats}))
    embed = presets_embed(t.state, ["p" * 32] * 24)
    check_embed(embed)
    listed = embed.fields[0].value or ""
    assert "house data, unverified" in listed and "pack ourbox" in listed
    assert listed.endswith("more cards") and "…and " in listed


def test_small_wording_and_buttons_of_issue_23() -> None:
    """'1 pips'; /hbboard rules naming a /hbboard heal that does not exist; a Draw a
    Doom card button in every phase (the Doom phase draws: public rules, H)."""
    t = started()
    assert "Draw a Doom card" not in [label for label, _, _ in buttons(t.state)]
    t.to_phase("doom")
    assert "Draw a Doom card" in [label for label, _, _ in buttons(t.state)]
    t.to_phase("rest")
    assert "/hbboard heal`" not in (rules_embed(t.state).description or "")
    assert "`/hbboard agentstate change:heal`" in (rules_embed(t.state).description or "")
    t = started()
    t.to_phase("agent")
    t.do("test", agent="abe", skill="explore", total=1)
    assert t.events[-1].text.startswith("Abe's Explore test: 1 pip"), t.events[-1].text


def test_a_threat_nobody_can_lead_says_so_instead_of_offering_no_button() -> None:
    """With every agent knocked out the K2 choice has no button: the board says what
    unblocks the table rather than pointing at buttons that are not there."""
    t = started()
    for agent in ("hellboy", "liz", "abe"):
        t.do("knock_out", agent=agent)
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    game = worst_case_game("hellboy-board", ["Ann", "Bo"])
    (threat,) = [f.value or "" for f in board(game, t.state).fields
                 if (f.name or "").startswith("Unexpected Threat")]
    assert "revive one (`/hbboard agentstate change:revive`)" in threat, threat
    assert "the buttons below" not in threat
    assert not [label for label, _, _ in buttons(t.state) if "Wicked Child" in label]
