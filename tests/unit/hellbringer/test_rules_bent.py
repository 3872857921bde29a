"""The rules the audit found bent (issue 22, point 6), each test named by its rule:
2.2 (abilities, then the pool, each answerable), C.4 (Infinite effects that fed an
activation), T.9 (an Enchantment discarded alone), M.1 (round down to a multiple
of 5) and Collect (the player chooses)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.enemies import suffered
from engines.hellbringer.flow import _tome
from engines.hellbringer.models import (
    Activate,
    Choose,
    Defend,
    DiscardCard,
    Enchant,
    EndTurn,
    Equip,
    GuardState,
    Pass,
    Pick,
    Window,
)
from engines.hellbringer.stats import ap_left, divide, stats
from tests.unit.hellbringer.support import act, clear_board, enemy, fresh, give, roll


def _said(events: Sequence[object]) -> list[str]:
    return [str(getattr(e, "text", "")) for e in events]


def _inst(state: HellbringerState, seat: int, cid: str, nth: int = 0) -> str:
    return [c for c in state.heroes[seat].hand if c.startswith(f"{cid}#")][nth]


def _attack(state: HellbringerState, card: str) -> HellbringerState:
    """P1 attacks the Ogre with `card` and rolls nothing but blanks."""
    state = act(state, 0, Activate(card=card, target="ogre#1"))
    request = ENGINE.chance(state)
    assert request is not None
    return roll(state, *("0" for _ in request.items))


def _to_enemy_die(**ability: int) -> HellbringerState:
    """P1 (solo Warrior) ends the turn against one enemy with `ability`; the table
    then waits for the Enemy Die."""
    state = clear_board(fresh(1))
    state.enemies = [enemy("ghoul#1", damage=5, sight=9, **ability)]
    hero = state.heroes[0]
    extra = max(0, len(hero.hand) - stats(state, hero)["hand"])
    state = act(state, 0, EndTurn(discard=tuple(hero.hand[:extra])))
    request = ENGINE.chance(state)
    while request is not None and request.prompt.startswith("Draw"):
        state = roll(state, *(request.items[0].options[0] for _ in request.items))
        request = ENGINE.chance(state)
    assert request is not None and request.prompt == "Roll the Enemy Die"
    return state


def test_rule_2_2_abilities_land_before_the_pool_is_rolled_and_name_their_enemy() -> None:
    """2.2: 'each enemy's ability takes effect on the attacked targets', then the
    dice are combined and rolled; the log says which enemy did it."""
    state = _to_enemy_die(sap=1)
    state = roll(state, "Player Hit")
    head = state.queue[0]
    assert isinstance(head, Window) and head.step == "abilities", \
        "smart: an ability would land, so the window opens before it does"
    state, events = ENGINE.apply(state, 0, Pass())
    assert "The Ghoul's Sap: P1 loses 1 AP on their next turn." in _said(events)
    assert any(b.stats.get("ap") == -1 for b in state.heroes[0].boosts)
    request = ENGINE.chance(state)
    assert request is not None and request.prompt.startswith("Roll the enemies' combined dice"), \
        "the pool comes after the abilities"


def test_rule_2_2_abilities_land_on_a_hero_the_pool_then_eliminates() -> None:
    """The abilities do not wait for the damage: a hero who falls to the pool has
    already suffered them (they used to apply only to heroes still standing)."""
    state = _to_enemy_die(discard=1)
    state = roll(state, "Player Hit")
    state, events = ENGINE.apply(state, 0, Pass())
    assert "The Ghoul's Discard: P1 discards 1 card." in _said(events)
    head = state.queue[0]
    assert isinstance(head, Choose) and head.what == "miss_discard" and head.count == 1


def test_rule_2_2_an_any_time_card_answers_the_abilities_before_they_land() -> None:
    """'Players may use cards with the Any Time subcategory icon to avoid the damage
    and/or abilities of one or more enemies during any of these steps.'"""
    state = _to_enemy_die(sap=1, blind=1)
    state = roll(state, "Player Hit")
    flask = _inst(state, 0, "last_breath_flask")
    state = act(state, 0, Defend(card=flask, target=0))
    state, events = ENGINE.apply(state, 0, Pass())
    assert "P1 avoids the enemies' abilities." in _said(events)
    assert not state.heroes[0].boosts


def test_rule_h5_smart_opens_no_abilities_window_when_no_ability_would_land() -> None:
    state = roll(_to_enemy_die(), "Player Hit")
    request = ENGINE.chance(state)
    assert request is not None and request.prompt.startswith("Roll the enemies' combined dice")


def test_rule_h5_always_opens_the_abilities_window_every_time() -> None:
    state = _to_enemy_die()
    state.options = state.options.model_copy(update={"response_window": "always"})
    state = roll(state, "Player Hit")
    head = state.queue[0]
    assert isinstance(head, Window) and head.step == "abilities"


def _sword_and_rune() -> tuple[HellbringerState, str, str]:
    """The Warrior equips its Worn Sword and places a Rune of Fire under it (2 AP)."""
    state = clear_board(fresh(1))
    state.enemies = [enemy("ogre#1", sight=0, health=50, armor=50)]
    state = give(state, 0, "rune_of_fire")
    sword, rune = _inst(state, 0, "worn_sword"), _inst(state, 0, "rune_of_fire")
    state = act(state, 0, Equip(card=sword))
    state = act(state, 0, Enchant(card=rune, item=sword))
    return state, sword, rune


