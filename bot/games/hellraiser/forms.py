"""Physical-mode forms for Hellraiser: the dice each party rolled, the card turned
over, and the map tile laid, in words a player types on a phone.

The engine asks for one chance item per die ("Pinhead die 1", "Pinhead die 2",
...), one per card draw (the card's id among those left) and three per map tile
(tile, spot, turn). A modal holds five inputs, so the dice form has one input
per party ("6 3 1 5"), the card form takes the card's printed name, the
tile form the tile's name, its row and column and the quarter turns, and the
map-number form (the house option of one number for the whole map) a number. Each form
folds the answers back into the values the engine expects; the engine still
checks every one (its RuleError reaches the player and nothing changes).
"""

from __future__ import annotations

import re

from bot.ui.report import FormField
from engines.core.chance import ChanceItem, ChanceRequest
from engines.core.errors import RuleError
from engines.hellraiser.cards import catalogue
from engines.hellraiser.dice import FACES

_DIE_KEY = re.compile(r"g(\d+)d(\d+)")
_DIE_SUFFIX = re.compile(r" die( \d+)?$")
DECK_LABELS = {"Search card": "search", "Action card": "action", "Leviathan card": "leviathan"}
TILE_KEYS = ["tile", "spot", "turn"]
TURN_WORDS = {"0": "0", "none": "0", "printed": "0", "as printed": "0",
              "1": "1", "quarter": "1", "a quarter turn": "1", "90": "1",
              "2": "2", "half": "2", "a half turn": "2", "180": "2",
              "3": "3", "three quarters": "3", "three quarter turns": "3", "270": "3"}
MAX_LISTED = 900
EXAMPLE_FACES = "6 3 1 5 2 4 " * 10


def words(text: str) -> str:
    """'First-Aid  kit!' → 'first aid kit': how typed names are compared."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def pick_option(item: ChanceItem, typed: str, what: str) -> str:
    """The option whose label (or id) matches what the player typed."""
    wanted = words(typed)
    for option in item.options:
        if wanted in (words(option), words(item.label_of(option))):
            return option
    names = ", ".join(dict.fromkeys(item.label_of(o) for o in item.options))
    if len(names) > MAX_LISTED:
        names = names[:MAX_LISTED] + "…"
    raise RuleError(f"'{typed.strip() or '(nothing)'}' is not {what}. Left: {names}.")


class DiceForm:
    """Every die of a Hellraiser test, one input per party."""

    title = "Report the dice"

    def fits(self, request: ChanceRequest) -> bool:
        return all(_DIE_KEY.fullmatch(i.key) and i.options == list(FACES)
                   for i in request.items) and len(_parties(request)) <= 5

    def fields(self, request: ChanceRequest) -> list[FormField]:
        return [FormField(f"{label}: {count} {'dice' if count > 1 else 'die'}"[:45],
                          f"the {count} faces, e.g. {EXAMPLE_FACES[:2 * count - 1]}",
                          max_length=200)
                for label, count in _parties(request)]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        out: list[str] = []
        for (label, count), answer in zip(_parties(request), answers, strict=False):
            faces = re.findall(r"\d+", answer)
            if len(faces) != count:
                raise RuleError(f"{label} rolled {count} {'dice' if count > 1 else 'die'}:"
                                f" type {count} face{'s' if count > 1 else ''} (1 to 6).")
            bad = [f for f in faces if f not in FACES]
            if bad:
                raise RuleError(f"'{bad[0]}' is not a face of a six-sided die: 1 to 6.")
            out += faces
        return out


def _parties(request: ChanceRequest) -> list[tuple[str, int]]:
    """(label, dice) per party, in the order of the request's items."""
    parties: dict[str, tuple[str, int]] = {}
    for item in request.items:
        match = _DIE_KEY.fullmatch(item.key)
        group = match[1] if match else item.key
        label = _DIE_SUFFIX.sub("", item.label)
        name, count = parties.get(group, (label, 0))
        parties[group] = (name, count + 1)
    return list(parties.values())


class CardForm:
    """The card turned over from one of the printed house decks, by its name."""

    title = "The card you turned over"

    def fits(self, request: ChanceRequest) -> bool:
        if len(request.items) != 1:
            return False
        item = request.items[0]
        deck = DECK_LABELS.get(item.label)
        return (item.key == "card" and deck is not None and item.open_hint is None
                and set(item.options) <= set(getattr(catalogue(), deck)))

    def fields(self, request: ChanceRequest) -> list[FormField]:
        """No example names: drawn from the cards still in the deck, they showed which
        had left it for a hand (issue 21's audit)."""
        item = request.items[0]
        return [FormField(f"The {item.label}'s name"[:45], "as printed at the top of the card",
                          max_length=60)]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        item = request.items[0]
        return [pick_option(item, answers[0] if answers else "", f"a {item.label} left")]


class TileForm:
    """A map tile laid from the house tiles: which, where and how it is turned."""

    title = "The map tile you laid"

    def fits(self, request: ChanceRequest) -> bool:
        return [i.key for i in request.items] == TILE_KEYS

    def fields(self, request: ChanceRequest) -> list[FormField]:
        tile, spot, _ = request.items
        return [
            FormField("Tile drawn (its name)",
                      "e.g. " + ", ".join(tile.label_of(o) for o in tile.options[:3]),
                      max_length=60),
            FormField("Where: row and column (1-6 each)",
                      "e.g. " + ", ".join(spot.label_of(o) for o in spot.options[:2]),
                      max_length=40),
            FormField("Quarter turns clockwise (0-3)", "0 as printed, 1, 2 or 3", max_length=30),
        ]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        tile, spot, _ = request.items
        typed = [*answers, "", "", ""][:3]
        numbers = re.findall(r"\d+", typed[1])
        if len(numbers) != 2:
            raise RuleError("Say where the tile goes as a row and a column, e.g. `2 3`.")
        row, column = int(numbers[0]), int(numbers[1])
        place = str((row - 1) * 6 + column - 1) if 1 <= row <= 6 and 1 <= column <= 6 else ""
        if place not in spot.options:
            free = ", ".join(spot.label_of(o) for o in spot.options)
            raise RuleError(f"Row {row}, column {column} is not a spot the tile can go: {free}.")
        turn = TURN_WORDS.get(words(typed[2]) or "0")
        if turn is None:
            raise RuleError("Turns are 0 (as printed), 1, 2 or 3 quarter turns clockwise.")
        return [pick_option(tile, typed[0], "a tile still to lay"), place, turn]


class MapNumberForm:
    """Physical mode's house option of one map number for the whole Institute."""

    title = "The map number"

    def fits(self, request: ChanceRequest) -> bool:
        return [i.key for i in request.items] == ["map"]

    def fields(self, request: ChanceRequest) -> list[FormField]:
        item = request.items[0]
        return [FormField(f"Map number ({item.options[0]} to {item.options[-1]})"[:45],
                          "any number: three dice read as 426, a page of a book…",
                          max_length=10)]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        item = request.items[0]
        typed = "".join(re.findall(r"\d", answers[0] if answers else "")).lstrip("0")
        if typed not in item.options:
            raise RuleError(f"Choose a map number from {item.options[0]} to {item.options[-1]}.")
        return [typed]


DICE_FORM = DiceForm()
CARD_FORM = CardForm()
TILE_FORM = TileForm()
MAP_FORM = MapNumberForm()
FORMS = (DICE_FORM, CARD_FORM, TILE_FORM, MAP_FORM)
