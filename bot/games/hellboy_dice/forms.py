"""The physical-mode card form: the card a group turned over, field by field.

The engine reads a card report as one line (`boss clues=3 fight=8 skulls=2
effects=no_bursts name="Hecate"`); nobody should have to type that on a phone.
This form asks for the card's kind and name, Clues, Fight Value, Skulls and
boss effects in five inputs, then writes that line for the engine, which still
checks every value (its RuleError reaches the player and nothing changes).
"""

from __future__ import annotations

import re
import shlex

from bot.ui.report import FormField
from engines.core.chance import ChanceRequest
from engines.core.errors import RuleError
from engines.hellboy_dice.cards import BOSS_EFFECTS, EVENT_KINDS, REPORT_HELP

EFFECT_WORDS: dict[str, str] = {
    "blue again": "blue_again",
    "blue": "blue_again",
    "roll blue again": "blue_again",
    "no bursts": "no_bursts",
    "no burst": "no_bursts",
    "bursts": "no_bursts",
    "no x2": "no_x2",
    "x2": "no_x2",
    "reroll highest": "reroll_highest",
    "re roll highest": "reroll_highest",
    "reroll": "reroll_highest",
    "re roll": "reroll_highest",
}
"""Plain words for the four boss effects, as players would type them."""

EFFECTS = "blue again, no bursts, no X2, re-roll highest"
EVENT_WORDS: dict[str, str] = {kind.replace("_", " "): kind for kind in EVENT_KINDS}
_NUMBERS = ("Clues", "Fight Value", "Skulls")
_CARD_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


def _words(text: str) -> str:
    """'Re-roll_Highest!' → 're roll highest': how names are compared."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


class CardForm:
    """The drawn-card report (an open chance item whose hint is the engine's card help)."""

    title = "The card you turned over"

    def fits(self, request: ChanceRequest) -> bool:
        return len(request.items) == 1 and request.items[0].open_hint == REPORT_HELP

    def fields(self, request: ChanceRequest) -> list[FormField]:
        return [
            FormField(
                "Card: room, boss or event, and its name",
                "room Frog Swarm · boss Hecate · event Brave Move · a card id",
                max_length=80,
            ),
            FormField("Clues (rooms and bosses)", "e.g. 2", required=False, max_length=3),
            FormField("Fight Value (rooms and bosses)", "e.g. 6", required=False, max_length=3),
            FormField("Skulls (rooms and bosses)", "0 if none", required=False, max_length=3),
            FormField(
                "Boss effects, if any",
                EFFECTS,
                required=False,
                max_length=100,
            ),
        ]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        return [card_report(*(answers + [""] * 5)[:5])]


def card_report(card: str, clues: str, fight: str, skulls: str, effects: str) -> str:
    """The engine's one-line card report for the form's answers."""
    card = " ".join(card.split())
    if not card:
        raise RuleError("Say what the card is: a room, a boss or an event, and its name.")
    numbers = dict(zip(_NUMBERS, (clues.strip(), fight.strip(), skulls.strip()), strict=True))
    for label, value in numbers.items():
        if value and not value.isdigit():
            raise RuleError(f"{label} must be a whole number, not '{value}'.")
    effect_ids = _effects(effects)
    head, _, rest = card.partition(" ")
    kind = head.lower()
    event = EVENT_WORDS.get(_words(rest if kind == "event" else card))
    if kind == "event" or event is not None:
        if event is None:
            known = ", ".join(EVENT_WORDS)
            raise RuleError(f"'{rest or card}' is not an event. The events are: {known}.")
        if any(numbers.values()) or effect_ids:
            raise RuleError(
                "An event card has no Clues, Fight Value, Skulls or boss effects:"
                " leave those empty."
            )
        return f"event {event}"
    if not any(numbers.values()) and not effect_ids and _CARD_ID.fullmatch(card.lower()):
        return card.lower()
    if kind in ("room", "boss"):
        name = rest
    else:
        kind, name = "room", card
    if effect_ids:
        kind = "boss"
    missing = [label for label in _NUMBERS[:2] if not numbers[label]]
    if missing:
        raise RuleError(f"Fill in {' and '.join(missing)} for a {kind} (0 if the card shows none).")
    parts = [kind, f"clues={numbers['Clues']}", f"fight={numbers['Fight Value']}"]
    if numbers["Skulls"]:
        parts.append(f"skulls={numbers['Skulls']}")
    if effect_ids:
        parts.append("effects=" + ",".join(effect_ids))
    if name:
        parts.append("name=" + shlex.quote(name))
    return " ".join(parts)


def _effects(text: str) -> list[str]:
    found: list[str] = []
    for part in re.split(r"[,;/+&]| and ", text):
        words = _words(part)
        if not words:
            continue
        effect = EFFECT_WORDS.get(words, words.replace(" ", "_"))
        if effect not in BOSS_EFFECTS:
            known = ", ".join(
                EFFECT_WORDS[w] and w
                for w in ("blue again", "no bursts", "no x2", "reroll highest")
            )
            raise RuleError(f"'{part.strip()}' is not a boss effect. The effects are: {known}.")
        if effect not in found:
            found.append(effect)
    return found


CARD_FORM = CardForm()
