"""/hellboy: what the board's buttons can't do for Hellboy: The Dice Game.

`odds` lists every attack's exact odds (the board shows only the best
trade-offs), `rules` is the quick reference, and `attack` rolls any dice set
by name, for the combinations that have no button. Moves still go through the
table service like a button click, so every rule and check applies.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import Services
from bot.games.hellboy_dice.codes import typed_dice
from bot.games.hellboy_dice.presenter import KEY, components_of, provenance
from bot.games.hellboy_dice.reference import odds_embed, rules_embed
from bot.running import play, running_game
from engines.hellboy_dice import ENGINE, Attack, HellboyOptions
from engines.hellboy_dice.components import build_components


class HellboyCog(
    commands.GroupCog,
    group_name="hellboy",
    group_description="Hellboy: The Dice Game: odds, rules, and any attack",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    @app_commands.command(name="odds", description="Exact odds for the card and dice in play")
    @app_commands.guild_only()
    async def odds(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await running_game(self.services.table, interaction, ENGINE)
        await interaction.response.send_message(
            embed=odds_embed(state, provenance(state.components)), ephemeral=True
        )

    @app_commands.command(name="rules", description="Hellboy: The Dice Game at a glance")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        current = None
        if interaction.channel_id is not None:
            current = await self.services.table.current(interaction.channel_id)
        here = current is not None and current.game.game == KEY
        comps = components_of(current.game) if current and here else None
        if comps is None:
            comps = build_components(HellboyOptions())
        options = (
            ENGINE.parse_options(current.game.options)
            if current and here
            else HellboyOptions()
        )
        await interaction.response.send_message(
            embed=rules_embed(comps, provenance(comps), options), ephemeral=True
        )

    @app_commands.command(name="attack", description="Attack with any one to three Attack Dice")
    @app_commands.describe(dice="Dice to roll with the blue die, e.g. 'yellow yellow red' or 'yyr'")
    @app_commands.guild_only()
    async def attack(self, interaction: discord.Interaction[Any], dice: str) -> None:
        current, _ = await running_game(self.services.table, interaction, ENGINE)
        await play(self.services, interaction, current, ENGINE, Attack(dice=typed_dice(dice)))

