"""Turn reminders and away (AFK) handling.

Timers live in SQLite, written in the same transaction as the step that
resets them, so they survive restarts. This loop fires what is due: on
start-up an overdue timer fires at once, and `Storage.claim_timers` claims it
before anything is sent, so it never fires twice. The app hands the
loop what it uses (storage, the table, a way to reach a channel), never the bot.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.background import BackgroundLoop
from bot.interactions import ChannelOf
from bot.models import GameRow, TimerRow
from bot.storage import Storage, timer_applies
from bot.table import TableService
from bot.table_core import stalled_seats
from bot.table_seats import and_join
from bot.ui.components import RoutedView, TableButton
from engines import registry
from engines.core.protocol import Engine

log = logging.getLogger(__name__)

CLAIMED_AT_ONCE = 500
"""Due timers claimed in one transaction (a few ms of the storage thread)."""

ANNOUNCED_AT_ONCE = 5
"""Timer messages in flight at once."""

ANNOUNCE_SPACING = 0.05
"""Seconds between the starts of timer messages fired together (20 a second at most,
well under Discord's global limit of 50 requests a second)."""


def can_skip(game_key: str) -> bool:
    engine = registry.get(game_key)
    return type(engine).skip_turn is not Engine.skip_turn


def waited_members(game: GameRow, seats: list[int]) -> list[list[int]]:
    """The seats waited for, grouped by member (in order of their first seat), so a
    member held up at several seats is named once; an empty seat stands alone."""
    groups: dict[object, list[int]] = {}
    for seat in seats:
        user = game.seats[seat].user_id
        groups.setdefault(("seat", seat) if user is None else user, []).append(seat)
    return list(groups.values())


def member_words(game: GameRow, held: list[int], pinged: set[int]) -> str:
    """One member waited for: a mention if pings are on, else the seat as the table
    shows it; at several seats, the member then the characters (or seat numbers)."""
    seat = game.seats[held[0]]
    mention = f"<@{seat.user_id}>" if seat.user_id in pinged else None
    if len(held) == 1:
        return mention or f"**{seat.shown}**"
    which = and_join([game.seats[i].character or f"seat {i + 1}" for i in held])
    return f"{mention or f'**{seat.name}**'} ({which})"


class TurnTimers(BackgroundLoop):
    def __init__(
        self, storage: Storage, table: TableService, channel_of: ChannelOf, poll: float = 30.0
    ) -> None:
        self.storage = storage
        self.table = table
        self.channel_of = channel_of
        self.poll = poll
        self._running = asyncio.Lock()

    async def claim_due(self) -> list[TimerRow]:
        """Claim every due timer, `CLAIMED_AT_ONCE` to a transaction: after
        downtime thousands may be overdue, and claiming them one by one (a commit and
        a table load each) held start-up for seconds. Returns those that still apply."""
        async with self._running:
            due = await self.storage.due_timers(self.table.clock())
            claimed: list[TimerRow] = []
            for start in range(0, len(due), CLAIMED_AT_ONCE):
                claimed += await self.storage.claim_timers(due[start : start + CLAIMED_AT_ONCE])
            return claimed

    async def run_due(self) -> list[TimerRow]:
        """Fire every due timer once; returns those that fired. They are claimed in
        batches (`claim_due`), then announced outside the lock, several at once and
        spread out, so a pile of overdue reminders after downtime neither queues one
        by one nor bursts past Discord's rate limits. A table is read only when its
        timer is announced, and one that moved on since is left alone."""
        claimed = await self.claim_due()
        gate = asyncio.Semaphore(ANNOUNCED_AT_ONCE)

        async def announce(order: int, timer: TimerRow) -> None:
            await asyncio.sleep(order * ANNOUNCE_SPACING)
            async with gate:
                live = await self.table.current(timer.channel_id)
                if live is None or live.game.id != timer.game_id:
                    return
                game = live.game
                if not timer_applies(timer, game.status, game.version):
                    return
                try:
                    await self._announce(timer, game, live.state)
                except discord.HTTPException:
                    log.warning("could not announce %s timer of game %s", timer.kind, game.id)

        await asyncio.gather(*(announce(i, timer) for i, timer in enumerate(claimed)))
        return claimed

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_due()
                due = await self.storage.next_timer_due()
            except Exception:
                log.exception("turn timers failed; retrying")
                due = None
            delay = self.poll if due is None else due - self.table.clock()
            await asyncio.sleep(min(self.poll, max(0.2, delay)))

    async def _announce(self, timer: TimerRow, game: GameRow, state: Any) -> None:
        """Name every seat the game waits for (several in a co-operative phase); the
        timer's own seat only if the state no longer says (it always should)."""
        settings, _ = await self.table.settings_for(game.guild_id, game.channel_id)
        engine = registry.get(game.game)
        waited = stalled_seats(engine, game, state) or [timer.seat]
        seats = [game.seats[s] for s in waited]
        title = engine.title
        channel = self.channel_of(game.channel_id)
        pinged = [
            user
            for user in dict.fromkeys(s.user_id for s in seats if s.user_id and settings.pings)
            if user is not None and await self.table.member_pings(user)
        ]
        members = waited_members(game, waited)
        name = and_join([member_words(game, held, set(pinged)) for held in members])
        mentions = discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(u) for u in pinged] if pinged else False,
        )
        if timer.kind == "remind":
            whose = "your turn" if len(seats) == 1 else "your turns"
            await channel.send(
                f"⏰ {name}, it's {whose} at {title} (quiet for {settings.reminder_minutes} min).",
                allowed_mentions=mentions,
            )
            return
        view = RoutedView()
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
        seems = "seems" if len(members) == 1 else "seem"
        await channel.send(
            f"💤 {name} {seems} to be away from {title} ({settings.afk_minutes} min). {what}",
            view=view,
            allowed_mentions=mentions,
        )
