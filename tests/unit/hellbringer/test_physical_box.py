"""A physical table with the real box (issue 22, points 1-4): the Quick Game's
Starter Elixir counted, enemy ability tags entered, applied and said with the enemy
they come from, and the GM's corrections of a hand count and of a pile."""

from __future__ import annotations

import re

import pytest

from bot.games.hellbringer.forms import DiceForm, DrawnForm
from bot.ui.report import form_for
from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.abilities import ability_tags, parse_abilities
from engines.hellbringer.combat import damage_to
from engines.hellbringer.flow import dice_request
from engines.hellbringer.models import (
    Combination,
    Correction,
    EndTurn,
    FixEnemy,
    Pass,
    SetHandCount,
    SetHeroStat,
    SetPerk,
    SetPile,
    UsePerk,
)
from engines.hellbringer.piles import top_segment
from engines.hellbringer.stats import card_id, stats
from tests.unit.hellbringer.support import act, fresh, physical_turn, roll


def _said(events: list[object]) -> str:
    return "\n".join(str(getattr(e, "text", "")) for e in events)


def _fix(state: HellbringerState, fix: Correction) -> tuple[HellbringerState, str]:
    after, events = ENGINE.correct(state, fix)
    return after, _said(list(events))


def _physical(**options: bool) -> HellbringerState:
    return ENGINE.setup([Seat(index=0, name="P1")], HellbringerOptions(mode="physical",
                                                                       **options))


def test_setup_quick_game_every_hero_gets_the_starter_elixir_at_a_physical_table() -> None:
    """Setup, Quick Game: 'every hero gets the Starter Elixir' at a physical table too
    (4 Commons, the Starter Card and the Elixir), so the count is right from turn 1."""
    state = physical_turn(2)
    assert [len(h.hand) for h in state.heroes] == [6, 6]
    assert all(card_id(c) == "common" for c in state.heroes[0].hand), "all unshown"


def test_setup_without_the_quick_game_elixir_the_hand_is_five() -> None:
    state = roll(_physical(starter_elixir=False), "warrior", "35", "10", "2", "2")
    state = roll(roll(state, "0", "1"), "Rat", "0", "5", "5", "1A")
    assert len(state.heroes[0].hand) == 5


def test_gm_sets_a_hand_count_distinct_from_the_hand_limit() -> None:
    """A GM correction of how many cards a hero holds: unshown cards are added or
    taken; the hand limit stays, and the message says which is which."""
    state = physical_turn(1)
    limit = stats(state, state.heroes[0])["hand"]
    up, said = _fix(state, SetHandCount(seat=0, count=8))
    assert len(up.heroes[0].hand) == 8 and stats(up, up.heroes[0])["hand"] == limit
    assert said == f"GM: P1 now holds 8 cards (hand limit {limit})."
    down, _ = _fix(up, SetHandCount(seat=0, count=3))
    assert len(down.heroes[0].hand) == 3
    assert len(set(down.heroes[0].hand)) == 3, "each card once"


def test_set_hero_stat_hand_names_the_hand_limit_not_a_count() -> None:
    state = physical_turn(1)
    _, said = _fix(state, SetHeroStat(seat=0, stat="hand", value=6))
    assert said == "GM: P1's hand limit is now 6."


def test_a_hand_count_below_the_cards_the_bot_knows_is_refused() -> None:
    state = physical_turn(1)
    state.heroes[0].hand[0] = "x1#1"
    with pytest.raises(RuleError, match=r"^P1 holds 1 card\(s\) the bot knows by name"):
        ENGINE.correct(state, SetHandCount(seat=0, count=0))


def test_hand_and_pile_corrections_are_physical_only() -> None:
    with pytest.raises(RuleError, match="Only a physical table's hands and piles"):
        ENGINE.correct(fresh(1), SetHandCount(seat=0, count=3))


def test_gm_corrects_a_piles_composition_so_the_true_report_is_accepted() -> None:
    """Drawing, physical: after a Common was reported that was really the Combat card,
    the bot's pile has no Combat card left and refuses the truth; `set_pile` puts what
    is left of each kind right, without undo."""
    state = physical_turn(1)
    seg = top_segment(state.dungeon)
    assert seg is not None
    fixed, said = _fix(state, SetPile(commons=0, combat=1, tome=False))
    now = top_segment(fixed.dungeon)
    assert now is not None and (now.commons, now.combat, now.tome) == (0, 1, None)
    assert said.startswith("GM: the pile now holds 0 Common, 1 Combat or Showdown, no Tome")
    state = act(fixed, 0, EndTurn(discard=tuple(fixed.heroes[0].hand[:2])))
    request = ENGINE.chance(state)
    assert request is not None
    assert set(request.items[0].options) <= {"combat", "showdown"}, "no Common left"
    back, _ = _fix(fixed, SetPile(commons=seg.commons, combat=seg.combat, tome=True))
    again = top_segment(back.dungeon)
    assert again is not None and again.tome == seg.tome, "the Tome set aside goes back"


