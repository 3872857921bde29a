"""From table outcomes to Discord: the board message, its components, and replies.

Everything here runs after the table service has released the channel's lock,
so a slow Discord never holds up the next player's move.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import discord

from bot.errors import reply_ephemeral
from bot.models import GameRow, SeatRow
from bot.render.games import (
    BoardPicture,
    PicturePresenter,
    PrivatePresenter,
    action_selects,
    footer_head,
    lobby_embed,
    presenter_for,
    private_moves,
    rematch_options,
    whispers_for,
)
from bot.render.pictures import Pictures, Shown, picture_digest
from bot.render.style import (
    COLOUR_DONE,
    EMBED_TITLE,
    MESSAGE_CONTENT,
    MESSAGE_EMBED_TEXT,
    MESSAGE_EMBEDS,
    clip,
)
from bot.secrecy import SecrecyGuard, message_payload
from bot.table import Actor, JoinAsked, Outcome, StaleBoard, TableService, bot_draws, seat_for
from bot.table_options import DEFAULT_DICE, DICE_OPTION, late_join_of
from bot.table_seats import seats_phrase
from bot.turn_pings import TurnPings
from bot.ui.components import (
    LateJoinButton,
    LobbyButton,
    MoveButton,
    MoveSelect,
    PanelButton,
    PrivateViewButton,
    RematchButton,
    TableButton,
)
from bot.ui.report import ReportModal
from bot.workers import off_loop
from engines import registry
from engines.core.chance import ChanceRequest
from engines.core.errors import RuleError

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_EVENT_MESSAGES = 3

DEFER_AFTER = 0.25
"""Seconds a click's change may take before the bot acknowledges it first and
finishes after (Discord fails an interaction not acknowledged within 3 s)."""

ChannelOf = Callable[[int], discord.PartialMessageable]
"""A channel to post in by id, without a fetch (the client's `get_partial_messageable`)."""


class BoardRequests(Protocol):
    """Where a changed table asks for its live board to be redrawn (`BoardUpdater`)."""

    def request(self, outcome: Outcome) -> None: ...

    def scrolled(self, channel_id: int, board_id: int | None) -> bool: ...

    def editing(self, channel_id: int) -> asyncio.Lock: ...


OUT_OF_DATE = "That board is out of date; use the newest one (`/game status`)."

MOVED_BELOW = "⬇️ This board moved below: use the newest one."


async def move_board(
    table: TableService,
    channel: discord.PartialMessageable,
    game: GameRow,
    message_id: int,
    pictures: Pictures,
    retired: int | None = None,
    *,
    keep_old: bool = False,
) -> None:
    """Make `message_id` the game's live board and retire the copy it replaces
    (unless that is `retired` already), whoever posted that copy and when
    (`keep_old`: the copy is a finished game's final board, see `retire_board`)."""
    before = await table.set_board_message(game.channel_id, game.id, message_id)
    if before is not None and before > message_id:
        # a newer copy was noted first (two re-posts raced): it stays the live board
        await table.set_board_message(game.channel_id, game.id, before)
        before, message_id = message_id, before
    if before is not None and before not in (message_id, retired):
        await retire_board(channel, before, pictures, keep=keep_old)


RETIRED: dict[str, Any] = {"content": MOVED_BELOW, "embed": None, "view": None, "attachments": []}
"""What an old copy of a board is edited into when Discord refuses to delete it."""


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


def rematch_notice(old: GameRow, outcome: Outcome) -> str:
    """The rematch's first line, naming who starts: no lot is drawn then (the
    presenter may have moved the first turn on), so nothing else would say it."""
    game = outcome.game
    title = registry.get(game.game).title
    waiting = [] if outcome.state is None else registry.get(game.game).waiting_for(outcome.state)
    line = f"🔁 Rematch of game #{old.id}: {title} begins"
    if not waiting or len(waiting) == len(game.seats):
        return f"{line}!"
    names = " and ".join(f"**{game.seats[s].shown}**" for s in waiting)
    return f"{line}; {names} {'starts' if len(waiting) == 1 else 'start'}."


def board_link(game: GameRow) -> str | None:
    """A jump link to the game's board message (its final board once it is over)."""
    if game.board_message_id is None:
        return None
    guild = game.guild_id if game.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{game.channel_id}/{game.board_message_id}"


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    roles = frozenset(r.id for r in getattr(user, "roles", []))
    return Actor(
        user_id=user.id,
        name=user.display_name,
        manage_channels=interaction.permissions.manage_channels,
        role_ids=roles,
    )


def channel_id_of(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise RuleError("Games are played in a server channel or thread, not in direct messages.")
    return interaction.channel_id


ENDED_EARLY = "🏁 **Ended early**: nobody won; the board shows where the game stopped."


def board_embed(game: GameRow, state: Any, notice: str | None = None) -> discord.Embed:
    if game.status == "lobby" or (game.status == "cancelled" and state is None):
        embed = lobby_embed(game, notice)
        if game.status == "cancelled":
            embed.title = f"{registry.get(game.game).title} — table closed"
            embed.colour = COLOUR_DONE
        return embed
    presenter = presenter_for(game.game)
    embed = presenter.board(game, state)
    ended = game.status == "finished" and state is not None
    if ended and registry.get(game.game).result(state) is None:
        # ended early: the presenter's headline would still say whose turn it is
        embed.description = ENDED_EARLY
    if game.result is not None:
        embed.colour = COLOUR_DONE
        embed.add_field(
            name="Result", value=clip(str(game.result.get("summary", "")), 1024), inline=False
        )
    extra = presenter.footer(game)
    status = "" if game.status == "active" else f" · {game.status}"
    embed.set_footer(
        text=clip(
            f"{footer_head(game)} · {game.mode}{status}"
            + (f" · {extra}" if extra else ""),
            2048,
        )
    )
    return embed


def board_view(game: GameRow, state: Any, *, gm_seat: int | None = None) -> discord.ui.View:
    """The board's components. With `gm_seat`, only that seat's moves, as buttons a
    GM presses to act for it (their custom_ids say so, and the table checks)."""
    view = discord.ui.View(timeout=None)
    if game.status == "lobby":
        engine = registry.get(game.game)
        ops = ["join", "leave", "start", "cancel"]
        if engine.supports_ai and game.mode == "digital":
            ops.insert(3, "ai")
        for op in ops:
            view.add_item(LobbyButton(op, game.id))
        if game.mode == "physical":
            bot_dice = game.options.get(DICE_OPTION, DEFAULT_DICE) == "bot"
            view.add_item(LobbyButton("dice", game.id, "dice_bot" if bot_dice else None))
        return view
    if game.status == "finished":
        view.add_item(RematchButton(game.id))
        return view
    if game.status != "active" or state is None:
        return view
    engine = registry.get(game.game)
    request = engine.chance(state)
    if request is not None and not bot_draws(game, request):
        view.add_item(TableButton("rep", game.id, game.version))
        if not any(engine.acts_during_chance(state, s) for s in range(len(game.seats))):
            return view
    if gm_seat is None:
        for mine in panel_seats(game, state):
            shown = f"{MY_TURN} ({game.seats[mine].shown})"
            view.add_item(PanelButton(game.id, game.version, mine, shown))
    for label, code, seat in presenter_for(game.game).action_buttons(game, state):
        if gm_seat is None or seat in (gm_seat, None):
            view.add_item(
                MoveButton(
                    game.id,
                    game.version,
                    _addressed(seat, gm_seat),
                    code,
                    label,
                    gm=gm_seat is not None,
                )
            )
    for choice in action_selects(presenter_for(game.game), game, state):
        if gm_seat is None or choice.shared or choice.seat == gm_seat:
            view.add_item(
                MoveSelect(
                    game.id,
                    game.version,
                    _addressed(None if choice.shared else choice.seat, gm_seat),
                    choice.code,
                    choice.options,
                    choice.placeholder,
                    choice.min_values,
                    choice.max_values,
                    gm=gm_seat is not None,
                )
            )
    if (gm_seat is None and engine.late_joining and len(game.seats) < engine.max_seats
            and late_join_of(game.options) != "closed"):
        view.add_item(LobbyButton("join", game.id))
    if gm_seat is None and engine.hidden_information:
        view.add_item(PrivateViewButton(game.id))
    return view


MY_TURN = "🃏 My turn"
PANEL_STALE = "That panel was out of date (the table has moved on), so nothing changed."
PANEL_EMPTY = "Nothing for you to choose here right now."
PANEL_ON_BOARD = "Nothing more to choose here: your other moves are on the board."


def panel_seats(game: GameRow, state: Any) -> list[int]:
    """The seats with moves on a private panel now, each a "🃏 My turn" on the board."""
    return [s for s in range(len(game.seats)) if private_moves(game, state, s)]


def panel_view(game: GameRow, state: Any, seat: int, *, gm: bool = False) -> discord.ui.View:
    """A seat's private panel: its hand-revealing moves, with the board's custom ids
    (the table's version included), so a click on it is checked and played like one
    on the board. With `gm`, a GM's `/game as` panel acting for the seat."""
    view = discord.ui.View(timeout=None)
    moves = private_moves(game, state, seat)
    for label, code in moves.buttons:
        view.add_item(MoveButton(game.id, game.version, seat, code, label, gm=gm))
    for choice in moves.selects:
        view.add_item(MoveSelect(game.id, game.version, seat, choice.code, choice.options,
                                 choice.placeholder, choice.min_values, choice.max_values,
                                 gm=gm))
    return view


def panel_message(
    game: GameRow, state: Any, seat: int, lead: str | None = None
) -> dict[str, Any]:
    """The panel as a message's keyword arguments: a line (`lead`, then what the
    presenter notes), the seat's hand, and its private moves (none when it has none)."""
    moves = private_moves(game, state, seat)
    lines = [line for line in (lead, moves.note) if line]
    if not moves:
        acts = state is not None and game.status == "active" and \
            registry.get(game.game).may_act(state, seat)
        lines.append(PANEL_ON_BOARD if acts else PANEL_EMPTY)
    return {"content": clip("\n".join(lines), MESSAGE_CONTENT) or None,
            "embeds": [private_embed(game, state, seat)],
            "view": panel_view(game, state, seat)}


def _on_panel(interaction: discord.Interaction[Any], gm: bool) -> bool:
    """Whether a click came from a player's own private panel (an ephemeral message
    that is not a GM's `/game as` panel)."""
    message = interaction.message
    return not gm and message is not None and message.flags.ephemeral


def _addressed(seat: int | None, gm_seat: int | None) -> int | None:
    """Whom a component is for: its seat; a shared control (None) is for every seated
    player on the board, and for the seat a GM acts for on a `/game as` panel."""
    return gm_seat if seat is None else seat


@dataclass
class RenderedBoard:
    embed: discord.Embed
    view: discord.ui.View
    picture: BoardPicture | None = None
    """A picture to upload; None when there is none or the message keeps its own."""
    shows: Shown | None = None
    """The picture the message shows once posted or edited (None: unnamed or none)."""

    def file(self) -> discord.File | None:
        if self.picture is None:
            return None
        return discord.File(io.BytesIO(self.picture.data), filename=self.picture.filename)

    def new_message(self) -> dict[str, Any]:
        """Keyword arguments to post the board (the picture, if any, attached)."""
        file = self.file()
        return {"embed": self.embed, "view": self.view, **({"file": file} if file else {})}

    def payload(self) -> dict[str, Any]:
        """The message as Discord receives it, for the secrecy check."""
        shown = self.picture.filename if self.picture else self.shows and self.shows.filename
        return message_payload(
            embeds=[self.embed.to_dict()],
            components=self.view.to_components(),
            files=[(shown, None)] if shown else [],
        )

    def edit(self) -> dict[str, Any]:
        """Keyword arguments to edit the board; a new picture replaces the old one, and
        a board without one (or whose picture did not change) leaves the attachments alone."""
        file = self.file()
        return {"embed": self.embed, "view": self.view, **({"attachments": [file]} if file else {})}


def must_draw(
    game: GameRow, state: Any, pictures: Pictures, message_id: int | None
) -> bool:
    """Whether showing `state` on `message_id` means drawing a picture (a slow step)."""
    presenter = presenter_for(game.game)
    if state is None or not isinstance(presenter, PicturePresenter):
        return False
    digest = picture_digest(presenter, game, state)
    return pictures.shown(message_id, digest) is None and pictures.drawn(digest) is None


async def render_board(
    game: GameRow,
    state: Any,
    notice: str | None = None,
    *,
    pictures: Pictures | None = None,
    message_id: int | None = None,
    guard: SecrecyGuard | None = None,
) -> RenderedBoard:
    """Embed, components and (for games that draw one) the picture. With `pictures`,
    a picture `message_id` already shows is neither drawn nor uploaded again, and one
    drawn lately is reused. Drawing runs in the worker pool (`bot.workers`), so a
    30 ms render never stalls other channels. The board is public: with `guard`, it
    is checked for the seats' secrets before anyone can send it."""
    board = await _render_board(game, state, notice, pictures=pictures, message_id=message_id)
    if guard is not None:
        guard.check(game, state, board.payload(), "the board")
    return board


async def _render_board(
    game: GameRow,
    state: Any,
    notice: str | None,
    *,
    pictures: Pictures | None,
    message_id: int | None,
) -> RenderedBoard:
    embed = board_embed(game, state, notice)
    view = board_view(game, state)
    presenter = presenter_for(game.game)
    board = RenderedBoard(embed, view)
    if state is None or not isinstance(presenter, PicturePresenter):
        return board
    pictures = pictures or Pictures(shown_kept=0, drawn_kept=0)
    digest = picture_digest(presenter, game, state)
    shown = pictures.shown(message_id, digest)
    if shown is not None:
        board.shows = shown
        embed.set_image(url=f"attachment://{shown.filename}")
        return board
    picture = pictures.drawn(digest)
    if picture is None:
        picture = await off_loop(presenter.board_picture, game, state)
        if picture is None:
            return board
        pictures.keep_drawn(digest, picture)
    board.picture = picture
    board.shows = None if digest is None else Shown(digest, picture.filename)
    embed.set_image(url=f"attachment://{picture.filename}")
    return board


def private_embed(game: GameRow, state: Any, seat: int) -> discord.Embed:
    """What only `seat` may see: the game's presenter shows it if it knows how."""
    presenter = presenter_for(game.game)
    if isinstance(presenter, PrivatePresenter):
        return presenter.private(game, state, seat)
    view = registry.get(game.game).view(state, seat)
    text = "\n".join(f"**{k}**: {v}" for k, v in view.items())
    return discord.Embed(
        title=f"Only you see this, {game.seats[seat].name}", description=clip(text, 4096)
    )


def private_embeds(game: GameRow, state: Any, seats: list[int]) -> list[discord.Embed]:
    """Every seat's hidden information, for a member who holds them all; with several
    seats, each embed is headed by its seat and character so none is mistaken."""
    embeds = [private_embed(game, state, seat) for seat in seats]
    if len(seats) > 1:
        for seat, embed in zip(seats, embeds, strict=True):
            embed.set_author(name=clip(f"Seat {seat + 1} — {game.seats[seat].shown}", EMBED_TITLE))
    return embeds


def embed_batches(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """The embeds in order, as few messages as Discord's limits allow (ten embeds and
    6,000 characters of them a message)."""
    batches: list[list[discord.Embed]] = []
    size = 0
    for embed in embeds:
        full = bool(batches) and len(batches[-1]) == MESSAGE_EMBEDS
        if not batches or full or size + len(embed) > MESSAGE_EMBED_TEXT:
            batches.append([])
            size = 0
        batches[-1].append(embed)
        size += len(embed)
    return batches


class TablesUI:
    """The interaction handlers shared by the /game cog and the board's components.
    It is handed the services it uses: the table, the board updater, and a way to
    reach a channel by id, never the bot itself."""

    def __init__(
        self,
        table: TableService,
        boards: BoardRequests,
        channel_of: ChannelOf,
        pictures: Pictures | None = None,
    ) -> None:
        self.table = table
        self.boards = boards
        self.channel_of = channel_of
        self.pictures = pictures or Pictures()
        self.pings = TurnPings(table)

    # Components

    async def lobby_click(
        self, interaction: discord.Interaction[Any], op: str, game_id: int
    ) -> None:
        channel = channel_id_of(interaction)
        actor = actor_of(interaction)
        guild = interaction.guild_id
        change: Awaitable[Outcome]
        if op == "join":
            change = self.table.join(channel, actor, game_id)
        elif op == "leave":
            change = self.table.leave(channel, actor, game_id)
        elif op == "start":
            change = self.table.start(channel, actor, guild, game_id)
        elif op == "ai":
            change = self.table.add_ai(channel, actor, guild)
        elif op == "dice":
            change = self.table.switch_dice(channel, actor, guild, game_id)
        else:
            change = self.table.cancel(channel, actor, guild, game_id)
        try:
            outcome = await _acknowledged_in_time(interaction, change, update=True)
        except JoinAsked as asked:
            await self.ask_to_join(interaction, asked)
            return
        await self.publish_in_place(interaction, outcome)

    async def ask_to_join(self, interaction: discord.Interaction[Any], asked: JoinAsked) -> None:
        """A mid-game Join at a table that asks: the member is told privately, and the
        channel gets the question with the host's (or a GM's) two buttons."""
        await reply_ephemeral(interaction, asked.message)
        name = asked.member.name
        view = discord.ui.View(timeout=None)
        view.add_item(LateJoinButton(asked.game_id, asked.member.user_id, "yes", name))
        view.add_item(LateJoinButton(asked.game_id, asked.member.user_id, "no"))
        await self.channel_of(channel_id_of(interaction)).send(
            f"**{name}** asks to join the game. The host or a GM decides:", view=view,
            allowed_mentions=discord.AllowedMentions.none())

    async def answer_join(
        self, interaction: discord.Interaction[Any], game_id: int, user_id: int, *, yes: bool
    ) -> None:
        """The host's (or a GM's) answer; the question's buttons go once answered."""
        actor = actor_of(interaction)
        member = await _member_actor(interaction, user_id)
        if not yes:
            current = await self.table.current(channel_id_of(interaction))
            game = current.game if current is not None else None
            if not await self.table.is_gm(game, actor, interaction.guild_id):
                raise RuleError("Only the host, a member with Manage Channels, or the server's"
                                " GM role can answer that.")
            await interaction.response.edit_message(
                content=f"{actor.name} did not let {member.name} join.", view=None)
            return
        outcome = await self.table.let_join(
            channel_id_of(interaction), actor, interaction.guild_id, game_id, member)
        await interaction.response.edit_message(content=outcome.notice, view=None)
        self.boards.request(outcome)

    async def move_click(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        seat: int | None,
        code: str,
        values: list[str],
        *,
        gm: bool = False,
    ) -> None:
        """A move from the board, or (`gm`) from a GM's `/game as` panel for a seat.
        A shared control (seat None) acts for the presser's seat. Once the cheap checks
        pass (live board, the presser's seat, a move the board offers), the click is
        acknowledged before the table's lock: under load the change queues behind
        other tables and its commit waits for the disk, and the board edit that shows
        the move (after the commit) must not hold back the answer to Discord."""
        channel = channel_id_of(interaction)
        actor = actor_of(interaction)
        if _on_panel(interaction, gm) and seat is not None:
            await self._panel_click(interaction, game_id, version, seat, code, values)
            return
        current = await self._still_current(interaction, game_id, version)
        game = current.game
        if seat is None:
            seat = await self._shared_seat(current, actor, interaction.guild_id)
        elif not gm and seat not in game.seats_of(actor.user_id):
            if not 0 <= seat < len(game.seats):
                raise RuleError("Those buttons belong to no seat at this table; use the"
                                " buttons on the live board (`/game status`).")
            raise RuleError(f"Those buttons are for {game.seats[seat].shown}.")
        presenter = presenter_for(game.game)
        action = presenter.decode(game, current.state, seat, code, values)
        form_next = not gm and _forms_follow(presenter, game)
        if not gm and not form_next:
            await interaction.response.defer()
        change = self.table.act(
            channel,
            actor,
            action,
            expected_version=version,
            guild_id=interaction.guild_id,
            as_seat=seat,
        )
        outcome = await _acknowledged_in_time(interaction, change, update=not gm)
        if form_next and await self._form_follows(interaction, outcome):
            return
        if gm:
            await self.publish_reply(interaction, outcome)
        else:
            await self.publish_in_place(interaction, outcome)

    async def open_panel(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int
    ) -> None:
        """"🃏 My turn": the seat's private panel, for its player alone. Anyone else gets
        one sentence (a GM acts for a seat through `/game as`); nothing changes."""
        current = await self._still_current(interaction, game_id)
        game = current.game
        if seat not in game.seats_of(interaction.user.id):
            if not 0 <= seat < len(game.seats):
                raise RuleError("That button belongs to no seat at this table.")
            raise RuleError(f"That panel is {game.seats[seat].shown}'s; a GM acts for a"
                            " player with `/game as`.")
        await interaction.response.send_message(
            **panel_message(game, current.state, seat), ephemeral=True
        )

    async def _panel_click(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        seat: int,
        code: str,
        values: list[str],
    ) -> None:
        """A move from a player's private panel: played through the table like a board
        click, then the panel is redrawn in place for the new state (so the player can
        go on: equip, then attack), the events follow in public, and the board catches
        up. A panel a step behind is redrawn with one sentence and changes nothing."""
        current = await self._still_current(interaction, game_id)
        game = current.game
        if seat not in game.seats_of(interaction.user.id):
            raise RuleError(f"Those buttons are for {game.seats[seat].shown}.")
        if game.version != version:
            await interaction.response.edit_message(
                **panel_message(game, current.state, seat, PANEL_STALE)
            )
            return
        presenter = presenter_for(game.game)
        action = presenter.decode(game, current.state, seat, code, values)
        form_next = _forms_follow(presenter, game)
        if not form_next:
            await interaction.response.defer()
        outcome = await _acknowledged_in_time(interaction, self.table.act(
            channel_id_of(interaction), actor_of(interaction), action,
            expected_version=version, guild_id=interaction.guild_id, as_seat=seat,
        ), update=True)
        if form_next and await self._form_follows(interaction, outcome):
            return
        panel = panel_message(outcome.game, outcome.state, seat)
        if interaction.response.is_done():
            await interaction.edit_original_response(**panel)
        else:
            await interaction.response.edit_message(**panel)
        self.boards.request(outcome)
        await self._announce(interaction, outcome)
        await self._whisper(interaction, outcome)

    async def _shared_seat(self, current: Outcome, actor: Actor, guild_id: int | None) -> int:
        """The seat a shared control acts for: the presser's own seat that may act, or,
        for an unseated GM, the first seat the game waits for."""
        game, state = current.game, current.state
        engine = registry.get(game.game)
        seat = seat_for(engine, game, state, actor.user_id)
        if seat is not None:
            return seat
        if not await self.table.is_gm(game, actor, guild_id):
            raise RuleError("Only seated players use the table's buttons; you can watch the board.")
        waiting = engine.waiting_for(state) or engine.to_move(state)
        if not waiting:
            raise RuleError("Nobody can act right now.")
        return waiting[0]

    async def _still_current(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | None = None
    ) -> Outcome:
        """The channel's game, if a component's game (and version) is still the live one."""
        channel = channel_id_of(interaction)
        current = await self.table.current(channel)
        if current is None or current.game.id != game_id:
            elsewhere = await self.table.storage.game(game_id)
            if elsewhere is not None and elsewhere.channel_id != channel:
                raise StaleBoard(f"That board belongs to a game in <#{elsewhere.channel_id}>;"
                                 " its buttons work there, not here.")
            raise StaleBoard("That game is over; use `/game status` to see this channel's table.")
        if version is not None and current.game.version != version:
            await self._heal_stale(interaction, current)
        return current

    async def _heal_stale(self, interaction: discord.Interaction[Any], current: Outcome) -> None:
        """A click on a board showing an older step changes nothing, and the live board
        catches up: an edit lost a race, or a bot stopped between a change and its
        edit. A copy that is not the live board (a re-post cut short by a restart left
        it, noted or not) is deleted, so no second board lingers."""
        message = interaction.message
        if message is None or message.flags.ephemeral:  # a GM's panel, not a board
            raise StaleBoard(OUT_OF_DATE)
        game = current.game
        if game.board_message_id is None:
            await self._remember_board(game, message.id)
        latest = await self.table.latest(game)
        self.boards.request(latest)
        if latest.game.board_message_id != message.id:
            await retire_board(self.channel_of(game.channel_id), message.id, self.pictures)
            raise StaleBoard(OUT_OF_DATE)
        raise StaleBoard("That board was a step behind; it now shows the current state,"
                         " so please try again.")

    async def show_private(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """"My hand": the hidden information of every seat the member holds (a GM may
        hold several at a physical table), only ever ephemerally; for a member whose
        one seat has private moves now, its panel ("🃏 My turn")."""
        current = await self._still_current(interaction, game_id)
        game = current.game
        seats = game.seats_of(interaction.user.id)
        if not seats:
            raise RuleError("You're not seated at this table, so there is nothing hidden for you.")
        if len(seats) == 1 and private_moves(game, current.state, seats[0]):
            # the hand and the moves it allows, in one panel
            await interaction.response.send_message(
                **panel_message(game, current.state, seats[0]), ephemeral=True
            )
            return
        first, *rest = embed_batches(private_embeds(game, current.state, seats))
        content = f"Only you see this: {seats_phrase(game, seats)}." if len(seats) > 1 else None
        await interaction.response.send_message(content, embeds=first, ephemeral=True)
        for batch in rest:
            await interaction.followup.send(embeds=batch, ephemeral=True)

    async def afk_click(
        self, interaction: discord.Interaction[Any], op: str, game_id: int, version: int
    ) -> None:
        channel = channel_id_of(interaction)
        await self._still_current(interaction, game_id)
        outcome = await self.table.afk(
            channel, actor_of(interaction), interaction.guild_id, op, version
        )
        await interaction.response.edit_message(view=None)
        await self._announce(interaction, outcome)
        self.boards.request(outcome)

    async def open_report(
        self, interaction: discord.Interaction[Any], game_id: int, version: int
    ) -> None:
        current = await self._still_current(interaction, game_id, version)
        request = registry.get(current.game.game).chance(current.state)
        if request is None:
            raise RuleError("Nothing needs reporting right now.")
        # refused before the form opens, not after the player has filled it in
        await self.table.reporting_seat(
            current.game, request, actor_of(interaction), interaction.guild_id
        )
        await self._send_form(interaction, current, request)

    async def _send_form(
        self, interaction: discord.Interaction[Any], current: Outcome, request: ChanceRequest
    ) -> None:
        game = current.game
        modal = ReportModal(self, game.game, request, game.id, game.version)
        self.table.secrecy.check(
            game, current.state, modal.to_dict(), "the report form of a public button"
        )
        await interaction.response.send_modal(modal)

    async def _form_follows(self, interaction: discord.Interaction[Any], outcome: Outcome) -> bool:
        """For a table whose presenter's `form_follows` says so: a move that leaves the table
        waiting for a report its own player makes (a card shown, their dice) opens that
        form at once instead of the board's Report button, one press fewer. A slow change
        (already acknowledged) or a report for someone else keeps the button."""
        request = registry.get(outcome.game.game).chance(outcome.state)
        if request is None or interaction.response.is_done():
            return False
        try:
            await self.table.reporting_seat(
                outcome.game, request, actor_of(interaction), interaction.guild_id)
        except RuleError:
            return False
        await self._send_form(interaction, outcome, request)
        self.boards.request(outcome)
        await self._announce(interaction, outcome)
        return True

    async def submit_report(
        self, interaction: discord.Interaction[Any], version: int, values: list[str]
    ) -> None:
        channel = channel_id_of(interaction)
        outcome = await self.table.report(
            channel,
            actor_of(interaction),
            values,
            expected_version=version,
            guild_id=interaction.guild_id,
        )
        await self.publish_reply(interaction, outcome)

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The same seats and options as a finished game, started at once; a game's
        presenter may move who starts on a seat (`rematch_options`). Seating everyone
        takes several steps, so a slow one is acknowledged first."""
        channel = channel_id_of(interaction)
        guild = interaction.guild_id
        old = await self.table.storage.game(game_id)
        if old is None or old.status != "finished" or old.channel_id != channel:
            raise RuleError("Only a finished game of this channel can be played again.")
        presser = actor_of(interaction)
        if old.seat_of(presser.user_id) is None and not await self.table.is_gm(
            old, presser, guild
        ):
            raise RuleError("Only its players or a GM can start a rematch.")
        humans = [s for s in old.seats if not s.ai and s.user_id is not None]
        if not humans or len({s.user_id for s in humans}) != len(humans):
            raise RuleError(
                "A rematch seats each member once; open a table with `/game new` instead."
            )
        outcome = await _acknowledged_in_time(
            interaction, self._seat_again(old, humans, guild), update=True
        )
        outcome.notice = rematch_notice(old, outcome)
        await _edit_clicked(interaction, view=None)
        await self._post_board(outcome)
        await self._announce(interaction, outcome)

    async def _seat_again(
        self, old: GameRow, humans: list[SeatRow], guild: int | None
    ) -> Outcome:
        """Open `old`'s table again with its options, seat its players and start."""
        host = next((s for s in humans if s.user_id == old.host_id), humans[0])
        host_actor = Actor(user_id=host.user_id or 0, name=host.name)
        options = {k: v for k, v in old.options.items() if k not in ("mode", "pack")}
        options = rematch_options(old, (await self.table.latest(old)).state, options)
        outcome = await self.table.new_game(
            channel_id=old.channel_id,
            guild_id=guild,
            host=host_actor,
            game_key=old.game,
            mode=old.mode,
            options=options,
        )
        new_id = outcome.game.id
        for seat in old.seats:
            if seat.ai:
                await self.table.add_ai(old.channel_id, host_actor, guild)
            elif seat.user_id != host.user_id and seat.user_id is not None:
                await self.table.join(old.channel_id, Actor(seat.user_id, seat.name), new_id)
        return await self.table.start(old.channel_id, host_actor, guild, new_id)

    async def confirm_end(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        channel = channel_id_of(interaction)
        outcome = await self.table.end(
            channel, actor_of(interaction), interaction.guild_id, game_id=game_id
        )
        await interaction.response.edit_message(content=outcome.notice, view=None)
        self.boards.request(outcome)

    def end_confirmation(self, game: GameRow) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(TableButton("end", game.id, game.version))
        return view

    # Publishing

    async def followup(
        self,
        interaction: discord.Interaction[Any],
        text: str,
        mentions: discord.AllowedMentions | None = None,
    ) -> None:
        """A public message after the reply. An interaction's token dies after 15
        minutes; past that (or if Discord refuses it) the bot posts in the channel
        with its own token instead, so nothing is lost. It notifies nobody unless
        `mentions` names whom."""
        allowed = mentions or discord.AllowedMentions.none()
        if not interaction.is_expired():
            try:
                await interaction.followup.send(text, allowed_mentions=allowed)
                return
            except discord.HTTPException as exc:
                if exc.status not in (401, 404):
                    raise
                log.info("interaction %s token refused; posting in the channel", interaction.id)
        if interaction.channel_id is not None:
            await self.channel_of(interaction.channel_id).send(text, allowed_mentions=allowed)

    async def _said(
        self, interaction: discord.Interaction[Any], outcome: Outcome
    ) -> tuple[list[str], discord.AllowedMentions]:
        """What a change says in public, and the mentions its last message allows: the
        event lines with the turn ping folded into the last of them (one message
        rather than two; only the members pinged are notified), or the ping alone."""
        texts = self._event_texts(outcome)
        for text in texts:
            self.table.secrecy.check(
                outcome.game, outcome.state, message_payload(content=text), "the event lines"
            )
        ping = await self.pings.after(outcome, interaction.user.id)
        if ping is None:
            return texts, discord.AllowedMentions.none()
        if texts and len(texts[-1]) + 1 + len(ping.text) <= MESSAGE_CONTENT:
            return [*texts[:-1], f"{texts[-1]}\n{ping.text}"], ping.allowed
        return [*texts, ping.text], ping.allowed

    async def _announce(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """The change's event lines and turn ping (`_said`) as follow-ups."""
        texts, mentions = await self._said(interaction, outcome)
        for i, text in enumerate(texts):
            await self.followup(interaction, text, mentions if i == len(texts) - 1 else None)

    def _event_texts(self, outcome: Outcome) -> list[str]:
        lines = presenter_for(outcome.game.game).event_lines(outcome.game, outcome.events)
        if outcome.notice:
            lines.insert(0, outcome.notice)
        chunks: list[str] = []
        current = ""
        for line in lines:
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) > MESSAGE_CONTENT:
                chunks.append(current)
                current = clip(line, MESSAGE_CONTENT)
            else:
                current = candidate
        if current:
            chunks.append(current)
        if len(chunks) > MAX_EVENT_MESSAGES:
            chunks = [*chunks[: MAX_EVENT_MESSAGES - 1], "… (see `/game log` for everything)"]
        return chunks

    async def publish_in_place(
        self, interaction: discord.Interaction[Any], outcome: Outcome
    ) -> None:
        """A click on the board: the board itself is edited, then events follow. A
        picture to draw is a slow step, so the click is acknowledged first. When the
        board has scrolled out of sight, it is posted again at the bottom first, and
        only then is the clicked copy deleted (the click acknowledged first): a bot
        stopped in between leaves a board with working buttons, never none. An old copy clicked
        in a race with a re-post just retires; the live board shows the move."""
        live = outcome.game.board_message_id
        clicked = interaction.message.id if interaction.message is not None else None
        stale_copy = clicked is not None and live is not None and clicked < live
        in_place = not stale_copy and not self.boards.scrolled(
            outcome.game.channel_id, clicked or live
        )
        editing = self.boards.editing(outcome.game.channel_id)
        if editing.locked() and not interaction.response.is_done():
            await interaction.response.defer()  # the board is being edited: wait in line
        async with editing:
            if not in_place:
                if not stale_copy:
                    await _acknowledged_in_time(
                        interaction, self._post_board(outcome, retired=clicked), update=True
                    )
                if not interaction.response.is_done():
                    await interaction.response.defer()
                if clicked is not None:
                    await retire_board(self.channel_of(outcome.game.channel_id), clicked,
                                       self.pictures)
                if stale_copy:
                    self.boards.request(outcome)
            else:
                await self._edit_in_place(interaction, outcome, clicked, live)
        await self._announce(interaction, outcome)
        await self._whisper(interaction, outcome)
        latest = await self.table.latest(outcome.game)
        moved = in_place and latest.game.board_message_id != clicked
        if moved and clicked is not None:
            # a re-post raced this edit: the copy just edited must not keep buttons
            await retire_board(self.channel_of(outcome.game.channel_id), clicked, self.pictures)
        if latest.game.version > outcome.game.version or moved:
            self.boards.request(latest)

    async def _edit_in_place(
        self,
        interaction: discord.Interaction[Any],
        outcome: Outcome,
        clicked: int | None,
        live: int | None,
    ) -> None:
        """Answer the click by editing its board, under the channel's edit lock, to the
        newest state: a change made since (another click, a timer) must not be
        overwritten by this older one landing last."""
        newest = await self.table.latest(outcome.game)
        shown = newest if key_of(newest) > key_of(outcome) else outcome
        if not interaction.response.is_done() and must_draw(
            shown.game, shown.state, self.pictures, clicked
        ):
            await interaction.response.defer()
        board = await render_board(
            shown.game, shown.state, pictures=self.pictures, message_id=clicked,
            guard=self.table.secrecy,
        )
        await _edit_clicked(interaction, **board.edit())
        self.pictures.record(clicked, board.shows)
        if clicked is not None and (live is None or clicked > live):
            # clicked before the table noted it: the lobby's first reply, or a re-post
            # cut short by a restart (posted, not yet noted); the older copy retires
            await self._remember_board(outcome.game, clicked)

    async def publish_reply(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """A slash command or a form: reply with what happened (the turn ping folded
        in); the board follows."""
        texts, mentions = await self._said(interaction, outcome)
        texts = texts or ["Done."]
        first = mentions if len(texts) == 1 else discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(texts[0], allowed_mentions=first)
        else:
            await interaction.response.send_message(texts[0], allowed_mentions=first)
        for i, text in enumerate(texts[1:], start=2):
            await self.followup(interaction, text, mentions if i == len(texts) else None)
        await self._whisper(interaction, outcome)
        self.boards.request(outcome)

    async def _whisper(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """What only the member who made the change may see (a card they drew)."""
        for text in whispers_for(outcome.game, outcome.state, outcome.events,
                                 interaction.user.id):
            await interaction.followup.send(clip(text, MESSAGE_CONTENT), ephemeral=True)

    async def post_board(
        self, interaction: discord.Interaction[Any], outcome: Outcome, notice: str | None = None
    ) -> None:
        """Reply with a fresh board, which becomes the game's live board."""
        board = await render_board(
            outcome.game, outcome.state, notice, pictures=self.pictures, guard=self.table.secrecy
        )
        response = await interaction.response.send_message(**board.new_message())
        message_id = response.message_id
        if message_id is None:
            message_id = (await interaction.original_response()).id
        self.pictures.record(message_id, board.shows)
        await move_board(
            self.table,
            self.channel_of(outcome.game.channel_id),
            outcome.game,
            message_id,
            self.pictures,
            keep_old=outcome.game.status == "finished",
        )

    async def _post_board(self, outcome: Outcome, retired: int | None = None) -> None:
        """Post a fresh board at the bottom of the channel as the game's live board
        (`retired`: the copy it replaces, which the caller retires itself)."""
        game = outcome.game
        channel = self.channel_of(game.channel_id)
        board = await render_board(
            game, outcome.state, pictures=self.pictures, guard=self.table.secrecy
        )
        posted = await channel.send(**board.new_message())
        self.pictures.record(posted.id, board.shows)
        await move_board(self.table, channel, game, posted.id, self.pictures, retired)

    async def _remember_board(self, game: GameRow, message_id: int) -> None:
        await move_board(
            self.table, self.channel_of(game.channel_id), game, message_id, self.pictures
        )


def key_of(outcome: Outcome) -> tuple[int, int]:
    """Which of two outcomes of one game is newer."""
    return outcome.game.id, outcome.game.version


async def _edit_clicked(interaction: discord.Interaction[Any], **changes: Any) -> None:
    """Edit the message whose component was clicked, whether the click was already
    acknowledged (deferred) or not."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**changes)
    else:
        await interaction.response.edit_message(**changes)


def _forms_follow(presenter: object, game: GameRow) -> bool:
    """Whether the presenter has this table's moves open the form they wait for
    (`form_follows(game)`): such a move is not deferred up front, so it must be quick
    to make (no AI play-out behind it), which the presenter judges."""
    follows = getattr(presenter, "form_follows", None)
    return callable(follows) and bool(follows(game))


async def _acknowledged_in_time(
    interaction: discord.Interaction[Any], change: Awaitable[T], *, update: bool
) -> T:
    """Wait for a change; if it takes longer than `DEFER_AFTER` (a long AI play-out,
    a queue behind other tables), acknowledge the interaction first so it never
    misses Discord's window (`update`: as an edit of the clicked message to come,
    else as a reply to come), then finish. Errors still reach the player: the error
    handler follows up once an interaction is acknowledged."""
    task = asyncio.ensure_future(change)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done and not interaction.response.is_done():
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True)
    return await task


async def _member_actor(interaction: discord.Interaction[Any], user_id: int) -> Actor:
    """The member a GM lets in, by id (the button carries only that): their name from
    the server, or a plain 'Player' if they left it meanwhile."""
    guild = interaction.guild
    member = guild.get_member(user_id) if guild is not None else None
    if member is None and guild is not None:
        with contextlib.suppress(discord.HTTPException):
            member = await guild.fetch_member(user_id)
    return Actor(user_id=user_id, name=member.display_name if member is not None else "Player")
