"""Rules audit (issue 22, point 8): the Enemy Die's Companion and Global Hits,
defences and potions, all-target strikes, immunity, hidden enemies, elimination,
defeat with a Resurrection pending and discards with nothing left; each test is
named by its rulebook section and the design study's rule id."""

from __future__ import annotations

import pytest

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import (
    Activate,
    Assign,
    Choose,
    Defend,
    DiscardCards,
    EndTurn,
    Equip,
    Pass,
)
from engines.hellbringer.stats import row, stats, threshold
from tests.unit.hellbringer.audit import board_with, draw, full_hand_end, held, play, rolls, settle
from tests.unit.hellbringer.support import enemy


def _enemy_die(state: HellbringerState, face: str) -> tuple[HellbringerState, list[str]]:
    """Every player ends their turn (full hand kept); the Enemy Die shows `face`."""
    for seat in range(state.players):
        if state.heroes[seat].eliminated:
            continue
        assert ENGINE.to_move(state) == [seat]
        state, _ = play(state, seat, full_hand_end(state, seat))
    return draw(state, face)


def _with_hound(face: str) -> HellbringerState:
    """A Warrior (threshold 50) with the Grave Hound (10 Health + 10 Armor) at the
    start of the Enemies' Turn, against an enemy rolling two damage dice (10, 10)."""
    state = board_with(1, enemy(damage=2, sight=9), cards=("grave_hound",))
    state, _ = play(state, 0, Assign(card=held(state, 0, "grave_hound"), to=0))
    state, _ = _enemy_die(state, face)
    state, _ = rolls(state, "10", "10")
    return state


def test_2_9_companion_hit_each_companion_suffers_the_player_is_spared() -> None:
    """Enemy die, Companion Hit (D8): abilities and damage hit each of the player's
    companions; the player is spared."""
    state = _with_hound("Companion Hit")
    hand = list(state.heroes[0].hand)
    state, said = play(state, 0, Pass())
    assert "Grave Hound suffers 20 and is eliminated." in said
    assert state.heroes[0].companions == [] and "grave_hound#1" in state.dungeon.discard
    assert not any(t.startswith("P1 suffers") for t in said)
    assert state.heroes[0].hand == hand and not state.heroes[0].eliminated


def test_2_9_global_hit_companions_then_the_player_each_suffer_the_total() -> None:
    """Enemy die, Global Hit (D8): the companions, then the player, each suffer the
    total separately."""
    state = _with_hound("Global Hit")
    state, said = play(state, 0, Pass())
    hound = said.index("Grave Hound suffers 20 and is eliminated.")
    player = said.index("P1 suffers 20 against 50 and stands.")
    assert hound < player


def test_2_9_global_hit_adds_an_enemys_extra_dice() -> None:
    """Global Hit (D8): an enemy's 'more dice on a Global Hit' joins the pool then only."""
    state = board_with(1, enemy(damage=2, sight=9, global_extra=1))
    state, _ = _enemy_die(state, "Global Hit")
    request = ENGINE.chance(state)
    assert request is not None and len(request.items) == 3


def test_h15_defence_card_is_discarded_once_it_has_defended() -> None:
    """Defense (H15): it defends a target, then goes to the discard pile."""
    state = board_with(1, enemy(damage=5, sight=9), cards=("brace",))
    brace = held(state, 0, "brace")
    state, _ = _enemy_die(state, "Player Hit")
    state, _ = rolls(state, "10", "10", "10", "10", "10")
    state, _ = play(state, 0, Defend(card=brace, target=0))
    assert brace not in state.heroes[0].hand and brace in state.dungeon.discard
    state, said = play(state, 0, Pass())
    assert "P1 suffers 30 against 50 and stands." in said


def test_h16_any_time_potion_is_discarded_once_used() -> None:
    """Potion (H16): a temporary bonus (Ironbark Tonic, +20 Armor this Enemies' Turn),
    discarded when done; the Armor is gone once the Enemies' Turn ends."""
    state = board_with(1, enemy(damage=5, sight=9), cards=("ironbark_tonic",))
    tonic = held(state, 0, "ironbark_tonic")
    state, _ = _enemy_die(state, "Player Hit")
    state, _ = rolls(state, "10", "10", "10", "10", "10")
    state, _ = play(state, 0, Defend(card=tonic, target=0))
    assert tonic in state.dungeon.discard
    assert threshold(state, state.heroes[0]) == 70
    state, said = play(state, 0, Pass())
    assert "P1 suffers 50 against 70 and stands." in said
    assert threshold(state, state.heroes[0]) == 50