def test_a_pile_with_more_combat_cards_than_the_box_is_refused() -> None:
    state = physical_turn(1)
    state.dungeon.combat = state.dungeon.combat[:4]
    with pytest.raises(RuleError, match=r"^The box has 1 Combat or Showdown card\(s\) left"
                                        r" for this pile, not 2\.$"):
        ENGINE.correct(state, SetPile(commons=1, combat=2))


@pytest.mark.parametrize(("text", "tags"), [
    ("", ""),
    ("sap1 immune-acid", "Sap 1, immune to acid"),
    ("blind discard2 plated hidden", "Blind 1, Discard 2, Plated, Hidden"),
    ("immune damage global1 other: Heals 5 each turn", "Global +1, immune to damage,"
     " other: Heals 5 each turn"),
])
def test_enemy_ability_tags_read_as_the_house_abilities(text: str, tags: str) -> None:
    assert ability_tags(parse_abilities(text)) == tags


@pytest.mark.parametrize("text", ["sap9", "poison", "immune", "other:"])
def test_a_wrong_ability_tag_is_one_sentence(text: str) -> None:
    with pytest.raises(RuleError, match=r"^Abilities: "):
        parse_abilities(text)


def _before_spawn() -> HellbringerState:
    return roll(roll(_physical(), "warrior", "35", "10", "2", "2"), "0", "1")


def _spawned(values: list[str]) -> HellbringerState:
    return roll(_before_spawn(), *values)


def test_immunity_an_acid_immune_enemy_reported_takes_no_acid() -> None:
    """Immunity: an enemy 'immune to acid' entered on the enemy form counts no acid
    dice against it (the bot's arithmetic, not only its text)."""
    state = _spawned(["Cinder", "0", "10", "10", "1D immune-acid"])
    foe = state.enemies[0]
    assert foe.face.ability.immune == ("acid",)
    blow = Combination(seat=0, kind="single", targets=[foe.uid], damage=[5], acid=[10, 10])
    assert damage_to(foe, blow) == 5


def test_an_enemy_entering_play_says_its_abilities() -> None:
    _, events = ENGINE.resolve(_before_spawn(), ChanceOutcome(
        values=["Ghoul", "0", "5", "5", "1A sap1 other: Howls"]))
    assert "Ghoul enters play (Sap 1, other: Howls)." in _said(list(events))


def _struck(tags: str) -> tuple[HellbringerState, str]:
    """The Enemies' Turn at a physical table: one Ghoul with `tags` hits P1 and P1
    stands; every report is the table's (draws, the Enemy Die, the pool), and P1
    plays no Any Time card when the defence window opens before the abilities."""
    state = _spawned(["Ghoul", "0", "5", "5", f"1D {tags}"])
    hand = state.heroes[0].hand
    state = act(state, 0, EndTurn(discard=tuple(hand[:2])))
    said: list[object] = []
    for _ in range(20):
        request = ENGINE.chance(state)
        if request is None:
            waiting = [s for s in range(state.players) if Pass() in ENGINE.legal_actions(state, s)]
            if not waiting:
                break
            state, events = ENGINE.apply(state, waiting[0], Pass())
            said += list(events)
            continue
        keys = [i.key for i in request.items]
        if keys == ["card"]:
            values = ["common" if "common" in request.items[0].options
                      else request.items[0].options[0]]
        elif keys == ["enemy"]:
            values = ["Player Hit"]
        else:
            values = ["0"] * len(keys)
        state, events = ENGINE.resolve(state, ChanceOutcome(values=values))
        said += list(events)
    return state, _said(said)


def test_sap_on_hit_is_applied_and_said_with_the_enemy() -> None:
    """Enemy abilities on a hit: the Ghoul's Sap costs its target AP on their next turn,
    and the log says which enemy did it."""
    state, said = _struck("sap1")
    assert "The Ghoul's Sap: P1 loses 1 AP on their next turn." in said
    assert any(b.stats.get("ap") == -1 for b in state.heroes[0].boosts)


