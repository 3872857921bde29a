"""Which of Hellbringer's legal moves become buttons and which go in menus, so that
every legal move is on the board within Discord's limits (5 rows, 25 options a menu).

A board has five rows: one for buttons (with 'My hand'), so at most four menus.
A seat with a few moves gets buttons; otherwise its quick answers (end turn,
pass, close the attack) stay buttons and the rest go in menus of one pick each.
Some moves come in many combinations (every trade is a card × a partner, every
end-of-turn discard a set of cards, an attack a card × a target, the class
choice a class × a Perk × a swap). When the one-pick menus would need more than
the rows left, the largest such family is folded into one *combined* menu whose
options are the parts (the card to give, the partner) and whose picks together
name one move: "Give Ember Bolt" + "…to Bob". The end-of-turn discards (rule 1.3:
any number of cards) and the class choice always fold when there are several:
one multi-pick of the hand beside the plain End turn button reads better than a
list of every set, and one class menu better than four menus of combinations.
Every seat that may act now is served: the ones the step waits for, then allies
who may react out of turn."""

from __future__ import annotations

import functools
import math
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.hellbringer import codes
from bot.games.hellbringer.codes import Key
from bot.games.hellbringer.labels import LABEL, card_name, enemy_name, label
from bot.models import GameRow
from bot.render import per_version
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.cards import catalogue
from engines.hellbringer.models import (
    MULE,
    Activate,
    Choose,
    ChooseClass,
    CloseAttack,
    DiscardCard,
    DiscardCards,
    EndTurn,
    EnterPortal,
    Pass,
    Respawn,
    ReturnCombat,
    ShowCard,
    Trade,
    TradeReply,
    UsePerk,
)
from engines.hellbringer.stats import card_id, enemy_by_uid, enemy_threshold

BUTTONS = 4
MENUS = 4
OPTIONS = 25
QUICK = (EndTurn, Pass, CloseAttack, Respawn, EnterPortal, TradeReply)
LAST = (EndTurn, DiscardCard, Trade)
"""Moves that come last in the one-pick menus (they are many), so the plays that
matter come first."""
ALWAYS_FOLDED = ("e", "c")
"""Families folded whenever there are several, even if the one-pick menus would fit:
the end-of-turn discards, and the class choice (a class x a Perk x a swap is 100
one-pick options for the 2nd player, four full menus, against one combined menu)."""
COMBINED = "k"
"""The code prefix of a combined menu: `k` + its family letter."""
FAMILIES = {
    "t": "trade: pick a card to give and who gets it (2 picks)",
    "a": "attack: pick a card and its target (2 picks)",
    "e": "end turn, discarding: pick {n}",
    "d": "discard: pick {n}",
    "r": "return Combat cards on top: pick them",
    "c": "pick a class (with its Starter Card) and a Perk; a swap is optional",
}
MISMATCH = {
    "t": "Pick one card to give and one player (or one of the Mule's cards).",
    "a": "Pick one card and one target it can reach.",
    "e": "Pick only cards in your hand, as many as the menu allows.",
    "d": "Pick exactly the number of cards the menu asks for.",
    "r": "Pick only revealed Combat cards.",
    "c": "Pick one class with its Starter Card and one Perk (a swap is optional).",
}

Part = tuple[str, str, str]
"""(value, label, description) of one option of a combined menu."""


@dataclass
class Menu:
    seat: int
    placeholder: str
    options: list[tuple[str, str, str]] = field(default_factory=list)
    """(label, value, description) per option."""
    code: str = codes.SELECT
    min_values: int = 1
    max_values: int = 1


@dataclass
class Moves:
    buttons: list[tuple[str, str, int]] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)
    panels: dict[int, Moves] = field(default_factory=dict)
    """Each seat's private panel: its moves that name a card in its hand."""


def acting(game: GameRow, state: HellbringerState) -> list[int]:
    """The people (not AI seats) who may act now, the awaited ones first; while a
    report is pending, only whoever may take back what asked for it. Asked once per
    version: the board and each seat's panel ask."""
    return per_version.once(game, state, "hellbringer acting", lambda: _acting(game, state))


