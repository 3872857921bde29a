"""/hellraiser: what the board's buttons and menus can't do for Hellraiser.

`create` spreads the 18 points any way you like (a modal holds only five
inputs, so the six statistics are command options); `move`, `attack`, `card`
and `do` reach every legal action, with suggestions as you type; `map`
posts the text map, `rules` the rules with this table's options, `sheet` a
character's public sheet, and `hand` your own cards, only to you. Moves go
through the table service like a button click, so every rule and check applies.
The legal moves a command or its suggestions read are worked out in the worker
pool: on a crowded map they take up to 90 ms, and autocomplete asks at every
keystroke.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import Services
from bot.games.hellraiser import commands as words
from bot.games.hellraiser.board import CREDIT, private, sheet, text_map
from bot.games.hellraiser.presenter import KEY
from bot.games.hellraiser.reference import rules_embed
from bot.running import play, running_game, shown_game
from bot.table import Outcome
from bot.workers import off_loop
from engines.core.errors import RuleError
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.models import Action, Attack, CreateCharacter, MoveFigure
from engines.hellraiser.tiles import STATS as STAT_NAMES
from engines.hellraiser.tiles import Stat

Point = app_commands.Range[int, 1, 6]
STAT_OF: dict[str, Stat] = {s: s for s in STAT_NAMES}
STATS = [app_commands.Choice(name=s.capitalize(), value=s) for s in STAT_NAMES]


class HellraiserCog(
    commands.GroupCog,
    group_name="hellraiser",
    group_description="Hellraiser: create a character, move, attack, cards, map and sheets",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    # This channel's game

    async def _game(self, interaction: discord.Interaction[Any]) -> tuple[Outcome, HellraiserState]:
        return await running_game(self.services.table, interaction, ENGINE)

    async def _seat(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[Outcome, HellraiserState, int]:
        current, state = await self._game(interaction)
        seat = current.game.seat_of(interaction.user.id)
        if seat is None:
            raise RuleError("You're not seated at this table; you can watch the board.")
        return current, state, seat

    async def _play(self, interaction: discord.Interaction[Any], current: Outcome,
                    action: Action) -> None:
        await play(self.services, interaction, current, ENGINE, action)

    async def _choices(
        self, interaction: discord.Interaction[Any],
        find: Callable[[HellraiserState, int], list[tuple[str, str]]],
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from the current state, for a seated member (else nothing); in
        the worker pool, as each keystroke asks for the seat's legal moves (up to 90 ms
        on a crowded map)."""
        if interaction.channel_id is None:
            return []
        current = await self.services.table.current(interaction.channel_id)
        if current is None or current.game.game != KEY:
            return []
        seat = current.game.seat_of(interaction.user.id)
        if seat is None or not isinstance(current.state, HellraiserState):
            return []
        found = await off_loop(find, current.state, seat)
        return [app_commands.Choice(name=n, value=v) for n, v in found]

    # Character creation

    @app_commands.command(name="create", description="Create your character: 18 points, each 1-6")
    @app_commands.describe(strength="Physical: carrying and fighting",
                           speed="Physical: squares moved a turn",
                           creativity="Mental: 0 is insanity", wits="Mental: 0 is braindead",
                           morality="Spiritual: 0 is degeneracy",
                           willpower="Spiritual: 0 makes you Leviathan's robot")
    @app_commands.guild_only()
    async def create(self, interaction: discord.Interaction[Any], strength: Point, speed: Point,
                     creativity: Point, wits: Point, morality: Point, willpower: Point) -> None:
        current, _, _ = await self._seat(interaction)
        total = strength + speed + creativity + wits + morality + willpower
        if total != 18:
            raise RuleError(f"Spread exactly 18 points over the six statistics; these make"
                            f" {total} ({'take away' if total > 18 else 'add'} {abs(total - 18)}).")
        await self._play(interaction, current, CreateCharacter(
            strength=strength, speed=speed, creativity=creativity, wits=wits,
            morality=morality, willpower=willpower))

    # Moves

    @app_commands.command(name="move", description="Move your character, or a Cenobite or Creature")
    @app_commands.describe(to="A square, like C7", figure="Which figure (Leviathan, or a Creature)")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], to: str,
                   figure: str | None = None) -> None:
        current, state, seat = await self._seat(interaction)
        await self._play(interaction, current,
                         await off_loop(words.move_action, state, seat, to, figure))

    @move.autocomplete("to")
    async def _move_to(self, interaction: discord.Interaction[Any],
                       typed: str) -> list[app_commands.Choice[str]]:
        figure = getattr(interaction.namespace, "figure", None)
        return await self._choices(interaction, lambda s, seat: words.square_suggestions(
            s, seat, typed, figure if isinstance(figure, str) and figure else None))

    @move.autocomplete("figure")
    async def _move_figure(self, interaction: discord.Interaction[Any],
                           typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, lambda s, seat: words.figure_suggestions(
            s, seat, typed, _mover))

    @app_commands.command(name="attack", description="Attack a figure in reach")
    @app_commands.describe(target="Who to attack", stat="The statistic to attack with",
                           attacker="Leviathan: which Cenobite or Creature attacks",
                           weapon="A gun or thrown item you carry")
    @app_commands.choices(stat=STATS)
    @app_commands.guild_only()
    async def attack(self, interaction: discord.Interaction[Any], target: str,
                     stat: str | None = None, attacker: str | None = None,
                     weapon: str | None = None) -> None:
        current, state, seat = await self._seat(interaction)
        await self._play(interaction, current, await off_loop(
            words.attack_action, state, seat, target, STAT_OF.get(stat or ""), attacker, weapon))

    @attack.autocomplete("target")
    async def _attack_target(self, interaction: discord.Interaction[Any],
                             typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, lambda s, seat: words.figure_suggestions(
            s, seat, typed, _target))

    @attack.autocomplete("attacker")
    async def _attack_attacker(self, interaction: discord.Interaction[Any],
                               typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, lambda s, seat: words.figure_suggestions(
            s, seat, typed, _attacker))

    @attack.autocomplete("weapon")
    async def _attack_weapon(self, interaction: discord.Interaction[Any],
                             typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, lambda s, seat: words.weapon_suggestions(
            s, seat, typed))

    @app_commands.command(name="card", description="Play a card from your hand")
    @app_commands.describe(play="The card and what it names (suggestions as you type)")
    @app_commands.guild_only()
    async def card(self, interaction: discord.Interaction[Any], play: str) -> None:
        current, state, seat = await self._seat(interaction)
        await self._play(interaction, current,
                         await off_loop(words.typed_action, state, seat, play, words.is_card))

    @card.autocomplete("play")
    async def _card_play(self, interaction: discord.Interaction[Any],
                         typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, lambda s, seat: words.suggestions(
            s, seat, typed, words.is_card))

    @app_commands.command(name="do", description="Any of your legal moves, by name")
    @app_commands.describe(action="What to do (suggestions as you type)")
    @app_commands.guild_only()
    async def do(self, interaction: discord.Interaction[Any], action: str) -> None:
        current, state, seat = await self._seat(interaction)
        await self._play(interaction, current,
                         await off_loop(words.typed_action, state, seat, action))

    @do.autocomplete("action")
    async def _do_action(self, interaction: discord.Interaction[Any],
                         typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, lambda s, seat: words.suggestions(
            s, seat, typed))

    # Looking

    @app_commands.command(name="map", description="Post the map as text (squares named like C7)")
    @app_commands.guild_only()
    async def map(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await self._game(interaction)
        drawn = text_map(state)
        if drawn is None:
            raise RuleError("The map isn't laid yet.")
        await interaction.response.send_message(f"```\n{drawn}\n```")

    @app_commands.command(name="rules", description="The rules as this table plays them")
    @app_commands.guild_only()
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        """The short rules with this channel's table's options (open or running), or a
        new table's defaults when there is none here."""
        current = None
        if interaction.channel_id is not None:
            current = await self.services.table.current(interaction.channel_id)
        here = current is not None and current.game.game == KEY
        options = current.game.options if current is not None and here else {}
        await interaction.response.send_message(
            embed=rules_embed(options, CREDIT, for_table=here), ephemeral=True)

    @app_commands.command(name="sheet",
                          description="A character's sheet (public facts; also after the end)")
    @app_commands.describe(member="Whose character (default: yours)")
    @app_commands.guild_only()
    async def sheet(self, interaction: discord.Interaction[Any],
                    member: discord.Member | None = None) -> None:
        current, state = await shown_game(self.services.table, interaction, ENGINE)
        who = member or interaction.user
        seat = current.game.seat_of(who.id)
        if seat is None:
            raise RuleError(f"{who.display_name} has no seat at this table.")
        await interaction.response.send_message(embed=sheet(current.game, state, seat),
                                                ephemeral=True)

    @app_commands.command(name="hand", description="Your cards, shown only to you")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        current, state, seat = await self._seat(interaction)
        await interaction.response.send_message(embed=private(current.game, state, seat),
                                                ephemeral=True)


def _mover(action: Action) -> str | None:
    return action.figure if isinstance(action, MoveFigure) else None


def _target(action: Action) -> str | None:
    return action.target if isinstance(action, Attack) else None


def _attacker(action: Action) -> str | None:
    return action.attacker if isinstance(action, Attack) and action.attacker else None

