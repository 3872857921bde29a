"""Who may act now, and applying an action: the decisions the queue waits for and
the free actions of a Player's Turn (1.2, in any order)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellbringer import cardplay, flow, turns
from engines.hellbringer.cards import catalogue
from engines.hellbringer.combat import finish
from engines.hellbringer.models import (
    Action,
    Activate,
    Assign,
    CancelShow,
    CardReport,
    Choose,
    ChooseClass,
    CloseAttack,
    Defend,
    DiscardCard,
    DiscardCards,
    Enchant,
    EndTurn,
    EnterPortal,
    Equip,
    HellbringerState,
    Hero,
    Learn,
    Pass,
    Pick,
    PlacePoint,
    RemovePoint,
    Respawn,
    ReturnCombat,
    ShowCard,
    Spawn,
    StartTurn,
    Trade,
    TradeReply,
    UsePerk,
    Window,
)
from engines.hellbringer.out import Out
from engines.hellbringer.piles import combat_card, is_instant
from engines.hellbringer.stats import attribute_cards, card_id, stats

ANSWERS: dict[str, tuple[type, ...]] = {
    "class": (ChooseClass,), "place_point": (PlacePoint,),
    "miss_discard": (DiscardCards,), "return_combat": (ReturnCombat,), "pick": (Pick,),
    "collect": (Pick,),
    "respawn": (Respawn,), "remove_point": (RemovePoint,), "trade_reply": (TradeReply,),
    "portal": (EnterPortal,),
}
PROMPTS = {
    "class": "choose a class, a Starter Card and a Perk",
    "place_point": "place the Attribute Point", "miss_discard": "discard cards",
    "return_combat": "choose the Combat cards to return on top", "pick": "pick a revealed card",
    "collect": "collect a card from the Common discard",
    "respawn": "choose whether to Respawn", "remove_point": "remove an Attribute Point card",
    "trade_reply": "answer the trade", "portal": "choose whether to enter the Secret Portal",
}
ATTR_NAMES = {"health": "Health", "armor": "Armor", "sight": "Sight",
              "ap": "the Additional Action (AP)", "skill": "Skill Points", "hand": "Cards in hand"}
TURN_ACTIONS = (Equip, Enchant, Learn, Assign, Activate, UsePerk, CloseAttack, DiscardCard,
                Trade, EndTurn)


def to_move(state: HellbringerState) -> list[int]:
    if state.winners is not None or not state.heroes:
        return []
    if state.queue:
        head = state.queue[0]
        if isinstance(head, Choose):
            return [head.seat]
        if isinstance(head, Window):
            return list(head.waiting)
        return []
    return [state.active] if state.phase == "player" else []


def may_act(state: HellbringerState, seat: int) -> bool:
    """Out of turn: any hero in play may defend in the window, and anyone may play
    a Resurrection for an eliminated player during a Player's Turn (`any_time_now`);
    while a 📝 Show waits for its form, its player may take it back."""
    if seat in to_move(state):
        return True
    if not 0 <= seat < state.players or state.winners is not None:
        return False
    if may_cancel_show(state, seat):
        return True
    head = state.queue[0] if state.queue else None
    if isinstance(head, Window):
        return not state.heroes[seat].eliminated
    return any_time_now(state)


def any_time_now(state: HellbringerState) -> bool:
    """Whether an Any Time card may be played out of turn now, as `legal.defences`
    offers them: a defence in the defence window (H5), or a Resurrection during a
    Player's Turn while a player is eliminated."""
    head = state.queue[0] if state.queue else None
    if isinstance(head, Window):
        return True
    return head is None and state.phase == "player" and any(h.eliminated for h in state.heroes)


def may_cancel_show(state: HellbringerState, seat: int) -> bool:
    """Physical: the player whose 📝 Show waits for its form may take it back."""
    head = state.queue[0] if state.queue else None
    return isinstance(head, CardReport) and head.seat == seat


