"""Rows the table service and storage exchange (the bot's own records, not game rules)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Mode = Literal["digital", "physical"]
Status = Literal["lobby", "active", "paused", "finished", "cancelled"]
LIVE_STATUSES: tuple[Status, ...] = ("lobby", "active", "paused")
LogKind = Literal[
    "create", "lobby", "setup", "action", "chance", "join", "skip", "undo", "gm", "end"
]


class SeatRow(BaseModel):
    """A seat as the table knows it: which member sits there, or an AI."""

    user_id: int | None
    name: str
    ai: bool = False


class GameRow(BaseModel):
    id: int = 0
    guild_id: int | None
    channel_id: int
    game: str
    mode: Mode
    status: Status
    host_id: int
    version: int = 0
    seats: list[SeatRow] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    state: str | None = None
    rng_seed: int
    rng_counter: int = 0
    board_message_id: int | None = None
    result: dict[str, Any] | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    finished_at: float | None = None

    @property
    def live(self) -> bool:
        return self.status in LIVE_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


class LogEntry(BaseModel):
    """One line of a game's history: every action and every chance outcome, in order."""

    seq: int = 0
    version: int
    kind: LogKind
    seat: int | None = None
    user_id: int | None = None
    payload: dict[str, Any] = Field(default_factory=dict)
    gm: bool = False
    undone: bool = False
    created_at: float = 0.0


class TimerRow(BaseModel):
    """A turn timer: remind the seat to move, or declare it away (AFK)."""

    game_id: int
    kind: Literal["remind", "afk"]
    channel_id: int
    seat: int
    due_at: float
    version: int
