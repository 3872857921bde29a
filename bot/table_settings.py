"""Per-channel settings that fall back to per-server settings, then to defaults."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from bot.plain_errors import explain
from engines.core.errors import RuleError

Scope = Literal["channel", "guild", "member"]
"""Where a setting is stored; "member" holds one member's own choices (`/game notify`)."""


class TableSettings(BaseModel):
    reminder_minutes: int = Field(
        default=10,
        ge=0,
        le=10080,
        description="quiet minutes before the player is reminded (0: off)",
    )
    afk_minutes: int = Field(
        default=30,
        ge=0,
        le=10080,
        description="quiet minutes before the turn may be skipped or played by the AI (0: off)",
    )
    pings: bool = Field(
        default=True,
        description="the turn and reminder messages mention (notify) the player"
        " (each member can opt out with /game notify)",
    )
    default_mode: Literal["digital", "physical"] = Field(
        default="digital", description="mode of /game new when none is given"
    )
    ai_takeover: bool = Field(default=True, description="an AI may play an away player's turn")
    table_can_skip: bool = Field(
        default=False, description="seated players, not only GMs, may skip an away player"
    )
    reveal_after_end: bool = Field(
        default=True,
        description="once a game ends, its replay and luck report name the hidden cards drawn",
    )
    gm_role: int | None = Field(default=None, description="the server's GM role (server only)")


SERVER_ONLY = frozenset({"gm_role"})
KEYS = tuple(TableSettings.model_fields)


def describe(key: str) -> str:
    return TableSettings.model_fields[key].description or key


def resolve(guild: dict[str, Any], channel: dict[str, Any]) -> tuple[TableSettings, dict[str, str]]:
    """The effective settings and, per key, where each value came from."""
    merged: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for key in KEYS:
        if key in channel and key not in SERVER_ONLY:
            merged[key], sources[key] = channel[key], "channel"
        elif key in guild:
            merged[key], sources[key] = guild[key], "server"
        else:
            sources[key] = "default"
    try:
        return TableSettings.model_validate(merged), sources
    except ValidationError:
        valid = {k: v for k, v in merged.items() if _valid(k, v)}
        return TableSettings.model_validate(valid), sources


def _valid(key: str, value: Any) -> bool:
    try:
        TableSettings.model_validate({key: value})
    except ValidationError:
        return False
    return True


def parse_value(key: str, raw: str) -> Any:
    """Turn what a member typed into a stored value, or a polite refusal."""
    if key not in KEYS:
        raise RuleError(f"There is no setting '{key}'. Settings: {', '.join(KEYS)}.")
    text = raw.strip()
    value: Any = text
    annotation = TableSettings.model_fields[key].annotation
    if annotation is bool:
        lowered = text.lower()
        if lowered in {"on", "yes", "true", "1"}:
            value = True
        elif lowered in {"off", "no", "false", "0"}:
            value = False
        else:
            raise RuleError(f"'{key}' is on or off.")
    elif key in {"reminder_minutes", "afk_minutes", "gm_role"}:
        digits = text.strip("<@&>")
        if not digits.isdigit():
            raise RuleError(f"'{key}' needs a whole number.")
        value = int(digits)
    try:
        TableSettings.model_validate({key: value})
    except ValidationError as exc:
        _, problem = explain(exc)
        raise RuleError(f"'{text}' doesn't fit '{key}': it {problem}.") from None
    return value
