"""/hellbringer: what the board's buttons and menus can't do for Hellbringer.

`rules` explains the step the table is at, `hand` shows your cards only to
you, and `do` reaches a legal move by name (every move is on the board's
buttons and menus too; physical mode's reports are the board's Report forms).
Moves go through the table service like a click, so every rule and check
applies.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import Services
from bot.games.hellbringer import codes
from bot.games.hellbringer.labels import label
from bot.games.hellbringer.presenter import KEY
from bot.games.hellbringer.rules import step_rules
from bot.render import per_version
from bot.running import play, running_game
from bot.table import Outcome
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState

SUGGESTIONS = 25


class HellbringerCog(
    commands.GroupCog,
    group_name="hellbringer",
    group_description="Hellbringer: the rules of this step, your hand, any move",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    async def _seat(self, interaction: discord.Interaction[Any]
                    ) -> tuple[Outcome, HellbringerState, int]:
        current, state = await running_game(self.services.table, interaction, ENGINE)
        seat = current.game.seat_of(interaction.user.id)
        if seat is None:
            raise RuleError("You're not seated at this table; you can watch the board.")
        return current, state, seat

    @app_commands.command(name="rules", description="The rules of the step the table is at")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        state = None
        if interaction.channel_id is not None:
            current = await self.services.table.current(interaction.channel_id)
            if current is not None and isinstance(current.state, HellbringerState):
                state = current.state
        await interaction.response.send_message(embed=step_rules(state), ephemeral=True)

    @app_commands.command(name="hand", description="Your cards, shown only to you")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """As the board's My hand: every seat the member holds (a GM may hold several)."""
        current, _, _ = await self._seat(interaction)
        await self.services.ui.show_private(interaction, current.game.id)

    @app_commands.command(name="do", description="Any of your legal moves, by name")
    @app_commands.describe(action="What to do (suggestions as you type)")
    @app_commands.guild_only()
    async def do(self, interaction: discord.Interaction[Any], action: str) -> None:
        current, state, seat = await self._seat(interaction)
        await play(self.services, interaction, current, ENGINE,
                   codes.decode(current.game, state, seat, action))

    @do.autocomplete("action")
    async def _do_action(self, interaction: discord.Interaction[Any],
                         typed: str) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        current = await self.services.table.current(interaction.channel_id)
        if current is None or current.game.game != KEY:
            return []
        seat = current.game.seat_of(interaction.user.id)
        state = current.state
        if seat is None or not isinstance(state, HellbringerState):
            return []
        found = []
        coded = codes.codes_of(current.game, state, seat)
        for i, a in enumerate(per_version.legal_actions(current.game, state, seat)):
            text = label(state, a)
            if typed.lower() in text.lower():
                found.append(app_commands.Choice(name=text, value=coded[i]))
            if len(found) == SUGGESTIONS:
                break
        return found
