"""Moving figures: "No one can move diagonally."

- Humans move up to their Speed (with item modifiers); Run for your Life
  doubles it; Darkness halves it (rounded down) unless they carry a Torch.
  A degenerate Human (Morality 0) moved by their owner moves only on a 4-6
  (house: the die is rolled after the destination is named; a failed roll
  spends the move).
- Cenobites: "each Leviathan player turn, roll 1 die. You may make a total of
  that many squares of movement, distributed amongst all the Cenobites. No
  Cenobite can move more than 6 squares. Each Cenobite can only be moved once
  per turn, even if there are multiple Leviathan players." A round is the
  'turn' of that sentence.
- Creatures "move according to their speeds", once a round (house, like the
  Cenobites), on a Leviathan player's turn (or their Human controller's).
- Butterball may leave through a Stairs or Elevator square and appear on
  another in an empty room: his move for the round, costing 1 square.
- The permanently insane wander at the end of every round: a d6, 1 north,
  2 east, 3 south, 4 west, 5-6 stay (a wall stops them).
"""

from __future__ import annotations

from engines.hellraiser.board import DIRECTIONS, Square, can_step, portal_squares, reachable
from engines.hellraiser.board import tile_index as tile_of
from engines.hellraiser.checks import (
    character_turn,
    leviathan_turn,
    main_free,
    require,
)
from engines.hellraiser.models import (
    Figure,
    FigureMoved,
    HellraiserState,
    Move,
    MoveFigure,
    Note,
    Roll,
)
from engines.hellraiser.query import (
    Out,
    board,
    can_move_self,
    controller,
    effective,
    effects,
    find,
    holds,
    square_of,
    stunned,
    turn_figure,
    update,
    zero,
)
from engines.hellraiser.skinned import room_empty

CENOBITE_MAX = 6


def human_steps(s: HellraiserState, fig: Figure, base: int) -> int:
    if any(effects(s, "darkness")) and not holds(fig, "torch"):
        return base // 2
    return base


def speed(s: HellraiserState, fig: Figure) -> int:
    value = effective(s, fig, "speed")
    if s.flags.run:
        value *= 2
    return human_steps(s, fig, value)


def destinations(s: HellraiserState, fig: Figure, steps: int) -> dict[Square, int]:
    if steps <= 0 or not can_move_self(fig):
        return {}
    found = reachable(board(s), square_of(fig), steps)
    found.pop(square_of(fig), None)
    return found


def check_move(s: HellraiserState, seat: int, a: Move) -> Figure:
    fig = character_turn(s, seat)
    main_free(s)
    require(can_move_self(fig), _stuck(fig))
    require(a.to in destinations(s, fig, speed(s, fig)),
            f"{fig.name} can't reach that square this turn (Speed {speed(s, fig)}, no diagonals,"
            " no walls).")
    return fig


def _stuck(fig: Figure) -> str:
    if fig.pinned:
        return f"{fig.name} is pinned down."
    if fig.chained:
        return f"{fig.name} is trapped in chains: break free first."
    if zero(fig, "speed"):
        return f"{fig.name} is paralysed."
    return f"{fig.name} is a braindead vegetable and cannot move."


def start_move(s: HellraiserState, seat: int, fig: Figure, to: Square, out: Out) -> None:
    """Move now, or roll first if a degenerate character's owner moves them."""
    if zero(fig, "morality") and fig.kind == "human" and controller(s, fig) == fig.seat:
        s.pending.insert(0, Roll(purpose="degenerate", seat=seat, groups=(1,),
                                 labels=("Degenerate",), actor=fig.id, square=to))
        return
    place(s, fig.id, to, out)


