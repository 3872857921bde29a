"""Exploration cards as data: the card model, the deck pack, and physical-mode card reports.

The 40 printed cards are not public, so the built-in deck is house data (every
entry says so). A group can load its own pack, and in physical mode the group
reports each card it turns over; both paths end in the same `Card` model, so the
rules never care where a card came from.
"""

from __future__ import annotations

import json
import shlex
from functools import cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engines.core.errors import PackError, RuleError, first_problem
from engines.core.packs import Provenance, load_pack, require_unique

BossEffect = Literal["blue_again", "no_bursts", "no_x2", "reroll_highest"]
EventKind = Literal["hole_in_the_floor", "take_a_risk", "brave_move", "accident", "lucky_find"]
CardKind = Literal["room", "boss", "event"]

BOSS_EFFECTS: tuple[BossEffect, ...] = get_args(BossEffect)
EVENT_KINDS: tuple[EventKind, ...] = get_args(EventKind)

BOSS_EFFECT_TEXT: dict[BossEffect, str] = {
    "blue_again": "If this card is not defeated after an attack, roll the blue die again:"
    " on a Skull, lose another Wound.",
    "no_bursts": "Single and double bursts are ignored when fighting this Boss.",
    "no_x2": "X2 results are ignored when fighting this Boss.",
    "reroll_highest": "You must re-roll your highest scoring Attack Die in each attack.",
}

EVENT_TEXT: dict[EventKind, str] = {
    "hole_in_the_floor": "Hole in the Floor: lose a Wound. Discard this card and the next one;"
    " put the card after that into play.",
    "take_a_risk": "Take a Risk: discard your most powerful die and gain one Clue for this turn.",
    "brave_move": "Brave Move: you may lose a Wound to gain one Clue for this turn"
    " (the card stays as a reminder); otherwise discard it.",
    "accident": "Accident: roll the blue die; on a Skull, X2 or Re-roll, lose a Wound.",
    "lucky_find": "Lucky Find: you may roll one of your remaining dice; if it scores a Clue,"
    " gain one Clue for this turn. Either way that die is gone for the turn.",
}

EVENT_NAMES: dict[EventKind, str] = {
    "hole_in_the_floor": "Hole in the Floor",
    "take_a_risk": "Take a Risk",
    "brave_move": "Brave Move",
    "accident": "Accident",
    "lucky_find": "Lucky Find",
}

BUILTIN_DECK_PATH = Path(__file__).parent / "data" / "deck.yaml"
BUILTIN_DECK_SIZE = 40
DECK_SIZE_LIMITS = (10, 200)


class Card(BaseModel):
    """A card's printed face: what the rules read. Frozen, so states can share it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    name: str = Field(min_length=1, max_length=60)
    kind: CardKind
    clues: int = Field(default=0, ge=0, le=10)
    fight: int = Field(default=0, ge=0, le=40, description="Fight Value")
    skulls: int = Field(default=0, ge=0, le=3)
    effects: tuple[BossEffect, ...] = Field(default=(), max_length=4)
    event: EventKind | None = None
    text: str = Field(default="", max_length=300, description="flavour, for display")

    @model_validator(mode="after")
    def _kind_fits(self) -> Card:
        if self.kind == "event":
            if self.event is None:
                raise ValueError("an event card needs 'event': " + ", ".join(EVENT_KINDS))
            if self.clues or self.fight or self.skulls or self.effects:
                raise ValueError("an event card has no clues, fight, skulls or boss effects")
        else:
            if self.event is not None:
                raise ValueError("only event cards have an 'event'")
            if self.effects and self.kind != "boss":
                raise ValueError("only bosses have special effects")
            if len(set(self.effects)) != len(self.effects):
                raise ValueError("a boss effect is listed twice")
        return self

    def effect_text(self) -> list[str]:
        """The rule text a player needs beside the card."""
        if self.event is not None:
            return [EVENT_TEXT[self.event]]
        return [BOSS_EFFECT_TEXT[e] for e in self.effects]


class CardDef(Card, Provenance):
    """A card of a deck pack: the face, how many copies, and where it comes from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    copies: int = Field(default=1, ge=1, le=40)

    def face(self) -> Card:
        return Card.model_validate(self.model_dump(include=set(Card.model_fields)))


class DeckPack(BaseModel):
    """An Exploration Deck: distinct cards with their copy counts."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(default="house deck", max_length=60)
    cards: list[CardDef] = Field(min_length=1)

    @model_validator(mode="after")
    def _sane(self) -> DeckPack:
        require_unique("card ids", [c.id for c in self.cards])
        low, high = DECK_SIZE_LIMITS
        if not low <= self.size <= high:
            raise ValueError(f"a deck needs {low} to {high} cards, this one has {self.size}")
        if not any(c.kind != "event" for c in self.cards):
            raise ValueError("a deck needs at least one room or boss")
        return self

    @property
    def size(self) -> int:
        return sum(c.copies for c in self.cards)


@cache
def load_deck(path: Path | None = None) -> DeckPack:
    """The built-in house deck (exactly 40 cards, like the box) or a group's own pack."""
    if path is None:
        deck = load_pack(BUILTIN_DECK_PATH, DeckPack)
        if deck.size != BUILTIN_DECK_SIZE:
            raise PackError(f"{BUILTIN_DECK_PATH}: the house deck must hold 40 cards,"
                            f" not {deck.size}")
        return deck
    return load_pack(path, DeckPack)


