"""What `/hellraiser` commands mean: typed words → one of the player's legal actions.

Kept apart from the cog so it can be tested without Discord. Every command
ends in an action the table hands to the engine, so all rules still apply;
these functions only find which legal action the player meant, and say
politely when the words match none, or more than one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NoReturn

from bot.games.hellraiser.codes import VALUE_CODE, decode, encode
from bot.games.hellraiser.forms import words
from bot.games.hellraiser.labels import item_name, label, place_name
from engines.core.errors import RuleError
from engines.hellraiser import ENGINE
from engines.hellraiser.board import parse_square, square_name
from engines.hellraiser.models import (
    Action,
    Attack,
    Figure,
    HellraiserState,
    Move,
    MoveFigure,
    PlayCard,
    UsePower,
)
from engines.hellraiser.query import turn_figure
from engines.hellraiser.stats import LABEL
from engines.hellraiser.tiles import Stat

MAX_CHOICES = 25
CHOICE_TEXT = 100
LISTED = 8


def legal(state: HellraiserState, seat: int) -> list[Action]:
    """The seat's legal actions now, or a RuleError saying why there are none."""
    if seat not in ENGINE.to_move(state):
        raise RuleError(_not_now(state))
    return ENGINE.legal_actions(state, seat)


def _not_now(state: HellraiserState) -> str:
    if state.phase == "over":
        return "The game is over."
    if ENGINE.chance(state) is not None:
        return "The table is waiting for a roll or a card first."
    movers = ENGINE.to_move(state)
    if not movers:
        return "Nobody can act right now."
    names = ", ".join(state.names[m] for m in movers if 0 <= m < state.seats)
    return f"It's not your move; waiting for {names}."


def find_figure(state: HellraiserState, text: str) -> Figure:
    """A figure by id or name ('Pinhead', 'the female cenobite', 'h0')."""
    wanted = words(text)
    for fig in state.figures:
        if text == fig.id or wanted in (words(fig.name), words(fig.name.removeprefix("The "))):
            return fig
    raise RuleError(f"There is no figure called '{text}' on the board.")


def move_action(state: HellraiserState, seat: int, to: str, figure: str | None) -> Action:
    square = parse_square(to)
    actions = legal(state, seat)
    if figure is not None:
        fig = find_figure(state, figure)
        mine = turn_figure(state)
        if mine is not None and fig.id == mine.id:
            return Move(to=square)
        return MoveFigure(figure=fig.id, to=square)
    movers = [a for a in actions if isinstance(a, MoveFigure) and a.to == square]
    if Move(to=square) in actions or (turn_figure(state) is not None and not movers):
        return Move(to=square)
    if len(movers) == 1:
        return movers[0]
    if not movers:
        raise RuleError(f"None of your figures can reach {square_name(square)} this turn.")
    names = ", ".join(label(state, a) for a in movers)
    raise RuleError(f"Several figures can reach {square_name(square)} ({names}):"
                    " name one with `figure:`.")


def attack_action(state: HellraiserState, seat: int, target: str, stat: Stat | None,
                  attacker: str | None, weapon: str | None) -> Action:
    fig = find_figure(state, target)
    options = [a for a in legal(state, seat) if isinstance(a, Attack) and a.target == fig.id]
    if attacker is not None:
        who = find_figure(state, attacker).id
        options = [a for a in options if (a.attacker or "") == who]
    if weapon is not None:
        options = [a for a in options if a.weapon is not None
                   and words(weapon) in (words(a.weapon), words(item_name(a.weapon)))]
    else:
        options = [a for a in options if a.weapon is None]
    if stat is not None:
        options = [a for a in options if (a.drain or a.stat) == stat]
    plain = [a for a in options if a.drain is None]
    if len(plain) > 1 and stat is None:
        plain = [a for a in plain if a.stat == "strength"] or plain
    chosen = plain if len(plain) == 1 or not plain else options
    if len(chosen) == 1:
        return chosen[0]
    if not chosen:
        what = f" with {LABEL[stat]}" if stat is not None else ""
        raise RuleError(f"You can't attack {fig.name}{what} now (in reach, not attacked yet"
                        " this turn, with a statistic your figure may use).")
    _ambiguous(state, chosen, "attack")


