"""The app factory: a discord.py Bot wired to settings, storage and the table service."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import signal
import time
from collections.abc import Callable
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.board_sight import lines_of
from bot.clicks import TablesUI
from bot.command_checks import command_check
from bot.databases import open_storage
from bot.errors import guarded, handle
from bot.frontend import Services, install
from bot.games import GAMES
from bot.http_pool import WarmPool, connector
from bot.leases import EXIT_LEASE_LOST, ShardLeases, Stopped
from bot.live_board import LiveBoard
from bot.maintenance import Maintenance, Retention
from bot.render.pictures import LAYERS
from bot.settings import Settings
from bot.storage import Storage
from bot.table import TableService
from bot.turn_timers import TurnTimers
from bot.ui.components import ROUTED, press
from bot.ui.report import submitted_form
from bot.web.feed import Feed
from bot.web.links import REPLAY_BUTTONS, Keys, Links
from bot.web.server import WebServer
from cogs.dice import DiceCog, RerollButton
from cogs.game import GameCog
from cogs.help import HelpCog
from engines.dice.model import Die
from engines.dice.pack import load_dice

log = logging.getLogger(__name__)

EAGER_START: Callable[..., asyncio.Task[Any]] | None = getattr(asyncio, "eager_task_factory", None)
"""Python 3.12's eager start: a task runs its first step at once, until it first waits.
An interaction's handler so sends its acknowledgement while discord.py still reads the
gateway's message, instead of queueing behind every ready callback on the loop (a
board picture's upload, another table's commit). In the Hellraiser load bench's
opening (50 tables at once), the wait from the parse to the handler was 22–65 ms at
p99 queued, 0.6–2.4 ms eager. On 3.11 interactions start as other tasks do."""


def point_at(settings: Settings) -> None:
    """Make discord.py talk to the configured API and gateway (Discord by default,
    or a Discord-compatible server such as Spacebar, or the test fake)."""
    discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


class PandemoniumBot(commands.Bot):
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
        intents.guild_messages = True  # to see the board scroll away; content is not read
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # no message cache: nothing reads it, and every MESSAGE_UPDATE searched its
            # 1,000 messages one by one (issue 27)
            max_messages=None,
            **self._shard_options(settings),
        )
        self.settings = settings
        self._storage = storage
        self.leases: ShardLeases | None = None
        self.dice: dict[str, Die] = load_dice(settings.dice_pack)
        self.dice_rng = random.Random(settings.seed)
        self._board_interval = board_interval
        self._services: Services | None = None
        self._timers: TurnTimers | None = None
        self.maintenance: Maintenance | None = None
        self.web: WebServer | None = None
        """The read-only web pages (`bot/web/`), unless PANDEMONIUM_WEB_PORT is off."""
        self.links: Links | None = None
        self.warm_pool = WarmPool(self.http, settings.http_connections)
        self.healing: asyncio.Task[int] | None = None
        """Start-up's check of the live boards (`_heal_boards`); tests await it."""
        self._clock = clock
        self.exit_status = 0
        """What the process exits with: EXIT_LEASE_LOST once it stopped serving its shards."""
        self._stopping: asyncio.Task[None] | None = None
        self._closing_all: asyncio.Task[None] | None = None
        self.tree.on_error = handle  # type: ignore[method-assign]
        self.tree.interaction_check = command_check  # type: ignore[method-assign]

    @staticmethod
    def _shard_options(settings: Settings) -> dict[str, Any]:
        ids = settings.shards()
        return {"shard_id": ids[0] if ids else None, "shard_count": settings.shard_count}

    @property
    def storage(self) -> Storage:
        assert self._storage is not None, "storage opens in setup_hook"
        return self._storage

    @property
    def services(self) -> Services:
        assert self._services is not None, "services start in setup_hook"
        return self._services

    @property
    def timers(self) -> TurnTimers:
        assert self._timers is not None, "turn timers start in setup_hook"
        return self._timers

    @property
    def table(self) -> TableService:
        return self.services.table

    @property
    def boards(self) -> LiveBoard:
        return self.services.boards

    @property
    def tables_ui(self) -> TablesUI:
        """What the board's components call: a click reaches them with nothing but the
        interaction, so they find it through the client (`bot.ui.components`). Everything else is
        handed its services when `start_services` builds it."""
        return self.services.ui

    async def start_services(self) -> Services:
        """Open storage, build the table and its UI, install the listed games and add
        every cog (the shared ones and each game's own), each handed what it uses.
        The games are installed first: their warm-up (Hellboy's odds tables, about
        0.4 s of CPU) must not run between claiming the lease and its first renewal."""
        install(GAMES)
        if self._storage is None:
            settings = self.settings
            storage = await open_storage(
                settings.database_target(),
                pool_size=settings.db_pool_size,
                group_commit=settings.group_commit,
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
        LAYERS.kept = self.settings.map_layers
        table = TableService(
            self._storage,
            seed=self.settings.seed,
            clock=self._clock,
            verify=self.settings.verify_storage,
            cache_mib=self.settings.table_cache_mib,
        )
        boards = LiveBoard(table, self.get_partial_messageable, self._board_interval)
        ui = TablesUI(table, boards, self.get_partial_messageable)
        services = self._services = Services(self._storage, table, boards, ui)
        self._timers = TurnTimers(services.storage, table, self.get_partial_messageable)
        self.maintenance = Maintenance(
            self._storage,
            Retention(self.settings.log_retention, self.settings.log_retention_days),
            self.settings.maintenance_minutes * 60,
            clock=self._clock,
        )
        self.links = await self._start_web(table, boards)
        dice = DiceCog(self.dice, self.dice_rng)
        shared = (GameCog(services, self.links), dice, HelpCog(self.tree))
        for cog in (*shared, *(g.cog(services) for g in GAMES if g.cog is not None)):
            await self.add_cog(cog)
        return services

    async def _start_web(self, table: TableService, boards: LiveBoard) -> Links | None:
        """Serve the game pages, which follow the live board: a spectator sees each
        board the channel sees. A port already taken is logged and the bot plays on
        without pages: Discord comes first."""
        settings = self.settings
        if settings.web_port is None:
            return None
        feed = Feed()
        keys = Keys(self.storage, self._clock)
        web = WebServer(self.storage, feed, keys, host=settings.web_host,
                        port=settings.web_port, clock=self._clock)
        try:
            port = await web.start()
        except OSError as exc:
            log.error("web pages off: cannot listen on %s:%s (%s)", settings.web_host,
                      settings.web_port, exc.strerror or exc)
            return None
        self.web = web
        links = Links(keys, settings.web_url or f"http://{settings.web_host}:{port}")

        boards.subscribe(feed.notify)
        table.committed = links.warm
        REPLAY_BUTTONS.links = links
        return links

    async def login(self, token: str) -> None:
        """Log in through our own connector (`bot.http_pool`): it keeps idle connections
        to the API longer than aiohttp's default, for the pool `setup_hook` fills."""
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = connector()
        await super().login(token)

    def _schedule_event(
        self, coro: Callable[..., Any], event_name: str, *args: Any, **kwargs: Any
    ) -> asyncio.Task[Any]:
        """discord.py's, but interactions start eagerly (`EAGER_START`)."""
        if event_name != "on_interaction" or EAGER_START is None:
            return super()._schedule_event(coro, event_name, *args, **kwargs)
        wrapped = self._run_event(coro, event_name, *args, **kwargs)
        return EAGER_START(self.loop, wrapped, name=f"discord.py: {event_name}")

    async def setup_hook(self) -> None:
        self.warm_pool.start()
        await self.start_services()
        self.add_listener(self._interaction, "on_interaction")
        self._hear_messages_thinly()
        if self.settings.sync_commands:
            await self.sync_commands()
        self.timers.start()
        if self.maintenance is not None:
            self.maintenance.start()
        self.healing = asyncio.get_running_loop().create_task(self._heal_boards())

    async def _lost_shards(self) -> None:
        """Another process may run our shards now: stop, rather than serve stale tables."""
        self.exit_status = EXIT_LEASE_LOST
        self.stop_soon()

    def stop_soon(self) -> None:
        """Begin a clean stop (a signal, or the lease lost); `close` does the work."""
        if self.leases is not None:
            self.leases.stop()
        if self._stopping is None:
            self._stopping = asyncio.get_running_loop().create_task(self.close())

    async def _heal_boards(self) -> int:
        """Once connected, bring every live board a crash left behind up to date."""
        await self.wait_until_ready()
        try:
            return await self.boards.bring_up_to_date(await self.storage.live_board_channels())
        except Exception:
            log.exception("could not check the live boards at start-up")
            return 0

    async def _interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Our components' clicks and the report form: discord.py's View routing is
        not used for them (`bot.ui.components.press` says why)."""
        await press(interaction, (*ROUTED, RerollButton))
        form = submitted_form(interaction)
        if form is not None:
            await self._submit_form(interaction, *form)

    @guarded
    async def _submit_form(
        self, interaction: discord.Interaction[Any], game_id: int, version: int,
        answers: dict[str, str],
    ) -> None:
        await self.tables_ui.submit_form(interaction, game_id, version, answers)

    def _hear_messages_thinly(self) -> None:
        """Count the channel's messages straight from the gateway's payloads.

        The sight counter is the only reader of MESSAGE_CREATE and MESSAGE_UPDATE (no
        message content, no prefix commands, no message cache), and most of them are
        the bot's own board edits and event lines, each a click's worth. discord.py
        builds a full Message (author, embeds, components) for every one before any
        listener runs, and its raw edit event carries one too: no documented hook
        skips that, so the two parsers in its connection state's table are replaced
        (the same table the gateway reads). A message outside a guild, and an edit of
        a message whose View discord.py tracks, still take discord.py's own parser."""
        parsers = self._connection.parsers
        created, updated = parsers["MESSAGE_CREATE"], parsers["MESSAGE_UPDATE"]

        def saw(data: dict[str, Any]) -> None:
            if self._services is None or data.get("guild_id") is None:
                created(data)
            else:
                self._count(data, self._services.boards.saw)

        def resaw(data: dict[str, Any]) -> None:
            if self._services is not None and data.get("guild_id") is not None:
                self._count(data, self._services.boards.sight.resaw)
            interaction = data.get("interaction") or {}
            if "components" in data and self._connection._view_store.is_message_tracked(
                int(interaction.get("id") or data["id"])
            ):
                updated(data)

        parsers["MESSAGE_CREATE"], parsers["MESSAGE_UPDATE"] = saw, resaw

    def _count(self, data: dict[str, Any], count: Callable[[int, int, int], None]) -> None:
        """Count a message (`Sight.saw`) or an edit of one (`Sight.resaw`) at its height.
        It runs inside the gateway's read loop, where an exception would drop the
        connection, so a payload it cannot read is logged and skipped."""
        try:
            count(int(data["channel_id"]), int(data["id"]), lines_of(data, self._own(data)))
        except (KeyError, TypeError, ValueError, AttributeError):
            log.warning("could not count message %r below the board", data.get("id"))

    def _own(self, data: dict[str, Any]) -> bool:
        author = data.get("author") or {}
        return self.user is not None and author.get("id") == str(self.user.id)

    async def sync_commands(self) -> list[Any]:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        """Stop serving, then release the lease (so a successor starts at once), then
        close storage. Idempotent: a signal and discord.py's own exit may both call it."""
        if self._closing_all is None:
            self._closing_all = asyncio.get_running_loop().create_task(self._close_all())
        await asyncio.shield(self._closing_all)

    async def _close_all(self) -> None:
        """With the lease lost, the gateway closes at once: the boards' pending edits
        are not drawn (the tables may be another process's now), so no interaction
        comes in and is answered while they would be."""
        if self.healing is not None:
            self.healing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.healing
        await self.warm_pool.stop()
        if self._timers is not None:
            await self._timers.stop()
        if self.maintenance is not None:
            await self.maintenance.stop()
        if self._services is not None:
            if self.exit_status != EXIT_LEASE_LOST:
                await self._services.boards.flush()
            await self._services.boards.close()
        await super().close()
        if self.web is not None:
            REPLAY_BUTTONS.links = None
            await self.web.stop()
            self.web = None
        if self.leases is not None:
            try:
                await asyncio.wait_for(self.leases.release(), self.settings.lease_seconds)
            except Exception as exc:
                log.warning("could not release the lease (%s); it ends on its own", exc)
            self.leases = None
        if self._storage is not None:
            await self._storage.close()
            self._storage = None


class ShardedPandemoniumBot(PandemoniumBot, commands.AutoShardedBot):
    """The same bot running several gateway shards in one process."""

    @staticmethod
    def _shard_options(settings: Settings) -> dict[str, Any]:
        return {"shard_ids": settings.shards(), "shard_count": settings.shard_count}


async def serve(bot: PandemoniumBot, token: str) -> int:
    """Run the bot until it stops; returns the process's exit status. SIGTERM (`docker
    stop`, systemd, Kubernetes) and SIGINT (Ctrl-C) stop it cleanly, releasing its lease
    so the next process serves at once; without a handler SIGTERM would end it on
    the spot with the lease held, and as a container's pid 1 it would be ignored."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, bot.stop_soon)
    try:
        async with bot:
            with contextlib.suppress(Stopped):
                await bot.start(token)
    finally:
        await bot.close()  # discord.py's exit waits only for its own part of closing
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
    return bot.exit_status


def create_bot(settings: Settings, **kwargs: Any) -> PandemoniumBot:
    """One shard (or none given): a plain Bot; several: the auto-sharded variant. Either
    way the process owns its shards' guilds and keeps their games in its own file."""
    point_at(settings)
    install(GAMES)  # warm before `freeze_start_up`, which keeps the warm tables out of GC
    if len(settings.shards()) > 1:
        return ShardedPandemoniumBot(settings, **kwargs)
    return PandemoniumBot(settings, **kwargs)
