"""Room Powers: "use a special Power of a room" (an 'in addition' option).

The Powers are house data on the map tiles (`tiles.yaml`); each id is
implemented here, and a tile pack naming any other id is refused at start-up
by `check_pack`. House: a character uses the Power of the room they stand in,
once a turn.
"""

from __future__ import annotations

from engines.core.errors import PackError
from engines.hellraiser.board import tile_at, tile_index
from engines.hellraiser.checks import character_turn, extras_free, require
from engines.hellraiser.damage import heal, queue
from engines.hellraiser.decks import can_draw, discard, hand_cards, take_from_hand
from engines.hellraiser.models import Choice, Damage, Draw, HellraiserState, UsePower
from engines.hellraiser.query import Out, board, square_of
from engines.hellraiser.stats import Group
from engines.hellraiser.tiles import builtin_tiles

HEALS: dict[str, Group] = {
    "sanctuary": "spiritual", "medicine": "mental", "soothing_baths": "physical",
}
POWERS = frozenset({*HEALS, "channards_notes", "reference", "shock_treatment",
                    "scalding_steam", "confession"})
NOTES_CARDS = 2


def check_pack() -> None:
    unknown = sorted({t.power.id for t in builtin_tiles().tiles
                      if t.power is not None and t.power.id not in POWERS})
    if unknown:
        raise PackError(f"tiles.yaml: room powers the engine does not know: {', '.join(unknown)}")


def power_here(s: HellraiserState, seat: int) -> str | None:
    fig = character_turn(s, seat)
    tile = tile_at(board(s), square_of(fig))
    return tile.power.id if tile.power is not None else None


def check(s: HellraiserState, seat: int, a: UsePower) -> str:
    character_turn(s, seat)
    extras_free(s)
    require(not s.flags.power, "You already used a room's Power this turn.")
    power = power_here(s, seat)
    require(power is not None, "This room has no special Power.")
    assert power is not None
    if power == "confession":
        require(a.card is not None and a.card in hand_cards(s, seat, "action"),
                "Confession: name an Action card of your hand to discard.")
    else:
        require(a.card is None, "This Power needs no card.")
    if power == "channards_notes":
        require(can_draw(s, "search"), "The Search deck is empty.")
    return power


def use(s: HellraiserState, seat: int, a: UsePower, out: Out) -> None:
    power = check(s, seat, a)
    fig = character_turn(s, seat)
    s.flags = s.flags.model_copy(update={"power": True})
    if power in HEALS:
        heal(s, fig.id, HEALS[power], 1, out)
    elif power == "reference":
        s.flags = s.flags.model_copy(update={"reference": True})
    elif power == "shock_treatment":
        heal(s, fig.id, "mental", 2, out)
        queue(s, Damage(target=fig.id, group="physical", points=1))
    elif power == "scalding_steam":
        here = tile_index(square_of(fig))
        queue(s, *(Damage(target=f.id, group="physical", points=1, source=fig.id)
                   for f in s.figures
                   if f.kind in ("cenobite", "creature") and f.condition == "board"
                   and f.square is not None and tile_index(f.square) == here))
    elif power == "confession":
        assert a.card is not None
        take_from_hand(s, seat, "action", a.card)
        discard(s, "action", a.card)
        heal(s, fig.id, "spiritual", 1, out)
    else:
        s.pending[0:0] = [
            Draw(deck="search", seat=seat, purpose="peek", count=NOTES_CARDS),
            Choice(purpose="order", seat=seat, figure=fig.id, options=("keep", "swap"),
                   labels=("Leave them in this order", "Swap the top two")),
        ]


def order(s: HellraiserState, option: str) -> None:
    """Channard's notes: put the two cards back in the chosen order."""
    d = s.decks["search"]
    if option == "swap" and len(d.top) >= NOTES_CARDS:
        d.top = (d.top[1], d.top[0], *d.top[2:])

