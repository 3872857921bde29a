"""/help: what the bot is, the first steps, and every command group, read from the
command tree itself so the help cannot fall behind the commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.render.style import COLOUR_LOBBY, FIELD_VALUE, clip
from engines import registry

FIRST_STEPS = (
    "1. `/game new game:<name>` opens a table here (pick **digital** to let the bot roll"
    " and draw, **physical** to play with your own box and report what you roll).\n"
    "2. Others press **Join**; the host may **Add AI** seats, then presses **Start**.\n"
    "3. The board is one message with buttons: they are the moves you may make now."
    " Only the player whose turn it is can press them.\n"
    "4. `/game status` brings the board back; `/game undo` (host or GM) takes back a"
    " move; `/game end` ends the game.\n"
    "One game per channel: open a thread for a second table."
)


def _usage(command: app_commands.Command[Any, ..., Any], prefix: str) -> str:
    params = " ".join(p.name if p.required else f"[{p.name}]" for p in command.parameters)
    return f"`/{prefix}{command.name}{' ' + params if params else ''}` — {command.description}"


AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


def _lines(item: AnyCommand, prefix: str) -> list[str]:
    if isinstance(item, app_commands.Group):
        lines: list[str] = []
        for child in sorted(item.commands, key=lambda c: c.name):
            lines.extend(_lines(child, f"{prefix}{item.name} "))
        return lines
    return [_usage(item, prefix)]


def _top_level(tree: app_commands.CommandTree[Any]) -> list[AnyCommand]:
    commands_ = [
        c for c in tree.get_commands() if isinstance(c, app_commands.Command | app_commands.Group)
    ]
    return sorted(commands_, key=lambda c: c.name)


def overview(tree: app_commands.CommandTree[Any]) -> discord.Embed:
    embed = discord.Embed(
        title="Pandemonium — a game master for hell-themed tabletop games",
        description=FIRST_STEPS,
        colour=COLOUR_LOBBY,
    )
    games = "\n".join(
        f"**{engine.title}** — `/game new game:{key}`"
        for key, engine in sorted(registry.all_engines().items())
    )
    embed.add_field(name="Games", value=clip(games, FIELD_VALUE), inline=False)
    groups = "\n".join(f"`/{c.name}` — {c.description}" for c in _top_level(tree))
    embed.add_field(name="Commands", value=clip(groups, FIELD_VALUE), inline=False)
    embed.set_footer(text="/help topic:<command> lists a command group's commands.")
    return embed


def topic_embed(tree: app_commands.CommandTree[Any], name: str) -> discord.Embed | None:
    found = next((c for c in _top_level(tree) if c.name == name.strip().lstrip("/")), None)
    if found is None:
        return None
    text = "\n".join([f"{found.description}", "", *_lines(found, "")])
    return discord.Embed(title=f"/{found.name}", description=clip(text, 4096), colour=COLOUR_LOBBY)


class HelpCog(commands.Cog):
    """Handed the bot's command tree, which it reads when asked (so every cog added
    after it shows too)."""

    def __init__(self, tree: app_commands.CommandTree[Any]) -> None:
        self.tree = tree

    @app_commands.command(name="help", description="How to play with the bot, and every command")
    @app_commands.describe(topic="A command group, e.g. game, roll, hellboy")
    async def help(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        embed = overview(self.tree)
        if topic:
            chosen = topic_embed(self.tree, topic)
            if chosen is None:
                names = ", ".join(f"`{c.name}`" for c in _top_level(self.tree))
                await interaction.response.send_message(
                    f"There is no command group called '{topic[:40]}'. Try one of: {names}.",
                    ephemeral=True,
                )
                return
            embed = chosen
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @help.autocomplete("topic")
    async def _topics(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.lower().lstrip("/")
        return [
            app_commands.Choice(name=f"/{c.name}", value=c.name)
            for c in _top_level(self.tree)
            if needle in c.name
        ][:25]

