"""Carried items: picking up, dropping, and using healing items.

"A character can carry as many items as their base Strength." A Human with
Strength 0 is "unable to pick up or use any objects". House: picking up an
item in your square and dropping one are free actions on your turn (an item
dropped this turn can't be picked up again the same turn, so turns end);
using a healing item is one of the "in addition" actions, once a turn.
Healing items: "heal d6 Physical / Mental / Spiritual, 3 uses, never above
starting scores, Humans only".
"""

from __future__ import annotations

from engines.hellraiser.checks import character_turn, extras_free, require
from engines.hellraiser.damage import discard_item, drop_item, heal
from engines.hellraiser.models import Drop, HellraiserState, PickUp, Roll, UseItem
from engines.hellraiser.query import Out, carrying_limit, cat, find, square_of, update
from engines.hellraiser.stats import get


def check_pick_up(s: HellraiserState, seat: int, a: PickUp) -> int:
    """The index of the floor item to take."""
    fig = character_turn(s, seat)
    require(get(fig.stats, "strength") > 0, "With Strength 0 you cannot pick anything up.")
    require(a.item not in s.flags.dropped, "You dropped that this turn; leave it for now.")
    here = square_of(fig)
    index = next((i for i, f in enumerate(s.floor)
                  if f.square == here and f.item.card == a.item), None)
    require(index is not None, "That item is not on your square.")
    require(len(fig.items) < carrying_limit(fig),
            f"{fig.name} can carry {carrying_limit(fig)} item(s): drop one first.")
    assert index is not None
    return index


def pick_up(s: HellraiserState, seat: int, a: PickUp) -> None:
    index = check_pick_up(s, seat, a)
    fig = character_turn(s, seat)
    floor = s.floor.pop(index)
    update(s, fig.id, items=(*fig.items, floor.item))


def check_drop(s: HellraiserState, seat: int, a: Drop) -> int:
    fig = character_turn(s, seat)
    index = next((i for i, it in enumerate(fig.items) if it.card == a.item), None)
    require(index is not None, "You don't carry that item.")
    assert index is not None
    return index


def drop(s: HellraiserState, seat: int, a: Drop) -> None:
    index = check_drop(s, seat, a)
    drop_item(s, character_turn(s, seat).id, index)
    s.flags = s.flags.model_copy(update={"dropped": (*s.flags.dropped, a.item)})


def check_use(s: HellraiserState, seat: int, a: UseItem) -> int:
    fig = character_turn(s, seat)
    extras_free(s)
    require(not s.flags.item, "You already used an item this turn.")
    require(fig.condition == "alive", "Healing items work on Humans only.")
    require(get(fig.stats, "strength") > 0, "With Strength 0 you cannot use any object.")
    index = next((i for i, it in enumerate(fig.items) if it.card == a.item
                  and cat().search[it.card].effect == "heal"), None)
    require(index is not None, "You carry no such healing item.")
    assert index is not None
    return index


def use(s: HellraiserState, seat: int, a: UseItem) -> None:
    check_use(s, seat, a)
    fig = character_turn(s, seat)
    s.flags = s.flags.model_copy(update={"item": True})
    s.pending.insert(0, Roll(purpose="heal", seat=seat, groups=(1,), labels=("Healing",),
                             actor=fig.id, item=a.item))


def on_heal(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None and roll.item is not None
    card = cat().search[roll.item]
    assert card.heal is not None
    heal(s, roll.actor, card.heal, dice[0][0], out)
    fig = find(s, roll.actor)
    items = list(fig.items)
    index = next((i for i, it in enumerate(items) if it.card == roll.item), None)
    if index is None:
        return
    spent = items[index].model_copy(update={"used": items[index].used + 1})
    if spent.used >= card.uses:
        items.pop(index)
        discard_item(s, spent)
    else:
        items[index] = spent
    update(s, fig.id, items=tuple(items))
