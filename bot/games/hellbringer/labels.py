"""Button words for Hellbringer's actions: card names, not instance ids, so a
player reads "Activate Ember Bolt → Ghoul" rather than the engine's JSON."""

from __future__ import annotations

from typing import Any

from engines.hellbringer.cards import catalogue
from engines.hellbringer.models import (
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
)
from engines.hellbringer.moves import ATTR_NAMES
from engines.hellbringer.stats import enemy_by_uid
from engines.hellbringer.view import UNSHOWN, card_label

LABEL = 80
SHOW = {"gear": "📝 Show a gear card (item) you hold", "companion": "📝 Show a companion you hold",
        "other": "📝 Show a skill, enchantment, defence or potion"}
SHOW_AND_EQUIP = "📝 Show a gear card (item) and equip it"
NEVER_MIND = "↩️ Never mind: show no card"


def card_name(state: HellbringerState, inst: str) -> str:
    return card_label(state, inst)


def _cards(state: HellbringerState, insts: tuple[str, ...]) -> str:
    names = [card_name(state, i) for i in insts]
    unshown = names.count(UNSHOWN)
    if unshown > 1:
        names = [n for n in names if n != UNSHOWN] + [f"{unshown} unshown cards"]
    return ", ".join(names) or "nothing"


def enemy_name(state: HellbringerState, uid: str | None) -> str:
    """An enemy as players tell it apart: 'Grave Imp #2' when two share a name."""
    enemy = enemy_by_uid(state, uid) if uid else None
    if enemy is None:
        return ""
    twins = [e for e in state.enemies if e.face.name == enemy.face.name]
    return enemy.face.name + (f" #{twins.index(enemy) + 1}" if len(twins) > 1 else "")


def _seat(state: HellbringerState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(state.names):
        return "the Mule"
    return state.names[seat]


def label(state: HellbringerState, action: Any) -> str:
    """One line for a button or a menu option (Discord allows 80 characters)."""
    return _label(state, action)[:LABEL]


def _label(state: HellbringerState, a: Any) -> str:
    c = catalogue()
    if isinstance(a, ChooseClass):
        swap = f" (swap {card_name(state, a.swap)})" if a.swap else ""
        return f"🧙 {c.cls(a.cls).name} · {card_name(state, a.starter)} · " \
               f"{c.perk(a.perk).name}{swap}"
    if isinstance(a, Activate):
        target = enemy_name(state, a.target)
        return f"⚔️ {card_name(state, a.card)}" + (f" → {target}" if target else "")
    if isinstance(a, UsePerk):
        target = enemy_name(state, a.target)
        return "✨ Use perk" + (f" → {target}" if target else "")
    if isinstance(a, Equip):
        return f"🛡️ Equip {card_name(state, a.card)}"
    if isinstance(a, Enchant):
        return f"💠 Enchant {card_name(state, a.item)} with {card_name(state, a.card)}"
    if isinstance(a, Learn):
        return f"📖 Learn {card_name(state, a.card)}"
    if isinstance(a, Assign):
        return f"🐾 Give {card_name(state, a.card)} to {_seat(state, a.to)}"
    if isinstance(a, Defend):
        return f"🛡️ {card_name(state, a.card)} for {_seat(state, a.target)}"
    if isinstance(a, CloseAttack):
        return "🎯 Close the combined attack"
    if isinstance(a, DiscardCard):
        return f"🗑️ Discard {card_name(state, a.card)}"
    if isinstance(a, Trade):
        if a.take and card_name(state, a.take) == UNSHOWN:
            return f"🤝 Swap {card_name(state, a.give)} for one of the Mule's cards"
        take = f" for {card_name(state, a.take)}" if a.take else ""
        return f"🤝 Offer {card_name(state, a.give)} to {_seat(state, a.partner)}{take}"
    if isinstance(a, TradeReply):
        return f"🤝 Give {card_name(state, a.give)}" if a.give else "🤝 Decline the trade"
    if isinstance(a, EndTurn):
        return "⏭️ End turn" + (f", discard {_cards(state, a.discard)}" if a.discard else "")
    if isinstance(a, PlacePoint):
        to = f" on {_seat(state, a.to)}" if a.to is not None else ""
        return f"➕ Attribute Point on {ATTR_NAMES[a.attr]}{to}"
    if isinstance(a, DiscardCards):
        return f"🗑️ Discard {_cards(state, a.cards)}"
    if isinstance(a, ReturnCombat):
        return f"↩️ Return {_cards(state, a.cards)}"
    if isinstance(a, Pick):
        head = state.queue[0] if state.queue else None
        collect = isinstance(head, Choose) and head.what == "collect"
        if card_name(state, a.card) == UNSHOWN:
            return ("🃏 Collect a card from the discard" if collect
                    else "🃏 Take one of the revealed cards")
        return f"🃏 {'Collect' if collect else 'Pick'} {card_name(state, a.card)}"
    if isinstance(a, Respawn):
        return "♻️ Respawn" if a.respawn else "💀 Stay out"
    if isinstance(a, RemovePoint):
        return f"➖ Remove a {a.attr} point"
    if isinstance(a, Pass):
        return "✋ Pass"
    if isinstance(a, EnterPortal):
        return "🌀 Enter the Secret Portal" if a.enter else "🚪 Leave the portal be"
    if isinstance(a, ShowCard):
        return SHOW_AND_EQUIP if a.equip else SHOW[a.form]
    if isinstance(a, CancelShow):
        return NEVER_MIND
    return type(a).__name__