def test_rule_t_9_an_enchantment_may_be_discarded_alone() -> None:
    """T.9: 'Once in place, the Enchantment cannot be returned to the player's hand,
    but may be discarded' (its item stays equipped)."""
    state, sword, rune = _sword_and_rune()
    assert DiscardCard(card=rune) in ENGINE.legal_actions(state, 0)
    state, events = ENGINE.apply(state, 0, DiscardCard(card=rune))
    hero = state.heroes[0]
    assert hero.enchants.get(sword) == [] and hero.equipped["red"] == sword
    assert rune in state.dungeon.discard and "P1 discards Rune of Fire." in _said(events)


def test_rule_c_4_an_enchantment_that_fed_its_items_attack_cannot_be_discarded() -> None:
    """C.4: 'Once a player activates a card during their turn, it is not possible to
    deliberately discard this card. This also applies to Infinite effects that
    impacted cards activated during the Player's Turn.'"""
    state, sword, rune = _sword_and_rune()
    state = _attack(state, sword)
    assert DiscardCard(card=rune) not in ENGINE.legal_actions(state, 0)
    before = state.fork()
    with pytest.raises(RuleError, match=r"^Rune of Fire helped a card activated this turn"):
        ENGINE.apply(state, 0, DiscardCard(card=rune))
    assert state == before


def test_rule_c_4_an_ap_card_is_locked_only_once_its_ap_paid_for_an_activation() -> None:
    """The Amulet of Power example: an Infinite +1 AP card can't be discarded once
    the AP it gives paid for a card activated this turn; before that, it can."""
    state = clear_board(fresh(1))
    state.enemies = [enemy("ogre#1", sight=0, health=50, armor=50)]
    state = give(state, 0, "band_of_haste", "ember_bolt", "ember_bolt")
    hero = state.heroes[0]
    band = _inst(state, 0, "band_of_haste")
    hero.hand.remove(band)
    hero.equipped["violet"] = band
    assert ap_left(state, hero) == 3
    for nth in (0, 0):
        state = _attack(state, _inst(state, 0, "ember_bolt", nth))
    assert DiscardCard(card=band) in ENGINE.legal_actions(state, 0), "2 AP of 3: not needed"
    state = act(state, 0, Equip(card=_inst(state, 0, "worn_sword")))
    assert DiscardCard(card=band) not in ENGINE.legal_actions(state, 0), "the 3rd AP was its"
    with pytest.raises(RuleError, match=r"^Band of Haste helped a card activated this turn"):
        ENGINE.apply(state, 0, DiscardCard(card=band))


@pytest.mark.parametrize(("amount", "by", "result"),
                         [(25, 2, 10), (30, 2, 15), (35, 2, 15), (5, 2, 0), (45, 3, 15)])
def test_rule_m_1_dividing_rounds_down_to_a_multiple_of_5(amount: int, by: int,
                                                        result: int) -> None:
    """M.1: 'Always round down to the nearest multiple of 5 when dividing numbers.
    Example: 25 / 2 = 12.5. The result is therefore 10.'"""
    assert divide(amount, by) == result


def test_rule_m_1_a_halving_defence_halves_each_die_type_rounding_down() -> None:
    """Half of each die type (the Reflect FAQ), each rounded down: damage 25 gives 10,
    acid 15 gives 5, so 15 is suffered (plain halving of 40 would give 20)."""
    state = fresh(1)
    state.pool, state.pool_split = [10, 10, 5, 5, 5, 5], 3
    assert suffered(state, GuardState()) == 40
    assert suffered(state, GuardState(halve=True)) == 15


def test_rule_collect_the_player_chooses_the_card_and_the_pile_keeps_its_order() -> None:
    """Collect: 'The player chooses a specific card from the indicated pile and
    places it in their hand. The order of the other cards in the pile must remain
    unchanged.' (The Common discard is face up: the choice is public.)"""
    state = give(clear_board(fresh(2)), 0, "ember_bolt", "rune_of_fire", "band_of_haste")
    hero = state.heroes[0]
    cards = [_inst(state, 0, c) for c in ("ember_bolt", "rune_of_fire", "band_of_haste")]
    for c in cards:
        hero.hand.remove(c)
    state.dungeon.discard = list(cards)
    state.queue[:0] = _tome(state, "collect", 1, 1)
    assert ENGINE.to_move(state) == [1], "in turn order from the reader"
    assert set(ENGINE.legal_actions(state, 1)) == {Pick(card=c) for c in cards}
    state, events = ENGINE.apply(state, 1, Pick(card=cards[1]))
    assert "P2 collects Rune of Fire from the Common discard." in _said(events)
    assert state.dungeon.discard == [cards[0], cards[2]]
    assert ENGINE.to_move(state) == [0]
    with pytest.raises(RuleError, match=r"^Collect one of the cards in the Common discard"):
        ENGINE.apply(state, 0, Pick(card=cards[1]))


def test_collect_a_collected_card_is_public_while_it_stays_in_the_hand() -> None:
    """Collect takes a card from the face-up discard in the table's sight: the channel
    may name it (the public view lists it), but once that copy leaves the hand and a
    card comes back unseen (a draw), it is a secret again."""
    state = give(clear_board(fresh(2)), 0, "rune_of_fire")
    rune = _inst(state, 0, "rune_of_fire")
    state.heroes[0].hand.remove(rune)
    state.dungeon.discard = [rune]
    state.queue[:0] = _tome(state, "collect", 1, 1)
    state, _ = ENGINE.apply(state, 1, Pick(card=rune))
    assert rune in state.heroes[1].hand
    assert "Rune of Fire" in ENGINE.view(state, None)["heroes"][1]["collected"]
    assert "Rune of Fire" not in ENGINE.secrets(state).get(1, frozenset())
    hero = state.heroes[1]
    hero.hand.remove(rune)
    hero.takes_unseen(rune)
    assert "Rune of Fire" in ENGINE.secrets(state)[1], "back in the hand unseen: secret"
