"""Derived numbers, computed and never stored: a hero's Attributes, thresholds,
enemy Sight requirements and the three rows of the enemy board.

Rules: "Stats combine all Attribute Points from cards on and around your
Player Board"; Health never below 5, Armor never below 0; "the amount of Health
Points is always added to Armor Points" for a threshold; an enemy's Sight "is
always combined with the bonus written on the current Location Card".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Literal

from engines.hellbringer.cards import POINT_VALUE, CommonCard, EnchantmentCard, Strike, catalogue
from engines.hellbringer.models import Enemy, HellbringerState, Hero

Sheet = Callable[[Hero], dict[str, int]]
"""A hero's stats as one reader of one state sees them (see `sheet`)."""

STATS = ("health", "armor", "sight", "ap", "skill", "hand", "companions")
Row = Literal["in", "mixed", "out"]


def divide(amount: int, by: int) -> int:
    """Game Mechanics, Round Down (M.1): 'always round down to the nearest multiple
    of 5 when dividing numbers' (25 / 2 = 12.5, so 10). Every division of damage,
    Health or Armor goes through here, so no caller can round another way."""
    return amount // by // 5 * 5


@functools.lru_cache(maxsize=8192)
def card_id(instance: str) -> str:
    """Kept per instance: the rules and the board ask it of every card they read (120
    calls a click: the draw odds count the whole pile by card), and a game has a few
    hundred instances."""
    return instance.split("#", 1)[0]


def card_of(state: HellbringerState, instance: str) -> CommonCard | None:
    """The card an instance is: a house card, or (physical) a reported one."""
    cid = card_id(instance)
    found = state.custom.get(cid)
    return found if found is not None else catalogue().card(cid)


def need_card(state: HellbringerState, instance: str) -> CommonCard:
    card = card_of(state, instance)
    if card is None:
        raise KeyError(instance)
    return card


def _add(total: dict[str, int], delta: Mapping[Any, int]) -> None:
    for k, v in delta.items():
        total[k] = total.get(k, 0) + v


def in_play_cards(state: HellbringerState, hero: Hero) -> list[str]:
    """Cards whose Infinite effects count: equipped, enchantments, learned, companions."""
    seen: list[str] = []
    for inst in hero.equipped.values():
        if inst not in seen:
            seen.append(inst)
    for item in seen[:]:
        seen.extend(hero.enchants.get(item, ()))
    seen.extend(hero.learned)
    seen.extend(c.card for c in hero.companions)
    return seen


def infinite_stats(state: HellbringerState, hero: Hero, inst: str) -> dict[str, int]:
    """What one card in play adds for good: its Infinite stats and, for its
    classes, its Specialization bonus ('equivalent to an Infinite effect')."""
    card = card_of(state, inst)
    total: dict[str, int] = {}
    if card is not None:
        _add(total, card.stats)
        if card.bonus is not None and hero.cls in card.bonus.classes:
            _add(total, card.bonus.stats)
    return total


def stats(state: HellbringerState, hero: Hero) -> dict[str, int]:
    total = dict(hero.base)
    for attr, pile in hero.points.items():
        if attr == "ap" and state.options.ap_point == "once":
            continue
        total[attr] = total.get(attr, 0) + POINT_VALUE[attr] * len(pile)
    for inst in in_play_cards(state, hero):
        _add(total, infinite_stats(state, hero, inst))
    if hero.perk is not None:
        _add(total, catalogue().perk(hero.perk).stats)
    for boost in hero.boosts:
        _add(total, boost.stats)
    total["health"] = max(5, total.get("health", 5))
    for k in STATS[1:]:
        total[k] = max(0, total.get(k, 0))
    return total


def sheet(state: HellbringerState) -> Sheet:
    """Each hero's stats worked out once, for one reader of one state that changes
    nothing (the view asks for a hero's stats for its threshold, its AP left and each
    enemy it might see: some 30 times a board). Never kept past that reader: the
    engine changes its own copy of a state in place while it applies a move, so a
    sheet held across a change would serve stale stats. Keyed on the hero object
    itself, so another state's hero is never served this one's."""
    found: dict[int, tuple[Hero, dict[str, int]]] = {}

    def of(hero: Hero) -> dict[str, int]:
        held = found.get(id(hero))
        if held is not None and held[0] is hero:
            return held[1]
        computed = stats(state, hero)
        found[id(hero)] = (hero, computed)
        return computed

    return of


