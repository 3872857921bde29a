"""How each game's table is shown: a registry of per-game presenters.

A game without its own presenter gets the generic one, which shows seats and
turn order from the engine's view and offers one button per legal action.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, cast, runtime_checkable

import discord
from PIL import Image

from bot.models import GameRow
from bot.render import per_version
from bot.render.style import COLOUR_DONE, COLOUR_LOBBY, COLOUR_PLAY, FIELD_VALUE, clip
from bot.table_options import DEFAULT_DICE, DICE_OPTION, LATE_JOIN_SHOWN, late_join_of
from engines import registry
from engines.core.errors import RuleError
from engines.core.protocol import Event
from engines.registry import AnyEngine

MAX_ACTION_BUTTONS = 20


@dataclass(frozen=True)
class SelectChoice:
    """A select menu for a player's choice that buttons can't hold (several values at once,
    or more options than fit as buttons). The picked values travel to `Presenter.decode`.
    At most 25 options; a board shows it as a `MoveSelect` on a row of its own.
    `shared` addresses it to every seated player, like a shared button (`seat` is then
    unused: `decode` gets the chooser's seat)."""

    code: str
    seat: int
    placeholder: str
    options: list[discord.SelectOption] = field(default_factory=list)
    min_values: int = 1
    max_values: int = 1
    shared: bool = False


class Presenter(Protocol):
    """What a game supplies to be shown in Discord."""

    def board(self, game: GameRow, state: Any) -> discord.Embed: ...

    def action_buttons(self, game: GameRow, state: Any) -> Sequence[tuple[str, str, int | None]]:
        """(label, code, seat) per button for the choices of the seats that may act.
        Seat None is a shared control ("Next phase"): any seated player may press it,
        and `decode` gets the presser's seat."""

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        """The engine action a button code (and select values) stands for."""

    def event_lines(self, game: GameRow, events: list[Event]) -> list[str]: ...

    def footer(self, game: GameRow) -> str: ...


@runtime_checkable
class SelectingPresenter(Protocol):
    """A presenter that also offers select menus: an optional hook, so presenters
    written before it (or with nothing to select) need not change."""

    def action_selects(self, game: GameRow, state: Any) -> list[SelectChoice]: ...


@dataclass(frozen=True)
class BoardPicture:
    """A drawn board, attached to the board message and shown as the embed's image."""

    filename: str
    data: bytes
    description: str = ""
    """Alt text (at most 1,024 characters): the state in words, for screen readers and
    a picture that did not load; public, so it names no secret."""


@runtime_checkable
class PicturePresenter(Protocol):
    """A presenter that draws its board (optional hook). Called in a worker thread,
    so it must not touch the event loop; None when there is nothing to draw."""

    def board_picture(self, game: GameRow, state: Any) -> BoardPicture | None: ...


@runtime_checkable
class FramePresenter(Protocol):
    """A picture presenter that also hands over its drawing before encoding (optional
    hook), so an animation maps every frame onto one palette; None: nothing drawn."""

    def board_frame(self, game: GameRow, state: Any) -> Image.Image | None: ...


@runtime_checkable
class PrivatePresenter(Protocol):
    """A presenter that shows a seat its hidden information its own way (optional)."""

    def private(self, game: GameRow, state: Any, seat: int) -> discord.Embed: ...


@dataclass(frozen=True)
class PrivateMoves:
    """One seat's moves that would reveal what it holds (the cards in a hand), for its
    own ephemeral panel rather than the public board: buttons as (label, code), menus
    as on the board, and a `note` the panel opens with (what a partner offers, say)."""

    buttons: list[tuple[str, str]] = field(default_factory=list)
    selects: list[SelectChoice] = field(default_factory=list)
    note: str = ""

    def __bool__(self) -> bool:
        return bool(self.buttons or self.selects)


@runtime_checkable
class PrivateMovesPresenter(Protocol):
    """A presenter that keeps a seat's hand-revealing moves off the public board
    (optional): the board shows a "🃏 My turn" button that names nothing, and the
    seat's panel, sent only to its player, holds these moves. Its codes are decoded by
    `Presenter.decode` like the board's; `action_buttons` / `action_selects` must then
    leave these moves out."""

    def private_moves(self, game: GameRow, state: Any, seat: int) -> PrivateMoves: ...


def private_moves(game: GameRow, state: Any, seat: int) -> PrivateMoves:
    """The seat's panel moves: none for a presenter without the hook, an AI seat, or a
    table that is not in play. Asked once per version and seat, and alone: the panel
    a player's pick redraws on the event loop needs neither the board nor the others'."""
    presenter = presenter_for(game.game)
    if not offers(presenter, PrivateMovesPresenter) or state is None or \
            game.status != "active" or not 0 <= seat < len(game.seats) or game.seats[seat].ai:
        return NO_MOVES
    private = cast(PrivateMovesPresenter, presenter)
    return per_version.once(game, state, f"{PANEL} {seat}",
                            lambda: private.private_moves(game, state, seat) or NO_MOVES)


PANEL = "panel"
"""The name a seat's panel moves are kept under per version (with the seat)."""
NO_MOVES = PrivateMoves()


@dataclass(frozen=True)
class BoardMoves:
    """Every move a state's board offers: its buttons and menus, and each seat's
    private panel. Laid out once per version (`board_moves`) and shared by the board's
    components, the panels and the "🃏 My turn" buttons; its lists must not be changed."""

    buttons: Sequence[tuple[str, str, int | None]] = ()
    selects: Sequence[SelectChoice] = ()
    panels: dict[int, PrivateMoves] = field(default_factory=dict)


LAID_OUT = "board moves"
"""The name `board_moves` keeps its layout under in `bot.render.per_version`."""


def board_moves(game: GameRow, state: Any) -> BoardMoves:
    """The presenter's moves for this version of the game, asked once: a layout can be
    most of drawing a board (hundreds of Hellraiser moves, Hellbringer's menus)."""
    return per_version.once(game, state, LAID_OUT, lambda: _laid_out(game, state))


def _laid_out(game: GameRow, state: Any) -> BoardMoves:
    presenter = presenter_for(game.game)
    if state is None or game.status != "active":
        return BoardMoves()
    panels: dict[int, PrivateMoves] = {}
    if offers(presenter, PrivateMovesPresenter):
        for seat in range(len(game.seats)):
            moves = private_moves(game, state, seat)
            if moves:
                panels[seat] = moves
    return BoardMoves(presenter.action_buttons(game, state),
                      action_selects(presenter, game, state), panels)


@runtime_checkable
class RematchPresenter(Protocol):
    """A presenter that adjusts a finished game's options for its rematch (optional),
    e.g. so that who starts moves on a seat; the table's seats and other options stay."""

    def rematch_options(
        self, game: GameRow, state: Any, options: dict[str, Any]
    ) -> dict[str, Any]: ...


def rematch_options(game: GameRow, state: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The options a rematch of `game` (ended in `state`) opens with."""
    presenter = presenter_for(game.game)
    if isinstance(presenter, RematchPresenter):
        return presenter.rematch_options(game, state, options)
    return options


@runtime_checkable
class WhisperingPresenter(Protocol):
    """A presenter with lines for one seat's eyes after a change (optional): the card
    it drew, say, while the channel is told only that a card was drawn."""

    def whispers(self, game: GameRow, state: Any, events: list[Event], seat: int) -> list[str]:
        ...


def whispers_for(game: GameRow, state: Any, events: list[Event], user_id: int) -> list[str]:
    """The private lines for the member `user_id` (their seats), which the bot sends
    only to them: none for a presenter without the hook."""
    presenter = presenter_for(game.game)
    if not offers(presenter, WhisperingPresenter) or state is None:
        return []
    whispering = cast(WhisperingPresenter, presenter)
    return [line for seat in game.seats_of(user_id)
            for line in whispering.whispers(game, state, events, seat)]


@runtime_checkable
class LobbyPresenter(Protocol):
    """A presenter that explains its game in the lobby (optional): how to play, the
    table's options and the house options there are, as (name, value) embed fields."""

    def lobby_fields(self, game: GameRow) -> list[tuple[str, str]]: ...


def action_selects(presenter: Presenter, game: GameRow, state: Any) -> list[SelectChoice]:
    """The presenter's select menus, or none for a presenter without the hook."""
    if offers(presenter, SelectingPresenter):
        return cast(SelectingPresenter, presenter).action_selects(game, state)
    return []


def offers(presenter: Presenter, hook: Any) -> bool:
    """Whether the presenter has an optional hook (a runtime-checkable protocol), asked
    once per presenter class: checking a protocol walks its members, a sizeable share
    of a small board drawn every click (issue 27)."""
    return _offers(type(presenter), hook)


@cache
def _offers(kind: type[Any], hook: Any) -> bool:
    return issubclass(kind, hook)


class GenericPresenter:
    def board(self, game: GameRow, state: Any) -> discord.Embed:
        engine = registry.get(game.game)
        embed = discord.Embed(title=engine.title, colour=COLOUR_PLAY)
        if game.status != "active":
            embed.colour = COLOUR_DONE
        view = engine.view(state, None) if state is not None else {}
        movers = engine.to_move(state) if state is not None else []
        lines = []
        for i, seat in enumerate(game.seats):
            marker = "▶️" if i in movers else "▫️"
            lines.append(f"{marker} {seat.shown}{' 🤖' if seat.ai else ''}")
        embed.add_field(
            name="Seats", value=clip("\n".join(lines) or "—", FIELD_VALUE), inline=False
        )
        summary = json.dumps(view, separators=(", ", ": "))
        embed.add_field(name="Table", value=clip(f"```{summary}```", FIELD_VALUE), inline=False)
        return embed

    def action_buttons(self, game: GameRow, state: Any) -> list[tuple[str, str, int | None]]:
        """Each seat's legal actions: the seats to move, then any that may react out of
        turn (`may_act`)."""
        engine = registry.get(game.game)
        buttons: list[tuple[str, str, int | None]] = []
        if state is None or engine.chance(state) is not None:
            return buttons
        movers = engine.to_move(state)
        reacting = [
            s for s in range(len(game.seats)) if s not in movers and engine.may_act(state, s)
        ]
        for seat in [*movers, *reacting]:
            if game.seats[seat].ai:
                continue
            for index, action in enumerate(per_version.legal_actions(game, state, seat)):
                buttons.append((_action_label(engine, action), str(index), seat))
        return buttons[:MAX_ACTION_BUTTONS]

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        engine = registry.get(game.game)
        legal = per_version.legal_actions(game, state, seat)
        if not code.isdigit() or int(code) >= len(legal):
            raise RuleError("That button no longer matches the table; use the newest board.")
        return engine.dump_action(legal[int(code)])

    def event_lines(self, game: GameRow, events: list[Event]) -> list[str]:
        return [e.text for e in events if e.text]

    def footer(self, game: GameRow) -> str:
        return ""


def _action_label(engine: AnyEngine, action: Any) -> str:
    data = engine.dump_action(action)
    kind = str(data.get("type", "move")) if isinstance(data, dict) else "move"
    extra = [f"{v}" for k, v in data.items() if k != "type"] if isinstance(data, dict) else []
    return clip(" ".join([kind.replace("_", " ").capitalize(), *extra]), 80)


_PRESENTERS: dict[str, Presenter] = {}
_GENERIC = GenericPresenter()


def register_presenter(game_key: str, presenter: Presenter) -> None:
    _PRESENTERS[game_key] = presenter


def unregister_presenter(game_key: str) -> None:
    """For tests that register a throwaway presenter."""
    _PRESENTERS.pop(game_key, None)


def presenter_for(game_key: str) -> Presenter:
    return _PRESENTERS.get(game_key, _GENERIC)


def footer_head(game: GameRow) -> str:
    """How every board's footer begins (the lobby's and the game's): which game, which
    version. `shown_version` reads it back."""
    return f"Game #{game.id} · v{game.version}"


FOOTER_HEAD = re.compile(r"Game #(\d+) · v(\d+)\b")


def shown_version(message: discord.Message, game_id: int) -> int | None:
    """The version of game `game_id` a board message shows, from its footer; None if it
    shows no such footer."""
    for embed in message.embeds:
        found = FOOTER_HEAD.match(embed.footer.text or "")
        if found is not None and int(found[1]) == game_id:
            return int(found[2])
    return None


def lobby_embed(game: GameRow, notice: str | None = None) -> discord.Embed:
    engine = registry.get(game.game)
    embed = discord.Embed(
        title=f"{engine.title} — table open",
        description=notice or "Press **Join** to take a seat. The host presses **Start**.",
        colour=COLOUR_LOBBY,
    )
    seats = []
    for seat in game.seats:
        crown = " 👑" if seat.user_id == game.host_id else ""
        seats.append(f"• {seat.shown}{crown}{' 🤖' if seat.ai else ''}")
    embed.add_field(
        name=f"Seats ({len(game.seats)}/{engine.max_seats}, at least {engine.min_seats})",
        value=clip("\n".join(seats) or "—", FIELD_VALUE),
        inline=False,
    )
    embed.add_field(name="Mode", value=game.mode, inline=True)
    if game.mode == "physical":
        bot_dice = game.options.get(DICE_OPTION, DEFAULT_DICE) == "bot"
        embed.add_field(name="Dice", value="the bot rolls them" if bot_dice else
                        "yours: roll them and report", inline=True)
    if engine.late_joining:
        shown = LATE_JOIN_SHOWN.get(late_join_of(game.options), "")
        embed.add_field(name="Joining once started", value=shown, inline=True)
    presenter = presenter_for(game.game)
    if isinstance(presenter, LobbyPresenter):
        for name, value in presenter.lobby_fields(game):
            embed.add_field(name=clip(name, 256), value=clip(value, FIELD_VALUE), inline=False)
    embed.set_footer(text=footer_head(game))
    return embed
