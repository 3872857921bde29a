"""Buttons, selects and the report modal, routed by custom_id.

Each is a `Routed` item: its class builds what is sent and its template reads
a click's custom_id back (`press`), so boards posted before a restart keep
working. Board items carry the game id and the table's version; the table
service refuses a click whose version is no longer current.

custom_id formats (each at most 100 characters):
    pd:lobby:<op>:<game>                 lobby buttons
    pd:mv:<game>:<version>:<seat>:<code> a move button (seat `a`: any seated player)
    pd:sel:<game>:<version>:<seat>:<code> a move select (values chosen)
    pd:gmv:… / pd:gms:…                  the same, pressed by a GM acting for the seat
    pd:<skip|ai>:<game>:<version>        handle an away player's turn
    pd:me:<game>                         show me my hidden information (ephemeral)
    pd:pan:<game>:<version>:<seat>       open a seat's private panel of moves (ephemeral)
    pd:again:<game>                      a rematch of a finished game
    pd:rep:<game>:<version>              open the physical-mode report form
    pd:end:<game>:<version>              confirm ending a game
    pd:lj:<game>:<user>:<yes|no>         the host or a GM answers a mid-game Join

Game ids and versions are 1 to 18 digits (every such number fits a 64-bit
column on both backends), seats 1 or 2 and members' ids up to 19, so a forged or garbled custom_id
with an absurd number matches no template and never reaches a query: the bot
answers it with one sentence (`press`), as it does any other
``pd:`` custom_id no template reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar, cast

import discord

from bot.errors import guarded, reply_ephemeral
from bot.ui.report import FORM_ID

LOBBY_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
    "dice": ("🎲 Dice: ours (switch to the bot's)", discord.ButtonStyle.secondary),
    "dice_bot": ("🎲 Dice: the bot's (switch to ours)", discord.ButtonStyle.secondary),
}


NUMBER = "[0-9]{1,18}"
"""A game id or version in a custom_id: ASCII digits (``\\d`` would take other scripts'
digits, which ``int`` reads) and at most 18 of them, so it fits a 64-bit integer."""
SEAT = "[0-9]{1,2}"
USER = "[0-9]{1,19}"
"""A member's id: a snowflake has up to 19 digits (and stays below 2**63 until 2084)."""

UNREADABLE = (
    "I can't read that button, so nothing was changed; `/game status` shows the table as it is."
)


Press = discord.Interaction[Any]


class Pressable(Protocol):
    """What `press` asks of a component class: the template that reads its custom id
    and what a press does."""

    __discord_ui_compiled_template__: ClassVar[re.Pattern[str]]

    @classmethod
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None: ...


def route(
    custom_id: str, items: Sequence[type[Pressable]]
) -> tuple[type[Pressable], re.Match[str]] | None:
    """The item whose template reads the whole custom_id, and what it read."""
    for item in items:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            return item, match
    return None


def _on_message(message: discord.Message | None, custom_id: str) -> bool:
    """Whether the clicked message carries the component (as discord.py checked before
    calling an item): an id a client made up is not pressed."""
    if message is None:
        return False
    for row in message.components:
        for component in getattr(row, "children", (row,)):
            if getattr(component, "custom_id", None) == custom_id:
                return True
    return False


async def press(interaction: Press, items: Sequence[type[Pressable]]) -> None:
    """Carry out a click on one of our components, or refuse it in one sentence.

    discord.py's own route (`DynamicItem`) rebuilt a View of the whole clicked
    message, an os.urandom call and one item per component, on every click only to
    find the one pressed; reading the custom id once does the same work (issue 27).
    A ``pd:`` custom_id that no template reads (a forged or garbled one, an absurd
    number) or that the message does not carry gets one sentence, and nothing is
    looked up; discord.py left those unanswered ("This interaction failed").
    The same goes for a form whose custom id is not a report form's."""
    form = interaction.type is discord.InteractionType.modal_submit
    if interaction.type is not discord.InteractionType.component and not form:
        return
    custom_id = cast("dict[str, Any]", interaction.data or {}).get("custom_id")
    if not isinstance(custom_id, str) or not custom_id.startswith("pd:"):
        return
    if form:
        if not FORM_ID.fullmatch(custom_id):
            await reply_ephemeral(interaction, UNREADABLE.replace("button", "form"))
        return
    found = route(custom_id, items)
    if found is None or not _on_message(interaction.message, custom_id):
        await reply_ephemeral(interaction, UNREADABLE)
        return
    item, match = found
    await item.pressed(interaction, match)