REPORT_HELP = (
    "Report the card as `room clues=1 fight=3 skulls=1`, "
    "`boss clues=3 fight=8 skulls=2 effects=no_bursts`, or `event brave_move`"
    " (add `name=\"...\"` if you like). Boss effects: " + ", ".join(BOSS_EFFECTS)
    + ". Events: " + ", ".join(EVENT_KINDS) + "."
)

_NUMBER_KEYS = ("clues", "fight", "skulls")


def parse_card_report(text: str, catalogue: tuple[Card, ...] = ()) -> Card:
    """Read a physical-mode card report; anything unclear is a RuleError naming the format.

    Accepted: a card id of the loaded pack (`frog-swarm` or `card frog-swarm`),
    the compact `kind key=value ...` form, or a JSON object with the card's fields.
    """
    text = text.strip()
    if not text:
        raise RuleError("The card report is empty. " + REPORT_HELP)
    known = {c.id: c for c in catalogue}
    if text.startswith("{"):
        return _card_from_json(text)
    try:
        tokens = shlex.split(text)
    except ValueError:
        raise RuleError("That card report has an unmatched quote. " + REPORT_HELP) from None
    head = tokens[0].lower()
    if head == "card" and len(tokens) == 2 and tokens[1].lower() in known:
        return known[tokens[1].lower()]
    if len(tokens) == 1 and head in known:
        return known[head]
    if head == "event":
        return _event_card(tokens[1:])
    if head == "room":
        return _room_card("room", tokens[1:])
    if head == "boss":
        return _room_card("boss", tokens[1:])
    raise RuleError(f"'{tokens[0]}' is not a card kind. " + REPORT_HELP)


def _card_from_json(text: str) -> Card:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError:
        raise RuleError("That card report is not valid JSON. " + REPORT_HELP) from None
    if not isinstance(raw, dict):
        raise RuleError("A JSON card report must be an object. " + REPORT_HELP)
    raw.setdefault("id", "reported")
    raw.setdefault("name", "Reported card")
    try:
        return Card.model_validate(raw)
    except ValidationError as exc:
        where, problem = first_problem(exc, "card")
        raise RuleError(f"That card doesn't fit: {where}: {problem}. " + REPORT_HELP) from None


def _event_card(tokens: list[str]) -> Card:
    kind = "_".join(t for t in tokens if not t.lower().startswith("name=")).lower()
    kind = kind.replace("-", "_").replace(" ", "_")
    for event in EVENT_KINDS:
        if kind == event:
            return Card(id="reported", name=EVENT_NAMES[event], kind="event", event=event)
    raise RuleError(f"'{kind or '(nothing)'}' is not an event. " + REPORT_HELP)


def _room_card(kind: Literal["room", "boss"], tokens: list[str]) -> Card:
    fields: dict[str, object] = {}
    effects: list[str] = []
    name = "Reported boss" if kind == "boss" else "Reported room"
    for token in tokens:
        key, sep, value = token.partition("=")
        key = key.lower()
        if not sep or not value:
            raise RuleError(f"'{token}' should look like key=value. " + REPORT_HELP)
        if key in _NUMBER_KEYS:
            if not value.isdigit():
                raise RuleError(f"{key} must be a whole number, not '{value}'. " + REPORT_HELP)
            fields[key] = int(value)
        elif key in ("effects", "effect", "boss"):
            effects.extend(v.strip().lower() for v in value.split(",") if v.strip())
        elif key == "name":
            name = value
        else:
            raise RuleError(f"'{key}' is not a card field. " + REPORT_HELP)
    missing = [k for k in ("clues", "fight") if k not in fields]
    if missing:
        raise RuleError(f"The report needs {' and '.join(missing)}. " + REPORT_HELP)
    bad = [e for e in effects if e not in BOSS_EFFECTS]
    if bad:
        raise RuleError(f"'{bad[0]}' is not a boss effect. " + REPORT_HELP)
    if effects and kind != "boss":
        kind = "boss"
    try:
        return Card.model_validate(
            {"id": "reported", "name": name, "kind": kind, "effects": effects, **fields}
        )
    except ValidationError as exc:
        where, problem = first_problem(exc, "card")
        raise RuleError(f"That card doesn't fit: {where}: {problem}. " + REPORT_HELP) from None
