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
    Sheet,
    card_of,
    enemy_by_uid,
    enemy_threshold,
    strike_of,
    threshold,
)

ENEMY_FACES = {"Miss": Fraction(1, 6), "Player Hit": Fraction(2, 6),
               "Companion Hit": Fraction(2, 6), "Global Hit": Fraction(1, 6)}


@cache
def _damage_ways(n: int, ignore: int) -> dict[int, int]:
    """Total of n damage dice after ignoring the `ignore` highest, as a count of the
    6**n equally likely rolls (integers: exact, and far cheaper than Fractions)."""
    out: dict[int, int] = {}
    for tens in range(n + 1):
        for fives in range(n - tens + 1):
            ways = comb(n, tens) * comb(n - tens, fives) * 2 ** tens * 3 ** fives
            drop_t = min(ignore, tens)
            drop_f = min(ignore - drop_t, fives)
            total = 10 * (tens - drop_t) + 5 * (fives - drop_f)
            out[total] = out.get(total, 0) + ways
    return out


@cache
def _acid_ways(n: int, ignore: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for fives in range(n + 1):
        ways = comb(n, fives) * 4 ** fives * 2 ** (n - fives)
        total = 5 * max(0, fives - ignore)
        out[total] = out.get(total, 0) + ways
    return out


@cache
def _tail(damage: int, acid: int, ignore_damage: int, ignore_acid: int) -> tuple[int, ...]:
    """For a pool, the rolls (of 6**(damage + acid)) totalling at least 5k, by k: every
    `need` a board or the AI asks of the same pool reads one table."""
    by_total: dict[int, int] = {}
    for td, wd in _damage_ways(damage, ignore_damage).items():
        for ta, wa in _acid_ways(acid, ignore_acid).items():
            by_total[td + ta] = by_total.get(td + ta, 0) + wd * wa
    top = max(by_total) // 5
    tail = [0] * (top + 2)
    for k in range(top, -1, -1):
        tail[k] = tail[k + 1] + by_total.get(5 * k, 0)
    return tuple(tail)


@cache
def at_least(damage: int, acid: int, need: int, ignore_damage: int = 0,
             ignore_acid: int = 0) -> Fraction:
    """P(damage dice + acid dice, after ignores, total at least `need`)."""
    if need <= 0:
        return Fraction(1)
    tail = _tail(damage, acid, ignore_damage, ignore_acid)
    k = -(-need // 5)
    return Fraction(tail[k] if k < len(tail) else 0, 6 ** (damage + acid))


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


def strike_now(state: HellbringerState, of: Sheet | None = None) -> dict[str, Fraction]:
    """'If the enemies struck now': each attacked hero's (and companion's) exact
    chance of elimination this Enemies' Turn, over the Enemy Die and the pool. `of`:
    the reader's sheet of the heroes' stats, if it keeps one."""
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
        need = threshold(state, hero, of=of)
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
