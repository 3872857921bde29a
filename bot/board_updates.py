"""One live board per game, edited in place, with bursts coalesced.

Every change asks for the board to be refreshed; the first request edits at
once, and requests that arrive while an edit is in flight or within
`min_interval` after it are folded into one more edit showing the newest
state. A burst of thirty actions therefore costs two or three edits, well
inside Discord's per-channel rate limits, and the last edit always shows the
last state. A deleted board is posted again.

The board also stays in sight: the bot hears every message posted in a channel
(`saw`) and estimates how much of a phone's screen each takes below the board
(`lines_of`). Once `SCROLLED_AWAY` lines sit below it, the next update posts it
again at the bottom and deletes the old copy, so a channel never holds two
boards with working buttons. Members' chat counts in full; the bot's own short
event lines count only by their height, since Discord stacks a run of them
under one header: a quiet table's board moves after many clicks, a chatty
one's after a few messages of chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Sequence

import discord

from bot.presenting import ChannelOf, key_of, move_board, render_board, retire_board
from bot.render.games import shown_version
from bot.render.pictures import Pictures
from bot.table import Outcome, TableService

log = logging.getLogger(__name__)

SCROLLED_AWAY = 24
"""Lines below the board after which it is posted again at the bottom: a phone shows
about 30, so the board's buttons (at its foot) are then leaving the screen. That is
eight messages of chat, or some six clicks of Hellboy's narration."""

CHAT_LINES = 3
"""What a member's message takes: their name, a line of text, and the bot's name
again above whatever it posts next. The bot does not read members' messages
(no message-content intent), so every one counts the same."""

PHONE_WIDTH = 45
"""Characters of a line on a phone, for wrapping the bot's own long lines."""

EMBED_LINES = 4
"""An embed's frame (title, spacing, footer) besides its description's lines."""

PICTURE_LINES = 8
"""An attached picture at Discord's display size."""

RECENT = 64
"""Messages remembered per channel (more than SCROLLED_AWAY lines' worth, for bursts)."""


def text_lines(text: str) -> int:
    """Lines a text takes on a phone, its long lines wrapped (bold marks take no room)."""
    shown = text.replace("**", "")
    return sum(max(1, -(-len(line) // PHONE_WIDTH)) for line in shown.splitlines())


def lines_of(message: discord.Message, own: bool) -> int:
    """How much of the screen `message` takes below a board: a member's message in
    full (`CHAT_LINES`); the bot's own (`own`) by its text, embeds and pictures,
    with no header, since Discord shows a run of one author's messages under one."""
    if not own:
        return CHAT_LINES
    lines = text_lines(message.content)
    for embed in message.embeds:
        lines += EMBED_LINES + text_lines(embed.description or "") + len(embed.fields)
    lines += PICTURE_LINES * len(message.attachments)
    return max(lines, 1)


class BoardUpdater:
    def __init__(
        self,
        table: TableService,
        channel_of: ChannelOf,
        min_interval: float = 1.0,
        pictures: Pictures | None = None,
    ) -> None:
        self.table = table
        self.channel_of = channel_of
        self.pictures = pictures or Pictures()
        """Which picture each board shows, shared with the click handlers (`TablesUI`)."""
        self.min_interval = min_interval
        self._latest: dict[int, Outcome] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._recent: dict[int, deque[tuple[int, int]]] = {}
        self._editing: dict[int, asyncio.Lock] = {}

    def editing(self, channel_id: int) -> asyncio.Lock:
        """Held while the channel's board is rendered and edited, by this updater and
        by a click editing its board in place: one edit at a time, each showing the
        newest state when it is drawn, so an older picture can never land last."""
        return self._editing.setdefault(channel_id, asyncio.Lock())

    def saw(self, channel_id: int, message_id: int, lines: int = CHAT_LINES) -> None:
        """A message was posted in the channel (from the gateway's message events),
        taking `lines` of the screen (`lines_of`)."""
        self._recent.setdefault(channel_id, deque(maxlen=RECENT)).append((message_id, lines))

    def scrolled(self, channel_id: int, board_id: int | None) -> bool:
        """Whether enough was posted below the board to push it out of sight.
        Snowflakes grow with time, so "below" is simply a larger id."""
        if board_id is None:
            return False
        below = sum(lines for m, lines in self._recent.get(channel_id, ()) if m > board_id)
        return below >= SCROLLED_AWAY

    def request(self, outcome: Outcome) -> None:
        channel = outcome.game.channel_id
        current = self._latest.get(channel)
        if current is None or key_of(outcome) >= key_of(current):
            self._latest[channel] = outcome
        task = self._tasks.get(channel)
        if task is None or task.done():
            self._tasks[channel] = asyncio.create_task(self._run(channel))

    async def bring_up_to_date(self, channel_ids: Sequence[int]) -> int:
        """Edit each live board that shows an older version than its table; how many.
        A crash between a step's commit and its board edit leaves the board behind, with
        buttons the table refuses, until someone clicks one; a start-up calls this with
        `Storage.live_board_channels` so the boards heal before anyone has to."""
        behind = 0
        for channel_id in channel_ids:
            outcome = await self.table.current(channel_id)
            board_id = None if outcome is None else outcome.game.board_message_id
            if outcome is None or board_id is None:
                continue
            try:
                message = await self.channel_of(channel_id).fetch_message(board_id)
            except discord.NotFound:
                continue  # deleted: the table's next change posts it again
            except discord.HTTPException:
                log.warning("could not read the board of game %s", outcome.game.id)
                continue
            shown = shown_version(message, outcome.game.id)
            if shown is not None and shown < outcome.game.version:
                log.info("board of game %s shows v%s of v%s; updating it",
                         outcome.game.id, shown, outcome.game.version)
                self.request(outcome)
                behind += 1
        return behind

    async def flush(self) -> None:
        """Wait until every requested edit is done (tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self, channel: int) -> None:
        while (outcome := self._latest.pop(channel, None)) is not None:
            try:
                async with self.editing(channel):
                    await self._edit(outcome)
            except Exception:
                log.exception("could not update the board in channel %s", channel)
            await asyncio.sleep(self.min_interval)

    async def _edit(self, outcome: Outcome) -> None:
        """Show the newest state: the table may have moved on since the request
        (a click edits the board itself), and an older picture must never win."""
        latest = await self.table.latest(outcome.game)
        if key_of(latest) > key_of(outcome):
            outcome = latest
        game = outcome.game
        channel = self.channel_of(game.channel_id)
        board_id = latest.game.board_message_id or game.board_message_id
        if board_id is not None and not self.scrolled(game.channel_id, board_id):
            board = await render_board(
                game, outcome.state, pictures=self.pictures, message_id=board_id,
                guard=self.table.secrecy,
            )
            try:
                await channel.get_partial_message(board_id).edit(**board.edit())
            except discord.NotFound:
                log.info("board of game %s was deleted; posting a new one", game.id)
                self.pictures.record(board_id, None)
            else:
                self.pictures.record(board_id, board.shows)
                after = await self.table.latest(game)
                if after.game.board_message_id != board_id:
                    # a click re-posted it meanwhile
                    await retire_board(channel, board_id, self.pictures)
                elif key_of(after) > key_of(outcome):
                    # a click's own edit may have landed before this older one: show
                    # the newest state once more, or the board keeps stale buttons
                    self.request(after)
                return
        board = await render_board(
            game, outcome.state, pictures=self.pictures, guard=self.table.secrecy
        )
        message_id = (await channel.send(**board.new_message())).id
        self.pictures.record(message_id, board.shows)
        await move_board(self.table, channel, game, message_id, self.pictures)


