"""Cenobites entering the map, and Creatures made from casualties.

Entry: "A Cenobite may only enter onto the map board if the appropriate
Leviathan card is played. Only the gateway to hell portal can allow Cenobites
to enter if there is a non-casualty Human in the same room. All other entry
portals require empty rooms to be used." Each Named Cenobite lists the portals
they may use (house data).

Creatures: "A Cenobite that spends 2 turns in the same square as a casualty,
can turn it into a Creature ... Divide the original character's statistics
between these two. Neither statistic can be above 8." House: a Cenobite keeps
watch over a corpse or a permanently insane Human when a round ends in their
shared square; after 2 such round ends the Leviathan player may convert it
(a free action). The statistics divided are the original character's, as the
text says: its starting scores (18 points, so a Creature of 8 and 8), not what
damage left of them; the house option `creatures: current` divides the casualty's
current statistics instead. Each Creature statistic is at least 1.
"""

from __future__ import annotations

from engines.hellraiser.board import Square, portal_squares
from engines.hellraiser.board import tile_index as tile_of
from engines.hellraiser.cards import PortalName
from engines.hellraiser.checks import leviathan_turn, require
from engines.hellraiser.models import Convert, Figure, HellraiserState
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import Out, board, cat, cenobites_on_map, find, stunned, update
from engines.hellraiser.skinned import room_empty
from engines.hellraiser.stats import RAISED_MAX, Stats

WATCH_ROUNDS = 2
CONVERTIBLE = frozenset({"corpse", "mad"})


def entry_squares(s: HellraiserState, portal: PortalName) -> list[Square]:
    b = board(s)
    if portal == "gateway":
        return [b.gateway] if b.gateway is not None else []
    return [sq for sq in portal_squares(b, portal) if room_empty(s, tile_of(sq))]


def may_enter(fig: Figure, portal: PortalName) -> bool:
    named = cat().cenobite(fig.id.removeprefix("c-"))
    return fig.kind == "cenobite" and fig.condition == "pool" and named is not None \
        and portal in named.portals


def waiting(s: HellraiserState, portal: PortalName) -> list[Figure]:
    return [f for f in s.figures if may_enter(f, portal)]


def enter(s: HellraiserState, cid: str, square: Square, out: Out) -> None:
    fig = update(s, cid, condition="board", square=square)
    if not out.quiet:
        out.add(Changed(figure=cid, change="entered", text=f"{fig.name} enters the Institute."))


def creature_points(s: HellraiserState, casualty: Figure) -> int:
    """What a Creature made from this casualty divides between Strength and Speed: the
    original character's statistics unless the table chose `creatures: current`."""
    return sum(casualty.stats if s.options.creatures == "current" else casualty.start)


def creature_speed(total: int, strength: int) -> int:
    return 1 if total < 2 else min(RAISED_MAX, total - strength)


def creature_split(total: int) -> tuple[int, int]:
    """The Strength values a Leviathan player may choose (Speed takes the rest, and
    points past 8 and 8 are lost)."""
    if total < 2:
        return 1, 1
    total = min(total, 2 * RAISED_MAX)
    return max(1, total - RAISED_MAX), min(RAISED_MAX, total - 1)


def make_creature(s: HellraiserState, casualty: str, strength: int, speed: int,
                  square: Square, out: Out, seat: int | None = None) -> Figure:
    s.creatures_made += 1
    stats: Stats = (strength, speed, 0, 0, 0, 0)
    name = find(s, casualty).name if casualty else "Abomination"
    creature = Figure(
        id=f"x{s.creatures_made}", kind="creature", name=f"Creature ({name})", seat=seat,
        condition="board", square=square, stats=stats, start=stats,
    )
    s.figures.append(creature)
    if casualty:
        update(s, casualty, condition="creature", square=None)
    if not out.quiet:
        out.add(Changed(figure=creature.id, change="creature",
                        text=f"{creature.name} rises (Strength {strength}, Speed {speed})."))
    return creature


def check_convert(s: HellraiserState, seat: int, a: Convert) -> tuple[Figure, Figure]:
    leviathan_turn(s, seat)
    cenobite = find(s, a.cenobite)
    require(cenobite.kind == "cenobite" and cenobite.condition == "board",
            "Name a Cenobite on the map.")
    require(not stunned(s, cenobite), f"{cenobite.name} is stunned.")
    casualty = find(s, a.casualty)
    require(casualty.kind == "human" and casualty.condition in CONVERTIBLE,
            "Only a corpse or a permanently insane Human can become a Creature.")
    require(casualty.square == cenobite.square, "The Cenobite must share the casualty's square.")
    require(cenobite.watch == casualty.id and cenobite.watch_rounds >= WATCH_ROUNDS,
            f"{cenobite.name} must spend 2 rounds in the casualty's square first.")
    low, high = creature_split(creature_points(s, casualty))
    require(low <= a.strength <= high, f"Give the Creature {low} Strength." if low == high
            else f"Give the Creature {low} to {high} Strength.")
    return cenobite, casualty


def convert(s: HellraiserState, seat: int, a: Convert, out: Out) -> None:
    cenobite, casualty = check_convert(s, seat, a)
    speed = creature_speed(creature_points(s, casualty), a.strength)
    assert cenobite.square is not None
    make_creature(s, casualty.id, a.strength, speed, cenobite.square, out)
    update(s, cenobite.id, watch=None, watch_rounds=0)


def keep_watch(s: HellraiserState) -> None:
    """At the end of a round, each Cenobite counts the rounds spent over a casualty."""
    for cenobite in cenobites_on_map(s):
        if stunned(s, cenobite):
            continue
        here = [f.id for f in s.figures if f.kind == "human" and f.condition in CONVERTIBLE
                and f.square == cenobite.square]
        if cenobite.watch in here:
            update(s, cenobite.id, watch_rounds=cenobite.watch_rounds + 1)
        elif here:
            update(s, cenobite.id, watch=here[0], watch_rounds=1)
        elif cenobite.watch is not None:
            update(s, cenobite.id, watch=None, watch_rounds=0)
