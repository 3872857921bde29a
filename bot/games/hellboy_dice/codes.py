"""Compact codes for Hellboy moves, carried in a component's custom_id.

A custom_id holds at most 100 characters and the table's prefix takes some, so
each move gets a short code; `decode` is the only way back to an engine action
and refuses anything malformed with a RuleError (a forged or garbled custom_id
must never reach the engine as a traceback).

    x            Explore                      b            End turn (bank)
    a.yyo        Attack with those dice       as           Attack with the dice picked in the select
    d.2          X2 doubles die 3 of the roll r.0 / r.n    re-roll die 1 / keep the roll
    bm.y / bm.n  Brave Move yes / no          lf.r / lf.n  Lucky Find with a red die / decline

Dice letters: y yellow, o orange, r red, k black. Select values: a letter and a
number (`y1`, `y2`, `k1`), one per physical die, so two yellows are two values.
"""

from __future__ import annotations

import re

from bot.games.hellboy_dice.symbols import COLOUR_LETTER, COLOUR_SQUARE, LETTER_OF
from engines.core.errors import RuleError
from engines.hellboy_dice.models import (
    COLOURS,
    MAX_ATTACK_DICE,
    Action,
    Attack,
    BraveMove,
    ChooseReroll,
    ChooseX2,
    Colour,
    EndTurn,
    Explore,
    LuckyFind,
)

ATTACK_SELECT = "as"
STALE = "That button doesn't match this game; use the newest board (`/game status`)."

_ATTACK = re.compile(r"a\.([york]{1,3})")
_DIE_INDEX = re.compile(r"(d|r)\.([0-2])")
_SELECT_VALUE = re.compile(r"([york])([1-9]|1[0-2])")
_NAMED: dict[str, Colour] = {
    **{colour: colour for colour in COLOURS},
    **{COLOUR_SQUARE[colour]: colour for colour in COLOURS},
}
"""Colour names and squares a player may type for a die (letters are read separately)."""
_FILLER = frozenset({"and", "with", "the", "die", "dice"})


def encode(action: Action) -> str:
    """The code of an engine action (the inverse of `decode`)."""
    if isinstance(action, Explore):
        return "x"
    if isinstance(action, EndTurn):
        return "b"
    if isinstance(action, Attack):
        return "a." + "".join(LETTER_OF[c] for c in action.dice)
    if isinstance(action, ChooseX2):
        return f"d.{action.die}"
    if isinstance(action, ChooseReroll):
        return "r.n" if action.die is None else f"r.{action.die}"
    if isinstance(action, BraveMove):
        return "bm.y" if action.accept else "bm.n"
    return "lf.n" if action.die is None else f"lf.{LETTER_OF[action.die]}"


def decode(code: str, values: list[str]) -> Action:
    """The engine action for a code (and, for the attack select, the values picked)."""
    if code == ATTACK_SELECT:
        return Attack(dice=select_dice(values))
    if values:
        raise RuleError(STALE)
    simple: dict[str, Action] = {
        "x": Explore(),
        "b": EndTurn(),
        "r.n": ChooseReroll(die=None),
        "bm.y": BraveMove(accept=True),
        "bm.n": BraveMove(accept=False),
        "lf.n": LuckyFind(die=None),
    }
    if code in simple:
        return simple[code]
    attack = _ATTACK.fullmatch(code)
    if attack is not None:
        return Attack(dice=tuple(COLOUR_LETTER[letter] for letter in attack[1]))
    index = _DIE_INDEX.fullmatch(code)
    if index is not None:
        die = int(index[2])
        return ChooseX2(die=die) if index[1] == "d" else ChooseReroll(die=die)
    if len(code) == 4 and code.startswith("lf.") and code[3] in COLOUR_LETTER:
        return LuckyFind(die=COLOUR_LETTER[code[3]])
    raise RuleError(STALE)


def select_value(colour: Colour, number: int) -> str:
    """The select value of the `number`-th remaining die of a colour (from 1)."""
    return f"{LETTER_OF[colour]}{number}"


def select_dice(values: list[str]) -> tuple[Colour, ...]:
    """Dice picked in the attack select: one to three distinct dice."""
    if not 1 <= len(values) <= MAX_ATTACK_DICE or len(set(values)) != len(values):
        raise RuleError("Pick one to three different Attack Dice to roll with the blue die.")
    dice: list[Colour] = []
    for value in values:
        match = _SELECT_VALUE.fullmatch(value)
        if match is None:
            raise RuleError(STALE)
        dice.append(COLOUR_LETTER[match[1]])
    return tuple(dice)


def typed_dice(text: str) -> tuple[Colour, ...]:
    """Dice typed by a player: colour names, letters or squares, e.g. 'yellow yellow red',
    'yyr', 'y y r' or '🟨🟨🟥'. Counting is left to the engine, which names what is left."""
    dice: list[Colour] = []
    for word in re.findall(r"[a-z]+|[^\sa-z,;+&\ufe0f]", text.lower()):
        if word in _FILLER:
            continue
        if word in _NAMED:
            dice.append(_NAMED[word])
        elif all(letter in COLOUR_LETTER for letter in word):
            dice.extend(COLOUR_LETTER[letter] for letter in word)
        else:
            raise RuleError(
                f"'{word}' is not an Attack Die. Name one to three dice: yellow, orange, red,"
                " black (or y, o, r, k), e.g. `yellow yellow red` or `yyr`."
            )
    if not 1 <= len(dice) <= MAX_ATTACK_DICE:
        raise RuleError("An attack takes one to three Attack Dice (the blue die always rolls).")
    return tuple(dice)