def _acting(game: GameRow, state: HellbringerState) -> list[int]:
    if game.status != "active" or state.winners is not None:
        return []
    movers = ENGINE.to_move(state)
    may = ENGINE.acts_during_chance if ENGINE.chance(state) is not None else ENGINE.may_act
    reacting = [s for s in range(state.players) if s not in movers and may(state, s)]
    return [s for s in [*movers, *reacting] if s < len(game.seats) and not game.seats[s].ai]


def _quick(action: Any) -> bool:
    return isinstance(action, QUICK) and not (isinstance(action, EndTurn) and action.discard)


def _rank(action: Any) -> int:
    kind = type(action)
    rank = _RANKS.get(kind)
    if rank is None:
        rank = _RANKS[kind] = next((i + 1 for i, last in enumerate(LAST)
                                    if issubclass(kind, last)), 0)
    return rank


_RANKS: dict[type, int] = {}
"""`_rank` per kind of move (a layout sorts some forty moves)."""


def _target(state: HellbringerState, uid: str) -> str:
    enemy = enemy_by_uid(state, uid)
    if enemy is None:
        return uid
    return f"→ {enemy_name(state, uid)} (threshold {enemy_threshold(enemy)})"


def _cards(state: HellbringerState, verb: str, cards: tuple[str, ...]) -> list[Part]:
    return [(f"x:{c}", f"{verb} {card_name(state, c)}", "") for c in cards]


def parts(state: HellbringerState, action: Any) -> tuple[str, list[Part]] | None:
    """The family of a move that comes in many combinations, and its parts (the
    picks that name it in a combined menu); None for a move of its own. The class
    choice comes first: the opening lays out a hundred of them per player."""
    if isinstance(action, ChooseClass):
        picked: list[Part] = [
            (f"s:{action.cls}:{action.starter}",
             f"🧙 {_class_name(action.cls)} with {card_name(state, action.starter)}",
             _perks(action.cls)),
            _perk_part(action.perk)]
        if action.swap is not None:
            picked.append((f"w:{action.swap}",
                           f"Swap {card_name(state, action.swap)} for your 2nd Starter Card", ""))
        return "c", picked
    if isinstance(action, Trade):
        give: Part = (f"g:{action.give}", f"🤝 Give {card_name(state, action.give)}", "")
        if action.partner == MULE and action.take is not None:
            return "t", [give, (f"m:{action.take}",
                                f"…for the Mule's {card_name(state, action.take)}", "")]
        return "t", [give, (f"p:{action.partner}", f"…to {state.names[action.partner]}", "")]
    if isinstance(action, Activate | UsePerk) and action.target is not None:
        if isinstance(action, Activate):
            card: Part = (f"c:{action.card}", f"⚔️ {card_name(state, action.card)}", "")
        else:
            card = ("c:perk", "✨ Your Perk", "")
        return "a", [card, (f"e:{action.target}", _target(state, action.target), "")]
    if isinstance(action, EndTurn) and action.discard:
        return "e", _cards(state, "Discard", action.discard)
    if isinstance(action, DiscardCards):
        return "d", _cards(state, "Discard", action.cards)
    if isinstance(action, ReturnCombat) and action.cards:
        return "r", _cards(state, "Return", action.cards)
    return None


@functools.cache
def _class_name(cls: str) -> str:
    return catalogue().cls(cls).name


@functools.cache
def _perks(cls: str) -> str:
    """A class's Perks as its option's description (the catalogue is fixed)."""
    return " · ".join(f"Perk {'I' * p.level}: {p.name}" for p in catalogue().perks_of(cls))


@functools.cache
def _perk_part(perk: str) -> Part:
    level = catalogue().perk(perk).level
    return (f"k:{level}", f"Perk {'I' * level}", "the class's Perk I or Perk II")


def _combined(seat: int, family: str, index: int, moves: list[Sequence[Part]]) -> Menu:
    """One menu of a family's parts (`moves`: each move's), whose picks name a move."""
    options: dict[str, tuple[int, Part]] = {}
    sizes = []
    for picked in moves:
        sizes.append(len(picked))
        for position, part in enumerate(picked):
            options.setdefault(part[0], (position, part))
    ordered = [part for _, part in sorted(options.values(), key=lambda p: p[0])]
    low, high = min(sizes), min(max(sizes), len(options))
    placeholder = FAMILIES[family].format(n=_count(low, high))
    return Menu(seat, placeholder,
                [(text, value, note) for value, text, note in _numbered(ordered)],
                code=f"{COMBINED}{family}{index}", min_values=low, max_values=high)


