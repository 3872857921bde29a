"""Playing cards: equip, enchant, learn, assign, activate, defend, discard, trade.

Seed: "Equipping an item costs the number of Action Points specified" (H10b: the
AP-cost sphere) and activates it, its attack usable later that turn for free;
"Learning a Skill is free" within Skill Points, for black or class-coloured
spheres; "an assigned Companion may activate its attack for free during its
owner's turn"; "a card can only be activated once per Player's Turn and/or
Enemies' Turn", and an activated card can't be discarded that turn, nor can a
card whose Infinite effect fed it (C.4).
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellbringer import combat
from engines.hellbringer.cards import POINTS, CommonCard, Effect, EnchantmentCard, catalogue
from engines.hellbringer.models import (
    MULE,
    Boost,
    Choose,
    Companion,
    Deal,
    HellbringerState,
    Hero,
    Instants,
    Window,
)
from engines.hellbringer.out import Out
from engines.hellbringer.stats import (
    ap_left,
    card_of,
    in_play_cards,
    infinite_stats,
    need_card,
    stats,
    strike_of,
)


def locate(hero: Hero, inst: str) -> str | None:
    if inst in hero.hand:
        return "hand"
    if inst in hero.equipped.values():
        return "equipped"
    if inst in hero.learned:
        return "learned"
    if any(c.card == inst for c in hero.companions):
        return "companion"
    if any(inst in under for under in hero.enchants.values()):
        return "enchantment"
    return None


def discardable(hero: Hero, inst: str) -> bool:
    """Card Use Limitation: a card activated this turn can't be discarded on
    purpose, and 'this also applies to Infinite effects that impacted cards
    activated during the Player's Turn' (C.4, `Hero.fed`)."""
    return inst not in hero.used and inst not in hero.primed and inst not in hero.fed


def feed(state: HellbringerState, hero: Hero, inst: str, cost: int, struck: bool) -> None:
    """C.4: mark the cards whose Infinite effects fed this activation. An AP card
    fed it when the AP just spent could not have been paid without it (the
    rulebook's Amulet of Power); an enchantment fed its item's attack."""
    if cost:
        total = stats(state, hero)["ap"]
        for other in in_play_cards(state, hero):
            gives = infinite_stats(state, hero, other).get("ap", 0)
            if other != inst and gives > 0 and hero.ap_spent > total - gives:
                hero.fed.append(other)
    if struck:
        hero.fed.extend(hero.enchants.get(inst, ()))


def _card(state: HellbringerState, hero: Hero, inst: str, where: tuple[str, ...]) -> CommonCard:
    place = locate(hero, inst)
    card = card_of(state, inst)
    if place is None or card is None or place not in where:
        raise RuleError("That card is not where you can play it from.")
    if card.id in ("common",):
        raise RuleError("Report that card first (what it is), then play it.")
    return card


def pay(state: HellbringerState, hero: Hero, cost: int) -> None:
    left = ap_left(state, hero)
    if cost > left:
        raise RuleError(f"That costs {cost} Action Point(s); you have {left}.")
    hero.ap_spent += cost


def points_taken(hero: Hero, card: CommonCard) -> list[str]:
    """The item's connection points that already hold an item: it fits only when none do."""
    return [p for p in card.points if p in hero.equipped]


def equip(state: HellbringerState, hero: Hero, inst: str, out: Out) -> None:
    card = _card(state, hero, inst, ("hand",))
    if card.kind != "item":
        raise RuleError(f"{card.name} is not an item.")
    taken = points_taken(hero, card)
    if taken:
        raise RuleError(f"The {taken[0]} connection point already holds an item: discard it first.")
    pay(state, hero, card.cost)
    feed(state, hero, inst, card.cost, struck=False)
    hero.hand.remove(inst)
    for point in card.points:
        hero.equipped[point] = inst
    hero.used.append(inst)
    if card.strike is not None:
        hero.primed.append(inst)
    out.say(f"{state.names[hero.seat]} equips {card.name}.")


def enchant(state: HellbringerState, hero: Hero, inst: str, item: str, out: Out) -> None:
    card = _card(state, hero, inst, ("hand",))
    if not isinstance(card, EnchantmentCard):
        raise RuleError(f"{card.name} is not an enchantment.")
    target = card_of(state, item)
    if item not in hero.equipped.values() or target is None:
        raise RuleError("Place an enchantment under one of your equipped items.")
    if len(hero.enchants.get(item, [])) >= target.slots:
        raise RuleError(f"{target.name} has no free enchantment slot.")
    pay(state, hero, card.cost)
    hero.hand.remove(inst)
    hero.enchants.setdefault(item, []).append(inst)
    out.say(f"{state.names[hero.seat]} enchants {target.name} with {card.name}.")


def can_learn(state: HellbringerState, hero: Hero, card: CommonCard) -> bool:
    return card.kind == "skill" and card.sphere in ("general", hero.cls)


def learn(state: HellbringerState, hero: Hero, inst: str, out: Out) -> None:
    card = _card(state, hero, inst, ("hand",))
    if not can_learn(state, hero, card):
        raise RuleError(f"{card.name} is not a skill of the general sphere or of your class.")
    limit = stats(state, hero)["skill"]
    if len(hero.learned) >= limit:
        raise RuleError(f"You have learned {limit} skill(s), your Skill Points limit.")
    hero.hand.remove(inst)
    hero.learned.append(inst)
    out.say(f"{state.names[hero.seat]} learns {card.name}.")


def assign(state: HellbringerState, hero: Hero, inst: str, to: int, out: Out) -> None:
    card = _card(state, hero, inst, ("hand",))
    if card.kind != "companion":
        raise RuleError(f"{card.name} is not a companion.")
    if not 0 <= to < state.players or state.heroes[to].eliminated:
        raise RuleError("Assign a companion to a player in play.")
    owner = state.heroes[to]
    if len(owner.companions) >= stats(state, owner)["companions"]:
        raise RuleError(f"{state.names[to]} already has as many companions as allowed.")
    pay(state, hero, card.cost)
    feed(state, hero, inst, card.cost, struck=False)
    hero.hand.remove(inst)
    owner.companions.append(Companion(card=inst, owner=to))
    out.say(f"{card.name} joins {state.names[to]}.")


def activate(state: HellbringerState, hero: Hero, inst: str, target: str | None,
             out: Out) -> None:
    card = _card(state, hero, inst, ("hand", "equipped", "learned", "companion"))
    place = locate(hero, inst)
    primed = place == "equipped" and inst in hero.primed
    if inst in hero.used and not primed:
        raise RuleError(f"{card.name} has already been activated this turn.")
    if place == "hand" and card.kind in ("item", "companion", "enchantment"):
        raise RuleError(f"Put {card.name} into play first (equip, assign or enchant).")
    if card.strike is None and not card.boost and not card.draw:
        raise RuleError(f"{card.name} is played with Defend, in the enemies' defence window.")
    cost = 0 if primed or place == "companion" else card.cost
    blow = strike_of(state, hero, inst)
    if blow is not None:
        combat.targets_for(state, hero, blow, target)
    pay(state, hero, cost)
    feed(state, hero, inst, cost, struck=blow is not None)
    if primed:
        hero.primed.remove(inst)
    else:
        hero.used.append(inst)
    _effect(state, hero, card, inst, out)
    if blow is not None:
        combat.strike(state, hero, blow, target)
    if place == "hand":
        hero.hand.remove(inst)
        (hero.temporary if card.boost else state.dungeon.discard).append(inst)
    out.say(f"{state.names[hero.seat]} activates {card.name}.")


def _effect(state: HellbringerState, hero: Hero, card: Effect, source: str, out: Out) -> None:
    if card.boost:
        hero.boosts.append(Boost(source=source, stats=dict(card.boost), until="turn"))
    if card.draw:
        state.queue[:0] = [Deal(seat=hero.seat, count=card.draw), Instants(seat=hero.seat)]


def use_perk(state: HellbringerState, hero: Hero, target: str | None, out: Out) -> None:
    if hero.printed_perk is not None and not hero.perk_used:
        _printed_perk(state, hero, out)
        return
    if hero.perk is None or hero.perk_used:
        raise RuleError("Your Perk has been used (once per game).")
    perk = catalogue().perk(hero.perk)
    if perk.strike is None and not perk.boost:
        raise RuleError(f"{perk.name} is played with Defend, in the enemies' defence window.")
    if perk.strike is not None:
        combat.targets_for(state, hero, perk.strike, target)
    hero.perk_used = True
    _effect(state, hero, perk, "perk", out)
    if perk.strike is not None:
        combat.strike(state, hero, perk.strike, target)
    out.say(f"{state.names[hero.seat]} uses the Perk {perk.name}.")


def _printed_perk(state: HellbringerState, hero: Hero, out: Out) -> None:
    """Physical: the bot knows no printed Perk, so it records the once-per-game use
    and the table applies the card; the GM corrects what the bot tracks."""
    hero.perk_used = True
    out.say(f"{state.names[hero.seat]} uses Perk {'I' * (hero.printed_perk or 1)} (once per"
            " game): apply it as your class card says; the GM corrects anything the bot"
            " tracks with `/game correct`.")


def window_open(state: HellbringerState) -> bool:
    return bool(state.queue) and isinstance(state.queue[0], Window)


def defend(state: HellbringerState, hero: Hero, inst: str, to: int, out: Out) -> None:
    """Any Time: a guard for yourself (or an ally) in the defence window, or a
    Resurrection for an eliminated player, paid with AP left over (H5)."""
    if inst == "perk":
        if hero.perk is None or hero.perk_used:
            raise RuleError("Your Perk has been used (once per game).")
        perk = catalogue().perk(hero.perk)
        effect: Effect = perk
        name, cost, any_time = perk.name, 0, perk.any_time
    else:
        card = _card(state, hero, inst, ("hand", "learned"))
        if inst in hero.used:
            raise RuleError(f"{card.name} has already been activated this turn.")
        effect, name, cost, any_time = card, card.name, card.cost, card.any_time
    if not any_time or (effect.guard is None and not effect.resurrect):
        raise RuleError(f"{name} is not an Any Time defence.")
    if not 0 <= to < state.players:
        raise RuleError("Choose a player at the table.")
    target = state.heroes[to]
    if effect.resurrect and effect.guard is None:
        if not target.eliminated:
            raise RuleError(f"{state.names[to]} is in play: Resurrect only an eliminated player.")
    else:
        assert effect.guard is not None
        if not window_open(state):
            raise RuleError("Defences are played in the enemies' defence window.")
        if to != hero.seat and not effect.guard.ally:
            raise RuleError(f"{name} protects only you.")
        if target.eliminated:
            raise RuleError(f"{state.names[to]} is eliminated: no effect can reach them.")
    pay(state, hero, cost)
    if inst == "perk":
        hero.perk_used = True
    else:
        hero.used.append(inst)
        if locate(hero, inst) == "hand":
            hero.hand.remove(inst)
            state.dungeon.discard.append(inst)
    if effect.resurrect:
        target.resurrect = True
        out.say(f"{state.names[to]} will be Resurrected at the end of the Enemies' Turn.")
    if effect.guard is not None:
        g, t = effect.guard, target.guard
        t.avoid = t.avoid or g.avoid
        t.ignore_damage += g.ignore_damage
        t.ignore_acid += g.ignore_acid
        t.armor += g.armor
        t.halve = t.halve or g.halve
        out.say(f"{state.names[hero.seat]} plays {name} for {state.names[to]}.")


def discard_card(state: HellbringerState, hero: Hero, inst: str, out: Out) -> None:
    """'It is possible to discard an equipped item at no cost if it has not been
    activated on their turn' (skills and companions alike)."""
    place = locate(hero, inst)
    if place in (None, "hand"):
        raise RuleError("Discard a card on your board (cards in hand go at the end of the turn).")
    if inst in hero.fed:
        raise RuleError(f"{need_card(state, inst).name} helped a card activated this turn,"
                        " so it cannot be discarded until the turn ends.")
    if not discardable(hero, inst):
        raise RuleError("A card activated this turn cannot be discarded on purpose.")
    before = stats(state, hero)["ap"]
    if place == "enchantment":
        for under in hero.enchants.values():
            if inst in under:
                under.remove(inst)
    elif place == "equipped":
        for point in POINTS:
            if hero.equipped.get(point) == inst:
                del hero.equipped[point]
        state.dungeon.discard.extend(hero.enchants.pop(inst, []))
    elif place == "learned":
        hero.learned.remove(inst)
    else:
        hero.companions = [c for c in hero.companions if c.card != inst]
    state.dungeon.discard.append(inst)
    hero.ap_spent = max(0, hero.ap_spent - max(0, stats(state, hero)["ap"] - before))
    enforce_limits(state, hero)
    out.say(f"{state.names[hero.seat]} discards {need_card(state, inst).name}.")


def collect(state: HellbringerState, hero: Hero, head: Choose, card: str, out: Out) -> bool:
    """Collect: 'the player chooses a specific card from the indicated pile and
    places it in their hand. The order of the other cards must remain unchanged.'
    The Common discard is face up, so the choice is public. Whether this player
    has collected all they may."""
    if card not in state.dungeon.discard:
        raise RuleError("Collect one of the cards in the Common discard pile.")
    state.dungeon.discard.remove(card)
    hero.hand.append(card)
    hero.collected = [*(c for c in hero.collected if c in hero.hand), card]
    found = card_of(state, card)
    what = found.name if found is not None else "a card"
    out.say(f"{state.names[hero.seat]} collects {what} from the Common discard.")
    if head.count > 1 and state.dungeon.discard:
        head.count -= 1
        return False
    return True


def enforce_limits(state: HellbringerState, hero: Hero) -> None:
    """A lowered Skill or Companion limit discards the latest learned or assigned
    at once (house H11: the bot picks the newest, a GM correction can undo it)."""
    s = stats(state, hero)
    while len(hero.learned) > s["skill"]:
        state.dungeon.discard.append(hero.learned.pop())
    while len(hero.companions) > s["companions"]:
        state.dungeon.discard.append(hero.companions.pop().card)


def trade(state: HellbringerState, hero: Hero, give: str, partner: int, take: str | None,
          out: Out) -> None:
    """Co-op, Trading a Card: once per Player's Turn, no AP, with a player (even an
    eliminated one) who answers, or with the Mule's shown cards."""
    if hero.traded:
        raise RuleError("You have already traded a card this turn.")
    if give not in hero.hand:
        raise RuleError("Offer a card from your hand.")
    if partner == MULE:
        mule = state.dungeon.mule
        if take is None or take not in mule:
            raise RuleError("Choose one of the Mule's cards to take.")
        hero.hand.remove(give)
        mule.remove(take)
        hero.hand.append(take)
        mule.append(give)
        hero.traded = True
        out.say(f"{state.names[hero.seat]} trades a card with the Mule.")
        return
    if not 0 <= partner < state.players or partner == hero.seat:
        raise RuleError("Trade with another player or the Mule.")
    if not state.heroes[partner].hand:
        raise RuleError(f"{state.names[partner]} has no card to trade.")
    hero.traded = True
    state.queue.insert(0, Choose(what="trade_reply", seat=partner, partner=hero.seat,
                                 offered=give))
    out.say(f"{state.names[hero.seat]} offers {state.names[partner]} a trade.")


def trade_reply(state: HellbringerState, step: Choose, give: str | None, out: Out) -> None:
    me, them = state.heroes[step.seat], state.heroes[step.partner]
    if give is None:
        out.say(f"{state.names[step.seat]} declines the trade.")
        return
    if give not in me.hand:
        raise RuleError("Give a card from your hand, or decline.")
    if step.offered not in them.hand:
        out.say("The offered card is no longer there; no trade.")
        return
    me.hand.remove(give)
    them.hand.remove(step.offered)
    me.takes_unseen(step.offered)
    them.takes_unseen(give)
    out.say(f"{state.names[step.seat]} and {state.names[step.partner]} trade a card.")