class Clicks(Protocol):
    """What a component asks of the bot: one handler per kind of press (the table's
    `TablesUI`, in `bot/clicks.py`). Components know this much and no more."""

    async def lobby_click(self, interaction: Press, op: str, game_id: int) -> None: ...

    async def answer_join(
        self, interaction: Press, game_id: int, user_id: int, *, yes: bool
    ) -> None: ...

    async def move_click(
        self, interaction: Press, game_id: int, version: int, seat: int | None, code: str,
        values: list[str], *, gm: bool = False,
    ) -> None: ...

    async def open_panel(self, interaction: Press, game_id: int, seat: int) -> None: ...

    async def show_private(self, interaction: Press, game_id: int) -> None: ...

    async def afk_click(self, interaction: Press, op: str, game_id: int, version: int) -> None: ...

    async def open_report(self, interaction: Press, game_id: int, version: int) -> None: ...

    async def rematch(self, interaction: Press, game_id: int) -> None: ...

    async def confirm_end(self, interaction: Press, game_id: int) -> None: ...

    async def confirm(self, interaction: Press, token: str) -> None: ...


class _HoldsClicks(Protocol):
    @property
    def tables_ui(self) -> Clicks: ...


def _ui(interaction: Press) -> Clicks:
    """A click reaches a component class with nothing but the interaction at
    hand, so the client is the only way in; it is read as `Clicks`,
    never as the concrete bot (components sit below the composition root)."""
    return cast(_HoldsClicks, interaction.client).tables_ui


V = TypeVar("V", bound=discord.ui.Item[Any])


class Routed(discord.ui.DynamicItem[V], template="(?!)"):
    """A component we route ourselves (`press`). It stays a DynamicItem, the builder of
    what is sent, but tells discord.py it is not dispatchable: a View holding it is then
    not stored when sent (which would register the class with discord.py's own route
    again, and every click would be carried out twice)."""

    def is_dispatchable(self) -> bool:
        return False


class RoutedView(discord.ui.View):
    """A view of components we route ourselves (`press`), finished for discord.py from
    the start. discord.py 2.7's `InteractionResponse.send_message` keeps the view of a
    response whether or not anything in it is dispatchable (its other senders ask), so
    our templates reached its own route: every later click on any board was rebuilt
    from its message, failed in `DynamicItem.from_custom_id` and logged an error with
    its traceback (issue 27: 635 of 750 clicks in ten seconds of the Hellbringer load
    bench, once a "🃏 My turn" had been answered at once). Every sender asks
    `is_finished` first: a finished view is never kept, nor timed out."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return not self.is_dispatchable() or super().is_finished()


class LobbyButton(
    Routed[discord.ui.Button[Any]],
    template=rf"pd:lobby:(?P<op>join|leave|start|ai|cancel|dice):(?P<game>{NUMBER})",
):
    def __init__(self, op: str, game_id: int, label_key: str | None = None) -> None:
        label, style = LOBBY_LABELS[label_key or op]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"pd:lobby:{op}:{game_id}")
        )

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await _ui(interaction).lobby_click(interaction, match["op"], int(match["game"]))


MOVE_CODE = (
    rf":(?P<game>{NUMBER}):(?P<version>{NUMBER}):(?P<seat>{SEAT}|a):(?P<code>[\w.,=+-]{{1,60}})"
)
EVERY_SEAT = "a"
"""The seat part of a shared control's custom_id: any seated player may press it."""


class MoveTarget(NamedTuple):
    """What a move component stands for: a seat's move on one version of a table,
    pressed by its player or (gm) by a GM acting for the seat. Seat None is a shared
    control, pressed by any seated player for their own seat. A tuple, not a frozen
    dataclass: a board makes one per button every click, and a frozen dataclass's
    `__init__` was a twentieth of Hellboy's board build (issue 27)."""

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
        await _ui(interaction).move_click(
            interaction, self.game_id, self.version, self.seat, self.code, values, gm=self.gm
        )


