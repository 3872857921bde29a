"""Button and menu codes for Hellbringer: an action's place in the seat's legal
list plus a short digest of the action, so a click on a stale board (the list
moved on) is refused rather than played as some other move."""

from __future__ import annotations

import hashlib
import json
from typing import Any, get_args

from bot.models import GameRow
from bot.render import per_version
from engines.core.errors import RuleError
from engines.hellbringer import HellbringerState
from engines.hellbringer.models import Action

SELECT = "m"
"""The code of a seat's move menu (its values are action codes)."""
STALE = "That move no longer matches the table; use the newest board."
DIGESTS = 4096
"""Digests kept: a busy table offers a few hundred distinct moves over a game."""


Key = tuple[Any, ...]
"""A move as a value: its kind and its fields, in order (see `key`)."""
_DIGESTS: dict[Key, str] = {}


def key(action: Any) -> Key:
    """A move as a plain value, equal for equal moves: a frozen pydantic model hashes
    and compares through its own methods, several times slower than a tuple of its
    fields (which are strings, numbers and tuples of strings)."""
    return (type(action).__name__, *vars(action).values())


def keys_of(game: GameRow, state: HellbringerState, seat: int) -> list[Key]:
    """The seat's legal moves as values (`key`), once per version: its layout is kept
    by them and each move's code, label and parts are looked up by them."""
    return per_version.once(game, state, f"{KEYS} {seat}", lambda: [
        key(a) for a in per_version.legal_actions(game, state, seat)])


KEYS = "hellbringer keys"


def digest(action: Any) -> str:
    return _digest(key(action))


def _digest(found: Key) -> str:
    """Kept per move (by its `key`): a game offers the same moves version after version
    (End turn, the same trades). All are dropped when the store is full: a game's moves
    are digested again in a few ms. The JSON is made of the move's fields as they are,
    which is pydantic's JSON of it (strings, numbers, None, tuples of strings; a test
    compares them over seeded games), without asking pydantic."""
    text = _DIGESTS.get(found)
    if text is None:
        data = json.dumps(dict(zip(FIELDS[found[0]], found[1:], strict=True)), sort_keys=True)
        text = hashlib.blake2s(data.encode(), digest_size=4).hexdigest()
        if len(_DIGESTS) >= DIGESTS:
            _DIGESTS.clear()
        _DIGESTS[found] = text
    return text


FIELDS = {kind.__name__: tuple(kind.model_fields) for kind in get_args(get_args(Action)[0])}
"""Each kind of move's fields, in the order a move's `key` gives their values."""


def forget() -> None:
    """Drop every kept digest (a bench's cold start)."""
    _DIGESTS.clear()


def encode(index: int, action: Any) -> str:
    return f"{index}.{digest(action)}"


class Coded:
    """The codes of a seat's legal moves, in their order, each encoded when first read:
    most of a hand's moves (its End turn sets, and trades or attacks when they fold) sit
    in a combined menu, whose picks name a move by its parts, so their codes are read
    only by a decoder handed a code naming them. Holds the moves' values, never the
    moves (kept layouts hold it)."""

    __slots__ = ("_codes", "_keys")

    def __init__(self, keys: list[Key]) -> None:
        self._keys = tuple(keys)
        self._codes: list[str | None] = [None] * len(keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __getitem__(self, index: int) -> str:
        found = self._codes[index]
        if found is None:
            found = self._codes[index] = f"{index}.{_digest(self._keys[index])}"
        return found


def codes_of(game: GameRow, state: HellbringerState, seat: int) -> Coded:
    """The code of each of the seat's legal actions, in their order: once per version
    (or handed over by the seat's kept menus, `share`), for the board's components and
    the decoder of a click on them alike."""
    return per_version.once(game, state, f"{KEPT_AS} {seat}",
                            lambda: Coded(keys_of(game, state, seat)))


def share(game: GameRow, state: HellbringerState, seat: int, coded: Coded) -> None:
    """Give this version the seat's codes its kept menus were laid out with (the same
    legal moves in the same order), so the decoder of the next click encodes nothing."""
    per_version.once(game, state, f"{KEPT_AS} {seat}", lambda: coded)


KEPT_AS = "hellbringer codes"
"""The name the seat's codes are kept under per version (with the seat)."""


def decode(game: GameRow, state: HellbringerState, seat: int, code: str) -> Any:
    """The legal action a code names, or a RuleError for a stale or foreign code."""
    index = code.partition(".")[0]
    coded = codes_of(game, state, seat)
    if not index.isdigit() or int(index) >= len(coded) or coded[int(index)] != code:
        raise RuleError(STALE)
    return per_version.legal_actions(game, state, seat)[int(index)]
