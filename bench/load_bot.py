"""The bot side of the load bench, in a process of its own.

Real Discord does not run on the bot's CPU, so the fake Discord and the players
(`bench.load_bench`) run in the parent process and the bot runs here, started as
`python -m bot` would start it: the real discord.py client logging in over real
sockets. The parent steers it through a pipe: `ready` once it is connected,
`mark` when the clicks begin, `take` for the figures so far (the opening's),
`stop` for the rest.

Two stamps per interaction, taken on the monotonic clock (system-wide on Linux, so
they compare with the fake's): when discord.py parses the INTERACTION_CREATE (the
event loop got to it) and when the bot starts its callback request (the
acknowledgement leaves). A probe task also measures how late the loop wakes up,
which is the queueing every interaction pays before the bot even sees it.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import discord

import bot as bot_package
from bench import load_split
from bench.load_figures import BotFigures, serve_commands, stamp_interactions, time_connections
from bot.app import PandemoniumBot, create_bot
from bot.settings import Settings
from engines import registry
from tests.fakediscord.client import skip_rate_limit_waits
from tests.support.pig import ENGINE as PIG

CODE = str(Path(str(bot_package.__file__)).resolve().parents[1])
"""Where this process's bot was imported from: an older one's folder with `--before`."""


def _stamp_interactions(client: discord.Client, figures: BotFigures) -> None:
    """Note when each interaction is parsed, when its callback starts, and when the
    board's click handler starts."""
    stamp_interactions(client, figures)
    tables_ui = _found("bot.clicks", "TablesUI")
    if tables_ui is None:  # an older bot (`--before`): no dispatch / handler split
        return
    move_click = tables_ui.move_click

    async def move_click_stamped(
        self: Any, interaction: discord.Interaction[Any], *a: Any, **k: Any
    ) -> None:
        figures.handling[interaction.id] = time.monotonic()
        await move_click(self, interaction, *a, **k)

    tables_ui.move_click = move_click_stamped


def _found(module: str, name: str) -> Any:
    """Something today's bot has and an older one (`bench.load_before`) may lack."""
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


def _time_commits(bot: PandemoniumBot, figures: BotFigures) -> None:
    storage = bot.storage
    commit = storage.commit_step

    async def commit_timed(*a: Any, **k: Any) -> Any:
        started = time.monotonic()
        try:
            return await commit(*a, **k)
        finally:
            figures.commits.append(time.monotonic() - started)

    storage.commit_step = commit_timed  # type: ignore[method-assign]


async def _serve(settings: Settings, pipe: Connection, split: bool) -> None:
    registry.register(PIG)
    figures = BotFigures(code=CODE)
    bot = create_bot(settings, board_interval=0.2)
    if split:  # once the games are installed (`create_bot`)
        load_split.instrument()
    skip_rate_limit_waits(bot)
    _stamp_interactions(bot, figures)
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    await bot.login(token)
    time_connections(bot, figures)
    _time_commits(bot, figures)
    await serve_commands(bot, pipe, figures)


def serve(settings: dict[str, Any], pipe: Connection, split: bool = False) -> None:
    """The child process's entry point (`settings`: the keyword arguments of
    `Settings`, plain values so they cross the process boundary; `split`: count the
    parts of the bot's own work, `bench.load_split`)."""
    freeze = _found("bot.cli", "freeze_start_up")
    if freeze is not None:
        freeze()
    asyncio.run(_serve(Settings(**settings), pipe, split))
