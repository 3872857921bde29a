"""Computer heroes: a greedy, deterministic co-operative policy on the exact odds.

Pure given the state, so AI turns replay exactly. In its turn a hero
1. learns, equips and assigns what fits (free skills first, then gear by value);
2. attacks the enemy IN SIGHT it is likeliest to eliminate with what it has left
   (free strikes first), joining the open combination; all-target strikes combine
   only with each other, so they are a plan of their own, taken when likelier to
   kill by a fifth;
3. raises its Sight with a boost when an enemy it could kill is just OUT OF SIGHT;
4. ends the turn, discarding its weakest cards. Past the last Location, a hero the
   enemies cannot eliminate discards every card that adds nothing to a kill, to draw
   ones that might: before, a well-armoured solo hero with too little damage for the
   Demon drew nothing new and sat out the round limit. Earlier, every extra draw
   brings the next Location and more Combat cards nearer, so it is not worth it.
In the defence window it plays the cheapest defence that saves a hero the
rolled dice would eliminate; kills go to Sight when enemies are out of reach,
else to Armor, with an AP card every few kills.
"""

from __future__ import annotations

from engines.hellbringer.cardplay import can_learn, points_taken
from engines.hellbringer.cards import CLASSES, CommonCard, Strike, catalogue
from engines.hellbringer.combat import damage_to
from engines.hellbringer.enemies import hero_hit, pool_size, suffered
from engines.hellbringer.legal import activations, defences, end_turns, legal_actions
from engines.hellbringer.models import (
    Action,
    Assign,
    Choose,
    ChooseClass,
    Defend,
    DiscardCards,
    EndTurn,
    EnterPortal,
    Equip,
    GuardState,
    HellbringerState,
    Hero,
    Learn,
    Pass,
    Pick,
    PlacePoint,
    RemovePoint,
    Respawn,
    ReturnCombat,
    TradeReply,
    UsePerk,
    Window,
)
from engines.hellbringer.odds import at_least
from engines.hellbringer.piles import cards_to_next_location
from engines.hellbringer.stats import (
    ap_left,
    card_of,
    enemy_by_uid,
    enemy_threshold,
    requirement,
    sees,
    stats,
    strike_of,
    threshold,
)

SAFE = 0.01
"""A hero whose chance of elimination by the enemies' biggest roll is below this is safe."""
AP_EVERY = 4
"""Every AP_EVERY-th Attribute card goes to AP (the damage engine), the rest to Armor."""
CLASS_ORDER = ("warrior", "paladin", "hunter", "sorcerer", "monk", "druid")


def choose(state: HellbringerState, seat: int, prefer: str | None = None) -> Action:
    head = state.queue[0] if state.queue else None
    if isinstance(head, Choose):
        return _answer(state, state.heroes[seat], head, prefer)
    if isinstance(head, Window):
        return reaction(state, seat) or Pass()
    return _turn(state, state.heroes[seat])


def reaction(state: HellbringerState, seat: int) -> Defend | None:
    """The cheapest defence this hero can play that saves someone in the window."""
    hero = state.heroes[seat]
    if hero.eliminated:
        return None
    best: tuple[int, Defend] | None = None
    for action in defences(state, hero):
        assert isinstance(action, Defend)
        target = state.heroes[action.target]
        if not _doomed(state, target, GuardState()):
            continue
        effect = catalogue().perk(hero.perk) if action.card == "perk" and hero.perk else \
            card_of(state, action.card)
        if effect is None or effect.guard is None:
            continue
        g = effect.guard
        extra = GuardState(avoid=g.avoid, ignore_damage=g.ignore_damage,
                           ignore_acid=g.ignore_acid, armor=g.armor, halve=g.halve)
        if _doomed(state, target, extra):
            continue
        cost = (0 if action.card == "perk" else 1) + (2 if g.avoid else 0)
        if best is None or cost < best[0]:
            best = (cost, action)
    return best[1] if best else None


def _doomed(state: HellbringerState, hero: Hero, extra: GuardState) -> bool:
    g = hero.guard
    if g.avoid or extra.avoid or not hero_hit(state, hero.seat):
        return False
    merged = GuardState(ignore_damage=g.ignore_damage + extra.ignore_damage,
                        ignore_acid=g.ignore_acid + extra.ignore_acid,
                        halve=g.halve or extra.halve)
    return suffered(state, merged) >= threshold(state, hero) + extra.armor