def test_an_other_ability_is_left_to_the_gm_with_its_text() -> None:
    _, said = _struck("other: steals a card")
    assert "The Ghoul's ability hits P1; the GM applies it by hand: steals a card" in said


def test_fix_enemy_sets_the_abilities_too() -> None:
    state = _spawned(["Cinder", "0", "10", "10", "1D"])
    uid = state.enemies[0].uid
    fixed, said = _fix(state, FixEnemy(enemy=uid, sight=0, health=10, armor=10, dice="1D",
                                       abilities="immune-acid plated"))
    assert fixed.enemies[0].face.ability.immune == ("acid",)
    assert fixed.enemies[0].face.ability.plated
    assert said == "GM: Cinder corrected (immune to acid, Plated)."
    with pytest.raises(RuleError, match=r"^Abilities: 'poison' is not a tag"):
        ENGINE.correct(state, FixEnemy(enemy=uid, sight=0, health=10, armor=10, dice="1D",
                                       abilities="poison"))


def test_drawing_the_end_of_turn_draw_is_one_form_for_all_its_cards() -> None:
    """1.3 'draw up to your hand limit' at a physical table: the cards of one draw are
    one request (one form), read in the order drawn, with the first card's odds."""
    state = physical_turn(1)
    state = act(state, 0, EndTurn(discard=tuple(state.heroes[0].hand[:3])))
    request = ENGINE.chance(state)
    assert request is not None
    assert [i.key for i in request.items] == ["card", "card2", "card_monsters", "card_monster"]
    assert request.prompt == "Draw 2 cards from the Common pile for P1"
    form = form_for("hellbringer", request)
    assert isinstance(form, DrawnForm)
    cards, monsters, _ = form.fields(request)
    assert cards.label == "The 2 cards, in the order drawn"
    assert monsters.label == "Monsters per Combat card (blank: as printed)"
    assert not monsters.required
    assert form.values(request, ["common, combat"]) == ["common", "combat", "", ""]
    assert form.values(request, ["Common Tome II", "0"]) == ["common", "tome_ii", "0", ""]
    with pytest.raises(RuleError, match=r"^Name the 2 cards drawn, in order"):
        form.values(request, ["common"])
    after, events = ENGINE.resolve(state, ChanceOutcome(values=["common", "combat", "", ""]))
    said = _said(list(events))
    assert "P1 draws a Common card." in said and "P1 draws a Combat card." in said
    assert "Combat: 1 Monster enters play." in said, "blank: the rulebook's one Monster"
    nxt = ENGINE.chance(after)
    assert nxt is not None and nxt.items[0].key == "enemy_name", \
        "no second form for the Combat card: its Monster is drawn next"
    _, events = ENGINE.resolve(state, ChanceOutcome(values=["common", "combat", "2", ""]))
    assert "Combat: 2 Monsters enter play." in _said(list(events))
    with pytest.raises(RuleError, match=r"^Monsters per Combat card: you drew none"):
        ENGINE.resolve(state, ChanceOutcome(values=["common", "common", "1", ""]))


def test_the_draw_form_tells_the_first_monster_a_combat_card_brings() -> None:
    """Combat card (R:166, 'draw a Monster into play') at a physical table: the draw's
    own form may tell its Monster on one line, which enters play with its abilities,
    no enemy form after; a second Monster still gets its form. A line that can't be
    read, or a Monster with no Combat card, is one sentence and changes nothing."""
    state = physical_turn(1)
    state = act(state, 0, EndTurn(discard=tuple(state.heroes[0].hand[:3])))
    ghoul = "Ghoul, 1, 10, 5, 2D sap1 immune-acid"
    after, events = ENGINE.resolve(state, ChanceOutcome(values=["common", "combat", "", ghoul]))
    said = _said(list(events))
    assert "Ghoul enters play (Sap 1, immune to acid)." in said
    assert after.enemies[-1].face.name == "Ghoul" and after.enemies[-1].face.damage == 2
    nxt = ENGINE.chance(after)
    assert nxt is None or nxt.items[0].key != "enemy_name", "no enemy form for it"
    after, _ = ENGINE.resolve(state, ChanceOutcome(values=["common", "combat", "2", ghoul]))
    nxt = ENGINE.chance(after)
    assert nxt is not None and nxt.items[0].key == "enemy_name", "the 2nd Monster's form"
    before = state.model_copy(deep=True)
    for values, match in ((["common", "common", "", ghoul], "your draw brings none"),
                          (["common", "combat", "0", ghoul], "your draw brings none"),
                          (["common", "combat", "", "Ghoul 1 10 5 2D"], "with commas"),
                          (["common", "combat", "", "Ghoul, 1, 12, 5, 2D"], "in fives")):
        with pytest.raises(RuleError, match=match):
            ENGINE.resolve(state, ChanceOutcome(values=values))
        assert state == before


