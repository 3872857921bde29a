"""The board as Discord shows it: embed, components and picture, and a seat's panel.

Pure rendering from a game row and its state; nothing here talks to Discord or
reads the table. The click handlers (`bot/clicks.py`), the publishing path
(`bot/publishing.py`) and the live board (`bot/live_board.py`) draw with it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.models import GameRow
from bot.render.games import (
    LAID_OUT,
    BoardPicture,
    PicturePresenter,
    PrivatePresenter,
    board_moves,
    footer_head,
    lobby_embed,
    offers,
    presenter_for,
    private_moves,
)
from bot.render.per_version import known, once
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
from bot.table import Outcome, bot_draws
from bot.table_options import DEFAULT_DICE, DICE_OPTION, late_join_of
from bot.ui.components import (
    LobbyButton,
    MoveButton,
    MoveSelect,
    PanelButton,
    PrivateViewButton,
    RematchButton,
    RoutedView,
    TableButton,
)
from bot.web.links import REPLAY_BUTTONS
from bot.workers import off_loop
from engines import registry


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
    view = RoutedView()
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
        replay = REPLAY_BUTTONS.url(game)
        if replay is not None:
            view.add_item(discord.ui.Button(label="▶ Replay", url=replay))
        return view
    if game.status != "active" or state is None:
        return view
    engine = registry.get(game.game)
    request = engine.chance(state)
    if request is not None and not bot_draws(game, request):
        view.add_item(TableButton("rep", game.id, game.version))
        if not any(engine.acts_during_chance(state, s) for s in range(len(game.seats))):
            return view
    moves = board_moves(game, state)
    if gm_seat is None:
        for mine in sorted(moves.panels):
            shown = f"{MY_TURN} ({game.seats[mine].shown})"
            view.add_item(PanelButton(game.id, game.version, mine, shown))
    for label, code, seat in moves.buttons:
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
    for choice in moves.selects:
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
    return sorted(board_moves(game, state).panels)


def panel_view(game: GameRow, state: Any, seat: int, *, gm: bool = False) -> discord.ui.View:
    """A seat's private panel: its hand-revealing moves, with the board's custom ids
    (the table's version included), so a click on it is checked and played like one
    on the board. With `gm`, a GM's `/game as` panel acting for the seat."""
    view = RoutedView()
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
        return discord.File(io.BytesIO(self.picture.data), filename=self.picture.filename,
                            description=self.picture.description or None)

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
            files=[(shown, self.picture.description if self.picture else None)] if shown else [],
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
    if state is None or not offers(presenter, PicturePresenter):
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
    is checked for the seats' secrets before anyone can send it. A version drawn for the
    first time is laid out in the worker pool too (`_laid_out_embed`)."""
    if state is not None and game.status == "active" and not known(game, state, LAID_OUT):
        embed = await off_loop(_laid_out_embed, game, state, notice)
    else:
        embed = board_embed(game, state, notice)
    board = await _render_board(game, state, embed, pictures=pictures, message_id=message_id)
    if guard is not None:
        guard.check(game, state, board.payload(), "the board")
    return board


def _laid_out_embed(game: GameRow, state: Any, notice: str | None) -> discord.Embed:
    """A version's first drawing: its moves laid out (kept for its components, the
    panels and the decoder of the next click) and its embed, both pure and the slow part
    of a board (Hellraiser's hundreds of moves took up to 90 ms, Hellboy's exact odds
    tens), so they are worked out in the worker pool; the components are then made on
    the loop from the layout kept."""
    board_moves(game, state)
    return board_embed(game, state, notice)


async def _render_board(
    game: GameRow,
    state: Any,
    embed: discord.Embed,
    *,
    pictures: Pictures | None,
    message_id: int | None,
) -> RenderedBoard:
    view = board_view(game, state)
    presenter = presenter_for(game.game)
    board = RenderedBoard(embed, view)
    if state is None or not offers(presenter, PicturePresenter):
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
        picture = await off_loop(cast(PicturePresenter, presenter).board_picture, game, state)
        if picture is None:
            return board
        pictures.keep_drawn(digest, picture)
    board.picture = picture
    board.shows = None if digest is None else Shown(digest, picture.filename)
    embed.set_image(url=f"attachment://{picture.filename}")
    return board


def private_embed(game: GameRow, state: Any, seat: int) -> discord.Embed:
    """What only `seat` may see: the game's presenter shows it if it knows how. Made
    once per version and seat (`bot.render.per_version`): a seat's panel is drawn
    after each of its moves and again when "🃏 My turn" opens it, the same hand each
    time, and Hellbringer's is an engine view of every card. Each caller gets its own
    copy, since some head it (`private_embeds`)."""
    shown = once(game, state, f"{PRIVATE_EMBED} {seat}",
                 lambda: _private_embed(game, state, seat).to_dict())
    return discord.Embed.from_dict({
        key: [dict(f) for f in value] if isinstance(value, list)
        else dict(value) if isinstance(value, dict) else value
        for key, value in shown.items()
    })


PRIVATE_EMBED = "private embed"
"""The name a seat's private embed is kept under per version (with the seat)."""


def _private_embed(game: GameRow, state: Any, seat: int) -> discord.Embed:
    presenter = presenter_for(game.game)
    if offers(presenter, PrivatePresenter):
        return cast(PrivatePresenter, presenter).private(game, state, seat)
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


