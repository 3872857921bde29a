"""Hellbringer in Discord: the presenter the table uses for its board.

The manifest (`bot.games.hellbringer.FRONTEND`) hands it to the table. The
embed is `board`'s, chat lines `events`', which moves are buttons or menus
`menus`' call (a combined menu's picks are decoded there too), their codes
`codes`'. Hands never reach the board: a player sees
theirs through `private` ('My hand', `/hellbringer hand`), always ephemeral, and
the moves that name a card in it (equip, offer, discard, a trade's answer, the
class choice, a Show) are on their own panel ('🃏 My turn', `private_moves`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.hellbringer import codes
from bot.games.hellbringer.board import board, hand
from bot.games.hellbringer.events import event_lines
from bot.games.hellbringer.menus import (
    COMBINED,
    Menu,
    decode_combined,
    moves,
    offer_note,
    panel,
)
from bot.models import GameRow
from bot.render.games import PrivateMoves, SelectChoice
from bot.render.style import COLOUR_PLAY
from engines.core.errors import RuleError
from engines.core.protocol import Event
from engines.hellbringer import ENGINE, HellbringerState

KEY = "hellbringer"
NOT_STARTED = "The game hasn't started yet: the host presses **Start**."
CREDIT = "House cards (Pandemonium), unverified: not the printed Hellbringer."
OWN_BOX = "Your own box: the bot knows only what you report from it."


class HellbringerPresenter:
    """The table's view of a Hellbringer game (see bot.render.games.Presenter)."""

    def form_follows(self, game: GameRow) -> bool:
        """A physical table reports nearly every move (a card shown, its own dice, a
        draw), so the form opens from the move's own press rather than from the board's
        Report. Such a move is not deferred up front, so not where an AI seat's
        play-out may follow it (a digital table reports nothing anyway)."""
        return game.mode == "physical" and not any(seat.ai for seat in game.seats)

    def board(self, game: GameRow, state: Any) -> discord.Embed:
        if not isinstance(state, HellbringerState):
            return discord.Embed(title="Hellbringer", colour=COLOUR_PLAY)
        return board(game, state)

    def action_buttons(self, game: GameRow, state: Any) -> list[tuple[str, str, int]]:
        if not isinstance(state, HellbringerState):
            return []
        return moves(game, state).buttons

    def action_selects(self, game: GameRow, state: Any) -> list[SelectChoice]:
        if not isinstance(state, HellbringerState):
            return []
        return _choices(moves(game, state).menus)

    def private_moves(self, game: GameRow, state: Any, seat: int) -> PrivateMoves:
        if not isinstance(state, HellbringerState):
            return PrivateMoves()
        laid = panel(game, state, seat)
        if laid is None:
            return PrivateMoves()
        return PrivateMoves(buttons=[(text, code) for text, code, _ in laid.buttons],
                            selects=_choices(laid.menus),
                            note=offer_note(game, state, seat))

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        if not isinstance(state, HellbringerState):
            raise RuleError(NOT_STARTED)
        if code.startswith(COMBINED):
            return ENGINE.dump_action(decode_combined(game, state, seat, code, values))
        if code.startswith(codes.SELECT):
            if len(values) != 1:
                raise RuleError(codes.STALE)
            code = values[0]
        return ENGINE.dump_action(codes.decode(game, state, seat, code))

    def event_lines(self, game: GameRow, events: list[Event]) -> list[str]:
        return event_lines(events)

    def footer(self, game: GameRow) -> str:
        """A physical table plays the group's printed cards, never the house set."""
        return OWN_BOX if game.mode == "physical" else CREDIT

    def private(self, game: GameRow, state: Any, seat: int) -> discord.Embed:
        if not isinstance(state, HellbringerState):
            return discord.Embed(title="Nothing hidden yet", description=NOT_STARTED)
        embed = hand(state, seat)
        if game.mode == "physical":
            embed.set_footer(text=OWN_BOX)
        return embed


def _choices(menus: list[Menu]) -> list[SelectChoice]:
    return [
        SelectChoice(code=m.code, seat=m.seat, placeholder=m.placeholder,
                     options=[discord.SelectOption(label=text, value=code,
                                                   description=note or None)
                              for text, code, note in m.options],
                     min_values=m.min_values, max_values=m.max_values)
        for m in menus
    ]


PRESENTER = HellbringerPresenter()
