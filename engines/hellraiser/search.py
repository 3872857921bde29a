"""Searching rooms and drawing cards.

"It takes one turn of no other activity to search a room. Each room requires a
particular statistic to search and has a difficulty number. The character
rolls their statistic and requires at least one success (one die to be equal
to or greater than the difficulty number). Draw a card from the Search deck.
Alternatively, if the gateway has been opened, the player may draw a card from
the Action deck." House: "each room can be searched for an item" once per
character (a room searched with success is spent for that character); a
character with Strength 0 cannot search (they could not take the item).

Every item found is checked against the Hell number while the gateway is shut.
Cards drawn at random come from chance nodes; known top cards need none.
"""

from __future__ import annotations

from engines.hellraiser.board import tile_at, tile_index
from engines.hellraiser.cards import DeckName
from engines.hellraiser.checks import (
    character_turn,
    free_to_act,
    main_free,
    nothing_else_done,
    require,
)
from engines.hellraiser.damage import check_carry, discard_hand, queue
from engines.hellraiser.decks import can_draw, discard, give, refill, take_top
from engines.hellraiser.dice import successes
from engines.hellraiser.gateway import hell_check
from engines.hellraiser.models import (
    CardDrawn,
    Continue,
    Damage,
    Draw,
    HellraiserState,
    Item,
    Note,
    Roll,
    Search,
    Vision,
)
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import Out, board, cat, effective, find, gate_open, square_of, update
from engines.hellraiser.skinned import escape
from engines.hellraiser.stats import get
from engines.hellraiser.tiles import Stat


def search_dice(s: HellraiserState, fid: str, stat: Stat) -> int:
    fig = find(s, fid)
    bonus = 1 if s.flags.reference and stat == "wits" else 0
    return min(s.options.max_dice, effective(s, fig, stat) + bonus)


def check(s: HellraiserState, seat: int, a: Search) -> None:
    fig = character_turn(s, seat)
    main_free(s)
    nothing_else_done(s)
    free_to_act(fig, "search")
    tile = tile_at(board(s), square_of(fig))
    require(tile.kind == "room" and tile.search is not None, "Only rooms can be searched.")
    require(tile_index(square_of(fig)) not in fig.searched,
            f"{fig.name} has already found what there was in the {tile.name}.")
    require(get(fig.stats, "strength") > 0, "With Strength 0 you couldn't take anything.")
    if a.deck == "action":
        require(gate_open(s), "The Action deck opens with the gateway.")
    require(can_draw(s, a.deck), f"The {a.deck.capitalize()} deck is empty.")


def start(s: HellraiserState, seat: int, a: Search) -> None:
    check(s, seat, a)
    fig = character_turn(s, seat)
    tile = tile_at(board(s), square_of(fig))
    assert tile.search is not None
    s.flags = s.flags.model_copy(update={"main": "search"})
    s.pending[0:0] = [
        Roll(purpose="search", seat=seat, groups=(search_dice(s, fig.id, tile.search.stat),),
             labels=(fig.name,), actor=fig.id, stat=tile.search.stat,
             number=tile.search.difficulty, item=a.deck),
        Continue(step="end_turn"),
    ]