def on_degenerate(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None and roll.square is not None
    if dice[0][0] >= 4:
        place(s, roll.actor, roll.square, out)
    elif not out.quiet:
        out.add(Note(text=f"{find(s, roll.actor).name} won't budge."))


def place(s: HellraiserState, fid: str, to: Square, out: Out) -> None:
    fig = find(s, fid)
    update(s, fid, square=to)
    if not out.quiet:
        out.add(FigureMoved(figure=fid, start=fig.square, end=to, text=f"{fig.name} moves."))


# Cenobites and Creatures


def hop_targets(s: HellraiserState, fig: Figure) -> list[Square]:
    """Butterball's portal hop: from a portal square to another in an empty room."""
    if fig.power != "portal_hop" or fig.square is None:
        return []
    portals = portal_squares(board(s))
    if fig.square not in portals:
        return []
    return [p for p in portals if p != fig.square and room_empty(s, tile_of(p))]


def figure_mover(s: HellraiserState, seat: int, fig: Figure) -> None:
    """Who may move a Cenobite or Creature now."""
    if fig.kind == "creature" and fig.seat is not None:
        require(turn_figure(s) is not None and s.turn == fig.seat == seat,
                "You move your Creature on your own turn.")
        return
    leviathan_turn(s, seat)


def check_figure_move(s: HellraiserState, seat: int, a: MoveFigure) -> tuple[Figure, int]:
    """The figure and the squares of the roll the move costs."""
    fig = find(s, a.figure)
    require(fig.kind in ("cenobite", "creature") and fig.condition == "board",
            "Only Cenobites and Creatures on the map move this way.")
    figure_mover(s, seat, fig)
    require(not stunned(s, fig), f"{fig.name} is stunned.")
    require(can_move_self(fig), f"{fig.name} can't move.")
    require(fig.moved_round != s.round, f"{fig.name} has already moved this round.")
    if fig.kind == "creature":
        reach = destinations(s, fig, effective(s, fig, "speed"))
        require(a.to in reach, f"{fig.name} can't reach that square (Speed "
                f"{effective(s, fig, 'speed')}).")
        return fig, 0
    require(s.flags.main == "cenobites" and not s.pending,
            "Roll the Cenobites' movement first (your main option this turn).")
    if a.to in hop_targets(s, fig):
        require(s.flags.budget >= 1, "No movement is left this turn.")
        return fig, 1
    limit = min(CENOBITE_MAX, s.flags.budget)
    reach = destinations(s, fig, limit)
    require(a.to in reach, f"{fig.name} can move up to {limit} square(s) now.")
    return fig, reach[a.to]


def move_figure(s: HellraiserState, seat: int, a: MoveFigure, out: Out) -> None:
    fig, cost = check_figure_move(s, seat, a)
    if cost:
        s.flags = s.flags.model_copy(update={"budget": s.flags.budget - cost})
    hop = fig.kind == "cenobite" and a.to in hop_targets(s, fig)
    update(s, fig.id, moved_round=s.round)
    place(s, fig.id, a.to, out)
    if hop and not out.quiet:
        out.add(Note(text=f"{fig.name} steps out of one portal and into another."))


def check_cenobite_roll(s: HellraiserState, seat: int) -> None:
    leviathan_turn(s, seat)
    main_free(s)


def start_cenobite_roll(s: HellraiserState, seat: int) -> None:
    check_cenobite_roll(s, seat)
    s.flags = s.flags.model_copy(update={"main": "cenobites"})
    s.pending.insert(0, Roll(purpose="cenobite_move", seat=seat, groups=(1,),
                             labels=("Movement",)))


def on_cenobite_roll(s: HellraiserState, dice: list[list[int]]) -> None:
    s.flags = s.flags.model_copy(update={"budget": dice[0][0] + s.flags.bonus})


# The permanently insane


def wander_roll(s: HellraiserState) -> Roll | None:
    mad = tuple(f.id for f in s.figures if f.kind == "human" and f.condition == "mad"
                and f.square is not None)
    if not mad:
        return None
    seat = s.leviathans[0] if s.leviathans else 0
    return Roll(purpose="wander", seat=seat, groups=(len(mad),), labels=("Wandering",),
                figures=mad)


def on_wander(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    b = board(s)
    for fid, face in zip(roll.figures, dice[0], strict=True):
        fig = find(s, fid)
        if face > 4 or fig.square is None or fig.condition != "mad":
            continue
        dx, dy = DIRECTIONS[face - 1]
        nxt = (fig.square[0] + dx, fig.square[1] + dy)
        if can_step(b, fig.square, nxt):
            place(s, fid, nxt, out)
