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
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

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
    if not interaction.response.is_done():
        await interaction.response.edit_message(**changes)
    elif _routed_by_us(changes):
        await _edit_original(interaction, **changes)
    else:
        await interaction.edit_original_response(**changes)


def _routed_by_us(changes: dict[str, Any]) -> bool:
    """Whether discord.py has nothing to keep of a message sent with `changes`: no View
    whose callbacks it must route (ours are routed by `bot.ui.components.press`)."""
    view = changes.get("view")
    return view is None or not view.is_dispatchable()


async def _edit_original(interaction: discord.Interaction[Any], **changes: Any) -> None:
    """`Interaction.edit_original_response` without its return value: discord.py builds
    a full message (embeds, components, attachments) from Discord's copy for every
    edit, and the bot never reads it; a click's board edit is one per click (issue 27).
    The request is discord.py's own (its parameters, its rate limits)."""
    http = interaction.client.http
    with handle_message_parameters(
        previous_allowed_mentions=interaction.client.allowed_mentions, **changes
    ) as params:
        await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token,
            session=interaction._session, proxy=http.proxy, proxy_auth=http.proxy_auth,
            payload=params.payload, multipart=params.multipart, files=params.files,
        )


async def send_followup(
    interaction: discord.Interaction[Any], text: str, mentions: discord.AllowedMentions
) -> None:
    """A public follow-up nobody reads back (the event lines): `followup.send` always
    waits for Discord's copy of the message (an application webhook forces it) and
    builds a message of it; this one asks for none (``wait=0``: Discord answers 204).
    Errors are discord.py's own (`discord.HTTPException`)."""
    http = interaction.client.http
    with handle_message_parameters(
        content=text, allowed_mentions=mentions,
        previous_allowed_mentions=interaction.client.allowed_mentions,
    ) as params:
        await async_context.get().execute_webhook(
            interaction.application_id, interaction.token,
            session=interaction._session, proxy=http.proxy, proxy_auth=http.proxy_auth,
            payload=params.payload, wait=False,
        )


async def edit_posted(
    channel: discord.PartialMessageable, message_id: int, **changes: Any
) -> None:
    """`PartialMessage.edit` of a message the bot posted, without building a message of
    Discord's reply (the board, edited outside a click, is never read back)."""
    state = channel._state
    if not _routed_by_us(changes):
        await channel.get_partial_message(message_id).edit(**changes)
        return
    with handle_message_parameters(
        previous_allowed_mentions=state.allowed_mentions, **changes
    ) as params:
        await state.http.edit_message(channel.id, message_id, params=params)


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
    interaction is acknowledged. One acknowledged already with nothing on its way
    (a click is deferred as it arrives) just waits for its change: no task, no
    timer, for every click (issue 27)."""
    if accepted is None and interaction.response.is_done() and \
            _acknowledgement(interaction) is None:
        return await change
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
