"""Button and menu codes for Hellbringer: an action's place in the seat's legal
list plus a short digest of the action, so a click on a stale board (the list
moved on) is refused rather than played as some other move."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from bot.models import GameRow
from bot.render import per_version
from engines.core.errors import RuleError
from engines.hellbringer import HellbringerState

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


def digest(action: Any, found: Key | None = None) -> str:
    """Kept per move (by its `key`, or `found`, the key already made): a game offers the
    same moves version after version (End turn, the same trades). All are dropped when the
    store is full: a game's moves are digested again in a few ms. The JSON is made of the
    move's fields as they are, which is pydantic's JSON of it (strings, numbers, None,
    tuples of strings; a test compares them over seeded games), without asking pydantic."""
    found = key(action) if found is None else found
    text = _DIGESTS.get(found)
    if text is None:
        data = json.dumps(vars(action), sort_keys=True)
        text = hashlib.blake2s(data.encode(), digest_size=4).hexdigest()
        if len(_DIGESTS) >= DIGESTS:
            _DIGESTS.clear()
        _DIGESTS[found] = text
    return text


def forget() -> None:
    """Drop every kept digest (a bench's cold start)."""
    _DIGESTS.clear()


def encode(index: int, action: Any, found: Key | None = None) -> str:
    return f"{index}.{digest(action, found)}"


def codes_of(game: GameRow, state: HellbringerState, seat: int) -> list[str]:
    """The code of each of the seat's legal actions, in their order: encoded once per
    version (or handed over by the seat's kept menus, `share`), for the board's
    components and the decoder of a click on them alike."""
    return per_version.once(game, state, f"{KEPT_AS} {seat}", lambda: [
        encode(i, a, k) for i, (a, k) in enumerate(zip(
            per_version.legal_actions(game, state, seat), keys_of(game, state, seat),
            strict=True))])


def share(game: GameRow, state: HellbringerState, seat: int, coded: list[str]) -> None:
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
