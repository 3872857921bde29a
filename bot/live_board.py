"""One live board per channel, behind one serialised operation: show the newest state.

A channel's board lives in Discord as one message at a time, but many things want
it redrawn: a click on it (answered by editing it), a slash command or a form, a
timer, the start-up heal. Each of them calls `LiveBoard.show`, which, one channel
at a time, reads the table's newest state and puts it on the board: edited in
place, posted again at the bottom once it has scrolled out of sight (`bot.board_sight`),
posted anew when it was deleted, with older copies retired and a copy noted by
nobody (a re-post cut short by a restart) adopted. Because every drawing is
serialised and each draws the newest state inside the lock, an older picture never
lands last, and the rules of racing copies live here and nowhere else.

A click draws at once (its answer is the edit). Everything else is folded: the
first request shows at once, and those arriving while it runs or within
`min_interval` after it fold into one more showing of the newest state, so thirty
commands cost two or three edits; a command waits for the drawing that covers it
before it answers, so the board already shows its change.

Other views follow the board through `subscribe`: a listener is told the game and
version each time a newest state has been shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.board_sight import CHAT_LINES, Sight
from bot.interactions import ChannelOf, acknowledged_in_time, edit_clicked, edit_posted
from bot.models import GameRow
from bot.presenting import RenderedBoard, must_draw, render_board
from bot.render.games import shown_version
from bot.render.pictures import Pictures
from bot.table import Outcome, TableService

log = logging.getLogger(__name__)

Listener = Callable[[int, int], None]
"""Told `(game_id, version)` after each newest state is shown; it must not block."""

MOVED_BELOW = "⬇️ This board moved below: use the newest one."

RETIRED: dict[str, Any] = {"content": MOVED_BELOW, "embed": None, "view": None, "attachments": []}
"""What an old copy of a board is edited into when Discord refuses to delete it."""


def key_of(outcome: Outcome) -> tuple[int, int]:
    """Which of two outcomes of one game is newer."""
    return outcome.game.id, outcome.game.version


async def retire_board(
    channel: discord.PartialMessageable, message_id: int, pictures: Pictures, *, keep: bool = False
) -> None:
    """An old copy of a board keeps no working buttons. A live game's copy is deleted:
    a bot may always delete its own messages (no Manage Messages needed), so the
    channel holds one board and no stubs. Only if Discord refuses does it become one
    line pointing below. With `keep` (a finished game's final board, shown again by
    `/game status`), the copy stays readable and only loses its buttons: someone may
    have linked it. A copy someone deleted needs nothing."""
    pictures.record(message_id, None)
    message = channel.get_partial_message(message_id)
    with contextlib.suppress(discord.NotFound):
        if keep:
            await message.edit(view=None)
            return
        try:
            await message.delete()
        except discord.Forbidden:
            await message.edit(**RETIRED)


def is_live_copy(game: GameRow, message_id: int) -> bool:
    """Whether a board message is the game's live board: the noted one, or any copy
    while none is noted yet (`LiveBoard.behind` notes the one clicked)."""
    return game.board_message_id in (None, message_id)


class LiveBoard:
    """Each channel's board copies, and the one way to draw the newest state on them."""

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
        """Which picture each board shows, so an unchanged one is not uploaded again."""
        self.min_interval = min_interval
        self.sight = Sight()
        self._pending: dict[int, Outcome] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._waiting: dict[int, list[asyncio.Future[None]]] = {}
        self._drawing: dict[int, asyncio.Lock] = {}
        self._listeners: list[Listener] = []

    # Other views

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(listener)

    def _shown(self, game: GameRow) -> None:
        for listener in list(self._listeners):
            try:
                listener(game.id, game.version)
            except Exception:
                log.exception("a board listener failed on game %s", game.id)

    # Sight

    def saw(self, channel_id: int, message_id: int, lines: int = CHAT_LINES) -> None:
        self.sight.saw(channel_id, message_id, lines)

    def editing(self, channel_id: int) -> asyncio.Lock:
        """Held while the channel's board is drawn: one drawing at a time, each of the
        newest state, so an older picture can never land last."""
        return self._drawing.setdefault(channel_id, asyncio.Lock())

    # The one operation

    async def show(
        self, outcome: Outcome, click: discord.Interaction[Any] | None = None
    ) -> None:
        """Put the newest state of `outcome`'s game on its live board, and return once
        it is there. With `click` (a component on a copy of the board), the click is
        answered by the board at once: its own copy edited when that is the live one in
        sight, else acknowledged while the live board is drawn and the clicked copy
        retired. Without one (a command, a form, a timer), the drawing is the next one
        `request` makes, shared by every change that asked meanwhile."""
        if click is None:
            drawn = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(outcome.game.channel_id, []).append(drawn)
            self.request(outcome)
            await drawn
            return
        await self._show(outcome, click)

    async def _show(self, outcome: Outcome, click: discord.Interaction[Any] | None) -> None:
        """The one drawing of a channel's board: under its lock, the newest state."""
        lock = self.editing(outcome.game.channel_id)
        if click is not None and lock.locked() and not click.response.is_done():
            await click.response.defer()  # another drawing of this board runs: wait in line
        async with lock:
            newest = await self.table.latest(outcome.game)
            if key_of(outcome) > key_of(newest):
                newest = outcome
            await self._draw(newest, click)
        self._shown(newest.game)

    async def _draw(self, outcome: Outcome, click: discord.Interaction[Any] | None) -> None:
        game = outcome.game
        channel = self.channel_of(game.channel_id)
        live = game.board_message_id
        clicked = click.message.id if click is not None and click.message is not None else None
        if click is not None and clicked is not None and live is not None and clicked < live:
            # an old copy clicked in a race with a re-post: it retires, the live board shows
            await _acknowledge(click)
            await retire_board(channel, clicked, self.pictures)
            click = clicked = None
        target = clicked or live
        if target is None or self.sight.scrolled(game.channel_id, target):
            await self._repost(outcome, click, clicked)
            return
        board = await self._rendered(outcome, target, click)
        if click is not None and clicked is not None:
            await edit_clicked(click, **board.edit())
            self.pictures.record(clicked, board.shows)
            if live is None or clicked > live:
                # clicked before the table noted it: the lobby's first reply, or a
                # re-post cut short by a restart (posted, not yet noted)
                await self._note(game, clicked)
            return
        try:
            await edit_posted(channel, target, **board.edit())
        except discord.NotFound:
            log.info("board of game %s was deleted; posting a new one", game.id)
            self.pictures.record(target, None)
            await self._repost(outcome, None, None)
        else:
            self.pictures.record(target, board.shows)

    async def _rendered(
        self, outcome: Outcome, message_id: int, click: discord.Interaction[Any] | None
    ) -> RenderedBoard:
        """The board for `message_id`; a click is acknowledged first when a picture must
        be drawn (a slow step)."""
        game, state = outcome.game, outcome.state
        if click is not None and not click.response.is_done() and must_draw(
            game, state, self.pictures, message_id
        ):
            await click.response.defer()
        return await render_board(
            game, state, pictures=self.pictures, message_id=message_id, guard=self.table.secrecy
        )

    async def _repost(
        self, outcome: Outcome, click: discord.Interaction[Any] | None, clicked: int | None
    ) -> None:
        """Post the board at the bottom first, and only then retire the copy it
        replaces (the click acknowledged first): a bot stopped in between leaves a
        board with working buttons, never none."""
        if click is None:
            await self._post(outcome, clicked)
            return
        await acknowledged_in_time(click, self._post(outcome, clicked), update=True)
        await _acknowledge(click)
        if clicked is not None:
            await retire_board(self.channel_of(outcome.game.channel_id), clicked, self.pictures)

    async def _post(self, outcome: Outcome, retired: int | None) -> None:
        game = outcome.game
        channel = self.channel_of(game.channel_id)
        board = await render_board(
            game, outcome.state, pictures=self.pictures, guard=self.table.secrecy
        )
        posted = await channel.send(**board.new_message())
        self.pictures.record(posted.id, board.shows)
        await self._note(game, posted.id, retired)

    async def reply(
        self, interaction: discord.Interaction[Any], outcome: Outcome, notice: str | None = None
    ) -> None:
        """Answer a command with a fresh copy of the board, which becomes the live board
        (`/game new`, `/game status`); a finished game's old copy stays readable."""
        async with self.editing(outcome.game.channel_id):
            board = await render_board(
                outcome.game, outcome.state, notice, pictures=self.pictures,
                guard=self.table.secrecy,
            )
            if interaction.response.is_done():  # acknowledged once its change was accepted
                sent = await interaction.followup.send(**board.new_message(), wait=True)
                message_id: int | None = sent.id
            else:
                response = await interaction.response.send_message(**board.new_message())
                message_id = response.message_id
            if message_id is None:
                message_id = (await interaction.original_response()).id
            self.pictures.record(message_id, board.shows)
            await self._note(outcome.game, message_id, keep_old=outcome.game.status == "finished")
        self._shown(outcome.game)

    async def _note(
        self, game: GameRow, message_id: int, retired: int | None = None, *, keep_old: bool = False
    ) -> None:
        """Make `message_id` the game's live board and retire the copy it replaces
        (unless that is `retired` already), whoever posted that copy and when
        (`keep_old`: the copy is a finished game's final board, see `retire_board`)."""
        before = await self.table.set_board_message(game.channel_id, game.id, message_id)
        if before is not None and before > message_id:
            # a newer copy was noted first (two re-posts raced): it stays the live board
            await self.table.set_board_message(game.channel_id, game.id, before)
            before, message_id = message_id, before
        if before is not None and before not in (message_id, retired):
            await retire_board(self.channel_of(game.channel_id), before, self.pictures,
                               keep=keep_old)

    async def behind(self, game: GameRow, message_id: int) -> None:
        """A click on a copy showing an older step changes nothing; this brings the
        live board up to date (the copy clicked may be it: an edit lost a race, or a
        bot stopped between a change and its edit). A copy that is not the live board
        (a re-post cut short by a restart left it, noted or not) is retired, so no
        second board lingers."""
        async with self.editing(game.channel_id):
            if game.board_message_id is None:
                await self._note(game, message_id)
            newest = await self.table.latest(game)
            if not is_live_copy(newest.game, message_id):
                await retire_board(self.channel_of(game.channel_id), message_id, self.pictures)
        self.request(newest)

    # In the background

    def request(self, outcome: Outcome) -> None:
        """Show the newest state soon, folding a burst of requests into few edits."""
        channel = outcome.game.channel_id
        pending = self._pending.get(channel)
        if pending is None or key_of(outcome) >= key_of(pending):
            self._pending[channel] = outcome
        task = self._tasks.get(channel)
        if task is None or task.done():
            self._tasks[channel] = asyncio.create_task(self._run(channel))

    async def _run(self, channel: int) -> None:
        while (outcome := self._pending.pop(channel, None)) is not None:
            waiting = self._waiting.pop(channel, [])
            try:
                await self._show(outcome, None)
            except Exception:
                log.exception("could not update the board in channel %s", channel)
            finally:
                _release(waiting)
            await asyncio.sleep(self.min_interval)

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
        for waiting in self._waiting.values():
            _release(waiting)
        self._waiting.clear()


def _release(waiting: list[asyncio.Future[None]]) -> None:
    """A change waiting for its board is answered even if the drawing failed (it is
    logged): the change itself is committed."""
    for drawn in waiting:
        if not drawn.done():
            drawn.set_result(None)


async def _acknowledge(click: discord.Interaction[Any]) -> None:
    if not click.response.is_done():
        await click.response.defer()
