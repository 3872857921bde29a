"""One place that turns every failure into a polite ephemeral answer.

Rule errors (an illegal move, a stale board) are messages for the player, not
incidents: they are answered and logged at DEBUG, and so is a value a command or
form turned into a model that refused it (the player typed it; the sentence names
the option). Anything else is a bug: the player gets an apology that says nothing
changed, and the traceback is logged.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.interactions import take_thinking
from bot.plain_errors import sentence
from bot.render.style import MESSAGE_CONTENT, clip
from engines.core.errors import RuleError

log = logging.getLogger(__name__)

UNEXPECTED = (
    "Something went wrong on our side and nothing was changed. "
    "Please try again; if it keeps happening, tell the bot's operator."
)

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


class ChooseFurther(RuleError):
    """Not a refusal: a click that needs one more choice before it is a move (a card's
    target, say). The player alone gets `message` with `view`, the next menu."""

    def __init__(self, message: str, view: discord.ui.View) -> None:
        super().__init__(message)
        self.view = view


async def reply_ephemeral(
    interaction: discord.Interaction[Any], text: str, view: discord.ui.View | None = None
) -> None:
    """The one sentence for the member alone. A command acknowledged in public once its
    change was accepted (`bot.interactions`) can only fail later for the bot's reasons
    (its commit refused, a bug): Discord would show any follow-up in place of that
    "thinking…" reply whatever its flag, so the sentence is put there openly; it names
    nothing a seat holds."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    text = clip(text, MESSAGE_CONTENT)
    try:
        if await take_thinking(interaction):
            await interaction.edit_original_response(content=text, **extra)
        elif interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, ephemeral=True, **extra)
    except discord.HTTPException:
        log.warning("could not deliver an error reply for interaction %s", interaction.id)


def player_message(error: BaseException) -> str | None:
    """The sentence to show for an expected failure, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, RuleError):
        return error.message
    if isinstance(error, ValidationError):
        return sentence(error)
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down a little: try again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Games are played in a server channel or thread, not in direct messages."
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You can't use that command here."
    if isinstance(error, app_commands.TransformerError):
        return f"I couldn't understand '{error.value}'."
    return None


async def handle(interaction: discord.Interaction[Any], error: BaseException) -> None:
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, ChooseFurther):
        await reply_ephemeral(interaction, original.message, original.view)
        return
    text = player_message(error)
    if text is None:
        log.error("unexpected error in interaction %s", interaction.id, exc_info=original)
        text = UNEXPECTED
    else:
        log.debug("refused interaction %s: %s", interaction.id, text)
    await reply_ephemeral(interaction, text)


def guarded(fn: F) -> F:
    """For component callbacks, which discord.py does not route to the tree's handler."""

    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        try:
            return await fn(*args, **kwargs)
        except Exception as exc:
            await handle(interaction, exc)
            return None

    return wrapper  # type: ignore[return-value]