def on_roll(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None
    fig = find(s, roll.actor)
    if successes(dice[0], roll.number) == 0:
        if not out.quiet:
            out.add(Note(text=f"{fig.name} finds nothing."))
        return
    update(s, fig.id, searched=(*fig.searched, tile_index(square_of(fig))))
    deck: DeckName = "action" if roll.item == "action" else "search"
    s.pending.insert(0, Draw(deck=deck, seat=roll.seat, purpose="search", actor=fig.id))


def receive(s: HellraiserState, draw: Draw, card: str | None, out: Out) -> None:
    """A card comes off a deck (`None`: the deck was empty)."""
    if card is None:
        if not out.quiet:
            out.add(Note(text="The deck is empty."))
        return
    shown = card if draw.deck == "search" else None
    drawn = CardDrawn(seat=draw.seat, deck=draw.deck, card=shown,
                      text=f"A card is drawn from the {draw.deck.capitalize()} deck.")
    kept = draw.deck != "search" and not (
        cat().action[card].on_draw if draw.deck == "action" else cat().leviathan[card].on_draw)
    if kept:
        owner = _hand_for(s, draw)
        drawn = drawn.model_copy(update={"hand": owner, "index": len(s.hands.get(owner, ()))})
    if not out.quiet:
        out.add(drawn)
    if draw.deck == "search":
        _found(s, draw, card, out)
        return
    if not kept:
        if draw.deck == "action":
            _action_on_draw(s, draw, card, out)
            return
        if not out.quiet:
            out.add(Note(text="Disorder: the Leviathan player discards their hand."))
        discard(s, "leviathan", card)
        discard_hand(s, draw.seat)
        return
    give(s, _hand_for(s, draw), draw.deck, card)


def _hand_for(s: HellraiserState, draw: Draw) -> int:
    """Whose hand a drawn card joins: an Action card found by a character belongs to
    that character's player, even when a Leviathan player steers the robot or insane
    Human who searched (the steering seat only reports the draw)."""
    if draw.deck == "action" and draw.actor is not None:
        seat = find(s, draw.actor).seat
        if seat is not None:
            return seat
    return draw.seat


def _found(s: HellraiserState, draw: Draw, card: str, out: Out) -> None:
    assert draw.actor is not None
    fig = find(s, draw.actor)
    update(s, fig.id, items=(*fig.items, Item(card=card)))
    if not out.quiet:
        out.add(Changed(figure=fig.id, change="item",
                        text=f"{fig.name} finds: {cat().search[card].name}."))
    check_carry(s, fig.id)
    hell_check(s, fig.id)  # the check comes first, with the new item: 'every time a new
    # item is found'; only then is anything over the carrying limit dropped


def _action_on_draw(s: HellraiserState, draw: Draw, card: str, out: Out) -> None:
    spec = cat().action[card]
    discard(s, "action", card)
    if not out.quiet:
        out.add(Note(text=f"{spec.name}: {spec.text}"))
    if spec.effect == "escape":
        escape(s, out)
    elif spec.effect == "hurt_self" and draw.actor is not None and spec.group is not None:
        queue(s, Damage(target=draw.actor, group=spec.group, points=spec.value))


def settle_draw(s: HellraiserState, draw: Draw, out: Out) -> bool:
    """Settle a draw that needs no chance node (a known top card, an empty deck, a peek
    already seen); False when a card must be drawn at random first."""
    refill(s, draw.deck)
    d = s.decks[draw.deck]
    if draw.purpose == "peek":
        if len(d.top) >= draw.count or not any(d.pile.values()):
            _remember_peek(s, draw)
            return True
        return False
    if d.top:
        receive(s, draw, take_top(s, draw.deck), out)
    elif any(d.pile.values()):
        return False
    else:
        receive(s, draw, None, out)
    _again(s, draw)
    return True


def drawn(s: HellraiserState, draw: Draw, card: str, out: Out) -> None:
    """A card drawn at random (the chance node's outcome)."""
    if draw.purpose == "peek":
        d = s.decks[draw.deck]
        d.top = (*d.top, card)
        s.pending.insert(0, draw)
        return
    receive(s, draw, card, out)
    _again(s, draw)


def _again(s: HellraiserState, draw: Draw) -> None:
    if draw.count > 1:
        s.pending.insert(0, draw.model_copy(update={"count": draw.count - 1}))


def _remember_peek(s: HellraiserState, draw: Draw) -> None:
    d = s.decks[draw.deck]
    s.visions[draw.seat] = Vision(what=f"top of the {draw.deck.capitalize()} deck",
                                  cards=d.top[:draw.count])
