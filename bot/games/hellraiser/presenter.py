"""Hellraiser in Discord: the presenter the table uses for its board.

The game's manifest (`bot.games.hellraiser.FRONTEND`) hands it to the table
with the physical-mode forms (`forms`: dice per party, cards and map tiles by
name). The embed is drawn by `board` (with the text map, so it reads without
the picture), the picture by `picture` from the pieces `pieces` builds, chat
lines by `events`; which legal actions become buttons and menus is `menu`'s
call, and their codes are `codes`'.

Hands are never on the board: a player sees theirs through `private` (the
board's "My hand" button, or `/hellraiser hand`), which the bot always sends
ephemerally.
"""

from __future__ import annotations

import hashlib
from typing import Any

import discord
from PIL import Image

from bot.errors import ChooseFurther
from bot.games.hellraiser import codes
from bot.games.hellraiser.board import CREDIT, board, private
from bot.games.hellraiser.events import drawn_lines, event_lines
from bot.games.hellraiser.menu import (
    HAND_MOVES,
    SELECT_CODES,
    STEPPED,
    Menu,
    Select,
    creation_menus,
    hand_moves,
    menu,
    stepped_select,
)
from bot.games.hellraiser.picture import Pieces, draw_board, render_board
from bot.games.hellraiser.picture_words import describe_board
from bot.games.hellraiser.pieces import pieces, public_view
from bot.games.hellraiser.reference import lobby_fields
from bot.games.hellraiser.steps import NARROW
from bot.models import GameRow
from bot.render import per_version
from bot.render.games import BoardPicture, SelectChoice
from bot.render.style import COLOUR_PLAY
from bot.ui.components import MoveSelect, RoutedView
from engines.core.errors import RuleError
from engines.core.protocol import Event
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.board import Board

KEY = "hellraiser"
PICTURE = "hellraiser-board.png"
LAID_OUT = "hellraiser menus"
PICTURED = "hellraiser picture"
NOT_STARTED = "The game hasn't started yet: the host presses **Start**."


