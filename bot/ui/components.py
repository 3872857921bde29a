"""Buttons, selects and the report modal, routed by custom_id.

Each is a `discord.ui.DynamicItem`: discord.py matches a click's custom_id
against the template and rebuilds the item, so boards posted before a restart
keep working. Board items carry the game id and the table's version; the table
service refuses a click whose version is no longer current.

custom_id formats (each at most 100 characters):
    pd:lobby:<op>:<game>                 lobby buttons
    pd:mv:<game>:<version>:<seat>:<code> a move button (seat `a`: any seated player)
    pd:sel:<game>:<version>:<seat>:<code> a move select (values chosen)
    pd:gmv:… / pd:gms:…                  the same, pressed by a GM acting for the seat
    pd:<skip|ai>:<game>:<version>        handle an away player's turn
    pd:me:<game>                         show me my hidden information (ephemeral)
    pd:again:<game>                      a rematch of a finished game
    pd:rep:<game>:<version>              open the physical-mode report form
    pd:end:<game>:<version>              confirm ending a game
    pd:lj:<game>:<user>:<yes|no>         the host or a GM answers a mid-game Join
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.errors import guarded

if TYPE_CHECKING:
    from bot.app import PandemoniumBot

LOBBY_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


def _bot(interaction: discord.Interaction[Any]) -> PandemoniumBot:
    return cast("PandemoniumBot", interaction.client)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pd:lobby:(?P<op>join|leave|start|ai|cancel):(?P<game>\d+)",
):
    def __init__(self, op: str, game_id: int) -> None:
        label, style = LOBBY_LABELS[op]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"pd:lobby:{op}:{game_id}")
        )
        self.op = op
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(match["op"], int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).tables_ui.lobby_click(interaction, self.op, self.game_id)


MOVE_CODE = r":(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+|a):(?P<code>[\w.,=+-]{1,60})"
EVERY_SEAT = "a"
"""The seat part of a shared control's custom_id: any seated player may press it."""


@dataclass(frozen=True)
class MoveTarget:
    """What a move component stands for: a seat's move on one version of a table,
    pressed by its player or (gm) by a GM acting for the seat. Seat None is a shared
    control, pressed by any seated player for their own seat."""

    game_id: int
    version: int
    seat: int | None
    code: str
    gm: bool = False

    @classmethod
    def parse(cls, match: re.Match[str]) -> MoveTarget:
        seat = None if match["seat"] == EVERY_SEAT else int(match["seat"])
        return cls(
            int(match["game"]),
            int(match["version"]),
            seat,
            match["code"],
            gm=match["kind"] in ("gmv", "gms"),
        )

    def custom_id(self, kind: str) -> str:
        seat = EVERY_SEAT if self.seat is None else self.seat
        return f"pd:{kind}:{self.game_id}:{self.version}:{seat}:{self.code}"

    async def send(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        await _bot(interaction).tables_ui.move_click(
            interaction, self.game_id, self.version, self.seat, self.code, values, gm=self.gm
        )


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pd:(?P<kind>mv|gmv)" + MOVE_CODE,
):
    def __init__(
        self,
        game_id: int,
        version: int,
        seat: int | None,
        code: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        *,
        gm: bool = False,
    ) -> None:
        self.target = MoveTarget(game_id, version, seat, code, gm)
        custom_id = self.target.custom_id("gmv" if gm else "mv")
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveButton:
        t = MoveTarget.parse(match)
        label = (item.label if isinstance(item, discord.ui.Button) else None) or ""
        return cls(t.game_id, t.version, t.seat, t.code, label, gm=t.gm)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.target.send(interaction, [])


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pd:(?P<kind>sel|gms)" + MOVE_CODE,
):
    def __init__(
        self,
        game_id: int,
        version: int,
        seat: int | None,
        code: str,
        options: list[discord.SelectOption],
        placeholder: str,
        min_values: int = 1,
        max_values: int = 1,
        *,
        gm: bool = False,
    ) -> None:
        self.target = MoveTarget(game_id, version, seat, code, gm)
        super().__init__(
            discord.ui.Select(
                custom_id=self.target.custom_id("gms" if gm else "sel"),
                options=options,
                placeholder=placeholder[:150],
                min_values=min_values,
                max_values=max_values,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveSelect:
        if not isinstance(item, discord.ui.Select):
            raise TypeError("a pd:sel custom_id must belong to a select menu")
        t = MoveTarget.parse(match)
        return cls(
            t.game_id,
            t.version,
            t.seat,
            t.code,
            item.options,
            item.placeholder or "",
            item.min_values,
            item.max_values,
            gm=t.gm,
        )

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.target.send(interaction, [str(v) for v in self.item.values])


TABLE_BUTTONS = {
    "rep": ("Report result", "🎲", discord.ButtonStyle.primary),
    "end": ("Yes, end the game", None, discord.ButtonStyle.danger),
    "skip": ("Skip the turn", None, discord.ButtonStyle.secondary),
    "ai": ("Let the AI play it", None, discord.ButtonStyle.primary),
}


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pd:(?P<op>rep|end|skip|ai):(?P<game>\d+):(?P<version>\d+)",
):
    """A one-off button tied to a table's version: open the physical report form,
    confirm ending the game, or handle an away player's turn (skip / AI)."""

    def __init__(self, op: str, game_id: int, version: int) -> None:
        label, emoji, style = TABLE_BUTTONS[op]
        super().__init__(
            discord.ui.Button(
                label=label, emoji=emoji, style=style, custom_id=f"pd:{op}:{game_id}:{version}"
            )
        )
        self.op, self.game_id, self.version = op, game_id, version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> TableButton:
        return cls(match["op"], int(match["game"]), int(match["version"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        ui = _bot(interaction).tables_ui
        if self.op == "rep":
            await ui.open_report(interaction, self.game_id, self.version)
        elif self.op == "end":
            await ui.confirm_end(interaction, self.game_id)
        else:
            await ui.afk_click(interaction, self.op, self.game_id, self.version)


class PrivateViewButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pd:me:(?P<game>\d+)",
):
    """Shows a seat its hidden information (a hand), only ever ephemerally."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My hand",
                emoji="🂠",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pd:me:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> PrivateViewButton:
        return cls(int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).tables_ui.show_private(interaction, self.game_id)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pd:again:(?P<game>\d+)",
):
    """On a finished game's board: the same seats and options again, at once."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"pd:again:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RematchButton:
        return cls(int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).tables_ui.rematch(interaction, self.game_id)


class LateJoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pd:lj:(?P<game>\d{1,20}):(?P<user>\d{1,20}):(?P<op>yes|no)",
):
    """The host's (or a GM's) answer to a member who asked to join a game in play
    (late_join=ask); it survives a restart like every board button."""

    def __init__(self, game_id: int, user_id: int, op: str, name: str = "") -> None:
        label = f"Let {name} join"[:80] if op == "yes" else "No"
        style = discord.ButtonStyle.success if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"pd:lj:{game_id}:{user_id}:{op}")
        )
        self.game_id, self.user_id, self.op = game_id, user_id, op

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LateJoinButton:
        return cls(int(match["game"]), int(match["user"]), match["op"])

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).tables_ui.answer_join(
            interaction, self.game_id, self.user_id, yes=self.op == "yes"
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LateJoinButton,
    RematchButton,
    TableButton,
    PrivateViewButton,
    LobbyButton,
    MoveButton,
    MoveSelect,
)
