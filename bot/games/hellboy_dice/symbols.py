"""How Hellboy dice, Wounds and Clues look in text: one place, so the board, the
buttons, the roll messages and /hellboy odds all draw a die the same way.

Faces come from the dice pack's own symbols (a group's pack brings its own);
only the colour of each Attack Die is fixed here, because the rules name them.
Every die also names its colour in words beside the coloured square: orange and
red squares look alike to many colour-blind players, and a screen reader reads
"large orange square" for one and "large red square" for the other at best.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from engines.hellboy_dice.models import BLUE, COLOURS, Colour, Components, Hand, PlacedDie

COLOUR_SQUARE: dict[str, str] = {"yellow": "🟨", "orange": "🟧", "red": "🟥", "black": "⬛"}
"""The colour of an Attack Die, shown before its face so a blank face keeps its colour."""
COLOUR_LETTER: dict[str, Colour] = {"y": "yellow", "o": "orange", "r": "red", "k": "black"}
"""One letter per colour for compact button codes and typed dice (k: black, as in CMYK)."""
LETTER_OF: dict[str, str] = {colour: letter for letter, colour in COLOUR_LETTER.items()}
BLUE_DIE = "🔵"
WOUND = "❤️"
WOUND_LOST = "🖤"
CLUE = "🔍"
SKULL = "💀"


def die_face(components: Components, colour: str, label: str) -> str:
    """An Attack Die showing a face, its colour in words first, e.g. 'orange 🟧2'."""
    square = COLOUR_SQUARE.get(colour, "")
    found = components.faces.get((colour, label))
    symbol = found.symbol if found is not None else label
    shown = symbol if square and square in symbol else f"{square}{symbol}"
    return f"{colour} {shown}"


def placed(components: Components, die: PlacedDie) -> str:
    return die_face(components, die.colour, die.label)


def faces(components: Components, dice: Iterable[PlacedDie]) -> str:
    """Several faces, e.g. 'yellow 🟨1, red 🟥3'."""
    return ", ".join(placed(components, d) for d in dice)


def blue_face(components: Components, label: str) -> str:
    """The blue die's face with its colour and name, e.g. 'blue 💥💥 Double burst'."""
    found = components.faces.get((BLUE, label))
    symbol = found.symbol if found is not None else BLUE_DIE
    return f"{BLUE} {symbol} {label}"


def dice_set(colours: Sequence[str]) -> str:
    """Dice to roll, by colour, squares then words: '🟨🟨🟥 2 yellow + red'."""
    return _dice_set(tuple(colours))


@lru_cache(maxsize=256)
def _dice_set(colours: tuple[str, ...]) -> str:
    """Kept per dice set (a few dozen): an attack board names each set twice."""
    squares = "".join(COLOUR_SQUARE.get(c, "") for c in colours)
    return f"{squares} {dice_words(colours)}" if squares else dice_words(colours)


def dice_words(colours: Sequence[str]) -> str:
    """Dice by colour in words, in the order given: '2 yellow + red'."""
    counts: dict[str, int] = {}
    for colour in colours:
        counts[colour] = counts.get(colour, 0) + 1
    return " + ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items())


def hand_line(hand: Hand) -> str:
    """Dice left by colour, every colour shown (a zero matters when choosing)."""
    return " · ".join(
        f"{COLOUR_SQUARE[c]} {c} ×{n}" for c, n in zip(COLOURS, hand, strict=True)
    )


def wounds(left: int, total: int = 3) -> str:
    return WOUND * left + WOUND_LOST * max(0, total - left)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@lru_cache(maxsize=4096)
def percent(p: float) -> str:
    """A chance as players read it: never '0%' for a possible event nor '100%' for an
    uncertain one, since a push-your-luck call hinges on exactly those. Kept per chance:
    a board shows a dozen, the same few from click to click, and formatting a float
    was a fortieth of its build (issue 27)."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{p * 100:.0f}%"
