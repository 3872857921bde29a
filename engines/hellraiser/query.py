"""Read-only questions about a state, shared by every rule module."""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.errors import RuleError
from engines.core.protocol import Event
from engines.hellraiser.board import Board, Square, tile_index
from engines.hellraiser.cards import Catalogue, catalogue
from engines.hellraiser.models import (
    PHANTOM,
    Effect,
    EffectKind,
    Figure,
    HellraiserState,
    Role,
)
from engines.hellraiser.stats import INDEX, get
from engines.hellraiser.tiles import Stat


class Out:
    """Collects events; quiet simulations skip building them."""

    __slots__ = ("events", "quiet")

    def __init__(self, quiet: bool = False) -> None:
        self.events: list[Event] = []
        self.quiet = quiet

    def add(self, event: Event) -> None:
        self.events.append(event)


def cat() -> Catalogue:
    return catalogue()


def hid(seat: int) -> str:
    """The figure id of a seat's Human character."""
    return f"h{seat}"


def find(s: HellraiserState, fid: str) -> Figure:
    for f in s.figures:
        if f.id == fid:
            return f
    raise RuleError(f"There is no figure called {fid!r}.")


def maybe(s: HellraiserState, fid: str | None) -> Figure | None:
    """A plain loop, not next() over a generator: asked some 25 times for each seat's
    legal actions (the turn's figure, each attacker), the generator was half its cost."""
    for f in s.figures:
        if f.id == fid:
            return f
    return None


def slot(s: HellraiserState, fid: str) -> int:
    for i, f in enumerate(s.figures):
        if f.id == fid:
            return i
    raise KeyError(fid)


def put(s: HellraiserState, fig: Figure) -> None:
    """Store a changed figure (states hold immutable-by-convention figures)."""
    s.figures[slot(s, fig.id)] = fig


def update(s: HellraiserState, fid: str, **changes: object) -> Figure:
    fig = find(s, fid).model_copy(update=changes)
    put(s, fig)
    return fig


def board(s: HellraiserState) -> Board:
    if s.board is None:
        raise RuleError("The map is not laid yet.")
    return s.board


def has_stat(fig: Figure, stat: Stat) -> bool:
    if fig.kind == "human":
        return True
    if fig.kind == "cenobite":
        return stat != "speed"
    return stat in ("strength", "speed")


def effects(s: HellraiserState, kind: EffectKind, figure: str | None = None) -> Iterator[Effect]:
    for e in s.effects:
        if e.kind == kind and (figure is None or e.figure == figure):
            yield e


def item_modifier(fig: Figure, stat: Stat) -> int:
    search = cat().search
    return sum(search[i.card].modifier(stat) for i in fig.items)


def effective(s: HellraiserState, fig: Figure, stat: Stat) -> int:
    """A statistic with its item modifiers and lasting card effects (never below 0)."""
    value = get(fig.stats, stat)
    if fig.kind == "human":
        value += item_modifier(fig, stat)
        for e in effects(s, "think_harder", fig.id):
            if e.stat == stat:
                value += e.amount
    return max(0, value)


def in_personal_hell(s: HellraiserState, fig: Figure) -> bool:
    """Personal Hell: 'a Human can't be killed by Physical damage' — by anything
    physical: damage, a drain, Torn to Shreds."""
    return fig.kind == "human" and any(effects(s, "personal_hell", fig.id))


def carrying_limit(fig: Figure) -> int:
    """'A character can carry as many items as their base Strength.'"""
    return get(fig.stats, "strength")


def holds(fig: Figure, effect: str) -> bool:
    search = cat().search
    return any(search[i.card].effect == effect for i in fig.items)


def alive_humans(s: HellraiserState) -> list[Figure]:
    return [f for f in s.figures if f.kind == "human" and f.condition == "alive"]


def living_targets(s: HellraiserState) -> list[Figure]:
    """Humans and Skinned Humans on the board: the people Cenobites hunt."""
    return [f for f in s.figures if f.kind == "human" and f.condition in ("alive", "skinned")]