def _stats(state: HellbringerState, hero: Hero, of: Sheet | None) -> dict[str, int]:
    return of(hero) if of is not None else stats(state, hero)


def threshold(state: HellbringerState, hero: Hero, pierce: int = 0,
              of: Sheet | None = None) -> int:
    s = _stats(state, hero, of)
    return s["health"] + max(0, s["armor"] + hero.guard.armor - pierce)


def ap_left(state: HellbringerState, hero: Hero, of: Sheet | None = None) -> int:
    return max(0, _stats(state, hero, of)["ap"] - hero.ap_spent)


def alive(state: HellbringerState) -> list[int]:
    return [h.seat for h in state.heroes if not h.eliminated]


def location_bonus(state: HellbringerState) -> int:
    """Only the top card of the Location pile counts; bonuses never stack."""
    if not state.dungeon.locations:
        return 0
    top = card_id(state.dungeon.locations[-1])
    if top in state.dungeon.location_bonus:
        return state.dungeon.location_bonus[top]
    card = catalogue().location(top)
    return card.bonus if card is not None else 0


def requirement(state: HellbringerState, enemy: Enemy) -> int:
    return max(0, enemy.face.sight + enemy.sight_mod + location_bonus(state))


def hidden(state: HellbringerState, enemy: Enemy) -> bool:
    """A `hidden` enemy stays OUT OF SIGHT whatever its Sight (FAQ), until it is alone
    on the board (house, so it can be beaten)."""
    return enemy.face.ability.hidden and len(state.enemies) > 1


def sees(state: HellbringerState, hero: Hero, enemy: Enemy, of: Sheet | None = None,
         need: int | None = None) -> bool:
    """'A player must have a number equal to or greater than that of their opponent
    to have them IN SIGHT.' `need`: the enemy's `requirement`, when already known."""
    if hero.eliminated or hidden(state, enemy):
        return False
    return _stats(state, hero, of)["sight"] >= (
        requirement(state, enemy) if need is None else need)


def sighted(state: HellbringerState, enemy: Enemy, of: Sheet | None = None) -> list[bool]:
    """Whether each hero, in seat order, has the enemy IN SIGHT: what its row and the
    board's 'seen by' both read, worked out once."""
    need = requirement(state, enemy)
    return [sees(state, h, enemy, of, need) for h in state.heroes]


def row(state: HellbringerState, enemy: Enemy, of: Sheet | None = None,
        seen_by: list[bool] | None = None) -> Row:
    """In Sight (every hero in play sees it), Out of Sight (none), Mixed (some; co-op).
    `seen_by`: the enemy's `sighted`, when already known."""
    flags = sighted(state, enemy, of) if seen_by is None else seen_by
    seen = [f for h, f in zip(state.heroes, flags, strict=True) if not h.eliminated] or flags
    if all(seen):
        return "in"
    if not any(seen) or state.players == 1:
        return "out"
    return "mixed"


def enemy_by_uid(state: HellbringerState, uid: str) -> Enemy | None:
    return next((e for e in state.enemies if e.uid == uid), None)


def enemy_threshold(enemy: Enemy, pierce: int = 0) -> int:
    armor = enemy.face.armor + enemy.armor_mod
    if not enemy.face.ability.plated:
        armor -= pierce
    return enemy.face.health + max(0, armor)


def strike_of(state: HellbringerState, hero: Hero, instance: str) -> Strike | None:
    """A card's strike with its owner's Specialization bonus and enchantments added."""
    card = card_of(state, instance)
    if card is None or card.strike is None:
        return None
    strike = card.strike
    damage, acid, pierce = strike.damage, strike.acid, strike.pierce
    if card.bonus is not None and hero.cls in card.bonus.classes:
        damage += card.bonus.damage
        acid += card.bonus.acid
        pierce += card.bonus.pierce
    for ench in hero.enchants.get(instance, ()):
        extra = card_of(state, ench)
        if isinstance(extra, EnchantmentCard):
            damage += extra.adds.damage
            acid += extra.adds.acid
    return Strike(kind=strike.kind, damage=damage, acid=acid, flat=strike.flat, pierce=pierce)


def attribute_cards(hero: Hero) -> int:
    return sum(len(p) for p in hero.points.values())


def owner_of_companion(state: HellbringerState, instance: str) -> Hero | None:
    for hero in state.heroes:
        if any(c.card == instance for c in hero.companions):
            return hero
    return None