def _count(low: int, high: int) -> str:
    """How many picks, as a player reads it: '2', 'up to 5', '2 to 5'."""
    if low == high:
        return str(low)
    return f"up to {high}" if low == 1 else f"{low} to {high}"


def _numbered(options: Any) -> list[Part]:
    """Options in order, same-named ones told apart ('Discard Rat (2)')."""
    out: list[Part] = []
    seen: dict[str, int] = {}
    for value, text, note in options:
        seen[text] = seen.get(text, 0) + 1
        out.append((value, text if seen[text] == 1 else f"{text} ({seen[text]})", note))
    return out


def _menus_needed(flat: int, combined: int) -> int:
    return math.ceil(flat / OPTIONS) + combined


ALWAYS_PRIVATE = (ChooseClass, ShowCard, TradeReply)
"""Moves made in the seat's panel even when they name no card: the class choice
(its menu lists the dealt hand), a physical Show (what one holds), and a trade's
answer (the panel says what was offered)."""


def private(state: HellbringerState, seat: int, action: Any) -> bool:
    """Whether a move would tell the channel something about the seat's hand: it is one
    of `ALWAYS_PRIVATE` or names a card in that hand (equip, offer, discard, …). Moves
    of cards already on the table (equipped, learned, the Mule's, the middle's) stay
    public, as the rules have them face up, and so does ending a physical turn
    discarding only unshown cards: the channel is told how many anyway ("Alice
    discards 2 and draws 2"), so the End turn menu sits on the board, one press
    fewer than opening the panel."""
    return _private(_named(action), frozenset(state.heroes[seat].hand))


def _named(action: Any) -> bool | tuple[str, ...]:
    """What of a move `private` reads, whatever the hand: True or False when the move
    alone decides, else the words it names (a tuple: kept, it is a plain value the
    garbage collector stops tracking, where a frozenset stays tracked)."""
    if isinstance(action, ALWAYS_PRIVATE):
        return True
    if isinstance(action, EndTurn) and all(card_id(c) == "common" for c in action.discard):
        return False  # unshown cards of a physical hand: the bot itself knows no more
    return tuple(v for value in vars(action).values()
                 for v in (value if isinstance(value, list | tuple) else [value])
                 if isinstance(v, str))


def _private(named: bool | tuple[str, ...], hand: frozenset[str]) -> bool:
    return named if isinstance(named, bool) else not hand.isdisjoint(named)


_NAMED: dict[Key, bool | tuple[str, ...]] = {}
"""`_named` per move, kept by its value: it depends on nothing else."""


LAID_OUT = "hellbringer moves"
KEPT = 256
"""Seats' layouts kept by their inputs (`_inputs`): 50 busy tables of four seats hold
200 at once. Kept small and light (no move objects, keys of plain values, which the
garbage collector stops tracking): each is ~100 objects its full passes walk, and a
store of 1,024 raised the steady CPU per click and the ack p99."""


def moves(game: GameRow, state: HellbringerState) -> Moves:
    """The public board's moves, and each acting seat's private panel. A seat with a
    panel has a "🃏 My turn" button on the board, so its buttons' room is kept. Laid
    out once per version: the board's buttons, its menus and each panel ask for it."""
    return per_version.once(game, state, LAID_OUT, lambda: _laid_out_all(game, state))


def panel(game: GameRow, state: HellbringerState, seat: int) -> Moves | None:
    """The seat's private panel alone, as `moves` has it: drawing one player's panel
    after their pick needs neither the other seats' moves nor the board's."""
    if seat not in acting(game, state):
        return None
    return _seat(game, state, seat).panel


