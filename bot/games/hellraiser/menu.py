"""Which of the player's legal actions the board offers, and how.

A board has five rows: one of buttons (four at most, leaving room for "My
hand") and up to four select menus of 25 options each. Hellraiser can have
hundreds of legal actions (every square a Cenobite can reach, every pair of
statistics Plaything can swap), so:

- the few one-off actions are buttons (Search, Work the puzzle, Roll the
  Cenobites' movement, Draw, ... and always End turn);
- cards get a select in steps (`card_menu`: the card, then its target, ...),
  all sent to the player alone (the board shows only its door, `HAND_DOOR`);
  moves and attacks get steps too when a turn has more than 25 of them
  (`move_menu`: who moves, the tile, the square; who attacks, whom, ...), so
  every legal action is reachable within the 25 options of a select;
- the rest get a select, and when it holds more than 25, the options are
  spread over their kinds before any kind gets a second;
- anything a menu leaves out is still a command (`/hellraiser move`, `do`).

Every option is a legal action (they are taken from `legal_actions`), and its
value is the action's code (hellraiser_codes), which the presenter decodes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.games.hellraiser.card_menu import CARDS, plays
from bot.games.hellraiser.codes import BUTTON_CODE, VALUE_CODE, decode, encode
from bot.games.hellraiser.labels import (
    any_card_name,
    choice_prompt,
    figure_name,
    label,
    pending_choice,
    stats_line,
)
from bot.games.hellraiser.move_menu import ATTACKS, MOVES, useful_first
from bot.games.hellraiser.steps import NARROW, Kind
from engines.hellraiser.board import Square, reachable, tile_at
from engines.hellraiser.cards import catalogue
from engines.hellraiser.models import (
    Action,
    Attack,
    BreakFree,
    Choose,
    CreateCharacter,
    DrawCard,
    EndTurn,
    Figure,
    HellraiserState,
    Move,
    MoveFigure,
    PlayCard,
    RollMovement,
    Search,
    SolvePuzzle,
    UsePower,
)
from engines.hellraiser.query import find, maybe, turn_figure
from engines.hellraiser.stats import LABEL, get
from engines.hellraiser.tiles import STATS

MAX_BUTTONS = 4
"""One row of five, less the board's "My hand" button."""
MAX_SELECTS = 4
MAX_OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150

SELECT_MOVE, SELECT_ATTACK, SELECT_CARD, SELECT_OTHER = "p.mv", "p.at", "p.cd", "p.ot"
SELECT_CHOICE, SELECT_CREATE = "p.ch", "p.cr"
SELECT_CODES = frozenset(
    {SELECT_MOVE, SELECT_ATTACK, SELECT_CARD, SELECT_OTHER, SELECT_CHOICE, SELECT_CREATE}
)

BUTTON_ORDER: tuple[Action, ...] = (
    Search(deck="search"), SolvePuzzle(), RollMovement(), DrawCard(), BreakFree(),
    Search(deck="action"), UsePower(),
)
"""One-off actions in the order they earn a button; the rest go to the last menu."""

BUILDS: tuple[tuple[str, str, tuple[int, int, int, int, int, int]], ...] = (
    ("⚖️ Balanced", "3 in everything (the house default)", (3, 3, 3, 3, 3, 3)),
    ("💪 Brawler", "strong enough to fight back", (6, 3, 2, 2, 2, 3)),
    ("🏃 Runner", "quick on their feet", (3, 6, 2, 3, 2, 2)),
    ("🧠 Scholar", "searches libraries, solves puzzles", (2, 2, 5, 5, 2, 2)),
    ("🕯️ Believer", "a soul that resists Hell", (2, 2, 2, 3, 5, 4)),
    ("🛡️ Survivor", "tough in body and will", (4, 4, 2, 2, 2, 4)),
    ("🔎 Detective", "sharp wits, steady nerves", (2, 3, 3, 5, 2, 3)),
    ("🤖 Quick and sharp", "the computer players' build", (3, 4, 2, 4, 2, 3)),
)
"""Ready-made characters for the board's menu (any other spread: `/hellraiser create`)."""


