"""Main options with their own conditions: solving the puzzle, skinning a corpse,
breaking free of chains.

- "If in the room tile with the gateway to hell, you may attempt to Solve the
  Puzzle" (a Skinned Human only "if ... wearing a skin").
- "If in the same square as a Human corpse, You may skin it" (Skinned Humans,
  a whole turn).
- House: a character trapped in chains (Leviathan card Trapped) may spend
  their main option struggling: 2 Strength successes free them.
"""

from __future__ import annotations

from engines.hellraiser.checks import (
    character_turn,
    free_to_act,
    main_free,
    nothing_else_done,
    require,
)
from engines.hellraiser.dice import successes
from engines.hellraiser.gateway import in_gateway_tile, start_puzzle
from engines.hellraiser.models import (
    BreakFree,
    Continue,
    Figure,
    HellraiserState,
    Roll,
    Skin,
    SolvePuzzle,
)
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import Out, effective, gate_open, update
from engines.hellraiser.skinned import corpses_here, skin

BREAK_FREE = 2


def check_solve(s: HellraiserState, seat: int, a: SolvePuzzle) -> Figure:
    fig = character_turn(s, seat)
    main_free(s)
    require(gate_open(s) and s.puzzle is not None, "The gateway to Hell is not open.")
    require(in_gateway_tile(s, fig), "Go to the room with the gateway to work the puzzle.")
    if fig.condition == "skinned":
        require(fig.skin, "A Skinned Human can't work the puzzle with slippery fingers:"
                " wear a skin first.")
    return fig


def solve(s: HellraiserState, seat: int, a: SolvePuzzle) -> None:
    fig = check_solve(s, seat, a)
    s.flags = s.flags.model_copy(update={"main": "puzzle"})
    bonus = 1 if s.flags.reference and s.puzzle is not None and s.puzzle.stat == "wits" else 0
    start_puzzle(s, fig, seat, bonus)


def check_skin(s: HellraiserState, seat: int, a: Skin) -> Figure:
    fig = character_turn(s, seat)
    require(fig.condition == "skinned", "Only a Skinned Human takes skins.")
    main_free(s)
    nothing_else_done(s)
    free_to_act(fig, "skin a corpse")
    require(any(c.id == a.corpse for c in corpses_here(s, fig)),
            "There is no unskinned Human corpse of that name on your square.")
    return fig


def start_skin(s: HellraiserState, seat: int, a: Skin, out: Out) -> None:
    fig = check_skin(s, seat, a)
    s.flags = s.flags.model_copy(update={"main": "skin"})
    skin(s, fig.id, a.corpse, out)
    s.pending.append(Continue(step="end_turn"))


def check_break_free(s: HellraiserState, seat: int, a: BreakFree) -> Figure:
    fig = character_turn(s, seat)
    main_free(s)
    require(fig.chained, f"{fig.name} is not in chains.")
    return fig


def break_free(s: HellraiserState, seat: int, a: BreakFree) -> None:
    fig = check_break_free(s, seat, a)
    s.flags = s.flags.model_copy(update={"main": "break_free"})
    n = min(s.options.max_dice, effective(s, fig, "strength"))
    s.pending.insert(0, Roll(purpose="break_free", seat=seat, groups=(n,),
                             labels=(fig.name,), actor=fig.id))


def on_break_free(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None
    if successes(dice[0]) >= BREAK_FREE:
        fig = update(s, roll.actor, chained=False)
        if not out.quiet:
            out.add(Changed(figure=fig.id, change="freed", text=f"{fig.name} breaks free."))

