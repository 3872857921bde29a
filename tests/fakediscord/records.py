"""What the fake saw: every REST request, and every rule the bot broke."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.messages import FakeAttachment


@dataclass
class RecordedRequest:
    """One REST call from the bot. ``route`` is the spec's template, e.g.
    ``"PATCH /channels/{channel_id}/messages/{message_id}"`` (``None`` when the spec has none)."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[FakeAttachment] = field(default_factory=list)
    route: str | None = None
    status: int = 0


@dataclass(frozen=True)
class Violation:
    """A broken contract: schema, unanswered interaction, unknown route, harness fault…"""

    kind: str
    method: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.detail}"


SCHEMA = "schema"
LIMIT = "discord-limit"
QUERY = "query"
UNHANDLED = "unhandled-route"
UNANSWERED = "interaction-unanswered"
PROTOCOL = "protocol"
HARNESS = "harness-error"