@dataclass(frozen=True)
class Option:
    label: str
    code: str
    description: str = ""


@dataclass(frozen=True)
class Select:
    code: str
    placeholder: str
    options: list[Option]


@dataclass(frozen=True)
class Menu:
    """The components of one seat (`seat`), all legal for it right now."""

    seat: int
    buttons: list[Option] = field(default_factory=list)
    selects: list[Select] = field(default_factory=list)


T = TypeVar("T")


def spread(groups: Iterable[Sequence[T]], limit: int) -> list[T]:
    """Up to `limit` items, the first of every group before the second of any."""
    queues = [list(g) for g in groups if g]
    out: list[T] = []
    depth = 0
    while len(out) < limit and any(depth < len(q) for q in queues):
        for q in queues:
            if depth < len(q) and len(out) < limit:
                out.append(q[depth])
        depth += 1
    return out


def grouped(items: Iterable[T], key: Callable[[T], Hashable]) -> list[list[T]]:
    groups: dict[Hashable, list[T]] = defaultdict(list)
    for item in items:
        groups[key(item)].append(item)
    return list(groups.values())


def creation_menus(s: HellraiserState, seats: Sequence[int]) -> list[Select]:
    """A menu of ready-made characters for each seat still to create one."""
    options = [Option(f"{name}: {stats_line(stats)}",
                      encode(CreateCharacter(**dict(zip(STATS, stats, strict=True)))), text)
               for name, text, stats in BUILDS]
    return [Select(SELECT_CREATE, f"{s.names[seat]}: pick a character (or /hellraiser create)",
                   options)
            for seat in seats[:MAX_SELECTS]]


def menu(s: HellraiserState, seat: int, every: Sequence[Action]) -> Menu:
    """Buttons and menus for `seat`, who must be the seat to act (not in creation), from
    its legal actions (`every`). An action is known by its code here (codes are one to
    one): comparing the models was a fifth of laying out a board of hundreds."""
    coded = [(a, code) for a in every if len(code := encode(a)) <= VALUE_CODE]
    head = pending_choice(s)
    if head is not None:
        return _decision(s, seat, [a for a, _ in coded if isinstance(a, Choose)])
    offered = {code for _, code in coded}
    simple = [(a, code) for a, code in _BUTTON_CODES if code in offered][:MAX_BUTTONS - 1]
    buttons = [_option(s, a, code=code) for a, code in simple]
    if _END_CODE in offered:
        buttons.append(_option(s, EndTurn(), code=_END_CODE))
    taken = {code for _, code in simple} | {_END_CODE}
    rest = [a for a, code in coded if code not in taken]
    legal = [a for a, _ in coded]
    moves = [a for a in rest if isinstance(a, (Move, MoveFigure))]
    attacks = [a for a in rest if isinstance(a, Attack)]
    cards = [a for a in rest if isinstance(a, PlayCard)]
    other = [a for a in rest if not isinstance(a, (Move, MoveFigure, Attack, PlayCard))
             and not _names_hand(a)]
    door = any(_names_hand(a) for a in rest)
    walks = _walks(s, moves) if len(moves) <= MAX_OPTIONS else {}
    selects = [
        _select(s, SELECT_MOVE, "🚶 Move", "", sorted(moves, key=_move_order), len(moves),
                lambda a: _move_text(s, a, walks))
        if len(moves) <= MAX_OPTIONS else stepped_select(s, SELECT_MOVE, legal, []),
        _select(s, SELECT_ATTACK, "⚔️ Attack", "", attacks, len(attacks),
                lambda a: _attack_text(s, a))
        if len(attacks) <= MAX_OPTIONS else stepped_select(s, SELECT_ATTACK, legal, []),
        HAND_DOOR if cards else None,
        _with_hand_door(_select(s, SELECT_OTHER, "✨ More actions", "/hellraiser do for the rest",
                                spread(grouped(other, type), MAX_OPTIONS - door), len(other),
                                _no_text), door),
    ]
    return Menu(seat, buttons, [x for x in selects if x is not None])


