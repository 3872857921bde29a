"""/hellbringer: what the board's buttons and menus can't do for Hellbringer.

`rules` explains the step the table is at, `hand` shows your cards only to
you, `hero` and `card` are physical mode's reports (the hero sheet, a card
from the box, five inputs each), and `do` reaches every legal move by name (the board's menus hold a
hundred; a hand full of trades can offer more). Moves go through the table
service like a click, so every rule and check applies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.frontend import Services
from bot.games.hellbringer import codes
from bot.games.hellbringer.labels import label
from bot.games.hellbringer.presenter import KEY
from bot.games.hellbringer.rules import step_rules
from bot.table import Outcome
from cogs.running import play, running_game
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, Action, HellbringerState
from engines.hellbringer.cards import ClassId
from engines.hellbringer.models import ReportCard, ReportHero

SUGGESTIONS = 25
CardKind = Literal["skill", "item", "enchantment", "companion", "defense", "potion"]


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

    @app_commands.command(name="hero", description="Physical mode: report your hero sheet")
    @app_commands.describe(cls="Your class", health="Health on the sheet", armor="Armour",
                           sight="Sight", ap="Action Points")
    @app_commands.rename(cls="class")
    @app_commands.guild_only()
    async def hero(self, interaction: discord.Interaction[Any], cls: ClassId,
                   health: app_commands.Range[int, 5, 200], armor: app_commands.Range[int, 0, 200],
                   sight: app_commands.Range[int, 0, 12], ap: app_commands.Range[int, 1, 8]
                   ) -> None:
        current, _, _ = await self._seat(interaction)
        action = _checked(lambda: ReportHero(cls=cls, health=health, armor=armor, sight=sight,
                                             ap=ap))
        await play(self.services, interaction, current, ENGINE, action)

    @app_commands.command(name="card", description="Physical mode: report a card you hold")
    @app_commands.describe(name="As printed", kind="Its type", cost="AP cost",
                           effect="e.g. 'single 2D1A pierce10', 'armor+10', 'avoid'",
                           points="Items: connection points, e.g. 'red green'")
    @app_commands.guild_only()
    async def card(self, interaction: discord.Interaction[Any], name: str, kind: CardKind,
                   cost: app_commands.Range[int, 0, 5], effect: str, points: str = "") -> None:
        current, _, _ = await self._seat(interaction)
        action = _checked(lambda: ReportCard(name=name, kind=kind, cost=cost, effect=effect,
                                             points=points))
        await play(self.services, interaction, current, ENGINE, action)

    @app_commands.command(name="do", description="Any of your legal moves, by name")
    @app_commands.describe(action="What to do (suggestions as you type)")
    @app_commands.guild_only()
    async def do(self, interaction: discord.Interaction[Any], action: str) -> None:
        current, state, seat = await self._seat(interaction)
        await play(self.services, interaction, current, ENGINE,
                   codes.decode(state, seat, action))

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
        for i, a in enumerate(ENGINE.legal_actions(state, seat)):
            text = label(state, a)
            if typed.lower() in text.lower():
                found.append(app_commands.Choice(name=text, value=codes.encode(i, a)))
            if len(found) == SUGGESTIONS:
                break
        return found


def _checked(build: Callable[[], Action]) -> Action:
    """A report built from typed values, or one polite sentence (health and armour come
    in fives on the sheet; names and effects have a length limit)."""
    try:
        return build()
    except ValidationError as error:
        field = ".".join(str(p) for p in error.errors()[0]["loc"]) or "a value"
        raise RuleError(f"The {field} doesn't fit the card: check it and report again.") \
            from None
