"""Turn reminders and away (AFK) handling.

Timers live in SQLite, written in the same transaction as the step that
resets them, so they survive restarts. This loop fires what is due: on
start-up an overdue timer fires at once, and `TableService.claim_timer` marks
it fired before anything is sent, so it never fires twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.models import GameRow, TimerRow
from bot.table_core import stalled_seats
from bot.turn_pings import mention
from bot.ui.components import TableButton
from engines import registry
from engines.core.protocol import Engine

if TYPE_CHECKING:
    from bot.app import PandemoniumBot

log = logging.getLogger(__name__)

ANNOUNCED_AT_ONCE = 5
"""Timer messages in flight at once."""

ANNOUNCE_SPACING = 0.05
"""Seconds between the starts of timer messages fired together (20 a second at most,
well under Discord's global limit of 50 requests a second)."""


def can_skip(game_key: str) -> bool:
    engine = registry.get(game_key)
    return type(engine).skip_turn is not Engine.skip_turn


class TurnTimers:
    def __init__(self, bot: PandemoniumBot, poll: float = 30.0) -> None:
        self.bot = bot
        self.poll = poll
        self._task: asyncio.Task[None] | None = None
        self._running = asyncio.Lock()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def run_due(self) -> list[TimerRow]:
        """Fire every due timer once; returns those that fired. Timers are claimed in
        turn (quick), then announced outside the lock, several at once and spread out,
        so a pile of overdue reminders after downtime neither queues one by one nor
        bursts past Discord's rate limits."""
        claimed: list[tuple[TimerRow, GameRow, Any]] = []
        async with self._running:
            now = self.bot.table.clock()
            for timer in await self.bot.storage.due_timers(now):
                found = await self.bot.table.claim_timer(timer)
                if found is not None:
                    claimed.append((timer, *found))
        gate = asyncio.Semaphore(ANNOUNCED_AT_ONCE)

        async def announce(order: int, timer: TimerRow, game: GameRow, state: Any) -> None:
            await asyncio.sleep(order * ANNOUNCE_SPACING)
            async with gate:
                try:
                    await self._announce(timer, game, state)
                except discord.HTTPException:
                    log.warning("could not announce %s timer of game %s", timer.kind, game.id)

        await asyncio.gather(*(announce(i, *c) for i, c in enumerate(claimed)))
        return [timer for timer, _, _ in claimed]

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_due()
                due = await self.bot.storage.next_timer_due()
            except Exception:
                log.exception("turn timers failed; retrying")
                due = None
            delay = self.poll if due is None else due - self.bot.table.clock()
            await asyncio.sleep(min(self.poll, max(0.2, delay)))

    async def _announce(self, timer: TimerRow, game: GameRow, state: Any) -> None:
        """Name every seat the game waits for (several in a co-operative phase); the
        timer's own seat only if the state no longer says (it always should)."""
        settings, _ = await self.bot.table.settings_for(game.guild_id, game.channel_id)
        engine = registry.get(game.game)
        seats = [game.seats[s] for s in stalled_seats(engine, game, state) or [timer.seat]]
        title = engine.title
        channel = self.bot.get_partial_messageable(game.channel_id)
        named = await mention(self.bot.table, game, seats)
        name, mentions = named.names, named.allowed
        if timer.kind == "remind":
            whose = "your turn" if len(seats) == 1 else "your turns"
            await channel.send(
                f"⏰ {name}, it's {whose} at {title} (quiet for {settings.reminder_minutes} min).",
                allowed_mentions=mentions,
            )
            return
        view = discord.ui.View(timeout=None)
        options = []
        if can_skip(game.game):
            view.add_item(TableButton("skip", game.id, game.version))
            options.append("skip the turn")
        if settings.ai_takeover and engine.supports_ai and game.mode == "digital":
            view.add_item(TableButton("ai", game.id, game.version))
            options.append("let the AI play it")
        who = "A GM or anyone at the table" if settings.table_can_skip else "A GM"
        what = (
            f"{who} can " + " or ".join(options) + "."
            if options
            else ("A GM can `/game kick` or `/game seat` someone else in.")
        )
        seems = "seems" if len(seats) == 1 else "seem"
        await channel.send(
            f"💤 {name} {seems} to be away from {title} ({settings.afk_minutes} min). {what}",
            view=view,
            allowed_mentions=mentions,
        )