def cenobites_on_map(s: HellraiserState) -> list[Figure]:
    return [f for f in s.figures if f.kind == "cenobite" and f.condition == "board"]


def stunned(s: HellraiserState, fig: Figure) -> bool:
    return fig.kind == "cenobite" and fig.stunned_until >= s.round


def zero(fig: Figure, stat: Stat) -> bool:
    return fig.stats[INDEX[stat]] == 0


def can_move_self(fig: Figure) -> bool:
    """Paralysed (Speed 0) and braindead (Wits 0) Humans cannot move; Creatures with
    Speed 0 neither; pinned or chained figures are held fast."""
    if fig.pinned > 0 or fig.chained:
        return False
    if fig.kind == "human":
        return not (zero(fig, "speed") or zero(fig, "wits"))
    if fig.kind == "creature":
        return not zero(fig, "speed")
    return True


def leviathan_lead(s: HellraiserState) -> int | None:
    """'The first Leviathan player': controls robots and insane Humans."""
    return s.leviathans[0] if s.leviathans else None


def gate_open(s: HellraiserState) -> bool:
    return s.board is not None and s.board.gateway is not None


def controller(s: HellraiserState, fig: Figure) -> int:
    """Who plays a Human's turn: a robot (Willpower 0) obeys the first Leviathan player;
    an insane Human (Creativity 0) alternates between owner and Leviathan, unless the
    Insanity card hands them to whoever played it. Before there is a Leviathan player
    the owner keeps control (house)."""
    owner = fig.seat if fig.seat is not None else 0
    if fig.condition != "alive":
        return owner
    lead = leviathan_lead(s)
    if lead is None:
        return owner
    if zero(fig, "willpower"):
        return lead
    for e in effects(s, "insanity", fig.id):
        if zero(fig, "creativity"):
            return e.seat
    if zero(fig, "creativity") and fig.insane_turns % 2 == 1:
        return lead
    return owner


def turn_figure(s: HellraiserState) -> Figure | None:
    """The character whose turn it is (None on a Leviathan turn)."""
    if s.turn == PHANTOM or s.roles[s.turn] not in ("human", "skinned"):
        return None
    return maybe(s, hid(s.turn))


def turn_controller(s: HellraiserState) -> int:
    fig = turn_figure(s)
    return s.turn if fig is None else controller(s, fig)


def cenobite_controller(s: HellraiserState) -> int:
    """Who decides for a Cenobite or Leviathan Creature: the Leviathan player whose turn
    it is, else the first Leviathan player."""
    if s.turn == PHANTOM or (0 <= s.turn < s.seats and s.roles[s.turn] == "leviathan"):
        return s.turn
    lead = leviathan_lead(s)
    return lead if lead is not None else s.turn


def decider_for(s: HellraiserState, fig: Figure) -> int:
    """Who chooses for a figure (which statistic takes damage, which item to drop)."""
    if fig.kind == "human":
        if fig.seat is None:
            return cenobite_controller(s)
        return fig.seat
    if fig.kind == "creature" and fig.seat is not None:
        return fig.seat
    return cenobite_controller(s)


def square_of(fig: Figure) -> Square:
    if fig.square is None:
        raise RuleError(f"{fig.name} is not on the map.")
    return fig.square


def same_tile(a: Square, b: Square) -> bool:
    return tile_index(a) == tile_index(b)


def hand(s: HellraiserState, seat: int) -> tuple[str, ...]:
    return s.hands.get(seat, ())


def order(s: HellraiserState) -> list[int]:
    """Seats in turn order; the house Leviathan of a solo game plays last."""
    seats = list(range(s.seats))
    return [*seats, PHANTOM] if s.phantom else seats


def seat_name(s: HellraiserState, seat: int) -> str:
    return "Leviathan (house)" if seat == PHANTOM else s.names[seat]


def role(s: HellraiserState, seat: int) -> Role:
    return "leviathan" if seat == PHANTOM else s.roles[seat]