def play(state: HellbringerState, seat: int, action: Action, out: Out) -> None:
    if state.winners is not None:
        raise RuleError("The game is over.")
    if isinstance(action, CancelShow):
        _cancel_show(state, seat, out)
        return
    req = flow.request(state)
    if req is not None:
        raise RuleError(f"Waiting for a result first: {req.prompt.lower()}.")
    if not 0 <= seat < state.players:
        raise RuleError("Only seated players act.")
    hero = state.heroes[seat]
    head = state.queue[0] if state.queue else None
    if isinstance(action, Defend):
        if not may_act(state, seat) or hero.eliminated:
            raise RuleError("You can't play a defence right now.")
        cardplay.defend(state, hero, action.card, action.target, out)
    elif isinstance(action, ShowCard):
        _show_card(state, hero, action)
    elif isinstance(head, Choose):
        if seat != head.seat or not isinstance(action, ANSWERS[head.what]):
            raise RuleError(f"Waiting for {state.names[head.seat]} to {PROMPTS[head.what]}.")
        _answer(state, hero, head, action, out)
    elif isinstance(head, Window):
        if not isinstance(action, Pass) or seat not in head.waiting:
            raise RuleError("The enemies' dice are rolled: defend, or pass to take the hit."
                            if head.step == "damage" else
                            "The enemies' abilities are about to land: defend, or pass.")
        head.waiting.remove(seat)
        if not head.waiting:
            state.queue.pop(0)
    elif state.phase == "player" and head is None:
        if seat != state.active:
            raise RuleError(f"It is {state.names[state.active]}'s turn.")
        if not isinstance(action, TURN_ACTIONS):
            raise RuleError("That is not a move of your turn.")
        _turn(state, hero, action, out)
    else:
        raise RuleError("Nothing to do right now.")
    flow.run(state, out)


def _turn(state: HellbringerState, hero: Hero, action: Action, out: Out) -> None:
    if isinstance(action, Equip):
        cardplay.equip(state, hero, action.card, out)
    elif isinstance(action, Enchant):
        cardplay.enchant(state, hero, action.card, action.item, out)
    elif isinstance(action, Learn):
        cardplay.learn(state, hero, action.card, out)
    elif isinstance(action, Assign):
        cardplay.assign(state, hero, action.card, action.to, out)
    elif isinstance(action, Activate):
        cardplay.activate(state, hero, action.card, action.target, out)
    elif isinstance(action, UsePerk):
        cardplay.use_perk(state, hero, action.target, out)
    elif isinstance(action, CloseAttack):
        if state.attack is None:
            raise RuleError("No attack is open.")
        state.attack = None
    elif isinstance(action, DiscardCard):
        cardplay.discard_card(state, hero, action.card, out)
    elif isinstance(action, Trade):
        cardplay.trade(state, hero, action.give, action.partner, action.take, out)
    elif isinstance(action, EndTurn):
        turns.end_turn(state, hero.seat, action.discard, out)


def _next(state: HellbringerState, head: Choose) -> None:
    flow.next_choice(state, head)


def _answer(state: HellbringerState, hero: Hero, head: Choose, action: Action,
            out: Out) -> None:
    if isinstance(action, ChooseClass):
        _choose_class(state, hero, action)
    elif isinstance(action, PlacePoint):
        _place_point(state, hero, head, action, out)
    elif isinstance(action, DiscardCards):
        cards = action.cards
        if len(set(cards)) != len(cards) or len(cards) != head.count or any(
                c not in hero.hand for c in cards):
            raise RuleError(f"Discard exactly {head.count} different card(s) from your hand.")
        for c in cards:
            hero.hand.remove(c)
            state.dungeon.discard.append(c)
    elif isinstance(action, ReturnCombat):
        middle = state.dungeon.middle
        if any(c not in middle or combat_card(card_id(c)) is None for c in action.cards) or len(
                set(action.cards)) != len(action.cards):
            raise RuleError("Return only revealed Combat or Showdown cards, each once.")
        for c in action.cards:
            middle.remove(c)
            state.dungeon.top.append(c)
    elif isinstance(action, Pick) and head.what == "collect":
        if cardplay.collect(state, hero, head, action.card, out):
            flow.next_choice(state, head)
        return
    elif isinstance(action, Pick):
        if action.card not in state.dungeon.middle or is_instant(action.card):
            raise RuleError("Pick one of the revealed Common cards.")
        state.dungeon.middle.remove(action.card)
        hero.hand.append(action.card)
    elif isinstance(action, Respawn):
        state.queue.pop(0)
        turns.respawn(state, hero.seat, action.respawn, out)
        return
    elif isinstance(action, RemovePoint):
        pile = hero.points.get(action.attr, [])
        if not pile:
            raise RuleError(f"You have no {action.attr} Attribute Point card to remove.")
        state.dungeon.removed.append(pile.pop())
        cardplay.enforce_limits(state, hero)
    elif isinstance(action, TradeReply):
        cardplay.trade_reply(state, head, action.give, out)
    elif isinstance(action, EnterPortal):
        state.queue.pop(0)
        _portal(state, action.enter, out)
        return
    _next(state, head)