def _answer(state: HellbringerState, hero: Hero, head: Choose, prefer: str | None) -> Action:
    what = head.what
    if what == "class":
        taken = {h.cls for h in state.heroes}
        order = ([prefer] if prefer else []) + [c for c in CLASS_ORDER]
        cls = next(c for c in order if c in CLASSES and c not in taken)
        card = catalogue().cls(cls)
        perk = catalogue().perks_of(cls)[0].id
        swap = _worst(state, hero, hero.hand) if state.options.second_starter and hero.hand \
            else None
        return ChooseClass(cls=cls, starter=card.starters[0], perk=perk,
                           swap=swap)
    if what == "place_point":
        return PlacePoint(attr=_point(state, hero))
    if what == "miss_discard":
        ranked = sorted(hero.hand, key=lambda c: _value(state, hero, c))
        return DiscardCards(cards=tuple(ranked[:head.count]))
    if what == "return_combat":
        return ReturnCombat()
    if what in ("pick", "collect"):
        options = [a for a in legal_actions(state, hero.seat) if isinstance(a, Pick)]
        return max(options, key=lambda a: _value(state, hero, a.card))
    if what == "respawn":
        return Respawn(respawn=True)
    if what == "remove_point":
        attr = max((a for a, p in hero.points.items() if p),
                   key=lambda a: (a in ("hand", "skill"), len(hero.points[a])))
        return RemovePoint(attr=attr)
    if what == "trade_reply":
        return TradeReply()
    return EnterPortal(enter=False)


def _point(state: HellbringerState, hero: Hero) -> str:
    sight = stats(state, hero)["sight"]
    need = max((requirement(state, e) for e in state.enemies), default=0)
    if need > sight and need - sight <= 2:
        return "sight"
    cards = sum(len(p) for p in hero.points.values())
    if cards % AP_EVERY == AP_EVERY - 1 or (stats(state, hero)["ap"] < 3 and cards % 2):
        return "ap"
    if sight < 3 + len(state.dungeon.locations) // 2:
        return "sight"
    return "armor"


def _value(state: HellbringerState, hero: Hero, inst: str) -> float:
    card = card_of(state, inst)
    if card is None:
        return 0.0
    if card.guard is not None or card.resurrect:
        return 5.0 + (3 if card.guard and card.guard.avoid else 0)
    if card.kind == "item":
        free = not points_taken(hero, card)
        return 4.0 if free else 0.5
    if card.kind == "skill":
        return 3.5 if can_learn(state, hero, card) else 1.5
    if card.kind == "companion":
        return 3.0
    return 2.0


def _worst(state: HellbringerState, hero: Hero, cards: list[str]) -> str:
    return min(cards, key=lambda c: _value(state, hero, c))


def _turn(state: HellbringerState, hero: Hero) -> Action:
    if hero.eliminated:
        return EndTurn()
    left = ap_left(state, hero)
    for inst in hero.hand:
        card = card_of(state, inst)
        if card is not None and card.kind == "skill" and can_learn(state, hero, card) and \
                len(hero.learned) < stats(state, hero)["skill"]:
            return Learn(card=inst)
    gear = _gear(state, hero, left)
    if gear is not None:
        return gear
    attack = _attack(state, hero)
    if attack is not None:
        return attack
    return _end(state, hero)


def _gear(state: HellbringerState, hero: Hero, left: int) -> Action | None:
    best: tuple[float, Action] | None = None
    for inst in hero.hand:
        card = card_of(state, inst)
        if card is None or card.cost > left:
            continue
        score = 0.0
        action: Action | None = None
        if card.kind == "item" and not points_taken(hero, card):
            score, action = _gear_score(card, hero), Equip(card=inst)
        elif card.kind == "companion" and len(hero.companions) < stats(state, hero)["companions"]:
            score, action = 2.0, Assign(card=inst, to=hero.seat)
        if action is not None and (best is None or score > best[0]):
            best = (score, action)
    return best[1] if best else None


def _gear_score(card: CommonCard, hero: Hero) -> float:
    score = 1.0 + card.stats.get("ap", 0) * 3 + card.stats.get("armor", 0) / 10
    if card.strike is not None:
        score += 2 + card.strike.damage
    if card.bonus is not None and hero.cls in card.bonus.classes:
        score += 1
    return score


