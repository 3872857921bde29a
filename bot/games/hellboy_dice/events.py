"""What happened, as chat lines with the dice drawn in their colours.

One line per event; an attack's roll, any re-roll and its outcome read as one
short block, so a player's attack arrives as its own message with the faces.
Events this module does not dress up fall back to the engine's plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import singledispatch
from itertools import pairwise

from discord.utils import escape_markdown

from bot.games.hellboy_dice.symbols import (
    BLUE_DIE,
    CLUE,
    SKULL,
    WOUND_LOST,
    blue_face,
    dice_set,
    faces,
    plural,
    wounds,
)
from bot.render.style import MESSAGE_CONTENT, clip
from engines.core.protocol import Event
from engines.hellboy_dice.cards import EVENT_NAMES, Card
from engines.hellboy_dice.models import (
    AttackDeclared,
    AttackResolved,
    CardDrawn,
    CardWon,
    Components,
    DeckReshuffled,
    DiceRolled,
    DieDiscarded,
    EventCardResolved,
    FinalRound,
    GameOver,
    KnockedOut,
    TiebreakStarted,
    TurnBanked,
    TurnStarted,
    WoundLost,
)


@dataclass(frozen=True)
class Table:
    """What a line needs besides its event: the dice faces and the players' names."""

    components: Components
    names: Sequence[str]

    def who(self, seat: int) -> str:
        name = self.names[seat] if 0 <= seat < len(self.names) else "someone"
        return f"**{escape_markdown(name)}**"


def event_lines(components: Components, names: Sequence[str], events: list[Event]) -> list[str]:
    """Chat lines for a step's events (each within a message's limit)."""
    table = Table(components, names)
    lines = (
        _line(event, table)
        for event, after in pairwise([*events, None])
        if event is not None and not (isinstance(event, AttackDeclared) and _rolled_at_once(after))
    )
    return [clip(line, MESSAGE_CONTENT) for line in lines if line]


def _rolled_at_once(after: Event | None) -> bool:
    """An attack whose roll follows in the same step is told by the roll's line alone
    (in physical mode the roll is reported later, so the declaration stands alone)."""
    return isinstance(after, DiceRolled) and after.purpose == "attack"


TOLD: dict[type[Event], str] = {FinalRound: "🔔", TiebreakStarted: "⚔️", GameOver: "🏁"}
"""Events whose engine text is already the line: only an emoji is put in front."""


@singledispatch
def _line(event: Event, table: Table) -> str:
    mark = TOLD.get(type(event))
    return f"{mark} {event.text}" if mark else event.text


@_line.register
def _(event: TurnStarted, table: Table) -> str:
    when = f"round {event.round}"
    if event.final or event.tiebreak:
        when = "final turn" if event.final else "tiebreaker"
    return f"🎬 {table.who(event.seat)}'s turn ({when})"


@_line.register
def _(event: CardDrawn, table: Table) -> str:
    if event.discarded:
        return f"🕳️ The Hole in the Floor swallows the next card: {_card(event.card)}"
    return f"🃏 {table.who(event.seat)} turns over {_card(event.card)}"


@_line.register
def _(event: AttackDeclared, table: Table) -> str:
    return (
        f"⚔️ {table.who(event.seat)} attacks with {dice_set(event.dice)}"
        f" and the blue die {BLUE_DIE}"
    )


@_line.register
def _(event: DiceRolled, table: Table) -> str:
    parts = []
    if event.blue is not None:
        parts.append(blue_face(table.components, event.blue))
    if event.dice:
        parts.append(faces(table.components, event.dice))
    if event.purpose == "attack":
        return f"🎲 {table.who(event.seat)} rolls {' · '.join(parts)}"
    return f"{_PURPOSE[event.purpose]} {' · '.join(parts)}"


@_line.register
def _(event: AttackResolved, table: Table) -> str:
    comps = table.components
    doubled = ""
    if event.doubled is not None and 0 <= event.doubled < len(event.dice):
        doubled = f" (doubled {faces(comps, [event.dice[event.doubled]])})"
    head = f"= Attack Score **{event.score}**{doubled} against Fight Value **{event.fight_value}**"
    if event.defeated:
        return f"{head}: defeated! ✅"
    stay = f"; {faces(comps, event.placed)} stay on the card" if event.placed else ""
    return f"{head}: it holds ❌{stay}"


@_line.register
def _(event: WoundLost, table: Table) -> str:
    return f"{WOUND_LOST} {table.who(event.seat)} is wounded: {wounds(event.wounds_left)}"


@_line.register
def _(event: CardWon, table: Table) -> str:
    card = escape_markdown(event.card.name)
    return f"🏆 {table.who(event.seat)} takes **{card}** ({CLUE} {event.card.clues})"


@_line.register
def _(event: EventCardResolved, table: Table) -> str:
    gained = f": {CLUE} +{event.clues} this turn" if event.clues else " is resolved"
    return f"📜 {EVENT_NAMES[event.event]}{gained}"


@_line.register
def _(event: DieDiscarded, table: Table) -> str:
    return f"🎲 {table.who(event.seat)} gives up {dice_set([event.colour])} for the turn"


@_line.register
def _(event: KnockedOut, table: Table) -> str:
    why = "lost all three Wounds" if event.cause == "wounds" else "has no Attack Dice left"
    lost = f" and loses {CLUE} {event.lost_clues}" if event.lost_clues else ""
    return f"😵 {table.who(event.seat)} {why}: **Knocked Out**{lost}. The turn scores nothing."


@_line.register
def _(event: TurnBanked, table: Table) -> str:
    return (
        f"🏦 {table.who(event.seat)} ends the turn and banks {CLUE} {event.clues}"
        f" (total **{event.total}**)"
    )


@_line.register
def _(event: DeckReshuffled, table: Table) -> str:
    return f"🔀 The discard pile ({plural(event.cards, 'card')}) becomes the new deck"


def _card(card: Card) -> str:
    name = f"**{escape_markdown(card.name)}**"
    if card.event is not None:
        return f"{name} (event)"
    return f"{name} (Fight {card.fight} · {SKULL} {card.skulls} · {CLUE} {card.clues})"


_PURPOSE = {
    "boss_reroll": "🔄 The boss forces a re-roll:",
    "reroll": "🔄 Re-roll:",
    "blue_again": "🔵 The boss rolls the blue die again:",
    "accident": "💢 Accident! The blue die shows",
    "lucky_find": "🍀 Lucky Find:",
}
