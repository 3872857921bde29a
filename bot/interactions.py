"""What every handler needs from a Discord interaction: who asks, in which channel,
and how to answer it in time.

Discord fails an interaction not acknowledged within 3 s, and a click's answer is
the edit of the message it was on; these few rules hold for the click handlers,
the publishing path and the live board alike, so they live here once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any, TypeVar

import discord

from bot.table import ACCEPTED, Actor
from engines.core.errors import RuleError

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFER_AFTER = 0.25
"""Seconds a click's change may take before the bot acknowledges it first and
finishes after (Discord fails an interaction not acknowledged within 3 s)."""

ChannelOf = Callable[[int], discord.PartialMessageable]
"""A channel to post in by id, without a fetch (the client's `get_partial_messageable`)."""


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    roles = frozenset(r.id for r in getattr(user, "roles", []))
    return Actor(
        user_id=user.id,
        name=user.display_name,
        manage_channels=interaction.permissions.manage_channels,
        role_ids=roles,
    )


def channel_id_of(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise RuleError("Games are played in a server channel or thread, not in direct messages.")
    return interaction.channel_id


async def edit_clicked(interaction: discord.Interaction[Any], **changes: Any) -> None:
    """Edit the message whose component was clicked, whether the click was already
    acknowledged (deferred) or not."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**changes)
    else:
        await interaction.response.edit_message(**changes)


async def acknowledged_in_time(
    interaction: discord.Interaction[Any],
    change: Awaitable[T],
    *,
    update: bool,
    accepted: asyncio.Event | None = None,
) -> T:
    """Wait for a change; if it takes longer than `DEFER_AFTER` (a long AI play-out,
    a queue behind other tables), acknowledge the interaction first so it never
    misses Discord's window (`update`: as an edit of the clicked message to come,
    else as a reply to come), then finish. With `accepted`, set by the change once
    its checks have passed, it is acknowledged at that moment: the commit that
    follows waits for the disk, and a refusal before it is still a plain ephemeral
    answer. Errors still reach the player: the error handler follows up once an
    interaction is acknowledged."""
    task = asyncio.ensure_future(change)
    waiting: set[asyncio.Future[Any]] = {task}
    if accepted is not None:
        waiting.add(asyncio.ensure_future(accepted.wait()))
    done, pending = await asyncio.wait(
        waiting, timeout=DEFER_AFTER, return_when=asyncio.FIRST_COMPLETED
    )
    for other in pending - {task}:
        other.cancel()
    await settled(interaction)
    if task not in done and not interaction.response.is_done():
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True)
    return await task


class Acknowledgement:
    """An interaction answered with a public "thinking…" reply the moment the table
    accepts its change (`bot.table.ACCEPTED`), so the answer does not wait for the
    commit and the board edit. It is told under the channel's lock, where Discord is
    never called, so the deferral is sent from a task, which whatever answers the
    interaction next waits for (`settled`). Only the first acceptance counts: a
    rematch makes several changes, and a task started meanwhile inherits the hook."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.sending: asyncio.Future[bool] | None = None
        self.loading = False
        """A "thinking…" reply is shown and nothing has completed it yet."""

    def __call__(self) -> None:
        if self.sending is None and not self.interaction.response.is_done():
            self.sending = asyncio.ensure_future(self._defer())

    async def _defer(self) -> bool:
        try:
            await self.interaction.response.defer(thinking=True)
        except discord.HTTPException:
            log.warning("could not acknowledge interaction %s", self.interaction.id)
            return False
        self.loading = True
        return True


_ACKNOWLEDGEMENT: ContextVar[Acknowledgement | None] = ContextVar("acknowledgement", default=None)


def acknowledge_once_accepted(interaction: discord.Interaction[Any]) -> None:
    """Have the interaction acknowledged with a public "thinking…" reply once the table
    accepts its change. Only for an interaction whose answer is public: Discord shows
    the first follow-up after that reply in its place, ignoring an ephemeral flag,
    which is why no refusal for the player's reasons may come after the acceptance."""
    acknowledgement = Acknowledgement(interaction)
    ACCEPTED.set(acknowledgement)
    _ACKNOWLEDGEMENT.set(acknowledgement)


def _acknowledgement(interaction: discord.Interaction[Any]) -> Acknowledgement | None:
    found = _ACKNOWLEDGEMENT.get()
    return found if found is not None and found.interaction is interaction else None


async def settled(interaction: discord.Interaction[Any]) -> None:
    """Wait for an acknowledgement on its way, so that `response.is_done()` is true
    before anything else answers the interaction (a second answer is refused)."""
    found = _acknowledgement(interaction)
    if found is not None and found.sending is not None:
        await found.sending


async def take_thinking(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction shows a "thinking…" reply that its acceptance sent and
    nothing completed yet (an acknowledgement on its way is waited for first, as in
    `settled`); the caller completes it now (Discord puts the first follow-up in its
    place)."""
    found = _acknowledgement(interaction)
    if found is None or found.sending is None:
        return False
    await found.sending
    loading, found.loading = found.loading, False
    return loading


async def member_actor(interaction: discord.Interaction[Any], user_id: int) -> Actor:
    """The member a GM lets in, by id (the button carries only that): their name from
    the server, or a plain 'Player' if they left it meanwhile."""
    guild = interaction.guild
    member = guild.get_member(user_id) if guild is not None else None
    if member is None and guild is not None:
        with contextlib.suppress(discord.HTTPException):
            member = await guild.fetch_member(user_id)
    return Actor(user_id=user_id, name=member.display_name if member is not None else "Player")