class MoveButton(
    Routed[discord.ui.Button[Any]],
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
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await MoveTarget.parse(match).send(interaction, [])


class MoveSelect(
    Routed[discord.ui.Select[Any]],
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
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        """A forged select id on a button is a menu with nothing chosen, which the
        table refuses in a sentence."""
        values = cast("dict[str, Any]", interaction.data).get("values", [])
        await MoveTarget.parse(match).send(interaction, [str(v) for v in values])


TABLE_BUTTONS = {
    "rep": ("Report result", "🎲", discord.ButtonStyle.primary),
    "end": ("Yes, end the game", None, discord.ButtonStyle.danger),
    "skip": ("Skip the turn", None, discord.ButtonStyle.secondary),
    "ai": ("Let the AI play it", None, discord.ButtonStyle.primary),
}


class TableButton(
    Routed[discord.ui.Button[Any]],
    template=rf"pd:(?P<op>rep|end|skip|ai):(?P<game>{NUMBER}):(?P<version>{NUMBER})",
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

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        ui, op = _ui(interaction), match["op"]
        game_id, version = int(match["game"]), int(match["version"])
        if op == "rep":
            await ui.open_report(interaction, game_id, version)
        elif op == "end":
            await ui.confirm_end(interaction, game_id)
        else:
            await ui.afk_click(interaction, op, game_id, version)


class PrivateViewButton(
    Routed[discord.ui.Button[Any]],
    template=rf"pd:me:(?P<game>{NUMBER})",
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

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await _ui(interaction).show_private(interaction, int(match["game"]))


class PanelButton(
    Routed[discord.ui.Button[Any]],
    template=rf"pd:pan:(?P<game>{NUMBER}):(?P<version>{NUMBER}):(?P<seat>{SEAT})",
):
    """"🃏 My turn (Alice)": opens the seat's private panel, the moves that would
    reveal its hand, only ever ephemerally. The label names the seat, never a card.
    The version only marks which step the board shows: the panel is drawn from the
    table as it is when pressed, so an older board's button still opens the current one."""

    def __init__(self, game_id: int, version: int, seat: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"pd:pan:{game_id}:{version}:{seat}",
            )
        )

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await _ui(interaction).open_panel(interaction, int(match["game"]), int(match["seat"]))


class RematchButton(
    Routed[discord.ui.Button[Any]],
    template=rf"pd:again:(?P<game>{NUMBER})",
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

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await _ui(interaction).rematch(interaction, int(match["game"]))


class LateJoinButton(
    Routed[discord.ui.Button[Any]],
    template=rf"pd:lj:(?P<game>{NUMBER}):(?P<user>{USER}):(?P<op>yes|no)",
):
    """The host's (or a GM's) answer to a member who asked to join a game in play
    (late_join=ask); it survives a restart like every board button."""

    def __init__(self, game_id: int, user_id: int, op: str, name: str = "") -> None:
        label = f"Let {name} join"[:80] if op == "yes" else "No"
        style = discord.ButtonStyle.success if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"pd:lj:{game_id}:{user_id}:{op}")
        )

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await _ui(interaction).answer_join(
            interaction, int(match["game"]), int(match["user"]), yes=match["op"] == "yes"
        )


class ConfirmButton(
    Routed[discord.ui.Button[Any]],
    template=r"pd:ok:(?P<token>[0-9a-f]{16})",
):
    """An "are you sure?" button whose press runs what was asked, kept by the bot
    under the token it carries (`bot.confirmations`)."""

    def __init__(self, token: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=f"pd:ok:{token}")
        )

    @classmethod
    @guarded
    async def pressed(cls, interaction: Press, match: re.Match[str]) -> None:
        await _ui(interaction).confirm(interaction, match["token"])


ROUTED: tuple[type[Pressable], ...] = (
    ConfirmButton,
    LateJoinButton,
    RematchButton,
    TableButton,
    PrivateViewButton,
    PanelButton,
    LobbyButton,
    MoveButton,
    MoveSelect,
)