@dataclass
class _Seat:
    """A seat's moves laid out, as far as they depend on the seat's own inputs: its
    legal moves, its hand and the names its labels read. Kept across versions while
    those are equal (in the opening, each pick changes one seat of four; custom ids
    take the version from the board, not from here). Built from the first state with
    these inputs; what is added later is built from another state with equal ones,
    from that version's legal moves (equal too, so the entry holds none)."""

    coded: codes.Coded
    public: tuple[int, ...]
    panel: Moves | None
    placed: dict[tuple[int, int], Moves] = field(default_factory=dict)
    """The public moves laid out per (buttons' room, menus before the seat's)."""
    parted: dict[int, tuple[str, Sequence[Part]] | None] = field(default_factory=dict)
    """Each move's parts (`parts`) by its index, once worked out: for the menus and the
    decoder of their picks alike."""
    picks: dict[int, frozenset[tuple[str, int]]] = field(default_factory=dict)
    """The picks that name each move with parts, as `_alike` counts them."""


_SEATS: dict[tuple[Any, ...], _Seat] = {}
_SEATS_LOCK = threading.Lock()


def _inputs(game: GameRow, state: HellbringerState, seat: int) -> tuple[Any, ...]:
    """Everything a seat's layout reads, as a value: the seat, the name its menus show,
    its legal moves (their order makes the codes), its hand (which moves are private),
    and what labels read of the table (`_labels`). The moves are compared as values
    (`codes.key`): pydantic's own equality, 120 times per seat, cost more than the
    layout kept."""
    return (seat, game.seats[seat].shown, tuple(codes.keys_of(game, state, seat)),
            tuple(state.heroes[seat].hand), _labels(game, state))


def _labels(game: GameRow, state: HellbringerState) -> tuple[Any, ...]:
    """What `label` and `parts` read of the state besides the move: the players' names,
    the cards a physical table reported, the enemies in order with what their names
    (twins are numbered) and thresholds are made of, and whether a pick collects from
    the discard."""
    def read() -> tuple[Any, ...]:
        head = state.queue[0] if state.queue else None
        return (state.names,
                tuple((cid, card.name) for cid, card in state.custom.items()),
                tuple((e.uid, e.face.name, enemy_threshold(e)) for e in state.enemies),
                isinstance(head, Choose) and head.what == "collect")
    return per_version.once(game, state, "hellbringer labels", read)


def _seat(game: GameRow, state: HellbringerState, seat: int) -> _Seat:
    """The seat's layout for this version: asked once per version, then kept by its
    inputs across versions, or built and kept (the oldest kept dropped first)."""
    return per_version.once(game, state, f"hellbringer seat {seat}",
                            lambda: _kept(game, state, seat))


def _kept(game: GameRow, state: HellbringerState, seat: int) -> _Seat:
    key = _inputs(game, state, seat)
    found = _SEATS.get(key)
    if found is None:
        found = _built(game, state, seat, per_version.legal_actions(game, state, seat))
        with _SEATS_LOCK:
            _SEATS[key] = found
            while len(_SEATS) > KEPT:
                del _SEATS[next(iter(_SEATS))]
    codes.share(game, state, seat, found.coded)
    return found


def forget() -> None:
    """Drop every kept layout and move's words (tests comparing kept layouts with fresh
    ones)."""
    with _SEATS_LOCK:
        _SEATS.clear()
        _WORDS.clear()
        _NAMED.clear()
    codes.forget()


@dataclass
class _Words:
    """Each move's label and parts as the table's names read them (`_labels`): kept by
    the move's value across versions and seats, so a layout the kept seats miss (a
    move changed the seat's moves or hand) looks most of its moves up."""

    labels: dict[Key, str] = field(default_factory=dict)
    parts: dict[Key, tuple[str, tuple[Part, ...]] | None] = field(default_factory=dict)
    """Each bounded like the digests (`codes.DIGESTS`), emptied when full."""


_WORDS: dict[tuple[Any, ...], _Words] = {}


def _words(game: GameRow, state: HellbringerState) -> _Words:
    def kept() -> _Words:
        names = _labels(game, state)
        found = _WORDS.get(names)
        if found is None:
            found = _Words()
            with _SEATS_LOCK:
                _WORDS[names] = found
                while len(_WORDS) > KEPT:
                    del _WORDS[next(iter(_WORDS))]
        return found
    return per_version.once(game, state, "hellbringer words", kept)