def test_h16_potion_played_on_your_turn_lasts_the_turn_then_is_discarded() -> None:
    """Potion (H16): Draught of Clarity (+2 Sight this turn) sits in Temporary, and is
    discarded at the end of the turn with its bonus."""
    state = board_with(1, enemy(sight=9), cards=("draught_of_clarity",))
    draught = held(state, 0, "draught_of_clarity")
    sight = stats(state, state.heroes[0])["sight"]
    state, _ = play(state, 0, Activate(card=draught))
    assert state.heroes[0].temporary == [draught]
    assert stats(state, state.heroes[0])["sight"] == sight + 2
    state, _ = play(state, 0, full_hand_end(state, 0))
    assert draught in state.dungeon.discard and state.heroes[0].temporary == []
    assert stats(state, state.heroes[0])["sight"] == sight


def test_h17_all_target_strike_hits_every_enemy_in_sight_each_separately() -> None:
    """All-Target (H17): every enemy IN SIGHT is hit, each compared separately; an
    enemy OUT OF SIGHT is not."""
    weak, tough, far = (enemy("imp#1", health=5, armor=10), enemy("ogre#1", armor=30),
                        enemy("wraith#1", sight=9, health=5, armor=0))
    state = board_with(1, weak, tough, far, cards=("frost_ring",))
    ring = held(state, 0, "frost_ring")
    assert Activate(card=ring) in ENGINE.legal_actions(state, 0)
    state, _ = play(state, 0, Activate(card=ring))
    assert state.attack is not None and state.attack.targets == ["imp#1", "ogre#1"]
    state, said = rolls(state, "10", "5")
    assert "15 damage against 15: Imp is eliminated." in said
    assert "15 damage against 40: Ogre survives." in said
    assert [e.uid for e in state.enemies] == ["ogre#1", "wraith#1"]


def test_j3_effects_hit_only_enemies_in_play_when_the_card_was_activated() -> None:
    """Card use limitation (J3): 'effects only affect enemies in play at the time of
    activation': a Monster that enters after an all-target roll is not hit by it."""
    state = board_with(1, enemy("ogre#1", armor=30), cards=("frost_ring", "battle_trance"))
    state.heroes[0].base["ap"] = 3
    state, _ = play(state, 0, Activate(card=held(state, 0, "frost_ring")))
    state, _ = rolls(state, "10", "5")
    assert state.attack is not None and sum(state.attack.damage + state.attack.acid) == 15
    state, _ = play(state, 0, Activate(card=held(state, 0, "battle_trance")))
    state, said = draw(state, "ambush", "keen_eye", "tunnel_ghoul")
    newcomer = state.enemies[-1]
    assert said[-1] == f"{newcomer.face.name} enters play."
    assert state.attack is not None and newcomer.uid not in state.attack.targets


def test_j3_a_later_all_target_card_hits_who_is_in_play_when_it_is_activated() -> None:
    """Card use limitation (J3, R:383): 'the effects of a card apply only to enemies in
    play at the time the card is activated', card by card: the second all-target card
    of a combination also hits a Monster that entered after the first, which takes
    only that card's dice, while the first card's target takes both cards' dice."""
    state = board_with(1, enemy("ogre#1", armor=30), cards=("frost_ring", "cleave_arc"),
                       ap=4)
    state, _ = play(state, 0, Activate(card=held(state, 0, "frost_ring")))
    state, _ = rolls(state, "10", "5")
    state.enemies.append(enemy("imp#1", health=5, armor=10))
    state, _ = play(state, 0, Activate(card=held(state, 0, "cleave_arc")))
    assert state.attack is not None and state.attack.targets == ["ogre#1", "imp#1"]
    state, said = rolls(state, "5", "5")
    assert "25 damage against 40: Ogre survives." in said
    assert "10 damage against 15: Imp survives." in said, "the Frost Ring's 15 never hit it"


def test_j13_immune_enemy_ignores_that_damage_type() -> None:
    """Keywords, Immune (J13): acid dice do nothing to an acid-immune enemy, whose
    neighbour the same roll eliminates."""
    for immune, eliminated in (((), True), (("acid",), False)):
        state = board_with(1, enemy("imp#1", health=5, armor=0, immune=immune),
                       cards=("ember_rod",))
        rod = held(state, 0, "ember_rod")
        state, _ = play(state, 0, Equip(card=rod))
        state, _ = play(state, 0, Activate(card=rod, target="imp#1"))
        state, said = rolls(state, "0", "5")
        assert (not state.enemies) is eliminated, said


def test_g4_hidden_enemy_at_sight_0_stays_out_of_sight() -> None:
    """Enemy board FAQ (G4): an enemy at Sight 0 that its own card keeps OUT OF SIGHT
    can't be targeted; all-target attacks pass it by (house: until it is alone)."""
    shade = enemy("shade#1", sight=0, hidden=True)
    state = board_with(1, shade, enemy("ogre#1"), cards=("frost_ring",))
    state.heroes[0].base["ap"] = 3
    assert row(state, state.enemies[0]) == "out"
    assert not any(isinstance(a, Activate) and a.target == "shade#1"
                   for a in ENGINE.legal_actions(state, 0))
    state, _ = play(state, 0, Equip(card="worn_sword#1"))
    with pytest.raises(RuleError, match="OUT OF SIGHT"):
        ENGINE.apply(state, 0, Activate(card="worn_sword#1", target="shade#1"))
    state, _ = play(state, 0, Activate(card=held(state, 0, "frost_ring")))
    assert state.attack is not None and state.attack.targets == ["ogre#1"]


