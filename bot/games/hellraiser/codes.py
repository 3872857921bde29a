"""Compact codes for Hellraiser moves, carried in custom_ids and select values.

A button's code must fit `[\\w.,=+-]{1,60}` (bot/ui/components.py) and a select
option's value 100 characters, so each action is written as a short tag and
its non-default fields as `key=value` pairs, comma-separated, with squares
named as players name them:

    et                      End turn            mv,to=C7            Move to C7
    se / se,d=action        Search              at,a=h0,t=c-pinhead,s=cre   Attack
    fu,ti=4,f=desk,u=obstacle,dw=C7+C8          block a doorway with a room item
    pl,c=relentless         play a card         ch,o=2              answer a decision
    cr.363222               create a character (the six statistics in order)

`decode` is the only way back to an engine action. It refuses anything
malformed with a RuleError (a forged or garbled custom_id must never reach the
engine as a traceback); whether the action is legal now is the engine's call.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ValidationError

from engines.core.errors import RuleError
from engines.hellraiser import ENGINE
from engines.hellraiser.board import Square, parse_square, square_name
from engines.hellraiser.models import (
    Action,
    Attack,
    BreakFree,
    Choose,
    Convert,
    CreateCharacter,
    DrawCard,
    Drop,
    EndTurn,
    Move,
    MoveFigure,
    PickUp,
    PlayCard,
    RollMovement,
    Search,
    Skin,
    SolvePuzzle,
    UseFurniture,
    UseItem,
    UsePower,
)
from engines.hellraiser.tiles import STATS, Stat

STALE = "That choice doesn't match this game; use the newest board (`/game status`)."
BUTTON_CODE = 60
"""The longest code a button's custom_id carries (a select value may hold 100)."""
VALUE_CODE = 100

TAGS: dict[str, type[BaseModel]] = {
    "et": EndTurn, "mv": Move, "se": Search, "fu": UseFurniture, "sv": SolvePuzzle,
    "sk": Skin, "bf": BreakFree, "at": Attack, "pl": PlayCard, "pw": UsePower,
    "ui": UseItem, "pu": PickUp, "dr": Drop, "rm": RollMovement, "mf": MoveFigure,
    "dc": DrawCard, "cv": Convert, "ch": Choose,
}
_TAG_OF = {cls: tag for tag, cls in TAGS.items()}
CREATE = "cr."

KEYS: dict[str, str] = {
    "to": "to", "deck": "d", "tile": "ti", "furniture": "f", "use": "u", "target": "t",
    "doorway": "dw", "by": "by", "corpse": "c", "attacker": "a", "stat": "s", "weapon": "w",
    "drain": "dn", "card": "c", "square": "q", "stat2": "s2", "seat": "n", "option": "o",
    "item": "i", "figure": "fi", "cenobite": "ce", "casualty": "ca", "strength": "st",
}
"""Field name → key in a code (unique within each action)."""
SQUARES = frozenset({"to", "square"})
EDGES = frozenset({"doorway"})
STAT_FIELDS = frozenset({"stat", "stat2", "drain"})
NUMBERS = frozenset({"tile", "seat", "strength"})

STAT_CODES: dict[Stat, str] = {st: st[:3] if st != "speed" else "spd" for st in STATS}
_STAT_OF = {code: st for st, code in STAT_CODES.items()}
_WORD = re.compile(r"[A-Za-z0-9_-]{1,40}")
_NUMBER = re.compile(r"-?\d{1,3}")


def _fields(cls: type[BaseModel]) -> dict[str, str]:
    """Key → field name, for one action class."""
    return {KEYS[name]: name for name in cls.model_fields if name != "type"}


_FIELDS = {tag: _fields(cls) for tag, cls in TAGS.items()}


_PLANS: dict[type[BaseModel], tuple[str, tuple[tuple[str, str, Any], ...]]] = {
    cls: (tag, tuple((name, KEYS[name], info.default)
                     for name, info in cls.model_fields.items() if name != "type"))
    for tag, cls in TAGS.items()
}
"""Per action class, its tag and (field, key, default) of each field a code may carry:
read once, since asking pydantic for a class's fields on every encode was most of
its cost (16 µs an action, hundreds of actions a Hellraiser board)."""


def encode(action: Action) -> str:
    """The code of an engine action (the inverse of `decode`)."""
    if isinstance(action, CreateCharacter):
        return CREATE + "".join(str(v) for v in action.stats())
    tag, fields = _PLANS[type(action)]
    parts = [tag]
    for name, key, default in fields:
        value = getattr(action, name)
        if value != default:
            parts.append(f"{key}={_write(name, value)}")
    return ",".join(parts)


def _write(name: str, value: Any) -> str:
    if name in SQUARES:
        return square_name(value)
    if name in EDGES:
        return "+".join(square_name(sq) for sq in value)
    if name in STAT_FIELDS:
        return STAT_CODES[value]
    return str(value)


def decode(code: str) -> Action:
    """The engine action a code stands for, or a RuleError."""
    if code.startswith(CREATE):
        return create(code[len(CREATE):])
    tag, *pairs = code.split(",")
    if tag not in TAGS:
        raise RuleError(STALE)
    keys = _FIELDS[tag]
    data: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        name = keys.get(key)
        if not sep or name is None or name in data:
            raise RuleError(STALE)
        data[name] = _read(name, raw)
    try:
        return ENGINE.parse_action({"type": TAGS[tag].model_fields["type"].default, **data})
    except ValidationError:
        raise RuleError(STALE) from None


def _read(name: str, raw: str) -> Any:
    if name in SQUARES:
        return _square(raw)
    if name in EDGES:
        ends = raw.split("+")
        if len(ends) != 2:
            raise RuleError(STALE)
        return (_square(ends[0]), _square(ends[1]))
    if name in STAT_FIELDS:
        if raw not in _STAT_OF:
            raise RuleError(STALE)
        return _STAT_OF[raw]
    if name in NUMBERS:
        if not _NUMBER.fullmatch(raw):
            raise RuleError(STALE)
        return int(raw)
    if not _WORD.fullmatch(raw):
        raise RuleError(STALE)
    return raw


def _square(raw: str) -> Square:
    """A square in a code is always written the canonical way ('C7')."""
    try:
        sq = parse_square(raw)
    except RuleError:
        raise RuleError(STALE) from None
    if square_name(sq) != raw:
        raise RuleError(STALE)
    return sq


def create(digits: str) -> CreateCharacter:
    """A character from six digits in statistic order ('333333'); the rules of creation
    (each 1 to 6, 18 in all) are the engine's to check."""
    if len(digits) != len(STATS) or not digits.isdigit():
        raise RuleError(STALE)
    return CreateCharacter(**dict(zip(STATS, (int(d) for d in digits), strict=True)))
