"""Skinned Humans: back from Hell, stealing skins and draining the living.

- Return: "Characters that are sucked into Hell ... may return as Skinned
  Humans"; the Action card Escape from Hell brings every Human in Hell back
  "skinless at an empty Leviathan entry point". "Skinned Humans retain their
  initial statistics. Any statistic that was 0, is now set at 1." House: the
  first victim stays in Hell (their statistic is the Puzzle Solution); a corpse
  whose soul a Cenobite took counts as in Hell; all return together to the
  first Stairs or Elevator (in tile order) in a room with no Human in it.
- Skinning: "Spending one whole turn in a square with a Human corpse enables the
  skin to be taken ... if the corpse had a higher statistic in any area, raise
  the Skinned Human's statistic to match it. Any Human in line of sight ...
  takes 1 Mental damage." House: the corpse's skin carries its starting
  scores; each corpse can be skinned once.
- Draining: "Every two points of statistic taken from a Human allows the
  Skinned Human to raise their statistic by 1. No statistic can be raised
  higher than 8."
"""

from __future__ import annotations

from engines.hellraiser.board import in_sight, portal_squares, tile_index
from engines.hellraiser.damage import check_carry, queue, set_role, set_stats
from engines.hellraiser.models import Damage, Figure, HellraiserState
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import (
    Out,
    alive_humans,
    board,
    find,
    in_personal_hell,
    living_targets,
    update,
)
from engines.hellraiser.stats import GROUP_STATS, RAISED_MAX, Stats, get, group_of, with_stat
from engines.hellraiser.tiles import Stat


def room_empty(s: HellraiserState, tile: int) -> bool:
    """'All other entry portals require empty rooms': no Human or Skinned Human there."""
    return not any(f.square is not None and tile_index(f.square) == tile
                   for f in living_targets(s))


def in_hell(s: HellraiserState) -> list[Figure]:
    return [f for f in s.figures if f.kind == "human" and not f.first_victim
            and (f.condition == "hell" or (f.condition == "corpse" and f.soul_in_hell))]


def returned_stats(stats: Stats) -> Stats:
    """House reading of Escape from Hell: 'Skinned Humans retain their initial
    statistics. Any statistic that was 0, is now set at 1' — and a body back from Hell
    without its skin has Strength 1 and Speed 1, however it went in (sucked in whole or
    killed), until a stolen skin raises them."""
    kept: Stats = tuple(max(1, v) for v in stats)  # type: ignore[assignment]
    return with_stat(with_stat(kept, "strength", 1), "speed", 1)


def escape(s: HellraiserState, out: Out) -> None:
    souls = in_hell(s)
    b = board(s)
    exits = [sq for sq in portal_squares(b) if room_empty(s, tile_index(sq))]
    if not souls or not exits:
        return
    for fig in souls:
        stats = returned_stats(fig.stats)
        update(s, fig.id, condition="skinned", square=exits[0], stats=stats, skin=False,
               soul_in_hell=False, chained=False, pinned=0, returned=True)
        if not out.quiet:
            out.add(Changed(figure=fig.id, change="returned",
                            text=f"{fig.name} crawls out of Hell, skinless."))
        if fig.seat is not None:
            set_role(s, fig.seat, "skinned", out)
        check_carry(s, fig.id)


def corpses_here(s: HellraiserState, fig: Figure) -> list[Figure]:
    return [f for f in s.figures if f.kind == "human" and f.condition == "corpse"
            and f.square == fig.square and not f.skinned_corpse]


def skin(s: HellraiserState, fid: str, corpse_id: str, out: Out) -> None:
    fig = find(s, fid)
    corpse = find(s, corpse_id)
    stats: Stats = tuple(max(a, b) for a, b in zip(fig.stats, corpse.start, strict=True))  # type: ignore[assignment]
    update(s, fid, stats=stats, skin=True)
    update(s, corpse_id, skinned_corpse=True)
    if not out.quiet:
        out.add(Changed(figure=fid, change="skinned",
                        text=f"{fig.name} takes {corpse.name}'s skin and wears it."))
    b = board(s)
    assert fig.square is not None
    onlookers = [h for h in alive_humans(s)
                 if h.square is not None and in_sight(b, h.square, fig.square)]
    queue(s, *(Damage(target=h.id, group="mental", points=1, source=fid) for h in onlookers))


def drain(s: HellraiserState, fid: str, target_id: str, stat: Stat, points: int,
          out: Out) -> None:
    """Take `points` of `stat` from a Human instead of dealing Physical damage."""
    target = find(s, target_id)
    taken = min(points, get(target.stats, stat))
    if group_of(stat) == "physical" and in_personal_hell(s, target):
        # Personal Hell: the drain may not take the last Physical point either.
        physical = sum(get(target.stats, st) for st in GROUP_STATS["physical"])
        taken = min(taken, physical - 1)
    if taken <= 0:
        return
    set_stats(s, target_id, with_stat(target.stats, stat, get(target.stats, stat) - taken),
              fid, out)
    fig = find(s, fid)
    banked = get(fig.drained, stat) + taken
    raised = get(fig.stats, stat)
    while banked >= 2 and raised < RAISED_MAX:
        banked -= 2
        raised += 1
    update(s, fid, drained=with_stat(fig.drained, stat, banked),
           stats=with_stat(fig.stats, stat, raised))
    if not out.quiet:
        out.add(Changed(figure=fid, change="drained",
                        text=f"{fig.name} drains {taken} {stat.capitalize()} from {target.name}."))

