"""A member's seats, and how a sentence names them.

At a physical table one member may hold several seats (a GM playing several
characters), so "your seat" can mean more than one. Leaving, kicking, "My hand"
and the turn reminders all ask the same two questions — which of the member's
seats does this act on, and how do we say which — so the answers live here once.
"""

from __future__ import annotations

from bot.models import GameRow
from engines.core.errors import RuleError

MAX_NAME = 32


def seat_name(name: str) -> str:
    """The name a seat shows for a member's display name: one line, short enough for a
    button label and the board's seat list, never empty."""
    cleaned = " ".join(name.split())[:MAX_NAME]
    return cleaned or "player"


def and_join(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def seat_label(game: GameRow, index: int) -> str:
    """'seat 2 (Liz Sherman)', or 'seat 2' for a seat without a character."""
    character = game.seats[index].character
    return f"seat {index + 1} ({character})" if character else f"seat {index + 1}"


def seats_phrase(game: GameRow, indices: list[int]) -> str:
    """'seat 1 (Hellboy)', or 'seats 1 (Hellboy) and 3': numbered from 1, each with its
    character when it has one."""
    numbers = [seat_label(game, i).removeprefix("seat ") for i in indices]
    return f"{'seat' if len(numbers) == 1 else 'seats'} {and_join(numbers)}"


def chosen_seats(game: GameRow, user_id: int, seat: int | None, *, own: bool) -> list[int]:
    """The seats of `user_id` an operation acts on: every seat they hold, or only
    `seat` (0-based) when one is named. `own` words the refusals for the member
    themselves ("you") rather than for someone a GM names."""
    held = game.seats_of(user_id)
    if not held:
        raise RuleError(
            "You don't have a seat at this table." if own
            else "That member has no seat at this table."
        )
    if seat is None:
        return held
    if seat not in held:
        where = seats_phrase(game, held)
        if own:
            raise RuleError(f"Seat {seat + 1} isn't yours; you sit in {where}.")
        name = game.seats[held[0]].name
        raise RuleError(f"Seat {seat + 1} isn't {name}'s; they sit in {where}.")
    return [seat]