def _label(words: _Words, state: HellbringerState, found: Key, action: Any) -> str:
    text = words.labels.get(found)
    if text is None:
        if len(words.labels) >= codes.DIGESTS:
            words.labels.clear()
        text = words.labels[found] = label(state, action)
    return text


def _built(game: GameRow, state: HellbringerState, seat: int, legal: list[Any]) -> _Seat:
    keys = codes.keys_of(game, state, seat)
    coded = codes.Coded(keys)
    hand = frozenset(state.heroes[seat].hand)
    hidden = set()
    for i, (a, k) in enumerate(zip(legal, keys, strict=True)):
        named = _NAMED.get(k)
        if named is None:
            if len(_NAMED) >= codes.DIGESTS:
                _NAMED.clear()
            named = _NAMED[k] = _named(a)
        if _private(named, hand):
            hidden.add(i)
    found = _Seat(coded, tuple(i for i in range(len(legal)) if i not in hidden), None)
    if hidden:
        found.panel = _laid_out(game, state, seat, found,
                                [(i, a) for i, a in enumerate(legal) if i in hidden], BUTTONS, 0)
    return found


def _laid_out_all(game: GameRow, state: HellbringerState) -> Moves:
    found = Moves()
    seats = [(seat, _seat(game, state, seat)) for seat in acting(game, state)]
    found.panels = {seat: laid.panel for seat, laid in seats if laid.panel is not None}
    reserved = len(found.panels)
    for seat, laid in seats:
        room = BUTTONS - reserved - len(found.buttons)
        place = (room, len(found.menus))
        public = laid.placed.get(place)
        if public is None:
            legal = per_version.legal_actions(game, state, seat)
            public = laid.placed[place] = _laid_out(
                game, state, seat, laid, [(i, legal[i]) for i in laid.public], *place)
        found.buttons += public.buttons
        found.menus += public.menus
    if len({seat for _, _, seat in found.buttons}) > 1:
        found.buttons = [(_owned(text, game, state, seat), code, seat)
                         for text, code, seat in found.buttons]
    return found


def _owned(text: str, game: GameRow, state: HellbringerState, seat: int) -> str:
    """When several players have buttons at once (a defence window), each button
    names its player, so nobody presses another's and is refused."""
    who = game.seats[seat].shown if seat < len(game.seats) else state.names[seat]
    return f"{text} ({who})"[:LABEL]


def _laid_out(game: GameRow, state: HellbringerState, seat: int, laid: _Seat,
              legal: list[tuple[int, Any]], room: int, first: int) -> Moves:
    """The seat's `legal` moves: as buttons while they fit in `room`, else the quick
    answers as buttons and the rest in menus, numbered from `first` (the menus of the
    seats laid out before it)."""
    found = Moves()
    keys = codes.keys_of(game, state, seat)
    words = _words(game, state)
    if len(legal) <= room:
        found.buttons = [(_label(words, state, keys[i], a), laid.coded[i], seat)
                         for i, a in legal]
        return found
    quick = [(i, a) for i, a in legal if _quick(a)][:max(room, 0)]
    found.buttons = [(_label(words, state, keys[i], a), laid.coded[i], seat) for i, a in quick]
    taken = {i for i, _ in quick}
    rest = sorted((p for p in legal if p[0] not in taken), key=lambda p: _rank(p[1]))
    _menus(found, game, state, seat, rest, laid, first)
    return found


def offer_note(game: GameRow, state: HellbringerState, seat: int) -> str:
    """What a trade partner is told in private: the card offered (never in public)."""
    head = state.queue[0] if state.queue else None
    if not isinstance(head, Choose) or head.what != "trade_reply" or head.seat != seat:
        return ""
    who = game.seats[head.partner].shown if head.partner < len(game.seats) else \
        state.names[head.partner]
    return (f"🤝 {who} offers you **{card_name(state, head.offered)}**: give one of your"
            " cards in return, or decline.")


