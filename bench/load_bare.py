"""The load bench's baseline: a bare discord.py bot, in a process of its own.

It does the least a correct bot can: it posts one message with a button and a menu
in each channel it is told of, and answers every click on them by editing the
clicked message (callback type 7) with nothing changed, and every other
interaction with a one-word reply. Under the same fake Discord, the same players'
rate and the same number of tables as the real bot, what its acknowledgements
cost is discord.py's and the sockets' share, so the real bot's figures divided by
its say what the bot's own work adds. The parent steers it through a pipe as it
does `bench.load_bot`: `ready`, then a list of channel ids (answered `posted`),
`mark`, `stop` (answered with its `BotFigures`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import discord
import yarl

from bench.load_figures import (
    BotFigures,
    serve_commands,
    stamp_interactions,
    time_connections,
)
from tests.fakediscord.client import skip_rate_limit_waits

BUTTON = "bare:click"
MENU = "bare:pick"


class BareBot(discord.Client):
    """Acknowledges and does nothing else."""

    def __init__(self, figures: BotFigures, **options: Any) -> None:
        super().__init__(**{"intents": discord.Intents.default(), **options})
        self.figures = figures
        self.posted: dict[int, int] = {}
        """Channel id to the id of the board posted in it."""

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.figures.handling[interaction.id] = time.monotonic()
        if interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message()
        else:
            await interaction.response.send_message("ok", ephemeral=True)

    async def post(self, channel_ids: list[int]) -> None:
        """The one board of each channel: a button and a two-option menu."""
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Click", custom_id=BUTTON))
        view.add_item(discord.ui.Select(custom_id=MENU, options=[
            discord.SelectOption(label=name, value=name) for name in ("one", "two")]))
        for channel_id in channel_ids:
            channel = self.get_partial_messageable(channel_id)
            self.posted[channel_id] = (await channel.send("bare", view=view)).id




async def serve_baseline(settings: dict[str, Any], pipe: Connection,
                         make: Callable[[BotFigures], BareBot] = BareBot) -> None:
    """A baseline bot's life in its process (`make` builds it: the bare bot, or the
    floor's, `bench.load_floor`): pointed at the fake, stamped as the real bot is,
    steered through the pipe."""
    discord.http.Route.BASE = str(settings["discord_api_base"]).rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        str(settings["discord_gateway_url"]))
    figures = BotFigures()
    bot = make(figures)
    skip_rate_limit_waits(bot)
    stamp_interactions(bot, figures)
    await bot.login(str(settings["discord_token"]))
    time_connections(bot, figures)
    await serve_commands(bot, pipe, figures, bot.post)


def serve(settings: dict[str, Any], pipe: Connection) -> None:
    """The child process's entry point (`settings` as `bench.load_bot.serve` takes them)."""
    asyncio.run(serve_baseline(settings, pipe))
