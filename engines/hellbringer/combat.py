"""Player attacks: combined attacks, thresholds, eliminating enemies, Attribute Points.

Seed, "Calculate the Damage": the roll is compared with Health + Armor; nothing
carries over. "Combine Attacks": only attacks of the same type combine; combined
single-target attacks affect only the first target. House rule H3: a
combination stays open for the turn until its targets are all eliminated, the
player closes it, or an attack of another type (or another single target)
opens a new one. Rule J3 (R:383, "the effects of a card apply only to enemies in
play at the time the card is activated"): each all-target card of a combination
hits the enemies IN SIGHT when it is activated, so an enemy that entered play
since the first card takes only the damage of the cards played after it came.
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellbringer.cards import Strike
from engines.hellbringer.models import (
    AttackRoll,
    Choose,
    Combination,
    Enemy,
    EnemyEliminated,
    GameOver,
    HellbringerState,
    Hero,
    Spawn,
)
from engines.hellbringer.out import Out
from engines.hellbringer.stats import enemy_by_uid, enemy_threshold, sees


def targets_for(state: HellbringerState, hero: Hero, strike: Strike,
                target: str | None) -> list[str]:
    """Who a strike would hit: the named enemy IN SIGHT, or every enemy IN SIGHT."""
    if strike.kind == "all":
        hit = [e.uid for e in state.enemies if sees(state, hero, e)]
        if not hit:
            raise RuleError("No enemy is IN SIGHT for you: an all-target attack has no target.")
        return hit
    if target is None:
        raise RuleError("Name the enemy IN SIGHT you attack.")
    enemy = enemy_by_uid(state, target)
    if enemy is None:
        raise RuleError("That enemy is not in play.")
    if not sees(state, hero, enemy):
        raise RuleError(f"{enemy.face.name} is OUT OF SIGHT for you.")
    return [target]


def joins(state: HellbringerState, hero: Hero, strike: Strike, target: str | None) -> bool:
    """Whether this strike adds to the open combination rather than opening one."""
    combo = state.attack
    if combo is None or combo.seat != hero.seat or combo.kind != strike.kind:
        return False
    return strike.kind == "all" or target in combo.targets


def strike(state: HellbringerState, hero: Hero, blow: Strike, target: str | None) -> None:
    """Open or extend the combination and queue the roll of this strike's dice."""
    hit = targets_for(state, hero, blow, target)
    combo = state.attack
    if combo is None or not joins(state, hero, blow, target):
        combo = state.attack = Combination(seat=hero.seat, kind=blow.kind, targets=hit)
    elif not combo.starts:  # stored before J3: every activation so far hit every target
        combo.starts = [(0, 0, 0)]
        combo.hits = {uid: [0] for uid in combo.targets}
    activation = len(combo.starts)
    combo.starts.append((len(combo.damage), len(combo.acid), combo.flat))
    combo.flat += blow.flat
    combo.pierce = max(combo.pierce, blow.pierce)
    for uid in hit:
        combo.hits.setdefault(uid, []).append(activation)
        if uid not in combo.targets:
            combo.targets.append(uid)
    state.queue.insert(0, AttackRoll(seat=hero.seat, damage=blow.damage, acid=blow.acid))


def damage_to(enemy: Enemy, combo: Combination) -> int:
    """What the combination dealt `enemy`: the dice and bonuses of the activations
    that hit it (J3), each die type only if it is not immune to it."""
    immune = enemy.face.ability.immune
    damage, acid, flat = _dealt(combo, enemy.uid)
    return flat + (0 if "damage" in immune else damage) + (0 if "acid" in immune else acid)


def _dealt(combo: Combination, uid: str) -> tuple[int, int, int]:
    if not combo.starts:
        return sum(combo.damage), sum(combo.acid), combo.flat
    ends = [*combo.starts[1:], (len(combo.damage), len(combo.acid), combo.flat)]
    damage = acid = flat = 0
    for i in combo.hits.get(uid, []):
        (d0, a0, f0), (d1, a1, f1) = combo.starts[i], ends[i]
        damage, acid, flat = damage + sum(combo.damage[d0:d1]), acid + sum(combo.acid[a0:a1]), \
            flat + f1 - f0
    return damage, acid, flat


def rolled(state: HellbringerState, damage: list[int], acid: list[int], out: Out) -> None:
    combo = state.attack
    if combo is None:
        return
    combo.damage.extend(damage)
    combo.acid.extend(acid)
    latest = len(combo.starts) - 1
    for uid in list(combo.targets):
        if combo.starts and latest not in combo.hits.get(uid, []):
            continue  # this card did not reach it (J3): its total is unchanged
        enemy = enemy_by_uid(state, uid)
        if enemy is None:
            combo.targets.remove(uid)
            continue
        dealt, needed = damage_to(enemy, combo), enemy_threshold(enemy, combo.pierce)
        if dealt >= needed:
            out.say(f"{dealt} damage against {needed}: {enemy.face.name} is eliminated.")
            combo.targets.remove(uid)
            eliminate(state, enemy, combo.seat, out)
            if state.winners is not None:
                return
        else:
            out.say(f"{dealt} damage against {needed}: {enemy.face.name} survives.")
    if state.attack is not None and not state.attack.targets:
        state.attack = None


def eliminate(state: HellbringerState, enemy: Enemy, seat: int, out: Out) -> None:
    """An eliminated enemy becomes the killer's Attribute Point; the Demon flips (H8)."""
    state.enemies = [e for e in state.enemies if e.uid != enemy.uid]
    out.add(EnemyEliminated(text=f"{state.names[seat]} eliminates {enemy.face.name}.",
                            enemy=enemy.face.name, by=seat))
    group = enemy.face.group
    if group == "demon":
        if state.dungeon.demon_side == "A":
            state.dungeon.demon_side = "B"
            state.dungeon.demon.append(enemy.uid)
            state.attack = None
            state.queue.insert(0, Spawn(pile="demon", count=1, seat=seat))
            out.say("The Demon's Side A falls; it turns over to Side B, a new enemy.")
            return
        state.dungeon.demon_side = "slain"
        state.dungeon.removed.append(enemy.uid)
        victory(state, out)
        return
    if group == "moose":
        state.moose_slain += 1
    state.queue.insert(0, Choose(what="place_point", seat=seat, enemy=enemy.uid))


def victory(state: HellbringerState, out: Out) -> None:
    """'Once Side B is eliminated, all enemies in play are removed.'"""
    if not state.portal:
        state.dungeon.removed.extend(e.uid for e in state.enemies)
        state.enemies = []
    state.attack = None
    state.outcome = "won"
    if state.options.secret_portal and not state.portal:
        state.queue = [Choose(what="portal", seat=state.active)]
        out.say("The Demon is slain! The party may enter the Secret Portal.")
        return
    finish(state, True, out)


def finish(state: HellbringerState, won: bool, out: Out, why: str = "") -> None:
    state.queue = []
    state.phase = "over"
    state.outcome = "won" if won else "lost"
    state.winners = tuple(range(state.players)) if won else ()
    if won:
        moose = f" and {state.moose_slain} Moose" if state.portal else ""
        state.summary = f"The party slays the Demon{moose}."
    else:
        state.summary = why or "No hero is left standing: the demonic forces win."
    out.add(GameOver(text=state.summary, won=won))