def _menus(found: Moves, game: GameRow, state: HellbringerState, seat: int,
           rest: list[tuple[int, Any]], laid: _Seat, first: int) -> None:
    """One-pick menus for `rest`, folding the end-of-turn discards and then the
    largest families into combined menus until they fit the rows left after the
    `first` menus. Each move's parts are worked out once per seat's layout (they name
    cards: most of a layout's cost), for its decoder too."""
    budget = MENUS - first
    keys = codes.keys_of(game, state, seat)
    words = _words(game, state)
    parted = {i: _parts(words, state, laid, i, a, keys[i]) for i, a in rest}
    family_of = {i: found_parts[0] if found_parts else None
                 for i, found_parts in parted.items()}
    families: dict[str, list[Sequence[Part]]] = {}
    for found_parts in parted.values():
        if found_parts is not None:
            families.setdefault(found_parts[0], []).append(found_parts[1])
    folded: list[str] = []
    flat = rest
    for family in ALWAYS_FOLDED:
        unfolded = [(i, a) for i, a in flat if family_of[i] != family]
        if len(families.get(family, [])) > 1 and \
                _menus_needed(len(unfolded), len(folded) + 1) <= budget:
            folded.append(family)
            flat = unfolded
    while _menus_needed(len(flat), len(folded)) > budget:
        left = [f for f in families if f not in folded]
        if not left:
            break
        folded.append(max(left, key=lambda f: len(families[f])))
        flat = [(i, a) for i, a in rest if family_of[i] not in folded]
    name = game.seats[seat].shown
    chunks = math.ceil(len(flat) / OPTIONS)
    for start in range(0, len(flat), OPTIONS):
        part = f" ({start // OPTIONS + 1}/{chunks})" if chunks > 1 else ""
        found.menus.append(Menu(seat, f"{name}: choose a move…{part}",
                                [(_label(words, state, keys[i], a), laid.coded[i], "")
                                 for i, a in flat[start:start + OPTIONS]],
                                code=f"{codes.SELECT}{first + len(found.menus)}"))
    for family in sorted(folded, key=lambda f: f == "e"):
        menu = _combined(seat, family, first + len(found.menus), families[family])
        menu.placeholder = f"{name}: {menu.placeholder}"
        found.menus.append(menu)


def _parts(words: _Words, state: HellbringerState, laid: _Seat, index: int, action: Any,
           found: Key) -> tuple[str, Sequence[Part]] | None:
    """The parts of the seat's move `index` (`action`, whose value is `found`), worked out
    once per move and names (`_Words`)."""
    if index not in laid.parted:
        try:
            kept = words.parts[found]
        except KeyError:  # the store may be emptied by another thread at any time
            worked = parts(state, action)
            kept = None if worked is None else (worked[0], tuple(worked[1]))
            if len(words.parts) >= codes.DIGESTS:
                words.parts.clear()
            words.parts[found] = kept
        laid.parted[index] = kept
    return laid.parted[index]


def decode_combined(game: GameRow, state: HellbringerState, seat: int, code: str,
                    values: list[str]) -> Any:
    """The one legal move a combined menu's picks name, or one sentence saying what to
    pick: read from the parts the seat's menus were laid out with, so it accepts
    exactly what they offered (the first legal move, when two have alike picks)."""
    family = code[len(COMBINED):len(COMBINED) + 1]
    if family not in FAMILIES:
        raise RuleError(codes.STALE)
    picked = frozenset(_alike(values).items())
    if len(set(values)) == len(values):
        laid = _seat(game, state, seat)
        keys = codes.keys_of(game, state, seat)
        words = _words(game, state)
        for index, action in enumerate(per_version.legal_actions(game, state, seat)):
            found = _parts(words, state, laid, index, action, keys[index])
            if found is not None and found[0] == family and \
                    _picks(laid, index, found[1]) == picked:
                return action
    raise RuleError(MISMATCH[family])


def _picks(laid: _Seat, index: int, picked: Sequence[Part]) -> frozenset[tuple[str, int]]:
    """The picks naming the seat's move `index` (its parts `picked`), counted once."""
    if index not in laid.picks:
        laid.picks[index] = frozenset(_alike([p[0] for p in picked]).items())
    return laid.picks[index]


def _alike(values: list[str]) -> Counter[str]:
    """The picks as a count of alike cards: a physical table's unshown cards are all
    the same, so 'Discard Unshown card (3)' names the same move as '(1)'."""
    return Counter("x:common" if v.startswith("x:") and card_id(v[2:]) == "common" else v
                   for v in values)
