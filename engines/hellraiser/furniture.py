"""Room items: Tip, Obstacle, Restraint.

"Roll as many dice as you have strength"; the item's number is the difficulty
of each die (a die at or above it is a success) and also the damage it can
take. "Used room items can never be used again."

The rules' text is cut short; the house completes it:
- Tip: one success tips the item onto a target in its square or a neighbouring
  one; the target is pinned (cannot move, attack, search or use room items)
  for one round per success.
- Obstacle: one success moves it into a doorway of its tile, which becomes a
  wall for both tiles until the Obstacle is smashed (physical attacks, its
  number in successes) — see `combat`.
- Restraint: one success throws it over a target in its square or a
  neighbouring one, pinned for one round per success.
- An attempt with no success leaves the item unused. A Leviathan player uses
  room items with a Cenobite standing on them.
- Justice is done (Leviathan card, laid in advance): the next Human to use a
  room item with success is pinned for as many rounds as they rolled successes.
"""

from __future__ import annotations

from engines.hellraiser.board import PlacedFurniture, block_doorway, doorways, edge, room_furniture
from engines.hellraiser.checks import (
    adjacent_or_same,
    character_turn,
    figure_on_board,
    free_to_act,
    leviathan_turn,
    main_free,
    require,
)
from engines.hellraiser.damage import damageable
from engines.hellraiser.dice import successes
from engines.hellraiser.models import Figure, HellraiserState, Note, Roll, UseFurniture
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import (
    Out,
    board,
    effective,
    effects,
    find,
    square_of,
    stunned,
    turn_figure,
    update,
)
from engines.hellraiser.stats import get

SURGE = 3
"""Surge of Adrenaline: '+3 successes on Tip/Obstacle/Restraint'."""


def actor_for(s: HellraiserState, seat: int, a: UseFurniture) -> Figure:
    if turn_figure(s) is not None:
        fig = character_turn(s, seat)
        require(a.by is None or a.by == fig.id, "Only your own character can use it.")
        require(get(fig.stats, "strength") > 0, "With Strength 0 you cannot affect any item.")
        return fig
    leviathan_turn(s, seat)
    require(a.by is not None, "Name the Cenobite standing on the room item.")
    assert a.by is not None
    fig = find(s, a.by)
    require(fig.kind == "cenobite" and fig.condition == "board",
            "A Leviathan player uses room items through a Cenobite on the map.")
    require(not stunned(s, fig), f"{fig.name} is stunned.")
    return fig


def furniture(s: HellraiserState, tile: int, fid: str) -> PlacedFurniture:
    found = next((f for f in room_furniture(board(s), tile) if f.furniture.id == fid), None)
    require(found is not None, "There is no such room item.")
    assert found is not None
    return found


def check(s: HellraiserState, seat: int, a: UseFurniture) -> Figure:
    main_free(s)
    actor = actor_for(s, seat, a)
    free_to_act(actor, "use room items")
    item = furniture(s, a.tile, a.furniture)
    require((a.tile, a.furniture) not in s.used_furniture,
            f"The {item.furniture.name} has been used: used room items can never be used again.")
    require(square_of(actor) == item.square, f"Stand on the {item.furniture.name}'s square.")
    require(a.use in item.furniture.uses,
            f"The {item.furniture.name} can be used for: {', '.join(item.furniture.uses)}.")
    if a.use == "obstacle":
        require(a.target is None and a.doorway is not None, "Name the doorway to block.")
        assert a.doorway is not None
        e = edge(*a.doorway)
        b = board(s)
        require(e in doorways(b, a.tile) and all(x.edge != e for x in b.blocked_doorways),
                "Choose an open doorway of this room.")
        return actor
    require(a.doorway is None, "Tip and Restraint need a target, not a doorway.")
    target = figure_on_board(s, a.target)
    require(target.id != actor.id, "Choose someone else as the target.")
    require(damageable(target), f"{target.name} can't be targeted.")
    require(adjacent_or_same(s, item.square, square_of(target)),
            f"{target.name} must be on the item's square or beside it.")
    return actor


def start(s: HellraiserState, seat: int, a: UseFurniture) -> None:
    actor = check(s, seat, a)
    item = furniture(s, a.tile, a.furniture)
    s.flags = s.flags.model_copy(update={"main": "furniture"})
    n = min(s.options.max_dice, effective(s, actor, "strength"))
    s.pending.insert(0, Roll(
        purpose="furniture", seat=seat, groups=(n,), labels=(actor.name,), actor=actor.id,
        target=a.target, use=a.use, tile=a.tile, furniture=a.furniture,
        doorway=edge(*a.doorway) if a.doorway is not None else None,
        number=item.furniture.number,
    ))


def on_roll(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None and roll.tile is not None and roll.furniture is not None
    hits = successes(dice[0], roll.number)
    actor = find(s, roll.actor)
    if s.flags.surge and actor.kind == "human":
        hits += SURGE
        s.flags = s.flags.model_copy(update={"surge": False})
    if hits == 0:
        if not out.quiet:
            out.add(Note(text=f"{actor.name} can't shift it."))
        return
    s.used_furniture.append((roll.tile, roll.furniture))
    if roll.use == "obstacle":
        assert roll.doorway is not None
        s.board = block_doorway(board(s), *roll.doorway, roll.tile, roll.furniture)
        if not out.quiet:
            out.add(Note(text=f"{actor.name} blocks a doorway."))
    else:
        target = find(s, roll.target or "")
        pin(s, target.id, hits, out)
    if actor.kind == "human":
        justice = next(effects(s, "justice"), None)
        if justice is not None:
            s.effects.remove(justice)
            if not out.quiet:
                out.add(Note(text="Justice is done: another room item turns on them."))
            pin(s, actor.id, hits, out)


def pin(s: HellraiserState, fid: str, rounds: int, out: Out) -> None:
    fig = find(s, fid)
    update(s, fid, pinned=fig.pinned + rounds)
    if not out.quiet:
        out.add(Changed(figure=fid, change="pinned",
                        text=f"{fig.name} is pinned for {rounds} round(s)."))
