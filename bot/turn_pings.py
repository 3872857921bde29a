"""Telling a member it is their turn, so Discord notifies them.

A turn message mentions exactly the members the game now waits for (never
everyone, never a role, never a name that merely appears in the events), unless
the channel turned `pings` off or the member chose `/game notify off`; those are
named in bold instead. Each member is pinged once when the game starts waiting
for them, not again on every step of the same turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.models import GameRow, SeatRow
from bot.table import Outcome, TableService, stalled_seats
from bot.table_core import bot_draws
from engines import registry


@dataclass(frozen=True)
class Mention:
    """Names for a message and the members it may notify."""

    names: str
    users: list[int] = field(default_factory=list)

    @property
    def allowed(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(u) for u in self.users] if self.users else False,
        )


async def mention(table: TableService, game: GameRow, seats: Sequence[SeatRow]) -> Mention:
    """`<@id>` for each seated member who may be pinged here, **name** for the rest."""
    settings, _ = await table.settings_for(game.guild_id, game.channel_id)
    users: list[int] = []
    for seat in seats:
        if seat.user_id and settings.pings and await table.member_pings(seat.user_id):
            users.append(seat.user_id)
    users = list(dict.fromkeys(users))
    names = " and ".join(
        dict.fromkeys(
            f"<@{s.user_id}>" if s.user_id in users else f"**{s.shown}**" for s in seats
        )
    )
    return Mention(names, users)


@dataclass(frozen=True)
class Ping:
    text: str
    allowed: discord.AllowedMentions


class TurnPings:
    """A ping goes out only when a change makes the game newly wait for someone: the
    seats it waits for after the change that it did not wait for before (`Outcome.
    waited_before`, from the stored state before the step). Nothing is kept in memory,
    so a restart neither pings a member again nor forgets one."""

    def __init__(self, table: TableService) -> None:
        self.table = table

    async def after(self, outcome: Outcome, actor_id: int | None) -> Ping | None:
        """The line that tells the newly awaited members, or None. The member who
        just acted is never pinged for their own next step."""
        game, state = outcome.game, outcome.state
        before = outcome.waited_before
        if before is None or game.status != "active" or state is None:
            return None
        new = [
            game.seats[s]
            for s in stalled_seats(registry.get(game.game), game, state)
            if s not in before and game.seats[s].user_id not in (None, actor_id)
        ]
        if not new:
            return None
        who = await mention(self.table, game, new)
        if not who.users:
            return None
        return Ping(f"🔔 {who.names}, {_what(game, state, len(new))}", who.allowed)


def _what(game: GameRow, state: Any, count: int) -> str:
    engine = registry.get(game.game)
    request = engine.chance(state)
    if request is not None and not bot_draws(game, request):
        return "please report what the real dice or cards show (**Report result** on the board)."
    whose = "your turn" if count == 1 else "your turns"
    return f"it's {whose} at {engine.title}."
