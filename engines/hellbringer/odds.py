"""Exact odds by enumerating the dice, never by sampling: kill odds for an attack,
and "if the enemies struck now" for every hero and companion.

A damage die is 0 ×1, 5 ×3, 10 ×2 and an acid die 0 ×2, 5 ×4 (seed, Dice). A
pool is enumerated by how many dice show each face (a multinomial count), which
also gives "ignore the k highest dice" exactly.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from engines.hellbringer.combat import damage_to
from engines.hellbringer.enemies import attacked, pool_size
from engines.hellbringer.models import HellbringerState
from engines.hellbringer.stats import (
    card_of,
    enemy_by_uid,
    enemy_threshold,
    strike_of,
    threshold,
)

ENEMY_FACES = {"Miss": Fraction(1, 6), "Player Hit": Fraction(2, 6),
               "Companion Hit": Fraction(2, 6), "Global Hit": Fraction(1, 6)}


@cache
def _damage_dist(n: int, ignore: int) -> dict[int, Fraction]:
    """Total of n damage dice after ignoring the `ignore` highest."""
    out: dict[int, Fraction] = {}
    for tens in range(n + 1):
        for fives in range(n - tens + 1):
            ways = comb(n, tens) * comb(n - tens, fives) * 2 ** tens * 3 ** fives
            drop_t = min(ignore, tens)
            drop_f = min(ignore - drop_t, fives)
            total = 10 * (tens - drop_t) + 5 * (fives - drop_f)
            out[total] = out.get(total, Fraction(0)) + Fraction(ways, 6 ** n)
    return out


@cache
def _acid_dist(n: int, ignore: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for fives in range(n + 1):
        ways = comb(n, fives) * 4 ** fives * 2 ** (n - fives)
        total = 5 * max(0, fives - ignore)
        out[total] = out.get(total, Fraction(0)) + Fraction(ways, 6 ** n)
    return out


@cache
def at_least(damage: int, acid: int, need: int, ignore_damage: int = 0,
             ignore_acid: int = 0) -> Fraction:
    """P(damage dice + acid dice, after ignores, total at least `need`)."""
    if need <= 0:
        return Fraction(1)
    d, a = _damage_dist(damage, ignore_damage), _acid_dist(acid, ignore_acid)
    return sum((pd * pa for td, pd in d.items() for ta, pa in a.items() if td + ta >= need),
               Fraction(0))


def kill_odds(state: HellbringerState, seat: int, card: str, target: str) -> Fraction:
    """The chance that activating `card` now eliminates `target`, counting what the
    open combination has already rolled against it."""
    hero = state.heroes[seat]
    blow = strike_of(state, hero, card)
    enemy = enemy_by_uid(state, target)
    if blow is None or enemy is None:
        return Fraction(0)
    so_far, pierce = 0, blow.pierce
    combo = state.attack
    if combo is not None and combo.seat == seat and combo.kind == blow.kind and \
            target in combo.targets:
        so_far, pierce = damage_to(enemy, combo), max(pierce, combo.pierce)
    immune = enemy.face.ability.immune
    need = enemy_threshold(enemy, pierce) - so_far - blow.flat
    return at_least(0 if "damage" in immune else blow.damage,
                    0 if "acid" in immune else blow.acid, need)


def strike_now(state: HellbringerState) -> dict[str, Fraction]:
    """'If the enemies struck now': each attacked hero's (and companion's) exact
    chance of elimination this Enemies' Turn, over the Enemy Die and the pool."""
    last_two = state.last_two
    if state.phase == "player" and state.active not in last_two[-1:]:
        last_two = [*last_two, state.active][-2:]
    targets = attacked(state, last_two)
    if state.players == 1:
        targets = [0] if not state.heroes[0].eliminated else []
    result: dict[str, Fraction] = {}
    if not state.enemies:
        return result
    for seat in targets:
        hero = state.heroes[seat]
        g = hero.guard
        if g.avoid:
            result[state.names[seat]] = Fraction(0)
            continue
        need = threshold(state, hero)
        has_comp = bool(hero.companions)
        p = Fraction(0)
        for face, pf in ENEMY_FACES.items():
            if face == "Miss" or (face == "Companion Hit" and has_comp):
                continue
            dmg, acid = pool_size(state, face)  # type: ignore[arg-type]
            p += pf * at_least(dmg, acid, need, g.ignore_damage, g.ignore_acid)
        result[state.names[seat]] = p
        for comp in hero.companions:
            card = card_of(state, comp.card)
            if card is None:
                continue
            pc = Fraction(0)
            for face in ("Companion Hit", "Global Hit"):
                dmg, acid = pool_size(state, face)  # type: ignore[arg-type]
                pc += ENEMY_FACES[face] * at_least(dmg, acid, card.health + card.armor)
            result[card.name] = pc
    return result