def _choose_class(state: HellbringerState, hero: Hero, action: ChooseClass) -> None:
    cat = catalogue()
    cls = cat.cls(action.cls)
    if any(h.cls == action.cls for h in state.heroes if h is not hero):
        raise RuleError("Another hero has that class already.")
    if action.starter not in cls.starters:
        raise RuleError(f"Pick one of the {cls.name}'s Starter Cards.")
    if action.perk not in [p.id for p in cat.perks_of(action.cls)]:
        raise RuleError(f"Pick Perk I or Perk II of the {cls.name}.")
    if action.swap is not None and (not state.options.second_starter
                                    or action.swap not in hero.hand):
        raise RuleError("Swap a card in your hand for the second Starter Card (Quick Game).")
    hero.cls = action.cls
    hero.base = {"health": cls.health, "armor": cls.armor, "sight": cls.sight, "ap": cls.ap,
                 "skill": cls.skill, "hand": cls.hand, "companions": cls.companions}
    hero.perk = action.perk
    hero.hand.append(f"{action.starter}#1")
    if action.swap is not None:
        hero.hand.remove(action.swap)
        state.dungeon.removed.append(action.swap)
        other = next(s for s in cls.starters if s != action.starter)
        hero.hand.append(f"{other}#1")
    if state.options.starter_elixir:
        hero.hand.append(f"last_breath_flask#{hero.seat + 1}")


def _place_point(state: HellbringerState, hero: Hero, head: Choose, action: PlacePoint,
                 out: Out) -> None:
    """Assign an Attribute Point (+5 Health, +10 Armor, +1 Sight, Skill, Hand, or the
    Additional Action); Co-op sharing: to a player with fewer Attribute cards."""
    to = hero.seat if action.to is None else action.to
    if not 0 <= to < state.players:
        raise RuleError("Give the card to a player at the table.")
    target = state.heroes[to]
    if to != hero.seat and attribute_cards(target) >= attribute_cards(hero):
        raise RuleError("Give an Attribute Point only to a player with fewer of them than you.")
    target.points.setdefault(action.attr, []).append(head.enemy)
    if action.attr == "ap" and state.options.ap_point == "once":
        target.ap_spent -= 1
    out.say(f"{state.names[to]} places the Attribute Point on {ATTR_NAMES[action.attr]}"
            f" (now {stats(state, target)[action.attr]}).")


def _portal(state: HellbringerState, enter: bool, out: Out) -> None:
    if not enter:
        finish(state, True, out)
        return
    d = state.dungeon
    state.portal = True
    d.removed.extend(e.uid for e in state.enemies)
    state.enemies = []
    d.locations.append(d.box.pop(d.box.index("portal#1")))
    count = catalogue().location("portal").spawns[state.players - 1]  # type: ignore[union-attr]
    state.in_pair = 0
    state.queue[:0] = [Spawn(pile="moose", count=count, seat=state.active),
                       StartTurn(seat=(state.active + 1) % state.players)]
    out.say("The party steps through the Secret Portal: the Moose await.")


def may_show(state: HellbringerState, hero: Hero) -> bool:
    """Physical: a hero in play may show a card they hold whenever they may play one: on
    their turn, or out of turn when an Any Time card may be played (`any_time_now`)."""
    if state.options.mode != "physical" or hero.eliminated or not any(
            card_id(c) == "common" for c in hero.hand):
        return False
    return own_turn(state, hero) or any_time_now(state)


def own_turn(state: HellbringerState, hero: Hero) -> bool:
    """The hero's own turn with nothing pending: when an item may be equipped."""
    return not state.queue and state.phase == "player" and hero.seat == state.active


def _show_card(state: HellbringerState, hero: Hero, action: ShowCard) -> None:
    if state.options.mode != "physical":
        raise RuleError("Cards are shown to the bot only at a physical table.")
    if not may_show(state, hero):
        if not any(card_id(c) == "common" for c in hero.hand):
            raise RuleError("The bot knows every card in your hand already.")
        raise RuleError("Show a card when you can play it: on your turn, a defence in the"
                        " defence window, or a Resurrection while a player is eliminated.")
    if action.equip and (action.form != "gear" or not own_turn(state, hero)):
        raise RuleError("Only a gear card shown on your own turn is equipped as it is shown.")
    state.queue.insert(0, CardReport(seat=hero.seat, form=action.form, equip=action.equip))


def _cancel_show(state: HellbringerState, seat: int, out: Out) -> None:
    """Undo what `_show_card` did, and only that: the report it queued leaves the head
    of the queue, which was settled before the Show (a report waits in front of
    everything), so the table is exactly as it was."""
    head = state.queue[0] if state.queue else None
    if not isinstance(head, CardReport):
        raise RuleError("No 📝 Show is waiting for its form, so there is nothing to take back.")
    if seat != head.seat:
        raise RuleError(f"Only {state.names[head.seat]} can take back their 📝 Show.")
    state.queue.pop(0)
    out.say(f"{state.names[seat]} shows no card after all.")
