"""/game pack: a server's own packs (dice faces, card values), uploaded by a GM.

A mixin of the /game cog, so the commands sit under /game; the checks and the
storage are the table service's (bot/table_packs.py).
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import Services
from bot.interactions import actor_of, channel_id_of
from bot.render.style import clip
from bot.table_packs import check_upload_size, contents, game_title
from engines.core.errors import RuleError

DIGEST_SHOWN = 12


class PackCommands(commands.Cog):
    """`/game pack upload|list|show|delete`; a base of the /game cog, never added alone."""

    services: Services

    pack = app_commands.Group(
        name="pack", description="This server's own packs: dice faces and card values"
    )

    async def _pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        needle = current.lower()
        rows = await self.services.table.packs(interaction.guild_id)
        return [
            app_commands.Choice(name=f"{r.name} ({game_title(r)})"[:100], value=r.name)
            for r in rows
            if needle in r.name
        ][:25]

    @pack.command(name="upload", description="Store a YAML pack for this server (GM)")
    @app_commands.describe(
        file="The pack, a YAML file (see docs/dice.md and the game's page)",
        name="What to call it at /game new (options: pack=<name>)",
    )
    @app_commands.guild_only()
    async def pack_upload(
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        name: app_commands.Range[str, 1, 32],
    ) -> None:
        channel = channel_id_of(interaction)
        assert interaction.guild_id is not None
        check_upload_size(file.size)
        data = await file.read()
        row = await self.services.table.upload_pack(
            guild_id=interaction.guild_id,
            channel_id=channel,
            actor=actor_of(interaction),
            name=name,
            data=data,
        )
        use = f"`/game new game:{row.game} options:pack={row.name}`" if row.game else (
            f"`options:pack={row.name}` at `/game new`"
        )
        await interaction.response.send_message(
            clip(
                f"Stored the pack **{row.name}** ({game_title(row)}: {contents(row)}),"
                f" digest `{row.digest[:DIGEST_SHOWN]}`. Use it with {use}.",
                2000,
            ),
            ephemeral=True,
        )

    @pack.command(name="list", description="This server's packs")
    @app_commands.guild_only()
    async def pack_list(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        rows = await self.services.table.packs(interaction.guild_id)
        if not rows:
            raise RuleError(
                "This server has no packs yet. A GM can add one with `/game pack upload`."
            )
        lines = [
            f"**{r.name}** — {game_title(r)} · {contents(r)} · by <@{r.uploader_id}>"
            f" <t:{int(r.created_at)}:d>"
            for r in rows
        ]
        embed = discord.Embed(
            title="Packs on this server", description=clip("\n".join(lines), 4096)
        )
        embed.set_footer(text="Use one as /game new … options:pack=<name>")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @pack.command(name="show", description="What a pack holds, and its YAML")
    @app_commands.describe(name="Which pack")
    @app_commands.guild_only()
    async def pack_show(self, interaction: discord.Interaction[Any], name: str) -> None:
        assert interaction.guild_id is not None
        row = await self.services.table.pack(interaction.guild_id, name)
        await interaction.response.send_message(
            clip(
                f"**{row.name}** — {game_title(row)} · {contents(row)} · uploaded by"
                f" <@{row.uploader_id}> <t:{int(row.created_at)}:f> · digest"
                f" `{row.digest[:DIGEST_SHOWN]}`",
                2000,
            ),
            file=discord.File(io.BytesIO(row.text.encode("utf-8")), filename=f"{row.name}.yaml"),
            ephemeral=True,
        )

    @pack.command(name="delete", description="Delete a pack (its uploader or a GM)")
    @app_commands.describe(name="Which pack")
    @app_commands.guild_only()
    async def pack_delete(self, interaction: discord.Interaction[Any], name: str) -> None:
        assert interaction.guild_id is not None
        row = await self.services.table.delete_pack(
            guild_id=interaction.guild_id, actor=actor_of(interaction), name=name
        )
        await interaction.response.send_message(
            f"Deleted the pack **{row.name}**. Games that chose it keep their own copy.",
            ephemeral=True,
        )

    pack_show.autocomplete("name")(_pack_autocomplete)
    pack_delete.autocomplete("name")(_pack_autocomplete)
