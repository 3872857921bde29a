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
from engines.hellraiser.stats import LABEL

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
    if event.purpose == "attack":
        prompt = _attack_heading(event)
    line = f"🎲 {prompt} — " + " vs ".join(parts)
    if event.purpose == "attack":
        line += _attack_outcome(event, labels)
    return clip(line, MESSAGE_CONTENT)


def _attack_heading(event: DiceRolled) -> str:
    """What an attack rolled: the statistic, the weapon, and whether at range."""
    how = [LABEL[event.stat]] if event.stat is not None else []
    if event.item is not None:
        how.append(f"with the {card_name('search', event.item)}")
    named = event.aimed_at and (event.ranged or len(event.dice) < 2)
    aimed = f" on {escape_markdown(event.aimed_at)}" if named else ""
    where = " at range" if event.ranged else ""
    return f"Attack{aimed}{where}" + (f" ({', '.join(how)})" if how else "")


def _attack_outcome(event: DiceRolled, labels: list[str]) -> str:
    """Who the dice favour: hand to hand the difference in successes is the damage, to
    the side with fewer, and a tie hurts nobody; a shot or an attack on a thing counts
    the attacker's successes."""
    hits = event.successes[0] if event.successes else 0
    if len(event.successes) < 2 or event.ranged or event.against != "figure":
        if hits == 0:
            return " → a miss."
        counted = " (at range only the attacker's successes count)" if event.ranged else ""
        return f" → {hits} hit{'s' if hits != 1 else ''}{counted}."
    diff = hits - event.successes[1]
    if diff == 0:
        return " → a tie: nobody is hurt."
    winner, loser = (labels[0], labels[1]) if diff > 0 else (labels[1], labels[0])
    return (f" → {escape_markdown(winner)} wins by {abs(diff)}:"
            f" {escape_markdown(loser)} takes the damage.")


def event_lines(events: list[Event], names: Sequence[str] = ()) -> list[str]:
    """Chat lines for `events`; `names` are the seats' names, for who drew or played.
    Turns in which nothing happened (a computer player or the house Leviathan with
    nothing to do) are said once together, not a line each."""
    lines = []
    idle: list[TurnStarted] = []
    for index, event in enumerate(events):
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(event, TurnStarted) and isinstance(following, TurnStarted):
            idle.append(event)
            continue
        if idle:
            lines.append(_idle_line(idle, names))
            idle = []
        line = _line(event, names)
        if line:
            lines.append(clip(line, MESSAGE_CONTENT))
    return lines


def _idle_line(turns: list[TurnStarted], names: Sequence[str]) -> str:
    who = list(dict.fromkeys(_who(names, t.seat) for t in turns))
    shown = ", ".join(who[:-1]) + f" and {who[-1]}" if len(who) > 1 else who[0]
    first, last = turns[0].round, turns[-1].round
    when = f"Round {first}" if first == last else f"Rounds {first}–{last}"
    verb = "has" if len(who) == 1 else "have"
    count = "" if len(turns) == len(who) else f" ({len(turns)} turns)"
    return clip(f"💤 {when}: {shown} {verb} nothing to do; the turn passes{count}.",
                MESSAGE_CONTENT)


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


def _puzzle_line(event: PuzzleAttempted, text: str) -> str:
    """The puzzle's totals and what they mean."""
    head, _, _ = text.partition(":")
    totals = f"{event.mine} against Leviathan's {event.theirs} ({event.difficulty} dice)"
    if event.mine == event.theirs and event.result != "tie":
        # the house balance decided an even roll; say so, or "5 against 5 — solved"
        # reads as a mistake
        side = "the Human's" if event.result == "success" else "Leviathan's"
        totals = f"{totals}, a tie that is {side} by the house balance"
    if event.result == "success":
        then = "the gateway shuts!" if event.left == 0 else \
            "the last Cenobite is sent back to Hell, which shuts the gateway!" \
            if event.left == 1 else "a Cenobite is sent back to Hell."
        return f"🧩 {head}: {totals} — solved: {then}"
    if event.result == "failure":
        who = head.removesuffix(" works the puzzle")
        return f"🧩 {head}: {totals} — it fails: {who} is dragged a square towards the gateway."
    return f"🧩 {head}: {totals} — a tie: nothing happens."


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
    if isinstance(event, PuzzleAttempted):
        return _puzzle_line(event, text)
    if isinstance(event, FigureMoved) and event.start is not None and event.end is not None:
        return f"🚶 {text} ({square_name(event.start)} → {square_name(event.end)})"
    if isinstance(event, (GatewayOpened, GameOver)):
        return f"{ICONS[type(event)]} **{text}**"
    if not text:
        return ""
    icon = ICONS.get(type(event), "")
    return f"{icon} {text}".strip()