def _attack(state: HellbringerState, hero: Hero) -> Action | None:
    """Plan the turn's strikes against each enemy IN SIGHT (free ones, then paid ones
    by dice per AP within the AP left), take the plan likeliest to kill, and play
    its first strike; a boost comes first when it brings a target into sight."""
    candidates = activations(state, hero)
    strikes: dict[str, tuple[Action, Strike, int]] = {}
    boosts: list[Action] = []
    draws: list[Action] = []
    for action in candidates:
        if isinstance(action, UsePerk):
            perk = catalogue().perk(hero.perk) if hero.perk else None
            if perk is not None and perk.strike is not None:
                strikes.setdefault(f"perk:{action.target}", (action, perk.strike, 0))
            continue
        card = card_of(state, action.card)
        blow = strike_of(state, hero, action.card)
        if card is None:
            continue
        if blow is None:
            if (card.boost.get("ap") and hero.ap_spent > 0) or (
                    card.boost.get("sight") and _sight_helps(state, hero, card.boost["sight"])):
                boosts.append(action)
            elif card.draw:
                draws.append(action)
            continue
        free = action.card in hero.primed or any(c.card == action.card for c in hero.companions)
        strikes.setdefault(f"{action.card}:{action.target}", (action, blow, 0 if free else
                                                                card.cost))
    if boosts:
        return boosts[0]
    best: tuple[float, Action] | None = None
    for enemy in [e for e in state.enemies if sees(state, hero, e)]:
        plan = _plan(state, hero, strikes, enemy.uid, "single")
        if plan is not None and (best is None or plan[0] > best[0]):
            best = plan
    if any(sees(state, hero, e) for e in state.enemies):
        plan = _plan(state, hero, strikes, None, "all")
        if plan is not None and (best is None or plan[0] * 0.8 > best[0]):
            best = plan
    if best is None or best[0] < 0.01:
        return draws[0] if draws else None
    return best[1]


def _plan(state: HellbringerState, hero: Hero, strikes: dict[str, tuple[Action, Strike, int]],
          target: str | None, kind: str) -> tuple[float, Action] | None:
    mine = [(a, b, c) for key, (a, b, c) in strikes.items()
            if b.kind == kind and key.endswith(f":{target}")]
    if not mine:
        return None
    mine.sort(key=lambda x: (x[2], -(x[1].damage + x[1].acid)))
    budget = ap_left(state, hero)
    chosen = []
    for action, blow, cost in mine:
        if cost <= budget:
            chosen.append((action, blow))
            budget -= cost
    if not chosen:
        return None
    damage = sum(b.damage for _, b in chosen)
    acid = sum(b.acid for _, b in chosen)
    flat = sum(b.flat for _, b in chosen)
    pierce = max(b.pierce for _, b in chosen)
    combo = state.attack
    targets = [target] if target else [e.uid for e in state.enemies if sees(state, hero, e)]
    score = 0.0
    for uid in targets:
        enemy = enemy_by_uid(state, uid)
        if enemy is None:
            continue
        so_far = 0
        if combo is not None and combo.kind == kind and uid in combo.targets:
            so_far, pierce = damage_to(enemy, combo), max(pierce, combo.pierce)
        immune = enemy.face.ability.immune
        need = enemy_threshold(enemy, pierce) - so_far - flat
        score += float(at_least(0 if "damage" in immune else damage,
                                0 if "acid" in immune else acid, need))
    return score, chosen[0][0]


def _sight_helps(state: HellbringerState, hero: Hero, extra: int) -> bool:
    sight = stats(state, hero)["sight"]
    return any(sight < requirement(state, e) <= sight + extra for e in state.enemies)


def _end(state: HellbringerState, hero: Hero) -> EndTurn:
    options = end_turns(state, hero)
    if len(options) == 1 or options[0].discard:
        return max(options, key=lambda e: -sum(_value(state, hero, c) for c in e.discard))
    if state.enemies and cards_to_next_location(state.dungeon) is None and _safe(state, hero):
        idle = tuple(c for c in hero.hand if not _may_kill(state, hero, c))
        if idle:
            return EndTurn(discard=idle)
    junk = [c for c in hero.hand if _value(state, hero, c) < 1.0]
    return EndTurn(discard=tuple(junk[:1]))


def _safe(state: HellbringerState, hero: Hero) -> bool:
    """Whether even a Global Hit of every enemy in play would almost surely not
    eliminate this hero, so its defences and Armor cards in hand are dead weight."""
    damage, acid = pool_size(state, "Global Hit")
    return float(at_least(damage, acid, threshold(state, hero))) < SAFE


def _may_kill(state: HellbringerState, hero: Hero, inst: str) -> bool:
    """Whether a card in hand could add to a kill: a strike it can bring into play,
    an enchantment, a companion with room for it, a boost or a draw."""
    card = card_of(state, inst)
    if card is None:
        return True
    if card.kind == "item":
        return card.strike is not None and not points_taken(hero, card)
    if card.kind == "companion":
        return len(hero.companions) < stats(state, hero)["companions"]
    return card.kind == "enchantment" or card.strike is not None or bool(card.boost) or \
        bool(card.draw)

