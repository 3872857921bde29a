"""/game: the lobby and the table, for every game."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.presenting import actor_of, board_embed, channel_id_of
from bot.render.style import clip
from engines import registry
from engines.core.errors import RuleError

if TYPE_CHECKING:
    from bot.app import PandemoniumBot

MODES = [
    app_commands.Choice(name="digital: the bot rolls and draws", value="digital"),
    app_commands.Choice(name="physical: we use the real box and report", value="physical"),
]


class GameCog(
    commands.GroupCog, group_name="game", group_description="Open, join and run a game table"
):
    def __init__(self, bot: PandemoniumBot) -> None:
        self.bot = bot
        super().__init__()

    async def _game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.lower()
        return [
            app_commands.Choice(name=engine.title, value=key)
            for key, engine in sorted(registry.all_engines().items())
            if needle in key or needle in engine.title.lower()
        ][:25]

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", mode="Digital (the bot rolls) or physical (real box)")
    @app_commands.choices(mode=MODES)
    @app_commands.guild_only()
    async def new(
        self, interaction: discord.Interaction[Any], game: str, mode: str = "digital"
    ) -> None:
        outcome = await self.bot.table.new_game(
            channel_id=channel_id_of(interaction),
            guild_id=interaction.guild_id,
            host=actor_of(interaction),
            game_key=game,
            mode="physical" if mode == "physical" else "digital",
        )
        await self.bot.tables_ui.post_board(interaction, outcome)

    new.autocomplete("game")(_game_autocomplete)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.table.join(channel_id_of(interaction), actor_of(interaction))
        await self.bot.tables_ui.publish_reply(interaction, outcome)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.table.leave(channel_id_of(interaction), actor_of(interaction))
        await self.bot.tables_ui.publish_reply(interaction, outcome)

    @app_commands.command(name="start", description="Start the game (host or GM)")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.table.start(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id
        )
        await self.bot.tables_ui.publish_reply(interaction, outcome)

    @app_commands.command(name="ai", description="Add a computer player to the lobby (host or GM)")
    @app_commands.guild_only()
    async def ai(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.table.add_ai(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id
        )
        await self.bot.tables_ui.publish_reply(interaction, outcome)

    @app_commands.command(name="status", description="Show this channel's table again")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        current = await self.bot.table.current(channel_id_of(interaction))
        if current is None:
            raise RuleError("There is no game in this channel. Start one with `/game new`.")
        await self.bot.tables_ui.post_board(interaction, current)

    @app_commands.command(name="end", description="End this channel's game (host or GM)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        channel = channel_id_of(interaction)
        current = await self.bot.table.current(channel)
        if current is None:
            raise RuleError("There is no game in this channel.")
        if not await self.bot.table.is_gm(
            current.game, actor_of(interaction), interaction.guild_id
        ):
            raise RuleError(
                "Only the host, a member with Manage Channels, or the server's GM"
                " role can end the game."
            )
        await interaction.response.send_message(
            "End this game for everyone? It stays in the channel's history.",
            view=self.bot.tables_ui.end_confirmation(current.game),
            ephemeral=True,
        )

    @app_commands.command(name="undo", description="Take back the last move (host or GM)")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.bot.table.undo(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id
        )
        await self.bot.tables_ui.publish_reply(interaction, outcome)

    @app_commands.command(name="kick", description="Remove a member from the table (host or GM)")
    @app_commands.describe(member="Who to remove")
    @app_commands.guild_only()
    async def kick(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        outcome = await self.bot.table.kick(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id, member.id
        )
        await self.bot.tables_ui.publish_reply(interaction, outcome)

    @app_commands.command(name="log", description="Download this channel's game log")
    @app_commands.describe(game_id="A past game's number (default: the current or latest game)")
    @app_commands.guild_only()
    async def log(
        self,
        interaction: discord.Interaction[Any],
        game_id: app_commands.Range[int, 1] | None = None,
    ) -> None:
        channel = channel_id_of(interaction)
        if game_id is None:
            recent = await self.bot.storage.games_in_channel(channel, limit=1)
            if not recent:
                raise RuleError("No game has been played in this channel yet.")
            game_id = recent[0].id
        game = await self.bot.storage.game(game_id)
        if game is None or game.channel_id != channel:
            raise RuleError(f"There is no game #{game_id} in this channel.")
        document = await self.bot.table.export_log(game_id)
        data = json.dumps(document, indent=1).encode()
        await interaction.response.send_message(
            f"Log of game #{game_id} ({len(document['entries'])} lines)."
            " `python -m bot replay FILE` checks it.",
            file=discord.File(io.BytesIO(data), filename=f"game-{game_id}.json"),
            ephemeral=True,
        )

    @app_commands.command(name="gmrole", description="Set or clear this server's GM role")
    @app_commands.describe(role="The role whose members may run any table (omit to clear)")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_channels=True)
    async def gmrole(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        if not interaction.permissions.manage_guild and not interaction.permissions.manage_channels:
            raise RuleError("Only members with Manage Channels can set the GM role.")
        assert interaction.guild_id is not None
        await self.bot.storage.put_setting(
            "guild", interaction.guild_id, "gm_role", role.id if role else None
        )
        text = (
            f"Members with {role.mention} can now run any table here."
            if role
            else ("The GM role is cleared: hosts and members with Manage Channels run tables.")
        )
        await interaction.response.send_message(clip(text, 2000), ephemeral=True)


async def setup(bot: PandemoniumBot) -> None:
    await bot.add_cog(GameCog(bot))


__all__ = ["GameCog", "board_embed"]
