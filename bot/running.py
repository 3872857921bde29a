"""What every game's own command group (/hellboy, /hellraiser) needs from the table.

A game's commands work only on this channel's running game of that game, and a
move typed as a command must go through the table service exactly like a
button click, so every rule and check applies. Both are the same for every
game, so they live here once, worded from the engine's own key and title.
"""

from __future__ import annotations

from typing import Any, TypeVar

import discord
from pydantic import BaseModel

from bot.frontend import Services
from bot.interactions import actor_of, channel_id_of
from bot.table import Outcome, TableService
from engines.core.errors import RuleError
from engines.core.protocol import Engine

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A")


async def running_game(table: TableService, interaction: discord.Interaction[Any],
                       engine: Engine[S, Any, Any]) -> tuple[Outcome, S]:
    """This channel's started game of `engine`'s game, or a polite refusal."""
    current = await table.current(channel_id_of(interaction))
    if current is None or current.game.game != engine.key:
        raise RuleError(f"There is no game of {engine.title} in this channel."
                        f" Open one with `/game new game:{engine.key}`.")
    if not isinstance(current.state, engine.state_model):
        raise RuleError("The game hasn't started yet: the host presses **Start**.")
    return current, current.state


async def shown_game(table: TableService, interaction: discord.Interaction[Any],
                     engine: Engine[S, Any, Any]) -> tuple[Outcome, S]:
    """This channel's game of `engine`'s game to look at: the running one, else the
    last one played here, so final boards and sheets stay viewable after the end."""
    channel = channel_id_of(interaction)
    ended = None if await table.current(channel) else await table.last_played(channel)
    if ended is not None and ended.game.game == engine.key and isinstance(
        ended.state, engine.state_model
    ):
        return ended, ended.state
    return await running_game(table, interaction, engine)


async def play(services: Services, interaction: discord.Interaction[Any], current: Outcome,
               engine: Engine[Any, A, Any], action: A) -> None:
    """Make a move for the member who typed the command, and answer as a button would."""
    outcome = await services.table.act(
        current.game.channel_id, actor_of(interaction), engine.dump_action(action),
        guild_id=interaction.guild_id,
    )
    await services.ui.publish_reply(interaction, outcome)
