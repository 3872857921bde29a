"""The Hell number, the gateway, and the Puzzle Solution.

Hell number check ("every time a new item is found"): the Hell number is the
largest of the character's item modifiers summed per statistic; roll that many
dice and add them up; the character rolls their own (base) value of that same
statistic. Lower opens the gateway in the character's square: they are sucked
into Hell with their items, their player becomes the first Leviathan player,
and that statistic is the Puzzle Solution. House: ties between statistics go to
the first in the order Strength, Speed, Creativity, Wits, Morality, Willpower.

Closing it: a character in the gateway's tile rolls their statistic plus item
modifiers (summed), a Leviathan player rolls the difficulty in dice (summed);
higher wins, a tie changes nothing (house).
"""

from __future__ import annotations

from engines.hellraiser.balance import balance, tie_goes
from engines.hellraiser.board import close_gateway, step_towards
from engines.hellraiser.board import open_gateway as board_open
from engines.hellraiser.cards import NamedCenobite
from engines.hellraiser.damage import FULL_CENOBITE, join_leviathan, suck_into_hell
from engines.hellraiser.models import (
    PHANTOM,
    Choice,
    Figure,
    FigureMoved,
    GatewayOpened,
    HellraiserState,
    Note,
    Puzzle,
    PuzzleAttempted,
    Roll,
)
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import (
    Out,
    alive_humans,
    board,
    cat,
    cenobites_on_map,
    effective,
    find,
    item_modifier,
    same_tile,
    square_of,
    update,
)
from engines.hellraiser.stats import LABEL, get
from engines.hellraiser.tiles import STATS, Stat
from engines.hellraiser.victory import finish, human_players


def hell_number(fig: Figure) -> tuple[Stat, int] | None:
    """The statistic with the largest summed item modifier, and that sum (None if no
    statistic sums above 0: there is nothing to check)."""
    best: tuple[Stat, int] | None = None
    for stat in STATS:
        total = item_modifier(fig, stat)
        if total > 0 and (best is None or total > best[1]):
            best = (stat, total)
    return best


def puzzle_difficulty(first_victim_stat: int, players_standing: int, cenobites: int,
                      factor: int = 2, bonus: int = 0, floor: int = 0) -> int:
    """'The difficulty of the Puzzle Solution is equal to the statistic of the first
    victim, plus the number of players that aren't Casualties, minus the number of
    Cenobites on the map, times two.' Never below 0. (The balanced preset's factor
    is its own: `balance`.)"""
    return max(floor, (first_victim_stat + players_standing - cenobites) * factor + bonus)


def current_difficulty(s: HellraiserState) -> int:
    assert s.puzzle is not None
    rules = balance(s)
    return puzzle_difficulty(s.puzzle.value, len(alive_humans(s)), len(cenobites_on_map(s)),
                             rules.difficulty_factor, rules.difficulty_bonus,
                             rules.difficulty_floor)


def cap(s: HellraiserState, n: int) -> int:
    return max(0, min(n, s.options.max_dice))


def hell_check(s: HellraiserState, fid: str) -> None:
    """Queue the check after a new item is found (only while the gateway is shut)."""
    fig = find(s, fid)
    found = hell_number(fig)
    if found is None or s.board is None or s.board.gateway is not None:
        return
    stat, number = found
    own = get(fig.stats, stat)
    s.pending.insert(0, Roll(
        purpose="hell", seat=fig.seat if fig.seat is not None else 0,
        groups=(cap(s, number), cap(s, own)),
        labels=("Hell number", f"{fig.name}'s {LABEL[stat]}"), actor=fid, stat=stat,
    ))


