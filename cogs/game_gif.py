"""/game gif: the channel's game so far as an animated GIF, with each player's luck.

A mixin of the /game cog, so the command sits under /game; the replay, the drawing
and the words are `bot.game_media`'s.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import Services
from bot.game_media import check_drawn, gif_post
from bot.interactions import channel_id_of
from bot.secrecy import message_payload
from engines.core.errors import RuleError


class GifCommands(commands.Cog):
    """`/game gif`; a base of the /game cog, never added alone."""

    services: Services

    @app_commands.command(name="gif", description="The game so far as an animated GIF")
    @app_commands.guild_only()
    async def gif(self, interaction: discord.Interaction[Any]) -> None:
        table = self.services.table
        channel = channel_id_of(interaction)
        shown = await table.current(channel) or await table.last_played(channel)
        if shown is None:
            raise RuleError("No game has been played in this channel yet.")
        if shown.state is None:
            raise RuleError("The game hasn't started yet: the host presses **Start**.")
        await check_drawn(self.services.storage, shown.game, shown.state)
        await interaction.response.defer(thinking=True)
        settings, _ = await table.settings_for(interaction.guild_id, channel)
        post = await gif_post(self.services.storage, shown.game,
                              reveal=settings.reveal_after_end)
        table.secrecy.check(shown.game, shown.state, message_payload(
            content=post.content, files=[(post.filename, post.description)]), "the GIF")
        await interaction.followup.send(post.content, file=discord.File(
            io.BytesIO(post.data), filename=post.filename, description=post.description))
