"""Who may do what this turn: the checks every action starts with.

A Human's turn is "one of" a main option (search, move, a room item, the
puzzle, skinning) plus, "if not searching", one action card, one attack and
one room Power. The `TurnState` flags record what is spent.
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellraiser.board import Square, can_step
from engines.hellraiser.models import Figure, HellraiserState
from engines.hellraiser.query import board, find, gate_open, role, turn_controller, turn_figure

WHOLE_TURN = frozenset({"search", "skin"})
"""Main options that take 'one turn of no other activity'."""


def require(ok: bool, message: str) -> None:
    if not ok:
        raise RuleError(message)


def character_turn(s: HellraiserState, seat: int) -> Figure:
    """The Human or Skinned Human whose turn it is, if `seat` controls them now."""
    fig = turn_figure(s)
    require(fig is not None, "Only a Human or Skinned Human does that, on their own turn.")
    assert fig is not None
    require(turn_controller(s) == seat, "You don't control this character this turn.")
    return fig


def own_character_turn(s: HellraiserState, seat: int) -> Figure:
    """As `character_turn`, and the seat is the owner (cards and hands are the owner's)."""
    fig = character_turn(s, seat)
    require(fig.seat == seat, "Only the character's own player can play their cards.")
    return fig


def leviathan_turn(s: HellraiserState, seat: int) -> None:
    require(s.turn == seat and role(s, seat) == "leviathan",
            "Only a Leviathan player does that, on their turn.")
    require(gate_open(s), "The gateway to Hell is not open.")


def main_free(s: HellraiserState) -> None:
    if s.flags.main is not None:
        raise RuleError(f"You already used your turn's main option ({s.flags.main}).")


def extras_free(s: HellraiserState) -> None:
    """'In addition ... a Human player that isn't searching may ...'"""
    require(s.flags.main not in WHOLE_TURN, "Searching or skinning takes the whole turn.")


def nothing_else_done(s: HellraiserState) -> None:
    f = s.flags
    require(not (f.attacked or f.card or f.power or f.item),
            "Searching or skinning takes a turn of no other activity; you already acted.")


def free_to_act(fig: Figure, what: str) -> None:
    require(fig.pinned == 0, f"{fig.name} is pinned down and cannot {what}.")


def adjacent_or_same(s: HellraiserState, a: Square, b: Square) -> bool:
    return a == b or can_step(board(s), a, b)


def figure_on_board(s: HellraiserState, fid: str | None, what: str = "target") -> Figure:
    require(fid is not None, f"Name the {what}.")
    assert fid is not None
    fig = find(s, fid)
    require(fig.square is not None, f"{fig.name} is not on the map.")
    return fig
