"""GM corrections: fix what was mis-entered without replaying the game by hand.

Each is validated like a move (a polite sentence, nothing changed) and logged as
its own kind by the table, so undo and replay repeat it."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellbringer.abilities import ability_tags, parse_abilities
from engines.hellbringer.cards import catalogue
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
    SetHandCount,
    SetHeroStat,
    SetPerk,
    SetPile,
)
from engines.hellbringer.out import Out
from engines.hellbringer.physical import parse_card, parse_dice
from engines.hellbringer.piles import top_segment
from engines.hellbringer.stats import alive, card_id, enemy_by_uid, location_bonus, stats

STAT_NAMES = {"health": "Health", "armor": "Armor", "sight": "Sight", "ap": "AP left",
              "skill": "Skill Points", "hand": "hand limit", "companions": "companion limit"}


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
        out.say(f"GM: {state.names[fix.seat]}'s {STAT_NAMES[fix.stat]} is now {fix.value}.")
    elif isinstance(fix, SetHandCount | SetPile):
        if state.options.mode != "physical":
            raise RuleError("Only a physical table's hands and piles can be corrected; the bot"
                            " deals a digital table's itself.")
        if isinstance(fix, SetHandCount):
            _hand_count(state, fix, out)
        else:
            _pile(state, fix, out)
    elif isinstance(fix, SetPerk):
        hero = _hero(state, fix.seat)
        if state.options.mode != "physical":
            raise RuleError("A digital hero's Perk is the one chosen with the class.")
        hero.printed_perk, hero.perk_used = fix.perk, fix.used
        used = "used" if fix.used else "not used yet"
        out.say(f"GM: {state.names[fix.seat]} has Perk {'I' * fix.perk} ({used}).")
    elif isinstance(fix, MoveEnemy):
        _move(state, fix)
    elif isinstance(fix, FixEnemy):
        enemy = _enemy(state, fix.enemy)
        damage, acid, _ = parse_dice(fix.dice)
        ability = parse_abilities(fix.abilities)
        enemy.face = enemy.face.model_copy(update={
            "sight": fix.sight, "health": fix.health, "armor": fix.armor,
            "damage": damage, "acid": acid, "ability": ability})
        enemy.sight_mod = 0
        tags = ability_tags(ability)
        out.say(f"GM: {enemy.face.name} corrected{f' ({tags})' if tags else ''}.")
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


def _hand_count(state: HellbringerState, fix: SetHandCount, out: Out) -> None:
    """The count is what the table sees, so cards the bot knows (shown or house) stay
    and only unshown ones are added or taken away: a card the bot never knew of was
    never in its model of a pile either (`set_pile` fixes that side)."""
    hero = _hero(state, fix.seat)
    unshown = [c for c in hero.hand if card_id(c) == "common"]
    known = len(hero.hand) - len(unshown)
    if fix.count < known:
        raise RuleError(f"{state.names[fix.seat]} holds {known} card(s) the bot knows by name;"
                        " a count below that needs those cards played or discarded first.")
    while len(hero.hand) > fix.count:
        state.dungeon.removed.append(unshown.pop())
        hero.hand.remove(state.dungeon.removed[-1])
    while len(hero.hand) < fix.count:
        hero.hand.append(f"common#g{state.next_uid}")
        state.next_uid += 1
    out.say(f"GM: {state.names[fix.seat]} now holds {fix.count} card"
            f"{'' if fix.count == 1 else 's'} (hand limit"
            f" {stats(state, hero)['hand']}).")


def _pile(state: HellbringerState, fix: SetPile, out: Out) -> None:
    """Set what is left of each kind in the pile the next card comes from, so the
    next report is asked with the true odds; a Tome put back is the last one the
    table set aside, as a mis-reported Tome is."""
    d = state.dungeon
    seg = top_segment(d)
    if seg is None:
        raise RuleError("The Common Draw Pile is empty; there is no pile to correct.")
    others = sum(s.combat for s in d.segments if s is not seg)
    if others + fix.combat > len(d.combat):
        raise RuleError(f"The box has {len(d.combat) - others} Combat or Showdown card(s) left"
                        f" for this pile, not {fix.combat}.")
    if fix.tome and seg.tome is None:
        tomes = [i for i in d.removed if catalogue().tome(card_id(i)) is not None]
        if not tomes:
            raise RuleError("No Tome was set aside, so none can go back into the pile.")
        seg.tome = tomes[-1]
        d.removed.remove(seg.tome)
    elif not fix.tome and seg.tome is not None:
        d.removed.append(seg.tome)
        seg.tome = None
    needed = sum(s.commons for s in d.segments if s is not seg) + fix.commons
    while len(d.commons) < needed:
        d.commons.append(f"common#g{state.next_uid}")
        state.next_uid += 1
    seg.commons, seg.combat = fix.commons, fix.combat
    tome = ", its Tome" if seg.tome else ", no Tome"
    out.say(f"GM: the pile now holds {fix.commons} Common, {fix.combat} Combat or Showdown"
            f"{tome}; {seg.cards} card{'' if seg.cards == 1 else 's'} before its Location.")


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
