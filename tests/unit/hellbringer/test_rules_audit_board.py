"""Rules audit (issue 22, point 8): the player board: AP cards, Skill Points, items
and their connection points, Enchantments, temporary skills, companions, the Perk,
the Location bonus, trading and sharing Attribute Points; each test is named by
its rulebook section and the design study's rule id."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.hellbringer import ENGINE
from engines.hellbringer.models import (
    Activate,
    Assign,
    DiscardCard,
    Enchant,
    EndTurn,
    Equip,
    Learn,
    PlacePoint,
    Segment,
    Trade,
    TradeReply,
    UsePerk,
)
from engines.hellbringer.stats import ap_left, requirement, sees, stats
from tests.unit.hellbringer.audit import (
    board_with,
    full_hand_end,
    held,
    next_turn,
    play,
    rolls,
    settle,
)
from tests.unit.hellbringer.support import clear_board, enemy, fresh, give


def test_e6_ap_cards_change_the_total_at_once() -> None:
    """Action Points (E6): gaining or losing AP cards changes the total immediately,
    for the rest of the turn (Band of Haste +1, the Quickening Brew +1)."""
    state = board_with(1, cards=("band_of_haste", "quickening_brew"), ap=3)
    state, _ = play(state, 0, Equip(card=held(state, 0, "band_of_haste")))
    assert ap_left(state, state.heroes[0]) == 3 - 2 + 1
    state, _ = play(state, 0, Activate(card=held(state, 0, "quickening_brew")))
    assert ap_left(state, state.heroes[0]) == 3
    state = next_turn(state, 0)
    assert stats(state, state.heroes[0])["ap"] == 4, "the brew's AP is gone, the Band's stays"
    state, _ = play(state, 0, DiscardCard(card=next(iter(state.heroes[0].equipped.values()))))
    assert ap_left(state, state.heroes[0]) == 3, "losing the Band takes its AP at once"


def test_j8_e6_an_ap_attribute_point_counts_at_once() -> None:
    """Assign an Attribute Point (J8, J9): the Additional Action counts at once."""
    state = board_with(1, enemy(health=5, armor=0))
    state, _ = play(state, 0, Equip(card="worn_sword#1"))
    state, _ = play(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state, _ = rolls(state, "5", "0", "0", "0")
    left = ap_left(state, state.heroes[0])
    state, _ = play(state, 0, PlacePoint(attr="ap"))
    assert ap_left(state, state.heroes[0]) == left + 1


def test_e8_a_dropped_skill_limit_discards_skills_at_once() -> None:
    """Skill Points (E8): 'if the limit drops, discard Skills at once' (Spell Focus,
    +1 Skill Point, leaves the board)."""
    state = board_with(1, cards=("spell_focus", "ember_bolt", "keen_eye", "cleave_arc"))
    state, _ = play(state, 0, Equip(card=held(state, 0, "spell_focus")))
    for cid in ("ember_bolt", "keen_eye", "cleave_arc"):
        state, _ = play(state, 0, Learn(card=held(state, 0, cid)))
    assert len(state.heroes[0].learned) == 3
    state = next_turn(state, 0)
    focus = next(iter(state.heroes[0].equipped.values()))
    newest = state.heroes[0].learned[-1]
    state, _ = play(state, 0, DiscardCard(card=focus))
    assert len(state.heroes[0].learned) == 2 and newest in state.dungeon.discard


def test_f4_an_item_not_activated_this_turn_is_discarded_for_free() -> None:
    """Items (F4): an equipped item may be discarded at no cost if it was not
    activated this turn (equipping activates it), its enchantments with it (H12)."""
    state = board_with(1, cards=("rune_of_fire",))
    state, _ = play(state, 0, Equip(card="worn_sword#1"))
    rune = held(state, 0, "rune_of_fire")
    state, _ = play(state, 0, Enchant(card=rune, item="worn_sword#1"))
    assert DiscardCard(card="worn_sword#1") not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError, match="activated this turn"):
        ENGINE.apply(state, 0, DiscardCard(card="worn_sword#1"))
    state = next_turn(state, 0)
    left = ap_left(state, state.heroes[0])
    state, _ = play(state, 0, DiscardCard(card="worn_sword#1"))
    assert ap_left(state, state.heroes[0]) == left
    assert {"worn_sword#1", rune} <= set(state.dungeon.discard)
    assert state.heroes[0].equipped == {} and state.heroes[0].enchants == {}


def test_f5_one_card_per_connection_point_a_two_point_item_needs_both() -> None:
    """Connection points (F5): one card per point; the Great Maul (red and green)
    fits only with both free."""
    state = board_with(1, cards=("great_maul", "tower_shield"), ap=5)
    maul = held(state, 0, "great_maul")
    state, _ = play(state, 0, Equip(card=held(state, 0, "tower_shield")))
    assert Equip(card=maul) not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError, match="green connection point already holds an item"):
        ENGINE.apply(state, 0, Equip(card=maul))
    state = give(clear_board(fresh(1)), 0, "great_maul", "notched_longsword")
    state.enemies = [enemy(sight=9)]
    state.heroes[0].base["ap"] = 5
    maul = held(state, 0, "great_maul")
    state, _ = play(state, 0, Equip(card=maul))
    assert state.heroes[0].equipped == {"red": maul, "green": maul}
    sword = held(state, 0, "notched_longsword")
    with pytest.raises(RuleError, match="red connection point"):
        ENGINE.apply(state, 0, Equip(card=sword))


def test_g3_h4_only_the_top_locations_bonus_counts() -> None:
    """Enemy Sight (G3, H4): the Crypt (+1) then the Cave (+2) make +2, never +3."""
    state = board_with(1, enemy("orc#1", sight=1))
    d = state.dungeon
    d.removed += [s.tome for s in d.segments[:2] if s.tome]
    d.segments[0] = Segment(location="crypt#1")
    d.segments[1] = Segment(location="cave#1")
    hand = state.heroes[0].hand
    state, said = play(state, 0, EndTurn(discard=tuple(hand[:3])))
    state, more = settle(state)
    assert {"The party reaches the Crypt.", "The party reaches the Cave."} <= set(said + more)
    orc = next(e for e in state.enemies if e.uid == "orc#1")
    assert requirement(state, orc) == 1 + 2


def test_h3_the_perk_is_used_once_per_game_its_infinite_effect_stays() -> None:
    """Perk (H3): once per game; its Infinite effect (Bloodrage: +5 Health) lasts."""
    state = board_with(1, enemy(armor=30))
    health = stats(state, state.heroes[0])["health"]
    state, _ = play(state, 0, UsePerk(target="ogre#1"))
    state, _ = rolls(state, "0", "0", "0")
    assert not any(isinstance(a, UsePerk) for a in ENGINE.legal_actions(state, 0))
    with pytest.raises(RuleError, match="once per game"):
        ENGINE.apply(state, 0, UsePerk(target="ogre#1"))
    state = next_turn(state, 0)
    assert not any(isinstance(a, UsePerk) for a in ENGINE.legal_actions(state, 0))
    assert stats(state, state.heroes[0])["health"] == health


def test_h12_enchantments_fill_the_items_slots_and_add_to_its_attack() -> None:
    """Enchantment (H12): under an equipped item, as many as its slots; it never
    returns to the hand; the item's attack gains its dice."""
    state = board_with(1, enemy(armor=30), cards=("rune_of_fire", "rune_of_venom"), ap=4)
    fire, venom = held(state, 0, "rune_of_fire"), held(state, 0, "rune_of_venom")
    with pytest.raises(RuleError, match="equipped items"):
        ENGINE.apply(state, 0, Enchant(card=fire, item="worn_sword#1"))
    state, _ = play(state, 0, Equip(card="worn_sword#1"))
    state, _ = play(state, 0, Enchant(card=fire, item="worn_sword#1"))
    assert Enchant(card=venom, item="worn_sword#1") not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError, match="no free enchantment slot"):
        ENGINE.apply(state, 0, Enchant(card=venom, item="worn_sword#1"))
    assert fire not in state.heroes[0].hand
    state, _ = play(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    request = ENGINE.chance(state)
    assert request is not None and len(request.items) == 2 + 2 + 1, "Warrior +2, rune +1"


def test_h13_an_unlearned_skill_is_temporary_and_discarded_at_the_end_of_turn() -> None:
    """Skill (H13): a skill played from the hand goes to Temporary and is discarded
    when its effect ends (Keen Eye, +2 Sight this turn)."""
    state = board_with(1, enemy("orc#1", sight=4), cards=("keen_eye",))
    eye = held(state, 0, "keen_eye")
    orc = state.enemies[0]
    assert not sees(state, state.heroes[0], orc)
    state, _ = play(state, 0, Activate(card=eye))
    assert state.heroes[0].temporary == [eye] and sees(state, state.heroes[0], orc)
    state, _ = play(state, 0, EndTurn(discard=(state.heroes[0].hand[0],)))
    assert state.heroes[0].temporary == [] and eye in state.dungeon.discard


def test_h13_a_learned_skill_is_reused_every_turn() -> None:
    """Skill (H13): a learned skill stays and is activated again on later turns."""
    state = board_with(1, enemy(armor=30), cards=("ember_bolt",))
    bolt = held(state, 0, "ember_bolt")
    state, _ = play(state, 0, Learn(card=bolt))
    state, _ = play(state, 0, Activate(card=bolt, target="ogre#1"))
    state, _ = rolls(state, "0", "0")
    assert Activate(card=bolt, target="ogre#1") not in ENGINE.legal_actions(state, 0)
    state = next_turn(state, 0)
    assert bolt in state.heroes[0].learned
    assert Activate(card=bolt, target="ogre#1") in ENGINE.legal_actions(state, 0)


def test_h14_a_companion_attacks_free_combines_with_its_owner_and_has_a_limit() -> None:
    """Companion (H14): its attack is free in its owner's turn and counts as the
    owner's (it combines); one companion unless stated; free to discard unused."""
    state = board_with(1, enemy(armor=30), cards=("grave_hound", "tusked_boar"), ap=3)
    hound, boar = held(state, 0, "grave_hound"), held(state, 0, "tusked_boar")
    state, _ = play(state, 0, Assign(card=hound, to=0))
    assert Assign(card=boar, to=0) not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError, match="as many companions as allowed"):
        ENGINE.apply(state, 0, Assign(card=boar, to=0))
    state, _ = play(state, 0, Equip(card="worn_sword#1"))
    state, _ = play(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state, _ = rolls(state, "10", "10", "5", "0")
    left = ap_left(state, state.heroes[0])
    state, said = play(state, 0, Activate(card=hound, target="ogre#1"))
    assert ap_left(state, state.heroes[0]) == left, "free during its owner's turn"
    state, said = rolls(state, "10")
    assert "35 damage against 40: Ogre survives." in said, "25 + 10 combined"
    state = next_turn(state, 0)
    state, _ = play(state, 0, DiscardCard(card=hound))
    assert state.heroes[0].companions == [] and hound in state.dungeon.discard


def test_h14_g5_a_companion_assigned_to_another_player_sees_with_its_owner() -> None:
    """Companion (H14, G5): it may be assigned to another player as it comes into
    play, and then sees with that owner's Sight (P2 at Sight 0 can't reach the Orc
    that P1 sees)."""
    state = board_with(2, enemy("orc#1", sight=2), cards=("grave_hound",))
    state.heroes[1].base["sight"] = 0
    hound = held(state, 0, "grave_hound")
    state, _ = play(state, 0, Assign(card=hound, to=1))
    assert [c.card for c in state.heroes[1].companions] == [hound]
    assert not state.heroes[0].companions
    state, _ = play(state, 0, full_hand_end(state, 0))
    state, _ = settle(state)
    assert ENGINE.to_move(state) == [1] and state.heroes[0].hand
    assert not any(isinstance(a, Activate) and a.card == hound
                   for a in ENGINE.legal_actions(state, 1))
    with pytest.raises(RuleError, match="OUT OF SIGHT"):
        ENGINE.apply(state, 1, Activate(card=hound, target="orc#1"))
    state.heroes[1].base["sight"] = 2
    assert Activate(card=hound, target="orc#1") in ENGINE.legal_actions(state, 1)


def test_m1_trading_with_an_eliminated_player() -> None:
    """Co-op, Trading a Card (M1): once per Player Turn, no AP, allowed with an
    eliminated player, who answers."""
    state = board_with(2)
    state.heroes[1].eliminated = True
    mine, theirs = state.heroes[0].hand[0], state.heroes[1].hand[0]
    ap = ap_left(state, state.heroes[0])
    state, _ = play(state, 0, Trade(give=mine, partner=1))
    assert ENGINE.to_move(state) == [1]
    state, said = play(state, 1, TradeReply(give=theirs))
    assert "P2 and P1 trade a card." in said
    assert theirs in state.heroes[0].hand and mine in state.heroes[1].hand
    assert ap_left(state, state.heroes[0]) == ap
    assert not any(isinstance(a, Trade) for a in ENGINE.legal_actions(state, 0))
    with pytest.raises(RuleError, match="already traded a card this turn"):
        ENGINE.apply(state, 0, Trade(give=state.heroes[0].hand[1], partner=1))


def test_m5_an_earned_attribute_point_may_go_to_a_player_with_fewer() -> None:
    """Attribute sharing (M5): for free, to a player with fewer Attribute cards than
    the giver (P1 holds one), even an eliminated one; never to one with as many."""
    state = board_with(2, enemy(health=5, armor=0), enemy("imp#1", health=5, armor=0))
    state.heroes[1].eliminated = True
    state.heroes[0].points["sight"] = ["rat#1"]
    state, _ = play(state, 0, Equip(card="worn_sword#1"))
    state, _ = play(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state, _ = rolls(state, "5", "0", "0", "0")
    state, _ = play(state, 0, PlacePoint(attr="armor", to=1))
    assert state.heroes[1].points["armor"] == ["ogre#1"]
    state.heroes[0].used = []
    state, _ = play(state, 0, Activate(card="worn_sword#1", target="imp#1"))
    state, _ = rolls(state, "5", "0", "0", "0")
    assert PlacePoint(attr="armor", to=1) not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError, match="fewer of them than you"):
        ENGINE.apply(state, 0, PlacePoint(attr="armor", to=1))
    state, _ = play(state, 0, PlacePoint(attr="armor"))
    assert state.heroes[0].points == {"sight": ["rat#1"], "armor": ["imp#1"]}
