"""The computer heroes' once-per-game boost Perks (Overchannel +2 AP, Pack Leader +1 AP,
Eagle Eye +3 Sight): spent when they make a kill likely, kept otherwise."""

from __future__ import annotations

from engines.hellbringer.ai import choose
from engines.hellbringer.models import Activate, Equip, HellbringerState, UsePerk

from .support import act, clear_board, enemy, fresh


def _spent_sword(health: int, armor: int, ap_spent: int = 2) -> HellbringerState:
    """A Warrior holding Overchannel (+2 AP once), whose Worn Sword (4 dice, 1 AP) was
    equipped on an earlier turn, with an empty hand and `ap_spent` of 2 AP spent."""
    state = act(clear_board(fresh(1)), 0, Equip(card="worn_sword#1")).fork()
    hero = state.heroes[0]
    hero.perk, hero.primed, hero.used, hero.hand = "overchannel", [], [], []
    hero.ap_spent = ap_spent
    state.enemies = [enemy(health=health, armor=armor)]
    return state


def test_ai_spends_an_ap_perk_when_it_turns_a_miss_into_a_likely_kill() -> None:
    state = _spent_sword(health=10, armor=10)  # 4 dice against 20: likely, but no AP left
    assert choose(state, 0) == UsePerk()


def test_ai_keeps_an_ap_perk_when_even_the_boost_would_not_kill() -> None:
    state = _spent_sword(health=100, armor=100)
    assert not isinstance(choose(state, 0), UsePerk)


def test_ai_keeps_an_ap_perk_when_it_kills_without_it() -> None:
    state = _spent_sword(health=10, armor=10, ap_spent=0)
    assert choose(state, 0) == Activate(card="worn_sword#1", target="ogre#1")


def test_ai_spends_a_sight_perk_when_it_brings_an_enemy_into_sight() -> None:
    state = _spent_sword(health=10, armor=10, ap_spent=0)
    state.heroes[0].perk = "eagle_eye"  # +3 Sight this turn
    state.enemies = [enemy(health=10, armor=10, sight=4)]  # the Warrior sees 2, +1 Eagle Eye
    assert choose(state, 0) == UsePerk()
