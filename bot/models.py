"""Rows the table service and storage exchange (the bot's own records, not game rules)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, computed_field, field_serializer, model_validator

from bot.log_lines import LinePayload, LogKind, LogLine

Mode = Literal["digital", "physical"]
Status = Literal["lobby", "active", "paused", "finished", "cancelled"]
LIVE_STATUSES: tuple[Status, ...] = ("lobby", "active", "paused")


class SeatRow(BaseModel):
    """A seat as the table knows it: which member sits there, or an AI."""

    user_id: int | None
    name: str
    ai: bool = False
    character: str | None = None
    """A character name the seat plays under, distinct from the member's name."""

    @property
    def shown(self) -> str:
        """How the table names the seat: the character, and who plays it."""
        return f"{self.character} ({self.name})" if self.character else self.name


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
        """The member's first seat (a GM may hold several in a physical game)."""
        seats = self.seats_of(user_id)
        return seats[0] if seats else None

    def seats_of(self, user_id: int) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.user_id == user_id]


class LogEntry(BaseModel):
    """One line of a game's history: every action and every chance outcome, in order.

    `payload` is typed by its kind (`bot/log_lines.py`), and the line's `kind` is the
    payload's. A stored row (or an exported line) gives `kind` beside a plain payload
    dict; validation moves it into the payload, so old rows load unchanged."""

    seq: int = 0
    version: int = 0
    seat: int | None = None
    user_id: int | None = None
    payload: LogLine
    gm: bool = False
    undone: bool = False
    created_at: float = 0.0

    @model_validator(mode="before")
    @classmethod
    def _tag_payload(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "kind" not in data:
            return data
        rest = {k: v for k, v in data.items() if k != "kind"}
        payload = rest.get("payload")
        if isinstance(payload, LinePayload):
            if payload.kind != data["kind"]:
                raise ValueError(f"a {payload.kind} payload on a {data['kind']} line")
            return rest
        rest["payload"] = {**(payload or {}), "kind": data["kind"]}
        return rest

    @computed_field  # type: ignore[prop-decorator]
    @property
    def kind(self) -> LogKind:
        return self.payload.kind

    @field_serializer("payload")
    def _store_payload(self, payload: LinePayload) -> dict[str, Any]:
        return payload.stored()


class TimerRow(BaseModel):
    """A turn timer: remind the seat to move, or declare it away (AFK)."""

    game_id: int
    kind: Literal["remind", "afk"]
    channel_id: int
    seat: int
    due_at: float
    version: int
