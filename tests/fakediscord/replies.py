"""HTTP replies in the exact shape discord.py expects from Discord.

discord.py only parses a body as JSON when ``Content-Type`` is exactly
``application/json`` (aiohttp's ``json_response`` appends a charset), and it
retries 5xx answers with multi-second sleeps, so the fake never answers 5xx:
its own faults become 400s plus a recorded violation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import web

UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
CANNOT_EDIT_OTHERS_MESSAGE = 50005
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035


@dataclass
class Reply:
    """A handler's answer; ``body=None`` means 204 No Content."""

    status: int = 200
    body: Any = None


class ApiError(Exception):
    """Raised by handlers to answer with a Discord-style error body."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def reply(self) -> Reply:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return Reply(self.status, body)


def to_response(reply: Reply) -> web.Response:
    if reply.body is None and reply.status == 204:
        return web.Response(status=204)
    return web.Response(
        status=reply.status,
        body=json.dumps(reply.body).encode("utf-8"),
        headers={"Content-Type": "application/json"},
    )