_BUTTON_CODES = [(a, encode(a)) for a in BUTTON_ORDER]
_END_CODE = encode(EndTurn())


HAND_DOOR = Select(SELECT_CARD, "🃏 Play a card…", [
    Option("🃏 Choose a card", NARROW, "Your cards open where only you see them")])
"""The board's card menu: one door to the player's own card menu (`card_select` from
its first step), sent to them alone (`ChooseFurther`). A menu of plays on the board
would name the hand to the whole channel (issue 21); nor does it count the plays."""

HAND_MOVES = f"{NARROW}hand"
"""The "More actions" option that opens, privately, the moves naming a card of the
player's hand (`hand_moves`)."""


def _names_hand(a: Action) -> bool:
    """Whether a move names a card of its player's hand (Confession's discard): such a
    move is never offered on the board, where its label would show the card."""
    return isinstance(a, UsePower) and a.card is not None


def _with_hand_door(select: Select | None, door: bool) -> Select | None:
    if not door:
        return select
    option = Option("✨ Confession: choose the card", HAND_MOVES,
                    "Your cards open where only you see them")
    if select is None:
        return Select(SELECT_OTHER, "✨ More actions…", [option])
    return Select(select.code, select.placeholder, [*select.options, option])


def hand_moves(s: HellraiserState, legal: Sequence[Action]) -> Select:
    """The moves naming a card of the hand, for the player alone (`HAND_MOVES`)."""
    options = [_option(s, a) for a in legal if _names_hand(a)]
    return Select(SELECT_OTHER, "✨ Which card?", options[:MAX_OPTIONS])


STEPPED: dict[str, Kind[Any]] = {SELECT_CARD: CARDS, SELECT_MOVE: MOVES, SELECT_ATTACK: ATTACKS}
"""The selects whose options may narrow in steps (`steps`), by their code."""


def stepped_select(s: HellraiserState, code: str, legal: Sequence[Action],
                   path: list[tuple[str, str]]) -> Select:
    """A step of the menu `code` names: every play that agrees with `path`, or choices
    that narrow to them (`steps`)."""
    kind = STEPPED[code]
    if code == SELECT_CARD:
        chosen: list[Action] = list(plays(legal))
    elif code == SELECT_MOVE:
        chosen = list(useful_first(s, [a for a in legal if isinstance(a, (Move, MoveFigure))]))
    else:
        chosen = [a for a in legal if isinstance(a, Attack)]
    fitting = [a for a in chosen if len(encode(a)) <= VALUE_CODE]
    found = kind.step(s, fitting, path)
    options = [Option(_clip(text), value, _clip(description or _described(s, value)))
               for text, value, description in found.options]
    return Select(code, found.prompt[:PLACEHOLDER], options)


def card_select(s: HellraiserState, legal: Sequence[Action],
                path: list[tuple[str, str]]) -> Select:
    """A step of the card menu (`card_menu`): every play, or choices that narrow to it."""
    return stepped_select(s, SELECT_CARD, legal, path)


def _described(s: HellraiserState, code: str) -> str:
    """A stepped menu's play described as the flat menus describe it."""
    if code.startswith(NARROW):
        return ""
    action = decode(code)
    if isinstance(action, PlayCard):
        return _card_text(action)
    if isinstance(action, (Move, MoveFigure)):
        return _move_text(s, action, {})
    if isinstance(action, Attack):
        return _attack_text(s, action)
    return ""


def _no_text(a: Action) -> str:
    return ""


