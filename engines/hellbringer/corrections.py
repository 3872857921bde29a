"""GM corrections: fix what was mis-entered without replaying the game by hand.

Each is validated like a move (a polite sentence, nothing changed) and logged as
its own kind by the table, so undo and replay repeat it."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellbringer.enemies import eliminate_hero
from engines.hellbringer.models import (
    Correction,
    Enemy,
    FixCard,
    FixEnemy,
    HellbringerState,
    Hero,
    MoveEnemy,
    ReportCard,
    SetEliminated,
    SetHeroStat,
)
from engines.hellbringer.out import Out
from engines.hellbringer.physical import parse_card, parse_dice
from engines.hellbringer.stats import alive, card_id, enemy_by_uid, location_bonus, stats


def correct(state: HellbringerState, fix: Correction, out: Out) -> None:
    if isinstance(fix, SetHeroStat):
        hero = _hero(state, fix.seat)
        if fix.stat == "ap":
            hero.ap_spent = stats(state, hero)["ap"] - fix.value
        else:
            hero.base[fix.stat] = hero.base.get(fix.stat, 0) + fix.value - stats(state, hero)[
                fix.stat]
            if stats(state, hero)[fix.stat] != fix.value:
                raise RuleError(f"{fix.stat.capitalize()} can't be {fix.value} (Health 5 at"
                                " least, nothing below 0).")
        out.say(f"GM: {state.names[fix.seat]}'s {fix.stat} is now {fix.value}.")
    elif isinstance(fix, MoveEnemy):
        _move(state, fix)
    elif isinstance(fix, FixEnemy):
        enemy = _enemy(state, fix.enemy)
        damage, acid, _ = parse_dice(fix.dice)
        enemy.face = enemy.face.model_copy(update={
            "sight": fix.sight, "health": fix.health, "armor": fix.armor,
            "damage": damage, "acid": acid})
        enemy.sight_mod = 0
        out.say(f"GM: {enemy.face.name} corrected.")
    elif isinstance(fix, FixCard):
        cid = card_id(fix.card)
        old = state.custom.get(cid)
        if old is None:
            raise RuleError("Only a card the table reported can be fixed.")
        report = ReportCard(name=old.name, kind=old.kind, cost=fix.cost, effect=fix.effect,
                            points=" ".join(old.points))
        state.custom[cid] = parse_card(report, cid)
        out.say(f"GM: {old.name} corrected.")
    else:
        _eliminated(state, fix, out)


def _hero(state: HellbringerState, seat: int) -> Hero:
    if not 0 <= seat < state.players:
        raise RuleError("There is no such seat.")
    return state.heroes[seat]


def _enemy(state: HellbringerState, uid: str) -> Enemy:
    enemy = enemy_by_uid(state, uid)
    if enemy is None:
        raise RuleError("That enemy is not in play.")
    return enemy


def _move(state: HellbringerState, fix: MoveEnemy) -> None:
    """Shift the enemy's Sight requirement so the usual re-sort puts it in `row`."""
    enemy = _enemy(state, fix.enemy)
    sights = sorted(stats(state, state.heroes[s])["sight"] for s in alive(state)) or [0]
    if fix.row == "mixed" and (state.players == 1 or sights[0] == sights[-1]):
        raise RuleError("The Mixed row needs heroes of different Sight (co-op).")
    want = {"in": sights[0], "out": sights[-1] + 1, "mixed": sights[-1]}[fix.row]
    enemy.sight_mod = want - enemy.face.sight - location_bonus(state)


def _eliminated(state: HellbringerState, fix: SetEliminated, out: Out) -> None:
    hero = _hero(state, fix.seat)
    if fix.eliminated and not hero.eliminated:
        eliminate_hero(state, hero)
    elif not fix.eliminated:
        hero.eliminated = False
        hero.hand_shown = False
    out.say(f"GM: {state.names[fix.seat]} is {'eliminated' if fix.eliminated else 'in play'}.")


__all__ = ["Correction", "correct"]
