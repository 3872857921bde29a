"""Every legal action of a seat. At a physical table the bot knows only the cards
players have shown it, so `ShowCard` (one per form) comes first while a hand
holds an unreported card, and `CancelShow` is the one move while its form waits."""

from __future__ import annotations

from itertools import combinations

from engines.hellbringer import flow
from engines.hellbringer.cardplay import (
    can_learn,
    discardable,
    locate,
    points_taken,
    window_open,
)
from engines.hellbringer.cards import ATTRS, CLASSES, Effect, EnchantmentCard, catalogue
from engines.hellbringer.models import (
    MULE,
    Action,
    Activate,
    Assign,
    CancelShow,
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
    Trade,
    TradeReply,
    UsePerk,
    Window,
)
from engines.hellbringer.moves import may_cancel_show, may_show, own_turn
from engines.hellbringer.piles import combat_card, is_instant
from engines.hellbringer.stats import (
    ap_left,
    attribute_cards,
    card_id,
    card_of,
    sees,
    stats,
    strike_of,
)


def legal_actions(state: HellbringerState, seat: int) -> list[Action]:
    if state.winners is not None or not 0 <= seat < state.players:
        return []
    if flow.request(state) is not None:
        return [CancelShow()] if may_cancel_show(state, seat) else []
    hero = state.heroes[seat]
    head = state.queue[0] if state.queue else None
    if isinstance(head, Choose):
        return _answers(state, hero, head) if head.seat == seat else []
    if isinstance(head, Window):
        passing: list[Action] = [Pass()] if seat in head.waiting else []
        if hero.eliminated:
            return passing
        return passing + shows(state, hero) + defences(state, hero)
    if state.phase != "player" or head is not None:
        return []
    if seat != state.active:
        return [] if hero.eliminated else shows(state, hero) + defences(state, hero)
    return turn_actions(state, hero)


def defences(state: HellbringerState, hero: Hero) -> list[Action]:
    found: list[Action] = []
    sources: list[tuple[str, Effect, int]] = []
    for inst in [*hero.hand, *hero.learned]:
        card = card_of(state, inst)
        if card is not None and card.any_time and inst not in hero.used:
            sources.append((inst, card, card.cost))
    if hero.perk is not None and not hero.perk_used:
        perk = catalogue().perk(hero.perk)
        if perk.any_time:
            sources.append(("perk", perk, 0))
    left = ap_left(state, hero)
    in_window = window_open(state)
    for inst, effect, cost in sources:
        if cost > left:
            continue
        for target in state.heroes:
            if effect.guard is not None:
                if not in_window or target.eliminated:
                    continue
                if target.seat != hero.seat and not effect.guard.ally:
                    continue
            elif not (effect.resurrect and target.eliminated):
                continue
            found.append(Defend(card=inst, target=target.seat))
    return found


def _answers(state: HellbringerState, hero: Hero, head: Choose) -> list[Action]:
    what = head.what
    if what == "class":
        taken = {h.cls for h in state.heroes if h is not hero}
        cat = catalogue()
        out: list[Action] = []
        for cls in CLASSES:
            if cls in taken:
                continue
            swaps: list[str | None] = [None]
            if state.options.second_starter:
                swaps += list(hero.hand)
            for starter in cat.cls(cls).starters:
                for perk in cat.perks_of(cls):
                    out += [ChooseClass(cls=cls, starter=starter, perk=perk.id, swap=s)
                            for s in swaps]
        return out
    if what == "place_point":
        mine = attribute_cards(hero)
        givers: list[int | None] = [None]
        givers += [h.seat for h in state.heroes if h.seat != hero.seat
                   and attribute_cards(h) < mine]
        return [PlacePoint(attr=a, to=t) for t in givers for a in ATTRS]
    if what == "miss_discard":
        return [DiscardCards(cards=c) for c in distinct_sets(hero.hand, head.count)]
    if what == "return_combat":
        combat = [c for c in state.dungeon.middle if combat_card(card_id(c)) is not None]
        return [ReturnCombat(cards=c) for n in range(len(combat) + 1)
                for c in combinations(combat, n)]
    if what == "pick":
        return [Pick(card=c) for c in distinct(state.dungeon.middle) if not is_instant(c)]
    if what == "collect":
        return [Pick(card=c) for c in distinct(state.dungeon.discard)]
    if what == "respawn":
        return [Respawn(respawn=True), Respawn(respawn=False)]
    if what == "remove_point":
        return [RemovePoint(attr=a) for a in ATTRS if hero.points.get(a)]
    if what == "trade_reply":
        return [TradeReply(give=None), *(TradeReply(give=c) for c in distinct(hero.hand))]
    return [EnterPortal(enter=True), EnterPortal(enter=False)]


def shows(state: HellbringerState, hero: Hero) -> list[Action]:
    """Physical: show the bot a card you hold, on the form for its kind."""
    if not may_show(state, hero):
        return []
    equip = [ShowCard(form="gear", equip=True)] if own_turn(state, hero) else []
    return [*equip, ShowCard(form="gear"), ShowCard(form="companion"), ShowCard(form="other")]