def _decision(s: HellraiserState, seat: int, choices: list[Action]) -> Menu:
    if len(choices) <= MAX_BUTTONS and all(len(encode(a)) <= BUTTON_CODE for a in choices):
        return Menu(seat, buttons=[_option(s, a) for a in choices])
    options = [_option(s, a) for a in choices[:MAX_OPTIONS]]
    head = pending_choice(s)
    prompt = choice_prompt(s, head) if head is not None else "Decide…"
    return Menu(seat, selects=[Select(SELECT_CHOICE, prompt[:PLACEHOLDER], options)])


def _option(s: HellraiserState, action: Action, description: str = "",
            code: str | None = None) -> Option:
    return Option(_clip(label(s, action)), encode(action) if code is None else code,
                  _clip(description))


def _select(s: HellraiserState, code: str, title: str, hint: str, shown: Sequence[Action],
            total: int, describe: Callable[[Action], str]) -> Select | None:
    if not shown:
        return None
    placeholder = f"{title}… ({total})" if total <= len(shown) else \
        f"{title}… ({len(shown)} of {total}; {hint})"
    options = [_option(s, a, describe(a)) for a in shown]
    return Select(code, placeholder[:PLACEHOLDER], options)


def _clip(text: str) -> str:
    return text if len(text) <= OPTION_TEXT else text[:OPTION_TEXT - 1] + "…"


def _move_order(a: Action) -> tuple[str, int, int]:
    if isinstance(a, MoveFigure):
        return a.figure, a.to[0], a.to[1]
    assert isinstance(a, Move)
    return "", a.to[0], a.to[1]


WALK = 40
"""How far the menu looks for a move's distance (a square further shows its room alone)."""


def _mover(s: HellraiserState, a: Move | MoveFigure) -> Figure | None:
    return turn_figure(s) if isinstance(a, Move) else maybe(s, a.figure)


def _walks(s: HellraiserState, moves: Sequence[Action]) -> dict[Square, dict[Square, int]]:
    """Each mover's walk to the squares its moves offer, one search from its square
    that stops once it found them all (a walk over the whole map was a third of laying
    out a board)."""
    goals: dict[Square, set[Square]] = defaultdict(set)
    for a in moves:
        assert isinstance(a, (Move, MoveFigure))
        mover = _mover(s, a)
        if mover is not None and mover.square is not None:
            goals[mover.square].add(a.to)
    if s.board is None:
        return {}
    return {at: reachable(s.board, at, WALK, goals=squares) for at, squares in goals.items()}


def _move_text(s: HellraiserState, a: Action, walks: dict[Square, dict[Square, int]]) -> str:
    """The option's room and how far it is. `walks` keeps each mover's walk (one search
    from its square, `_walks`) for the menu's other options: a search per option cost
    most of drawing a Hellraiser board, on the bot's event loop."""
    assert isinstance(a, (Move, MoveFigure))
    if s.board is None:
        return ""
    mover = _mover(s, a)
    tile = tile_at(s.board, a.to).name
    if mover is None or mover.square is None:
        return tile
    walk = walks.get(mover.square)
    if walk is None:
        walk = reachable(s.board, mover.square, WALK, goals=[a.to])
    steps = walk.get(a.to)
    return f"{tile} · {steps} square{'s' if steps != 1 else ''} away" if steps else tile


def _attack_text(s: HellraiserState, a: Action) -> str:
    assert isinstance(a, Attack)
    if a.target is None:
        return "clear the doorway"
    attacker = find(s, a.attacker) if a.attacker else turn_figure(s)
    target = maybe(s, a.target)
    if target is None or attacker is None:
        return ""
    stat = a.drain or a.stat
    mine = get(attacker.stats, stat)
    if a.weapon is not None:
        return f"{figure_name(s, a.target)} defends with {LABEL[stat]} {get(target.stats, stat)}"
    theirs = get(target.stats, stat)
    return f"{LABEL[stat]}: {attacker.name} {mine} vs {target.name} {theirs}"


def _card_text(a: Action) -> str:
    assert isinstance(a, PlayCard)
    c = catalogue()
    spec = c.action.get(a.card) or c.leviathan.get(a.card)
    return spec.text if spec is not None else any_card_name(a.card)