def test_a_drawn_set_the_pile_cannot_hold_is_refused_whole() -> None:
    """A batch naming two Tomes (a pile holds one) is one sentence pointing the GM to
    `set_pile`, and the table is unchanged."""
    state = physical_turn(1)
    state = act(state, 0, EndTurn(discard=tuple(state.heroes[0].hand[:3])))
    with pytest.raises(RuleError, match=r"^The bot's pile holds 5 Common, 1 Combat or Showdown"
                                        r" and its Tome; .*set_pile"):
        ENGINE.resolve(state, ChanceOutcome(values=["tome_ii", "tome_ii", "", ""]))


def test_the_hero_sheet_records_the_perk_and_says_the_class_cards_other_stats() -> None:
    """Setup: the sheet asks the class and Perk I or II; Skill Points, hand limit and
    companions come from the class and are said aloud, for the GM to correct."""
    state, events = ENGINE.resolve(_physical(), ChanceOutcome(
        values=["Sorcerer II", "25", "10", "2", "2"]))
    hero = state.heroes[0]
    assert hero.printed_perk == 2 and hero.perk is None, "no house Perk at a physical table"
    said = _said(list(events))
    assert re.search(r"From the class card: Skill Points \d, hand limit \d, 1 companion,"
                     r" Perk II \(once per game\)\.", said), said
    assert roll(_physical(), "warrior", "35", "10", "2", "2").heroes[0].printed_perk == 1
    with pytest.raises(RuleError, match=r"^Perk: write I or II after the class"):
        ENGINE.resolve(_physical(), ChanceOutcome(values=["warrior III", "35", "10", "2", "2"]))


def test_perk_once_per_game_at_a_physical_table_is_recorded() -> None:
    """Perk: 'once per game'. The bot knows no printed Perk, so using it records the
    use (and says the table applies the card); it is then gone from the moves."""
    state = physical_turn(1)
    assert UsePerk() in ENGINE.legal_actions(state, 0)
    state, events = ENGINE.apply(state, 0, UsePerk())
    assert state.heroes[0].perk_used
    assert "P1 uses Perk I (once per game): apply it as your class card says" in \
        _said(list(events))
    assert UsePerk() not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError, match="once per game"):
        ENGINE.apply(state, 0, UsePerk())
    fixed, said = _fix(state, SetPerk(seat=0, perk=2, used=False))
    assert said == "GM: P1 has Perk II (not used yet)."
    assert UsePerk() in ENGINE.legal_actions(fixed, 0)


def test_gm_sets_the_companion_limit_printed_on_the_class_card() -> None:
    fixed, said = _fix(physical_turn(1), SetHeroStat(seat=0, stat="companions", value=2))
    assert stats(fixed, fixed.heroes[0])["companions"] == 2
    assert said == "GM: P1's companion limit is now 2."


def test_an_attack_roll_may_be_reported_as_its_total() -> None:
    """Attack: only the damage total (and the acid total, for an immunity) meets the
    threshold, so a total stands for the faces; the enemies' pool keeps its faces (a
    defence may ignore its highest dice)."""
    attack = dice_request(3, 1, "Roll the attack", 0)
    form = form_for("hellbringer", attack)
    assert isinstance(form, DiceForm)
    assert "or their total" in form.fields(attack)[0].placeholder
    values = form.values(attack, ["15", "5"])
    assert sum(int(v) for v in values[:3]) == 15 and values[3] == "5"
    assert form.values(attack, ["5 10 0", "0"]) == ["5", "10", "0", "0"]
    with pytest.raises(RuleError, match=r"^Damage dice: 3 dice showing 0, 5, 10 can't"
                                        r" total 35\.$"):
        form.values(attack, ["35", "5"])
    pool = dice_request(3, 0, "Roll the enemies' combined dice", None)
    assert "or their total" not in form.fields(pool)[0].placeholder
    with pytest.raises(RuleError, match=r"^Damage dice: type 3 faces"):
        form.values(pool, ["15"])
