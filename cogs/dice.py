"""/roll and /odds: parse, ask the dice engine, render. Nothing else lives here.

Bad input raises RuleError, which the tree's error handler (bot/errors.py)
answers with one polite ephemeral sentence. The Re-roll button is a
routed item (`bot.ui.components.press`) whose custom_id holds only the privacy
flag: the expression is read back from the embed it sits under, so old buttons
keep working after a restart.
The cog is handed the bot's dice and dice RNG when the app builds it; only the
button, read back from its custom id with nothing but the click at hand, finds
them through the client (`dice_of`, the one accessor).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import guarded
from bot.render.dice import expression_of, odds_embed, roll_embed
from bot.ui.components import Routed, RoutedView
from engines.core.errors import RuleError
from engines.dice.expression import parse
from engines.dice.model import Die
from engines.dice.odds import odds as exact_odds
from engines.dice.roller import roll as roll_dice

REROLL_ID = "pd:reroll"
REROLL_PRIVATE_ID = "pd:reroll:private"


def dice_of(client: discord.Client) -> tuple[Mapping[str, Die], random.Random]:
    """The bot's dice and its dice RNG (PandemoniumBot.dice / .dice_rng), checked: how
    the Re-roll button, read back from a custom id with no cog at hand,
    reaches them. It depends on two attributes rather than on the whole app."""
    dice = getattr(client, "dice", None)
    rng = getattr(client, "dice_rng", None)
    if not isinstance(dice, Mapping) or not isinstance(rng, random.Random):
        raise TypeError("the bot needs `dice` (name -> Die) and `dice_rng` (random.Random)")
    return dice, rng


async def send_roll(
    interaction: discord.Interaction[Any],
    text: str,
    private: bool,
    dice: Mapping[str, Die],
    rng: random.Random,
) -> None:
    result = roll_dice(parse(text, dice), rng)
    view = RoutedView()
    view.add_item(RerollButton(private))
    await interaction.response.send_message(
        embed=roll_embed(result, interaction.user.display_name), view=view, ephemeral=private
    )


class RerollButton(
    Routed[discord.ui.Button[Any]],
    template=r"pd:reroll(?P<private>:private)?",
):
    def __init__(self, private: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Re-roll",
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=REROLL_PRIVATE_ID if private else REROLL_ID,
            )
        )

    @classmethod
    @guarded
    async def pressed(cls, interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        message = interaction.message
        text = expression_of(message.embeds[0]) if message and message.embeds else None
        if text is None:
            raise RuleError("I can't read that roll any more; please use /roll again.")
        private = match["private"] is not None
        await send_roll(interaction, text, private, *dice_of(interaction.client))


class DiceCog(commands.Cog):
    def __init__(self, dice: Mapping[str, Die], rng: random.Random) -> None:
        self.dice = dice
        self.rng = rng

    @app_commands.command(name="roll", description="Roll dice: 2d6+3, 4d6kh3, 3 red + blue, 6d6>=4")
    @app_commands.describe(
        expression="e.g. 2d6+3 · 4d6kh3 · 3 red + blue · 2 damage + 1 acid · enemy · 6d6>=4",
        private="Only you see the result",
    )
    async def roll(
        self, interaction: discord.Interaction[Any], expression: str, private: bool = False
    ) -> None:
        await send_roll(interaction, expression, private, self.dice, self.rng)

    @app_commands.command(name="odds", description="Exact chance that a roll reaches a target")
    @app_commands.describe(
        expression="e.g. 2d6 · 2 damage · 3 red + blue · 6d6>=4",
        target="The total to reach or beat",
    )
    async def odds(
        self, interaction: discord.Interaction[Any], expression: str, target: int
    ) -> None:
        answer = exact_odds(parse(expression, self.dice), target)
        await interaction.response.send_message(embed=odds_embed(answer))

