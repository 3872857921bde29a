"""What happened, as chat lines: every test's dice shown face by face.

A roll reads `🎲 Attack — Pinhead ⚁2 **⚃4** **⚅6** (2 successes) vs Kirsty ⚀1 **⚄5**
(1 success)`: each party's dice with the successes (a die at or above the test's
number) in bold, or the totals for the tests that add their dice up (the Hell
number, the Puzzle Solution). Other
events keep the engine's plain sentence, with an icon and the squares moved.
Only public events exist: hidden cards are drawn as "a card".
"""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown

from bot.games.hellraiser.labels import card_name
from bot.render.style import MESSAGE_CONTENT, clip
from engines.core.protocol import Event
from engines.hellraiser.board import square_name
from engines.hellraiser.cards import catalogue
from engines.hellraiser.dice import PROMPTS
from engines.hellraiser.models import (
    CardDrawn,
    CardPlayed,
    Casualty,
    CharacterCreated,
    DamageDealt,
    DiceRolled,
    FigureChanged,
    FigureMoved,
    GameOver,
    GatewayOpened,
    HellraiserState,
    MapLaid,
    PuzzleAttempted,
    RoleChanged,
    StatZero,
    TurnStarted,
)

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
TOTALS = frozenset({"hell", "puzzle"})
"""Tests decided by the sum of the dice rather than by successes."""
PLAIN = frozenset({"cenobite_move", "shot", "heal", "wander"})
"""Rolls that are read face by face (movement, a gun's shot die, healing, wandering)."""
ICONS: dict[type[Event], str] = {
    CharacterCreated: "✍️", MapLaid: "🗺️", DamageDealt: "💥", StatZero: "⚠️",
    Casualty: "💀", RoleChanged: "🔄", GatewayOpened: "🔥", FigureChanged: "•",
    PuzzleAttempted: "🧩", GameOver: "🏁", FigureMoved: "🚶",
}


def die(face: int, success: bool) -> str:
    text = f"{DIE_FACES[face - 1]}{face}" if 1 <= face <= 6 else str(face)
    return f"**{text}**" if success else text


def dice_line(event: DiceRolled) -> str:
    """One roll, each party's dice with its successes (or total) — see the module doc."""
    labels = list(event.labels)
    if len(labels) != len(event.dice):
        heading, _, _ = event.text.partition(": ")
        labels = [heading] + [""] * (len(event.dice) - 1)
    parts = []
    for index, faces in enumerate(event.dice):
        wins = event.successes[index] if index < len(event.successes) else 0
        counted = event.purpose not in TOTALS | PLAIN
        shown = " ".join(die(f, counted and f >= event.target) for f in faces) or "no dice"
        if event.purpose in TOTALS:
            shown += f" = **{sum(faces)}**"
        elif counted:
            shown += f" ({wins} success{'es' if wins != 1 else ''})"
        parts.append(f"{escape_markdown(labels[index])} {shown}".strip())
    prompt = PROMPTS.get(event.purpose, event.purpose)
    return clip(f"🎲 {prompt} — " + " vs ".join(parts), MESSAGE_CONTENT)


def event_lines(events: list[Event], names: Sequence[str] = ()) -> list[str]:
    """Chat lines for `events`; `names` are the seats' names, for who drew or played."""
    lines = []
    for event in events:
        line = _line(event, names)
        if line:
            lines.append(clip(line, MESSAGE_CONTENT))
    return lines


def drawn_lines(state: HellraiserState, events: list[Event], seat: int) -> list[str]:
    """For `seat` alone: each hidden card that joined their hand in `events`, by name
    and text (the channel's line says only that a card was drawn)."""
    hand = state.hands.get(seat, ())
    lines = []
    for event in events:
        if not isinstance(event, CardDrawn) or event.card is not None or event.hand != seat \
                or event.index is None or event.index >= len(hand):
            continue
        deck, _, card = hand[event.index].partition(":")
        spec = getattr(catalogue(), deck, {}).get(card)
        if deck != event.deck or spec is None:
            continue
        house = "" if spec.verified else " *(house card)*"
        lines.append(f"🂠 Only you see this: you drew **{escape_markdown(spec.name)}**"
                     f" ({deck.capitalize()}){house} — {escape_markdown(spec.text)}")
    return lines


def _who(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names):
        return f"**{escape_markdown(names[seat])}**"
    return "The house Leviathan" if seat < 0 else "Someone"


def _line(event: Event, names: Sequence[str]) -> str:
    if isinstance(event, DiceRolled):
        return dice_line(event)
    if isinstance(event, CardDrawn):
        what = f"**{escape_markdown(card_name(event.deck, event.card))}**" if event.card \
            else "a card"
        return f"🂠 {_who(names, event.seat)} draws {what} from the {event.deck.capitalize()} deck."
    if isinstance(event, CardPlayed):
        name = escape_markdown(card_name(event.deck, event.card))
        rest = escape_markdown(event.text.split(": ", 1)[-1])
        return f"🃏 {_who(names, event.seat)} plays **{name}**: {rest}"
    text = escape_markdown(event.text)
    if isinstance(event, TurnStarted):
        icon = "😈" if event.role == "leviathan" else "🕯️"
        return f"{icon} **{text}**"
    if isinstance(event, FigureMoved) and event.start is not None and event.end is not None:
        return f"🚶 {text} ({square_name(event.start)} → {square_name(event.end)})"
    if isinstance(event, (GatewayOpened, GameOver)):
        return f"{ICONS[type(event)]} **{text}**"
    if not text:
        return ""
    icon = ICONS.get(type(event), "")
    return f"{icon} {text}".strip()
