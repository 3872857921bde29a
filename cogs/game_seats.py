"""The optional `seat` of /game leave and /game kick, for a member holding several.

At a physical table one member may hold several seats (a GM playing several
characters). The option is text, so a player may type a seat number or a
character's name; as they type, the seats that fit are suggested, each shown
with its character and member and sent as its number.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.frontend import Services
from bot.interactions import channel_id_of
from bot.models import GameRow
from engines.core.errors import RuleError

SUGGESTED = 25
"""Discord shows at most 25 choices."""


def seat_choices(game: GameRow, typed: str, user_id: int | None) -> list[app_commands.Choice[str]]:
    """The seats of `user_id` (every seat when None) whose number, character or member
    contains what was typed, as 'Seat 2 — Liz Sherman (Alice)' → '2'."""
    needle = typed.strip().lower()
    indices = range(len(game.seats)) if user_id is None else game.seats_of(user_id)
    choices = []
    for index in indices:
        label = f"Seat {index + 1} — {game.seats[index].shown}"
        if needle in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=str(index + 1)))
    return choices[:SUGGESTED]


def seat_index(game: GameRow, text: str | None) -> int | None:
    """The 0-based seat a typed `seat` names (its number from 1, or its character's
    name), or None when none was typed; one sentence if it names no seat."""
    if text is None or not text.strip():
        return None
    wanted = text.strip()
    if wanted.isdigit():
        return int(wanted) - 1
    for index, seat in enumerate(game.seats):
        if wanted.casefold() in {(seat.character or "").casefold(), seat.shown.casefold()}:
            return index
    raise RuleError(
        f"No seat here plays '{wanted[:40]}'; give a seat number from 1 to {len(game.seats)}"
        " or a character's name."
    )


class SeatOptions:
    """The `seat` option's look-ups; a base of the /game cog, which holds `services`."""

    services: Services

    async def seat_named(self, channel: int, seat: str | None) -> int | None:
        """The 0-based seat a typed `seat` names at this channel's table, or None. A
        blank name is refused: read as no seat, it would leave or kick every one."""
        if seat is not None and not seat.strip():
            raise RuleError("Name the seat by its number or its character.")
        current = await self.services.table.current(channel) if seat else None
        return None if current is None else seat_index(current.game, seat)

    async def own_seats(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggestions for /game leave: the member's own seats."""
        table = await self.services.table.current(channel_id_of(interaction))
        return [] if table is None else seat_choices(table.game, str(current), interaction.user.id)

    async def members_seats(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggestions for /game kick: the chosen member's seats (every seat until one is
        chosen; Discord sends the member as a bare id while one types)."""
        table = await self.services.table.current(channel_id_of(interaction))
        user_id = getattr(getattr(interaction.namespace, "member", None), "id", None)
        return [] if table is None else seat_choices(table.game, str(current), user_id)
