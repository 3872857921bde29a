"""The app factory: a discord.py Bot wired to settings, storage and the table service."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.board_updates import BoardUpdater
from bot.databases import open_storage
from bot.errors import handle
from bot.leases import ShardLeases
from bot.presenting import TablesUI
from bot.settings import Settings
from bot.storage_api import Storage
from bot.table import TableService
from bot.turn_timers import TurnTimers
from bot.ui.components import DYNAMIC_ITEMS
from engines.dice.model import Die
from engines.dice.pack import load_dice

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = (
    "cogs.game",
    "cogs.dice",
    "cogs.help",
    "cogs.hellboy",
    "cogs.hellraiser",
)
GAME_PACKAGES: tuple[str, ...] = (
    "engines.hellboy_dice",
    "bot.render.hellboy_dice",
    "engines.hellraiser",
    "bot.render.hellraiser",
)
"""Importing a game's engine package registers it; importing its render module
registers its presenter. A game not built yet is skipped with a warning."""


def point_at(settings: Settings) -> None:
    """Make discord.py talk to the configured API and gateway (Discord by default,
    or a Discord-compatible server such as Spacebar, or the test fake)."""
    discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def load_games() -> None:
    """Import every game package so it registers its engine and presenter."""
    import importlib

    for name in GAME_PACKAGES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            log.debug("game module %s is not there yet", name)


class PandemoniumBot(commands.Bot):
    table: TableService

    def __init__(
        self,
        settings: Settings,
        *,
        storage: Storage | None = None,
        clock: Callable[[], float] = time.time,
        board_interval: float = 1.0,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            **self._shard_options(settings),
        )
        self.settings = settings
        self._storage = storage
        self.leases: ShardLeases | None = None
        self.dice: dict[str, Die] = load_dice(settings.dice_pack)
        self.dice_rng = random.Random(settings.seed)
        self.tables_ui = TablesUI(self)
        self.boards = BoardUpdater(self, min_interval=board_interval)
        self.timers = TurnTimers(self)
        self._clock = clock
        self.tree.on_error = handle  # type: ignore[method-assign]

    @staticmethod
    def _shard_options(settings: Settings) -> dict[str, Any]:
        ids = settings.shards()
        return {"shard_id": ids[0] if ids else None, "shard_count": settings.shard_count}

    @property
    def storage(self) -> Storage:
        assert self._storage is not None, "storage opens in setup_hook"
        return self._storage

    async def setup_hook(self) -> None:
        if self._storage is None:
            settings = self.settings
            storage = await open_storage(
                settings.database_target(), pool_size=settings.db_pool_size
            )
            self._storage = storage
            self.leases = ShardLeases(
                storage,
                settings.shard_count or 1,
                settings.shards() or [0],
                settings.lease_seconds,
                on_lost=self._lost_shards,
            )
            await self.leases.claim()
        self.table = TableService(
            self._storage,
            seed=self.settings.seed,
            clock=self._clock,
            verify=self.settings.verify_storage,
        )
        load_games()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.sync_commands:
            await self.sync_commands()
        self.timers.start()

    async def _lost_shards(self) -> None:
        """Another process runs our shards now: stop, rather than serve stale tables."""
        self._closing = asyncio.get_running_loop().create_task(self.close())

    async def sync_commands(self) -> list[Any]:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        await self.timers.stop()
        await self.boards.flush()
        await self.boards.close()
        await super().close()
        if self.leases is not None:
            await self.leases.release()
            self.leases = None
        if self._storage is not None:
            await self._storage.close()
            self._storage = None


class ShardedPandemoniumBot(PandemoniumBot, commands.AutoShardedBot):
    """The same bot running several gateway shards in one process."""

    @staticmethod
    def _shard_options(settings: Settings) -> dict[str, Any]:
        return {"shard_ids": settings.shards(), "shard_count": settings.shard_count}


def create_bot(settings: Settings, **kwargs: Any) -> PandemoniumBot:
    """One shard (or none given): a plain Bot; several: the auto-sharded variant. Either
    way the process owns its shards' guilds and keeps their games in its own file."""
    point_at(settings)
    if len(settings.shards()) > 1:
        return ShardedPandemoniumBot(settings, **kwargs)
    return PandemoniumBot(settings, **kwargs)
