"""What each kind of log line holds: one typed model per kind, a discriminated union.

The table service writes these and replay (`bot/replay.py`) reads them, so the
meaning of a log line is declared once instead of being a dict both sides agree
on by convention. The stored JSON keeps its old shape: the kind lives in its
own column, not in the payload, and the optional flags are left out at their
defaults, so rows written before these models existed still load and look the
same (`LogEntry` tags a plain payload with its row's kind before validating it).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field

from engines.core.protocol import Seat


class LinePayload(BaseModel):
    """Base of every payload. It also reads like the dict it replaced
    (`payload["action"]`, `payload.get("ai")`), for scripts reading exported logs."""

    kind: str
    omitted_at_default: ClassVar[frozenset[str]] = frozenset()
    """Fields the stored JSON leaves out while at their defaults (as rows always did)."""

    def __getitem__(self, key: str) -> Any:
        if key not in type(self).model_fields:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default) if key in type(self).model_fields else default

    def stored(self) -> dict[str, Any]:
        """The JSON kept in the log's payload column (and in exported logs)."""
        fields = type(self).model_fields
        return {
            key: value
            for key, value in self.model_dump(mode="json", exclude={"kind"}).items()
            if key not in self.omitted_at_default or value != fields[key].default
        }


class CreateLine(LinePayload):
    """A table was opened."""

    kind: Literal["create"] = "create"
    game: str
    mode: str
    options: dict[str, Any] = Field(default_factory=dict)


class LobbyLine(LinePayload):
    """A member joined or left: the lobby, or (`leave` with a seat) one of the seats
    they held, also during play."""

    kind: Literal["lobby"] = "lobby"
    op: str
    user_id: int | None = None
    seat: int | None = None
    omitted_at_default = frozenset({"user_id", "seat"})


class SetupLine(LinePayload):
    """The game began: what `Engine.setup` was given, and the RNG counter then."""

    kind: Literal["setup"] = "setup"
    seats: list[Seat] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    rng_counter: int = 0


class ActionLine(LinePayload):
    """A seat's move, as the engine's action JSON; `ai` when a computer player (or an
    AI standing in for an away player, `afk`) chose it."""

    kind: Literal["action"] = "action"
    action: Any
    ai: bool = False
    afk: bool = False
    omitted_at_default = frozenset({"ai", "afk"})


class ChanceLine(LinePayload):
    """A chance node's outcome: drawn by the bot from the game's RNG (`counter` is the
    stream position, so replay can re-draw it), or `reported` by the table."""

    kind: Literal["chance"] = "chance"
    values: list[str]
    counter: int | None = None
    reported: bool = False
    physical: bool = False
    """The bot rolled dice for a physical table (it lets the bot roll)."""
    omitted_at_default = frozenset({"counter", "reported", "physical"})


class JoinLine(LinePayload):
    """A seat added between turns (games that allow joining late)."""

    kind: Literal["join"] = "join"
    seat: Seat


class SkipLine(LinePayload):
    """An away seat's turn was skipped."""

    kind: Literal["skip"] = "skip"
    afk: bool = False


class UndoLine(LinePayload):
    """The step written at `undid_version` was taken back."""

    kind: Literal["undo"] = "undo"
    undid_version: int


class GmLine(LinePayload):
    """A GM's table operation that the engine never sees (pause, seats, characters)."""

    kind: Literal["gm"] = "gm"
    op: str
    seat: int | None = None
    user_id: int | None = None
    name: str | None = None
    omitted_at_default = frozenset({"seat", "user_id", "name"})


class CorrectionLine(LinePayload):
    """A GM's correction of the game state, as the engine's correction JSON."""

    kind: Literal["correction"] = "correction"
    correction: Any


class EndLine(LinePayload):
    """The game was ended (or its lobby closed) by a GM."""

    kind: Literal["end"] = "end"
    by: int | None = None


LogLine = Annotated[
    CreateLine
    | LobbyLine
    | SetupLine
    | ActionLine
    | ChanceLine
    | JoinLine
    | SkipLine
    | UndoLine
    | GmLine
    | CorrectionLine
    | EndLine,
    Field(discriminator="kind"),
]

LogKind = Literal[
    "create",
    "lobby",
    "setup",
    "action",
    "chance",
    "join",
    "skip",
    "undo",
    "gm",
    "correction",
    "end",
]