def turn_actions(state: HellbringerState, hero: Hero) -> list[Action]:
    out: list[Action] = shows(state, hero)
    left = ap_left(state, hero)
    learned_room = len(hero.learned) < stats(state, hero)["skill"]
    for inst in dict.fromkeys(hero.hand):
        card = card_of(state, inst)
        if card is None or card.id == "common":
            continue
        if card.kind == "item" and card.cost <= left and not points_taken(hero, card):
            out.append(Equip(card=inst))
        if isinstance(card, EnchantmentCard) and card.cost <= left:
            for item in dict.fromkeys(hero.equipped.values()):
                host = card_of(state, item)
                if host is not None and len(hero.enchants.get(item, [])) < host.slots:
                    out.append(Enchant(card=inst, item=item))
        if learned_room and can_learn(state, hero, card):
            out.append(Learn(card=inst))
        if card.kind == "companion" and card.cost <= left:
            for h in state.heroes:
                if not h.eliminated and len(h.companions) < stats(state, h)["companions"]:
                    out.append(Assign(card=inst, to=h.seat))
    out += activations(state, hero)
    if state.attack is not None:
        out.append(CloseAttack())
    for inst in [*dict.fromkeys(hero.equipped.values()),
                 *(e for under in hero.enchants.values() for e in under), *hero.learned,
                 *(c.card for c in hero.companions)]:
        if discardable(hero, inst):
            out.append(DiscardCard(card=inst))
    if not hero.traded and hero.hand:
        for give in distinct(hero.hand):
            out += [Trade(give=give, partner=MULE, take=t) for t in distinct(state.dungeon.mule)]
            out += [Trade(give=give, partner=h.seat) for h in state.heroes
                    if h.seat != hero.seat and h.hand]
    out += end_turns(state, hero)
    out += [d for d in defences(state, hero)]
    return out


def activations(state: HellbringerState, hero: Hero) -> list[Activate | UsePerk]:
    """Every card activation and Perk use open to the active hero now."""
    out: list[Activate | UsePerk] = []
    for inst in _activatable(state, hero):
        out += _activations(state, hero, inst)
    if hero.printed_perk is not None and not hero.perk_used:
        out.append(UsePerk())
    if hero.perk is not None and not hero.perk_used:
        perk = catalogue().perk(hero.perk)
        if perk.strike is not None:
            out += [UsePerk(target=t) for t in _targets(state, hero, perk.strike.kind)]
        elif perk.boost:
            out.append(UsePerk())
    return out


def end_turns(state: HellbringerState, hero: Hero) -> list[EndTurn]:
    """1.3: the player may discard as many cards as they want, and at least enough to
    come down to the hand limit: every distinct set from that many up to the whole
    hand, smallest first (so no discard, when allowed, is the first option)."""
    over = max(len(hero.hand) - stats(state, hero)["hand"], 0)
    return [EndTurn(discard=c) for size in range(over, len(hero.hand) + 1)
            for c in distinct_sets(hero.hand, size)]


def distinct(cards: list[str]) -> list[str]:
    """Each card once; a physical table's unshown cards are all alike, so only the first
    of them stands for the rest."""
    first: dict[str, str] = {}
    for card in cards:
        first.setdefault(_alike(card), card)
    return list(first.values())


def distinct_sets(cards: list[str], size: int) -> list[tuple[str, ...]]:
    """The different sets of `size` cards (unshown cards are alike). Each set of a hand
    whose cards are all told apart (a digital hand: every instance once) is different,
    and a hand of six has 64: such a hand's are its combinations as they come."""
    if len({_alike(c) for c in cards}) == len(cards):
        return list(combinations(cards, size))
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for combo in combinations(cards, size):
        found.setdefault(tuple(sorted(_alike(c) for c in combo)), combo)
    return list(found.values())


def _alike(inst: str) -> str:
    return "common" if card_id(inst) == "common" else inst


def _activatable(state: HellbringerState, hero: Hero) -> list[str]:
    found: list[str] = []
    for inst in [*hero.hand, *hero.learned, *dict.fromkeys(hero.equipped.values())]:
        card = card_of(state, inst)
        if card is None or card.id == "common":
            continue
        place = locate(hero, inst)
        if place == "hand" and card.kind in ("item", "companion", "enchantment"):
            continue
        if card.strike is None and not card.boost and not card.draw:
            continue
        primed = place == "equipped" and inst in hero.primed
        if inst in hero.used and not primed:
            continue
        if not primed and card.cost > ap_left(state, hero):
            continue
        found.append(inst)
    found += [c.card for c in hero.companions if c.card not in hero.used
              and strike_of(state, hero, c.card) is not None]
    return list(dict.fromkeys(found))


def _activations(state: HellbringerState, hero: Hero, inst: str) -> list[Activate]:
    blow = strike_of(state, hero, inst)
    if blow is None:
        return [Activate(card=inst)]
    return [Activate(card=inst, target=t) for t in _targets(state, hero, blow.kind)]


def _targets(state: HellbringerState, hero: Hero, kind: str) -> list[str | None]:
    seen = [e.uid for e in state.enemies if sees(state, hero, e)]
    if kind == "all":
        return [None] if seen else []
    return list(seen)