def on_hell(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    hell, own = sum(dice[0]), sum(dice[1])
    assert roll.actor is not None and roll.stat is not None
    fig = find(s, roll.actor)
    if own >= hell or fig.condition != "alive" or fig.square is None:
        if not out.quiet:
            out.add(Note(text=f"{fig.name} rolls {own} against Hell's {hell}: the puzzle stays"
                              " unsolved and the gateway shut."))
        return
    open_gateway(s, roll.actor, roll.stat, out)


def open_gateway(s: HellraiserState, fid: str, stat: Stat, out: Out) -> None:
    """The puzzle is solved: the gateway opens where the character stands."""
    fig = find(s, fid)
    square = square_of(fig)
    s.board = board_open(board(s), square)
    s.puzzle = Puzzle(stat=stat, value=get(fig.stats, stat))
    seat = fig.seat if fig.seat is not None else 0
    if not out.quiet:
        out.add(GatewayOpened(square=square, seat=seat, stat=stat,
                              text=f"{fig.name} solves the puzzle: the gateway to Hell opens!"
                                   f" The Puzzle Solution is {LABEL[stat]}."))
    if s.seats == 1:
        # House solo variant: the lone character stays; the engine plays Leviathan.
        s.phantom = True
        s.leviathans = [PHANTOM]
    else:
        update(s, fid, condition="hell", square=None, first_victim=True, soul_in_hell=True)
        if not out.quiet:
            out.add(Note(text=f"{fig.name} is sucked into Hell with everything they carry."))
        join_leviathan(s, seat, out, first=True)
    pool = min(balance(s).max_cenobites, max(1, len(alive_humans(s))))
    for i, named in enumerate(cat().cenobites[:pool]):
        s.figures.append(_cenobite(named, square if i == 0 else None))
        if i == 0 and not out.quiet:
            out.add(Changed(figure=f"c-{named.id}", change="entered",
                            text=f"{named.name} stands in the gateway."))


def _cenobite(named: NamedCenobite, square: tuple[int, int] | None) -> Figure:
    return Figure(
        id=f"c-{named.id}", kind="cenobite", name=named.name,
        condition="board" if square is not None else "pool", square=square,
        stats=FULL_CENOBITE, start=FULL_CENOBITE, power=named.power,
    )


def in_gateway_tile(s: HellraiserState, fig: Figure) -> bool:
    gate = board(s).gateway
    return gate is not None and fig.square is not None and same_tile(fig.square, gate)


def start_puzzle(s: HellraiserState, fig: Figure, seat: int, bonus: int) -> None:
    assert s.puzzle is not None
    own = effective(s, fig, s.puzzle.stat) + bonus
    s.pending.insert(0, Roll(
        purpose="puzzle", seat=seat, groups=(cap(s, own), cap(s, current_difficulty(s))),
        labels=(f"{fig.name}'s {LABEL[s.puzzle.stat]}", "Leviathan"), actor=fig.id,
        number=current_difficulty(s),
    ))


def on_puzzle(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None
    fig = find(s, roll.actor)
    rules = balance(s)
    mine, theirs = sum(dice[0]), max(0, sum(dice[1]) + rules.difficulty_pips)
    even = {"nothing": "tie", "leviathan": "failure", "humans": "success"}[tie_goes(rules, s.round)]
    result = "success" if mine > theirs else "failure" if theirs > mine else even
    if not out.quiet:
        out.add(PuzzleAttempted(figure=fig.id, difficulty=roll.number, result=result,
                                mine=mine, theirs=theirs, left=len(cenobites_on_map(s)),
                                text=f"{fig.name} works the puzzle: {mine} against Leviathan's"
                                     f" {theirs}."))
    if result == "success":
        cenobites = cenobites_on_map(s)
        if len(cenobites) > 1:
            s.pending.insert(0, Choice(
                purpose="banish", seat=roll.seat, figure=fig.id,
                options=tuple(c.id for c in cenobites), labels=tuple(c.name for c in cenobites),
            ))
        elif cenobites:
            banish(s, cenobites[0].id, fig.id, out)
        else:
            close(s, fig.id, out)
    elif result == "failure":
        pull(s, fig.id, out)


def banish(s: HellraiserState, cid: str, by: str, out: Out) -> None:
    """'The Human player chooses a Cenobite to send back to Hell. If there are no
    Cenobites left, the gateway to Hell closes.' House: a banished Cenobite never
    returns, and 'left' means left on the map."""
    cenobite = update(s, cid, condition="banished", square=None, watch=None, watch_rounds=0)
    if not out.quiet:
        out.add(Changed(figure=cid, change="banished",
                        text=f"{cenobite.name} is sent back to Hell."))
    if not cenobites_on_map(s):
        close(s, by, out)


def close(s: HellraiserState, by: str, out: Out) -> None:
    fig = find(s, by)
    s.board = close_gateway(board(s))
    if fig.condition == "skinned" and fig.seat is not None:
        finish(s, (fig.seat,), f"{fig.name}, a Skinned Human in a stolen skin, closes the"
                               " gateway to Hell and wins alone.", out)
        return
    finish(s, human_players(s), "The Human players close the gateway to Hell and win.", out)


def pull(s: HellraiserState, fid: str, out: Out) -> None:
    """'The character is sucked one square closer to the gateway. If they enter the
    gateway, they are sucked into Hell and become a casualty.'"""
    fig = find(s, fid)
    gate = board(s).gateway
    assert gate is not None
    start = square_of(fig)
    nxt = start if start == gate else step_towards(board(s), start, gate)
    update(s, fid, square=nxt)
    if not out.quiet and nxt != start:
        out.add(FigureMoved(figure=fid, start=start, end=nxt,
                            text=f"{fig.name} is dragged towards the gateway."))
    if nxt == gate:
        suck_into_hell(s, fid, "leviathan", out)
