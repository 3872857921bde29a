"""The board message: its embed, its components and (for games that draw one) its picture.

The lobby is the same for every game; a started game is shown by its
presenter (looked up by the game's key), with the table's footer and result
added here so every game's board reads the same way.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from typing import Any

import discord

from bot.models import GameRow
from bot.render.games import (
    BoardPicture,
    PicturePresenter,
    PrivatePresenter,
    action_selects,
    lobby_embed,
    presenter_for,
)
from bot.render.style import COLOUR_DONE, clip
from bot.ui.components import LobbyButton, MoveButton, MoveSelect, PrivateViewButton, TableButton
from engines import registry


def board_embed(game: GameRow, state: Any, notice: str | None = None) -> discord.Embed:
    if game.status == "lobby" or (game.status == "cancelled" and state is None):
        embed = lobby_embed(game, notice)
        if game.status == "cancelled":
            embed.title = f"{registry.get(game.game).title} — table closed"
            embed.colour = COLOUR_DONE
        return embed
    presenter = presenter_for(game.game)
    embed = presenter.board(game, state)
    if game.result is not None:
        embed.colour = COLOUR_DONE
        embed.add_field(
            name="Result", value=clip(str(game.result.get("summary", "")), 1024), inline=False
        )
    extra = presenter.footer(game)
    status = "" if game.status == "active" else f" · {game.status}"
    embed.set_footer(
        text=clip(
            f"Game #{game.id} · v{game.version} · {game.mode}{status}"
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
        return view
    if game.status != "active" or state is None:
        return view
    engine = registry.get(game.game)
    request = engine.chance(state)
    if request is not None and game.mode == "physical":
        view.add_item(TableButton("rep", game.id, game.version))
        return view
    for label, code, seat in presenter_for(game.game).action_buttons(game, state):
        if gm_seat is None or seat == gm_seat:
            view.add_item(
                MoveButton(game.id, game.version, seat, code, label, gm=gm_seat is not None)
            )
    for choice in action_selects(presenter_for(game.game), game, state):
        if gm_seat is None or choice.seat == gm_seat:
            view.add_item(
                MoveSelect(
                    game.id,
                    game.version,
                    choice.seat,
                    choice.code,
                    choice.options,
                    choice.placeholder,
                    choice.min_values,
                    choice.max_values,
                    gm=gm_seat is not None,
                )
            )
    if gm_seat is None and engine.late_joining and len(game.seats) < engine.max_seats:
        view.add_item(LobbyButton("join", game.id))
    if gm_seat is None and engine.hidden_information:
        view.add_item(PrivateViewButton(game.id))
    return view


@dataclass
class RenderedBoard:
    embed: discord.Embed
    view: discord.ui.View
    picture: BoardPicture | None = None

    def file(self) -> discord.File | None:
        if self.picture is None:
            return None
        return discord.File(io.BytesIO(self.picture.data), filename=self.picture.filename)

    def new_message(self) -> dict[str, Any]:
        """Keyword arguments to post the board (the picture, if any, attached)."""
        file = self.file()
        return {"embed": self.embed, "view": self.view, **({"file": file} if file else {})}

    def edit(self) -> dict[str, Any]:
        """Keyword arguments to edit the board; a picture replaces the old one, and a
        board without one leaves the attachments alone."""
        file = self.file()
        return {"embed": self.embed, "view": self.view, **({"attachments": [file]} if file else {})}


async def render_board(game: GameRow, state: Any, notice: str | None = None) -> RenderedBoard:
    """Embed, components and (for games that draw one) the picture. Drawing runs in
    a worker thread so a 30 ms render never stalls other channels."""
    embed = board_embed(game, state, notice)
    view = board_view(game, state)
    presenter = presenter_for(game.game)
    picture = None
    if state is not None and isinstance(presenter, PicturePresenter):
        picture = await asyncio.to_thread(presenter.board_picture, game, state)
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
    return RenderedBoard(embed, view, picture)


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