def _two_down() -> HellbringerState:
    """Two players; P1 holds an Elixir of Return; both stand before an enemy rolling
    six damage dice."""
    return board_with(2, enemy(damage=6, sight=9), cards=("elixir_of_return", "tusked_boar"))


def test_m2_elimination_reveals_the_hand_and_discards_companions() -> None:
    """Co-op, Elimination (M2): the hand is revealed, temporary effects end and the
    companions are discarded."""
    state = _two_down()
    boar = held(state, 0, "tusked_boar")
    state, _ = play(state, 0, Assign(card=boar, to=0))
    state, _ = _enemy_die(state, "Player Hit")
    state, _ = rolls(state, *["10"] * 6)
    for seat in (0, 1):
        state, _ = play(state, seat, Pass())
    hero = state.heroes[0]
    assert hero.eliminated and hero.companions == [] and boar in state.dungeon.discard
    seen = ENGINE.view(state, 1)["heroes"][0]
    assert [c["card"] for c in seen["hand"]] == hero.hand


def test_a2_m4_all_eliminated_with_a_resurrection_pending_is_a_defeat() -> None:
    """Defeat (A2) and Resurrection (M4): 'if a Resurrection happens but all players
    are eliminated at the same time', the game is lost."""
    state = _two_down()
    state.heroes[1].eliminated = True
    elixir = held(state, 0, "elixir_of_return")
    state, said = play(state, 0, Defend(card=elixir, target=1))
    assert state.heroes[1].resurrect
    state, _ = _enemy_die(state, "Player Hit")
    state, _ = rolls(state, *["10"] * 6)
    state, said = play(state, 0, Pass())
    assert state.outcome == "lost"
    assert "P2 is Resurrected." not in said


def test_m4_resurrection_returns_the_player_after_the_enemies_turn() -> None:
    """Resurrection (M4), the same table with P1 standing: P2 returns at the end of
    the Enemies' Turn, with no Attribute Point removed."""
    state = _two_down()
    state.heroes[1].eliminated = True
    state, _ = play(state, 0, Defend(card=held(state, 0, "elixir_of_return"), target=1))
    state, _ = _enemy_die(state, "Player Hit")
    state, said = rolls(state, *["5"] * 6)
    assert "P2 is Resurrected." in said and not state.heroes[1].eliminated


def test_d8_an_enemy_with_no_dice_still_applies_its_ability() -> None:
    """2.2 (D8): the enemies' dice are combined and rolled, and abilities apply to the
    targets hit; enemies with no dice at all roll nothing (no empty roll to report)
    and still Sap."""
    state = board_with(1, enemy(damage=0, sight=9, sap=1))
    state, said = _enemy_die(state, "Player Hit")
    assert "P1 suffers 0 against 50 and stands." in said
    assert ENGINE.chance(state) is None
    assert [b.stats for b in state.heroes[0].boosts] == [{"ap": -1, "sight": 0}]


def test_j13_miss_with_no_card_left_to_discard_is_ignored() -> None:
    """Enemy die, Miss, and Keywords, Discard (J13): a player with fewer than two
    cards discards what they have; with none, the discard is ignored."""
    state = board_with(2, enemy(sight=9))
    state, _ = play(state, 0, EndTurn(discard=tuple(state.heroes[0].hand)))
    state, _ = settle(state)
    state, _ = play(state, 1, full_hand_end(state, 1))
    state.heroes[0].hand = []
    state.heroes[1].hand = state.heroes[1].hand[:1]
    state, _ = draw(state, "Miss")
    waits = [s for s in state.queue if isinstance(s, Choose) and s.what == "miss_discard"]
    assert [(s.seat, s.count) for s in waits] == [(1, 1)]
    state, _ = play(state, 1, DiscardCards(cards=tuple(state.heroes[1].hand)))
    assert state.phase == "player" and state.heroes[1].hand == []


def test_j13_on_hit_discard_asks_no_more_than_the_hand_holds() -> None:
    """Keywords, Discard (J13): an on-hit 'discard 3' against one card asks for one."""
    state = board_with(1, enemy(damage=1, sight=9, discard=3))
    state, _ = play(state, 0, full_hand_end(state, 0))
    state, _ = ENGINE.resolve(state, ChanceOutcome(values=["Player Hit"]))
    state.heroes[0].hand = state.heroes[0].hand[:1]
    state, _ = play(state, 0, Pass())
    head = state.queue[0]
    assert isinstance(head, Choose) and head.what == "miss_discard" and head.count == 1