class HellraiserPresenter:
    """The table's view of a Hellraiser game (see bot.render.games.Presenter)."""

    def board(self, game: GameRow, state: Any) -> discord.Embed:
        if not isinstance(state, HellraiserState):
            return discord.Embed(title="Hellraiser", colour=COLOUR_PLAY)
        return board(game, state)

    def menus(self, game: GameRow, state: Any) -> list[Menu]:
        """The components of each person who may act now (none for computer players),
        laid out once per version: the board's buttons and its selects both ask."""
        if not isinstance(state, HellraiserState) or game.status != "active":
            return []
        return per_version.once(game, state, LAID_OUT, lambda: self._menus(game, state))

    def _menus(self, game: GameRow, state: HellraiserState) -> list[Menu]:
        if state.phase == "over" or ENGINE.chance(state) is not None:
            return []
        people = [s for s in ENGINE.to_move(state) if s < len(game.seats) and not game.seats[s].ai]
        if state.phase == "create":
            return [Menu(seat, selects=[select])
                    for seat, select in zip(people, creation_menus(state, people), strict=False)]
        return [menu(state, seat, per_version.legal_actions(game, state, seat))
                for seat in people[:1]]

    def action_buttons(self, game: GameRow, state: Any) -> list[tuple[str, str, int]]:
        return [(b.label, b.code, m.seat) for m in self.menus(game, state) for b in m.buttons]

    def action_selects(self, game: GameRow, state: Any) -> list[SelectChoice]:
        return [
            SelectChoice(
                code=s.code,
                seat=m.seat,
                placeholder=s.placeholder,
                options=[discord.SelectOption(label=o.label, value=o.code,
                                              description=o.description or None)
                         for o in s.options],
            )
            for m in self.menus(game, state)
            for s in m.selects
        ]

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        if not isinstance(state, HellraiserState):
            raise RuleError(NOT_STARTED)
        if code in SELECT_CODES:
            if len(values) != 1:
                raise RuleError(codes.STALE)
            if values[0] == HAND_MOVES:
                raise _privately(game, seat, hand_moves(
                    state, per_version.legal_actions(game, state, seat)))
            if code in STEPPED and values[0].startswith(NARROW):
                raise self._next_step(game, state, seat, code, values[0])
            return ENGINE.dump_action(codes.decode(values[0]))
        if values:
            raise RuleError(codes.STALE)
        return ENGINE.dump_action(codes.decode(code))

    def _next_step(self, game: GameRow, state: HellraiserState, seat: int, code: str,
                   value: str) -> ChooseFurther:
        """A stepped menu's next step (cards, moves, attacks), for the player alone: its
        select acts like a command (the move is announced in a reply, the board updates)."""
        path = STEPPED[code].parse_path(value)
        return _privately(game, seat, stepped_select(
            state, code, per_version.legal_actions(game, state, seat), path))

    def event_lines(self, game: GameRow, events: list[Event]) -> list[str]:
        return event_lines(events, [seat.name for seat in game.seats])

    def footer(self, game: GameRow) -> str:
        return CREDIT

    def whispers(self, game: GameRow, state: Any, events: list[Event], seat: int) -> list[str]:
        """The cards `seat` drew in this change, for their eyes only."""
        if not isinstance(state, HellraiserState):
            return []
        return drawn_lines(state, events, seat)

    def lobby_fields(self, game: GameRow) -> list[tuple[str, str]]:
        """How to play and this table's options, in the lobby (see `reference`)."""
        return lobby_fields(game.options, game.mode)

    def picture_digest(self, game: GameRow, state: Any) -> str | None:
        """What the picture shows: the map and its pieces, which are all it draws."""
        if not isinstance(state, HellraiserState) or state.board is None:
            return None
        return _pictured(game, state, state.board)[1]

    def board_picture(self, game: GameRow, state: Any) -> BoardPicture | None:
        """The drawn map (in a worker thread); none until the map is laid."""
        if not isinstance(state, HellraiserState) or state.board is None:
            return None
        shown = _pictured(game, state, state.board)[0]
        return BoardPicture(PICTURE, render_board(state.board, shown, palette=True),
                            describe_board(state.board, shown))

    def board_frame(self, game: GameRow, state: Any) -> Image.Image | None:
        """The drawn map before encoding: one frame of `/game gif`."""
        if not isinstance(state, HellraiserState) or state.board is None:
            return None
        return draw_board(state.board, pieces(state))

    def private(self, game: GameRow, state: Any, seat: int) -> discord.Embed:
        if not isinstance(state, HellraiserState):
            return discord.Embed(title="Nothing hidden yet", description=NOT_STARTED)
        return private(game, state, seat)


PRESENTER = HellraiserPresenter()


def _pictured(game: GameRow, state: HellraiserState, board: Board) -> tuple[Pieces, str]:
    """The picture's pieces and its digest, once per version: showing a board asks for
    the digest twice (must it be drawn? is it shown?) and drawing it needs the pieces,
    which cost about 150 µs each time (the public view, then the pieces' models)."""
    def build() -> tuple[Pieces, str]:
        shown = pieces(state, public_view(game, state))
        text = f"{PICTURE}\n{board.model_dump_json()}\n{shown.model_dump_json()}"
        return shown, hashlib.sha256(text.encode()).hexdigest()

    return per_version.once(game, state, PICTURED, build)


def _privately(game: GameRow, seat: int, found: Select) -> ChooseFurther:
    """A menu for the player alone: its select acts like a command (the move is
    announced in a reply, the board updates)."""
    view = RoutedView()
    view.add_item(MoveSelect(
        game.id, game.version, seat, found.code,
        [discord.SelectOption(label=o.label, value=o.code, description=o.description or None)
         for o in found.options],
        found.placeholder, gm=True))
    return ChooseFurther(found.placeholder, view)
