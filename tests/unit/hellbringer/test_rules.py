"""One test per rule of the rulebook (../shared/rules/hellbringer.md), named after
its section, with exact dice injected."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engines.core.chance import sample
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.cards import catalogue
from engines.hellbringer.models import (
    Activate,
    Defend,
    DiscardCards,
    EndTurn,
    Equip,
    Learn,
    MoveEnemy,
    Pass,
    PlacePoint,
    Respawn,
    SetHeroStat,
)
from engines.hellbringer.odds import at_least, strike_now
from engines.hellbringer.piles import cards_to_next_location, per_pile
from engines.hellbringer.stats import requirement, row, stats, threshold
from tests.unit.hellbringer.support import act, clear_board, enemy, fresh, give, roll


def test_common_draw_pile_creation_seed_counts() -> None:
    """Piles 1-4: 3 Common Cards + 2 per player, 1 Combat per player, a Tome, a Location."""
    state = fresh(2)
    segs = state.dungeon.segments
    assert [s.commons for s in segs[:4]] == [7, 7, 7, 7]
    assert [s.combat for s in segs[:4]] == [2, 2, 2, 2]
    tomes = [str(s.tome).split("#")[0] for s in segs[:4]]
    assert tomes == ["tome_ii", "tome_iii", "tome_iv", "tome_v"]
    assert [str(s.location).split("#")[0] for s in segs[:4]] == ["crypt", "cave", "hell", "tomb"]
    assert segs[4].location is None and segs[4].combat == 0


def test_common_draw_pile_creation_older_count_is_an_option() -> None:
    state = fresh(3, pile_commons="older")
    assert per_pile(state.options, 3) == 7
    assert state.dungeon.segments[0].commons == 7


def test_dealing_cards_in_hand_and_class_selection() -> None:
    """Four Commons each, one Starter Card, the Starter Elixir (Quick Game); the Mule has four."""
    state = fresh(2)
    assert all(len(h.hand) == 6 for h in state.heroes)
    assert "worn_sword#1" in state.heroes[0].hand
    assert "last_breath_flask#1" in state.heroes[0].hand
    assert len(state.dungeon.mule) == 4


def test_start_the_game_graveyard_places_starter_monsters() -> None:
    state = fresh(1)
    graveyard = catalogue().location("graveyard")
    assert graveyard is not None and len(state.enemies) == graveyard.spawns[0]
    assert all(e.face.group == "starter" for e in state.enemies)


def test_tracking_the_sight_location_bonus_is_added() -> None:
    """'Orcs have a prerequisite of 1 Sight. The Cave gives +2': a total of 3."""
    state = clear_board(fresh(1))
    state.enemies = [enemy("orc#1", sight=1)]
    state.dungeon.locations.append("cave#1")
    assert requirement(state, state.enemies[0]) == 3
    state.heroes[0].base["sight"] = 4
    assert row(state, state.enemies[0]) == "in"


def test_mixed_sight_row_is_co_op_only() -> None:
    state = clear_board(fresh(2))
    state.enemies = [enemy(sight=3)]
    state.heroes[0].base["sight"], state.heroes[1].base["sight"] = 3, 1
    assert row(state, state.enemies[0]) == "mixed"
    solo = clear_board(fresh(1))
    solo.enemies = [enemy(sight=9)]
    assert row(solo, solo.enemies[0]) == "out"


def test_attributes_health_never_below_five_armor_never_below_zero() -> None:
    state = fresh(1)
    state.heroes[0].base["health"], state.heroes[0].base["armor"] = -20, -50
    s = stats(state, state.heroes[0])
    assert (s["health"], s["armor"]) == (5, 0)


def _attacker(damage_threshold_armor: int = 30) -> HellbringerState:
    state = clear_board(fresh(1))
    state.enemies = [enemy(health=10, armor=damage_threshold_armor)]
    return act(state, 0, Equip(card="worn_sword#1"))


def test_calculate_the_damage_below_the_total_the_target_survives() -> None:
    state = _attacker()
    state = act(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state = roll(state, "10", "10", "10", "0")  # 30 < 40
    assert state.enemies and state.attack is not None


def test_calculate_the_damage_equal_to_the_total_eliminates() -> None:
    state = _attacker(damage_threshold_armor=20)
    state = act(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state = roll(state, "10", "10", "10", "0")  # 30 >= 30
    assert not state.enemies
    assert state.queue[0].what == "place_point"  # type: ignore[union-attr]


def test_combine_attacks_single_target_totals_add_up() -> None:
    """Staff then Cyclone: 'adds the total to what he rolled'."""
    state = give(_attacker(), 0, "ember_bolt")
    state = act(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state = roll(state, "10", "10", "5", "0")
    assert state.enemies
    bolt = next(c for c in state.heroes[0].hand if c.startswith("ember_bolt"))
    state = act(state, 0, Activate(card=bolt, target="ogre#1"))
    state = roll(state, "5", "0")  # 30 + 5 = 35 < 40: it still stands
    assert state.enemies
    assert state.attack is not None and sum(state.attack.damage) == 30


def test_equipping_an_item_activates_it_its_attack_free_later_that_turn() -> None:
    state = _attacker()
    spent = state.heroes[0].ap_spent
    state = act(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    assert state.heroes[0].ap_spent == spent == 1


def test_card_use_limitation_once_per_turn() -> None:
    state = _attacker()
    state = act(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state = roll(state, "0", "0", "0", "0")
    with pytest.raises(RuleError, match="already been activated"):
        ENGINE.apply(state, 0, Activate(card="worn_sword#1", target="ogre#1"))


def test_learn_a_skill_sphere_must_be_general_or_your_class() -> None:
    state = give(fresh(1), 0, "arcane_torrent", "ember_bolt")
    hand = state.heroes[0].hand
    with pytest.raises(RuleError, match="general sphere or of your class"):
        ENGINE.apply(state, 0, Learn(card=next(c for c in hand if c.startswith("arcane"))))
    state = act(state, 0, Learn(card=next(c for c in hand if c.startswith("ember"))))
    assert len(state.heroes[0].learned) == 1


def test_skill_points_limit_learning() -> None:
    """'Skill Points indicate the number of Skill Cards the player can learn' (Warrior: 2)."""
    state = give(fresh(1), 0, "ember_bolt", "cleave_arc", "keen_eye")
    for name in ("ember", "cleave"):
        hand = state.heroes[0].hand
        state = act(state, 0, Learn(card=next(c for c in hand if c.startswith(name))))
    keen = next(c for c in state.heroes[0].hand if c.startswith("keen"))
    with pytest.raises(RuleError, match="Skill Points limit"):
        ENGINE.apply(state, 0, Learn(card=keen))


def test_assign_an_attribute_point_values() -> None:
    """+5 Health, +10 Armor, +1 Sight (one card per kill)."""
    state = _attacker(damage_threshold_armor=0)
    state = act(state, 0, Activate(card="worn_sword#1", target="ogre#1"))
    state = roll(state, "5", "5", "0", "0")
    before = stats(state, state.heroes[0])["armor"]
    state = act(state, 0, PlacePoint(attr="armor"))
    assert stats(state, state.heroes[0])["armor"] == before + 10
    assert state.heroes[0].points["armor"] == ["ogre#1"]


def test_discard_and_draw_cards_any_number_voluntarily() -> None:
    """1.3 Discard & Draw Cards: with a full hand the player may end the turn discarding
    as many cards as they want (here three), then draws back to the limit."""
    state = clear_board(fresh(1))
    state = act(state, 0, Equip(card="worn_sword#1"))
    hand = list(state.heroes[0].hand)
    limit = stats(state, state.heroes[0])["hand"]
    assert len(hand) == limit == 5
    ends = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, EndTurn)]
    assert ends[0] == EndTurn(), "no discard comes first"
    assert len(ends) == 2 ** limit, "every set of cards, from none to the whole hand"
    three = tuple(hand[:3])
    assert EndTurn(discard=three) in ends
    state = act(state, 0, EndTurn(discard=three))
    assert state.dungeon.discard[-3:] == list(three)
    for cid in ("ember_bolt", "frost_ring", "keen_eye"):
        state = roll(state, cid)
    kept = state.heroes[0].hand
    assert len(kept) == limit
    assert kept[:2] == hand[3:] and [c.split("#")[0] for c in kept[2:]] == \
        ["ember_bolt", "frost_ring", "keen_eye"]


def test_discard_and_draw_cards_only_cards_in_hand() -> None:
    """1.3: a discard naming a card not in the hand is refused in one sentence, and
    nothing changes (nor is it among the legal moves)."""
    state = clear_board(fresh(1))
    hand = state.heroes[0].hand
    stranger = next(c for c in state.dungeon.commons if c not in hand)
    wrong = EndTurn(discard=(hand[0], hand[1], stranger))
    assert wrong not in ENGINE.legal_actions(state, 0)
    before = state.fork()
    with pytest.raises(RuleError, match=r"^Discard only cards in your hand, each once\.$"):
        ENGINE.apply(state, 0, wrong)
    assert state == before


def _enemies_turn(players: int = 1, damage: int = 2,
                  face: str = "Player Hit") -> HellbringerState:
    state = clear_board(fresh(players))
    state.enemies = [enemy(damage=damage, sight=9)]
    for seat in range(players):
        hand = state.heroes[seat].hand
        extra = max(0, len(hand) - stats(state, state.heroes[seat])["hand"])
        state = act(state, seat, EndTurn(discard=tuple(hand[:extra])))
        state = _draws(state)
    return roll(state, face)


def _draws(state: HellbringerState) -> HellbringerState:
    """Resolve pending card draws with a seeded sample (they don't matter here)."""
    rng = random.Random(1)
    request = ENGINE.chance(state)
    while request is not None and request.prompt.startswith("Draw"):
        state = ENGINE.resolve(state, sample(request, rng))[0]
        request = ENGINE.chance(state)
    return state


def test_enemy_die_miss_discards_two_cards() -> None:
    state = _enemies_turn(face="Miss")
    assert state.queue[0].what == "miss_discard" and state.queue[0].count == 2  # type: ignore[union-attr]
    hand = state.heroes[0].hand
    state = act(state, 0, DiscardCards(cards=tuple(hand[:2])))
    assert state.phase == "player"


def test_enemy_die_player_hit_damage_at_threshold_eliminates() -> None:
    state = _enemies_turn(damage=5)
    assert threshold(state, state.heroes[0]) == 50  # Warrior 35 + 10, Bloodrage +5 Health
    state = roll(state, "10", "10", "10", "10", "10")  # exactly 50
    state = act(state, 0, Pass())
    assert state.outcome == "lost"


def test_enemy_die_companion_hit_without_companion_hits_the_player() -> None:
    state = _enemies_turn(damage=5, face="Companion Hit")
    state = roll(state, "10", "10", "10", "10", "10")
    state = act(state, 0, Pass())
    assert state.outcome == "lost"


def test_any_time_defence_avoids_the_damage() -> None:
    """'Jim decides to avoid the damage ... by activating the Starter Elixir.'"""
    state = _enemies_turn(damage=5)
    state = roll(state, "10", "10", "10", "10", "10")
    state = act(state, 0, Defend(card="last_breath_flask#1", target=0))
    state = act(state, 0, Pass())
    assert state.outcome is None and not state.heroes[0].eliminated


def test_ignoring_dice_the_target_drops_the_highest() -> None:
    state = give(_enemies_turn(damage=5), 0, "brace")
    state = roll(state, "10", "10", "10", "10", "10")
    brace = next(c for c in state.heroes[0].hand if c.startswith("brace"))
    state = act(state, 0, Defend(card=brace, target=0))
    state = act(state, 0, Pass())
    assert not state.heroes[0].eliminated  # 30 < 50


def test_co_op_enemies_turn_after_two_player_turns() -> None:
    state = clear_board(fresh(3))
    state.enemies = [enemy(damage=1, sight=9)]
    seen: list[int | str] = []
    import random

    from engines.core.chance import sample
    rng = random.Random(3)
    while len(seen) < 6 and state.winners is None:
        req = ENGINE.chance(state)
        if req is not None:
            if req.prompt == "Roll the Enemy Die":
                seen.append("E")
            state = ENGINE.resolve(state, sample(req, rng))[0]
            continue
        seat = ENGINE.to_move(state)[0]
        if state.queue:
            from engines.hellbringer.ai import choose
            state = act(state, seat, choose(state, seat))
            continue
        seen.append(seat)
        hero = state.heroes[seat]
        extra = len(hero.hand) - stats(state, hero)["hand"]
        state = act(state, seat, EndTurn(discard=tuple(hero.hand[:max(0, extra)])))
    assert seen[:6] == [0, 1, "E", 2, 0, "E"]


def test_respawn_every_player_removes_an_attribute_point() -> None:
    state = fresh(2)
    state.heroes[1].eliminated = True
    state.heroes[0].points["armor"] = ["a#1"]
    state.heroes[1].points["sight"] = ["b#1"]
    state.active = 0
    hero = state.heroes[0]
    extra = len(hero.hand) - stats(state, hero)["hand"]
    state = act(state, 0, EndTurn(discard=tuple(hero.hand[:max(0, extra)])))

    state = _draws(state)
    assert state.queue[0].what == "respawn"  # type: ignore[union-attr]
    state = act(state, 1, Respawn(respawn=True))
    from engines.hellbringer.models import RemovePoint
    state = act(state, 1, RemovePoint(attr="sight"))
    state = act(state, 0, RemovePoint(attr="armor"))
    assert not state.heroes[1].eliminated
    assert {"a#1", "b#1"} <= set(state.dungeon.removed)


def test_demon_side_a_flips_to_side_b_then_victory() -> None:
    state = _attacker()
    demon = catalogue().enemies.demon
    state.enemies = [enemy("ember_maw#1", health=5, armor=0)]
    state.enemies[0].face = state.enemies[0].face.model_copy(update={"group": "demon"})
    state.dungeon.demon, state.dungeon.demon_side = [], "A"
    state = act(state, 0, Activate(card="worn_sword#1", target="ember_maw#1"))
    state = roll(state, "5", "0", "0", "0")
    assert state.dungeon.demon_side == "B"
    assert state.enemies[0].face.name == demon.side_b.name
    assert state.outcome is None


def test_dice_odds_are_exact() -> None:
    assert float(at_least(2, 0, 15)) == pytest.approx(0.4444, abs=1e-4)
    assert float(at_least(6, 0, 35)) == pytest.approx(0.6219, abs=1e-3)


def test_strike_now_odds_for_the_attacked_player() -> None:
    state = clear_board(fresh(1))
    state.enemies = [enemy(damage=10, sight=9)]
    state.last_two = [0]
    odds = strike_now(state)
    # every face but Miss hits a hero with no companion: 5/6 x P(10 dice >= threshold)
    need = threshold(state, state.heroes[0])
    assert odds["P1"] == Fraction(5, 6) * at_least(10, 0, need)


def test_next_location_is_predicted() -> None:
    state = fresh(1)
    n, name = cards_to_next_location(state.dungeon)  # type: ignore[misc]
    assert name == "crypt" and n == state.dungeon.segments[0].cards + 1


def test_gm_correction_sets_a_stat_and_moves_an_enemy() -> None:
    state = clear_board(fresh(2))
    state.enemies = [enemy(sight=0)]
    state = ENGINE.correct(state, SetHeroStat(seat=0, stat="armor", value=50))[0]
    assert stats(state, state.heroes[0])["armor"] == 50
    state = ENGINE.correct(state, MoveEnemy(enemy="ogre#1", row="out"))[0]
    assert row(state, state.enemies[0]) == "out"


def test_a_wrong_report_is_one_sentence_and_changes_nothing() -> None:
    state = fresh(1)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Equip(card="no_such#1"))
    assert state == fresh(1)