def _ambiguous(state: HellraiserState, actions: Sequence[Action], what: str) -> NoReturn:
    names = "; ".join(label(state, a) for a in actions[:LISTED])
    more = f" and {len(actions) - LISTED} more" if len(actions) > LISTED else ""
    raise RuleError(f"That {what} could mean several things: {names}{more}. Say which"
                    " (the menu on the board, or `/hellraiser do`).")


def typed_action(state: HellraiserState, seat: int, text: str,
                 keep: Callable[[Action], bool] = lambda a: True) -> Action:
    """An action picked from a command's suggestions (its code), or typed as its label."""
    actions = [a for a in legal(state, seat) if keep(a)]
    try:
        action = decode(text)
    except RuleError:
        wanted = words(text)
        matches = [a for a in actions if words(label(state, a)) == wanted]
        if len(matches) == 1:
            return matches[0]
        if matches:
            _ambiguous(state, matches, "choice")
        raise RuleError(f"'{text}' is not one of your moves now; pick one of the"
                        " suggestions as you type.") from None
    if action not in actions:
        raise RuleError("That move isn't open to you any more; pick one of the suggestions.")
    return action


def is_card(action: Action) -> bool:
    if isinstance(action, UsePower):
        return action.card is not None
    return isinstance(action, PlayCard)


def suggestions(state: HellraiserState, seat: int, typed: str,
                keep: Callable[[Action], bool] = lambda a: True) -> list[tuple[str, str]]:
    """(name, value) for a command's autocomplete: legal actions whose label contains
    what was typed, at most 25."""
    try:
        actions = [a for a in legal(state, seat) if keep(a)]
    except RuleError:
        return []
    return _matching(((label(state, a), encode(a)) for a in actions), typed)


def square_suggestions(state: HellraiserState, seat: int, typed: str,
                       figure: str | None) -> list[tuple[str, str]]:
    """Squares the player (or the named figure) can move to now."""
    try:
        actions = legal(state, seat)
        fid = find_figure(state, figure).id if figure else None
    except RuleError:
        return []
    squares: dict[str, str] = {}
    for a in actions:
        mover = _own_id(state) if isinstance(a, Move) else \
            a.figure if isinstance(a, MoveFigure) else ""
        if isinstance(a, (Move, MoveFigure)) and fid in (None, mover):
            squares.setdefault(square_name(a.to), place_name(state, a.to))
    return _matching(((name, sq) for sq, name in squares.items()), typed)


def weapon_suggestions(state: HellraiserState, seat: int, typed: str) -> list[tuple[str, str]]:
    """Guns and thrown items the seat's character can attack with now."""
    try:
        actions = legal(state, seat)
    except RuleError:
        return []
    names = dict.fromkeys(item_name(a.weapon) for a in actions
                          if isinstance(a, Attack) and a.weapon is not None)
    return _matching(((n, n) for n in names), typed)


def _own_id(state: HellraiserState) -> str | None:
    fig = turn_figure(state)
    return fig.id if fig is not None else None


def figure_suggestions(state: HellraiserState, seat: int, typed: str,
                       keep: Callable[[Action], str | None]) -> list[tuple[str, str]]:
    """Figures named by the seat's legal actions (`keep` returns the figure id, or None)."""
    try:
        actions = legal(state, seat)
    except RuleError:
        return []
    ids = dict.fromkeys(fid for fid in (keep(a) for a in actions) if fid is not None)
    names = {f.id: f.name for f in state.figures}
    return _matching(((names.get(fid, fid), fid) for fid in ids), typed)


def _matching(pairs: Iterable[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    wanted = typed.strip().lower()
    out = []
    for name, value in pairs:
        if len(value) > VALUE_CODE or (wanted and wanted not in name.lower()):
            continue
        out.append((name[:CHOICE_TEXT], value))
        if len(out) == MAX_CHOICES:
            break
    return out
