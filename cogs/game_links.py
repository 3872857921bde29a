"""/game share, /game replay and /game unshare: links to a game's web pages.

A mixin of the /game cog, so the commands sit under /game; the links are signed by
`bot/web/links.py` and the pages served by `bot/web/server.py`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import Services
from bot.interactions import actor_of, channel_id_of
from bot.web.links import EXPIRY_DAYS, Links
from engines.core.errors import RuleError

VIEWS = [
    app_commands.Choice(name="public: the board, posted here for everyone", value="public"),
    app_commands.Choice(name="mine: your own view with your hand, only for you", value="mine"),
]
PAGES_OFF = "This bot does not serve web pages: its host turned them off."


class LinkCommands(commands.Cog):
    """`/game share|replay|unshare`; a base of the /game cog, never added alone."""

    services: Services
    links: Links | None

    def _links(self) -> Links:
        if self.links is None:
            raise RuleError(PAGES_OFF)
        return self.links

    @app_commands.command(name="share", description="A web link to watch this channel's game")
    @app_commands.describe(view="public (posted here) or mine (your own view, only for you)")
    @app_commands.choices(view=VIEWS)
    @app_commands.guild_only()
    async def share(self, interaction: discord.Interaction[Any], view: str = "public") -> None:
        links = self._links()
        current = await self.services.table.current(channel_id_of(interaction))
        if current is None:
            raise RuleError("There is no game in this channel. Start one with `/game new`.")
        game = current.game
        if view == "mine":
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                raise RuleError("Only a seated player has a view of their own; "
                                "`view:public` is for everyone.")
            url = await links.url(game, "seat", seat)
            await interaction.response.send_message(
                f"Your own view of game #{game.id}, with your hand: {url}\nIt is yours alone:"
                f" anyone with the link sees your cards. It works for {EXPIRY_DAYS} days.",
                ephemeral=True,
            )
            return
        url = await links.url(game, "public")
        await interaction.response.send_message(
            f"Watch game #{game.id} live (no hands shown), for {EXPIRY_DAYS} days: {url}"
        )

    @app_commands.command(name="replay", description="A web link to replay a finished game")
    @app_commands.describe(game="A finished game's number (default: the latest; see /game history)")
    @app_commands.guild_only()
    async def replay(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
    ) -> None:
        links = self._links()
        channel = channel_id_of(interaction)
        storage = self.services.storage
        if game is None:
            finished = [g for g in await storage.games_in_channel(channel, limit=10)
                        if g.status == "finished"]
            if not finished:
                raise RuleError("No game has finished in this channel yet (see `/game history`).")
            row = finished[0]
        else:
            found = await storage.game(game)
            if found is None or found.channel_id != channel:
                raise RuleError(f"There is no game #{game} in this channel.")
            if found.status != "finished":
                raise RuleError(f"Game #{game} has not finished; `/game share` links it live.")
            row = found
        url = await links.url(row, "replay")
        await interaction.response.send_message(
            f"Replay of game #{row.id}, step by step, for {EXPIRY_DAYS} days: {url}"
        )

    @app_commands.command(
        name="unshare", description="Stop every web link to this server's games (GM)"
    )
    @app_commands.guild_only()
    async def unshare(self, interaction: discord.Interaction[Any]) -> None:
        links = self._links()
        guild = interaction.guild_id or 0
        if not await self.services.table.is_gm(None, actor_of(interaction), guild):
            raise RuleError("Only a member with Manage Channels or the server's GM role can"
                            " stop this server's links.")
        await links.keys.rotate(guild)
        await interaction.response.send_message(
            "Every link to this server's game pages has stopped working;"
            " `/game share` makes new ones.", ephemeral=True
        )
