"""The REST front door: parse, record, validate against the spec, then route.

Routing uses the OpenAPI spec's own path templates, so a handler is keyed by
e.g. ``"PATCH /channels/{channel_id}/messages/{message_id}"`` and the same
match drives both validation and dispatch. A request the fake has no
handler for gets a clear 404 and is recorded as a violation, so a test sees
that the harness (or the bot) went somewhere unexpected.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from tests.fakediscord import records
from tests.fakediscord.limits import message_limit_problems
from tests.fakediscord.messages import FakeAttachment
from tests.fakediscord.openapi import Operation
from tests.fakediscord.records import RecordedRequest
from tests.fakediscord.replies import INVALID_FORM_BODY, ApiError, Reply, to_response

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

API_PREFIX = "/api/v10"
UNAUTHENTICATED_PREFIXES = ("/interactions/", "/webhooks/")


@dataclass
class ApiRequest:
    """A parsed request as handlers see it."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[FakeAttachment] = field(default_factory=list)


Handler = Callable[[ApiRequest], Awaitable[Reply]]


async def _read_body(request: web.Request, fake: FakeDiscord) -> tuple[Any, list[FakeAttachment]]:
    """JSON body, or multipart ``payload_json`` plus ``files[n]`` (bytes kept for tests)."""
    if request.content_type.startswith("multipart/"):
        body: Any = None
        files: list[FakeAttachment] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            data = await part.read(decode=False)
            if part.name == "payload_json":
                body = json.loads(bytes(data).decode("utf-8"))
            elif part.name and part.name.startswith("files["):
                index = part.name[len("files[") : -1]
                files.append(
                    FakeAttachment(
                        id=fake.ids.next(),
                        filename=part.filename or f"file{index}",
                        data=bytes(data),
                        upload_index=index,
                    )
                )
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    return json.loads(raw.decode("utf-8")), []


class RestApi:
    """Turns HTTP requests into handler calls, recording and validating each one."""

    def __init__(self, fake: FakeDiscord, handlers: dict[str, Handler]) -> None:
        self._fake = fake
        self._handlers = handlers

    async def handle(self, request: web.Request) -> web.Response:
        fake = self._fake
        path = request.path[len(API_PREFIX) :] or "/"
        method = request.method.upper()
        query = {k: v for k, v in request.query.items()}
        record = RecordedRequest(method=method, path=path, query=query, json=None)
        fake.requests.append(record)
        try:
            record.json, record.files = await _read_body(request, fake)
        except (ValueError, UnicodeDecodeError) as exc:
            fake.violate(records.PROTOCOL, method, path, f"body is not valid JSON: {exc}")
            return self._finish(record, Reply(400, {"code": 50109, "message": "invalid JSON"}))
        op = fake.spec.match(method, path)
        record.route = op.key if op else None
        reply = await self._dispatch(request, record, op)
        return self._finish(record, reply)

    def _finish(self, record: RecordedRequest, reply: Reply) -> web.Response:
        record.status = reply.status
        self._fake.pulse.notify()
        return to_response(reply)

    async def _dispatch(
        self, request: web.Request, record: RecordedRequest, op: Operation | None
    ) -> Reply:
        fake = self._fake
        method, path = record.method, record.path
        handler = None if op is None else self._handlers.get(op.key)
        if op is None or handler is None:
            where = op.key if op else "a path the spec does not define"
            fake.violate(records.UNHANDLED, method, path, f"no fake handler ({where})")
            return Reply(
                404, {"code": 0, "message": f"404: fake Discord has no handler for {method} {path}"}
            )
        if not path.startswith(UNAUTHENTICATED_PREFIXES) and (
            request.headers.get("Authorization") != f"Bot {fake.bot_token}"
        ):
            return Reply(401, {"code": 0, "message": "401: Unauthorized"})
        problems = self._check(op, record)
        if problems and fake.reject_invalid:
            return ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", {"fake": problems}).reply()
        params = op.path_params(path)
        try:
            return await handler(
                ApiRequest(method, path, params, record.query, record.json, record.files)
            )
        except ApiError as exc:
            return exc.reply()
        except Exception as exc:
            detail = "".join(traceback.format_exception(exc)[-3:]).strip()
            fake.violate(records.HARNESS, method, path, f"fake handler crashed: {detail}")
            return Reply(400, {"code": 0, "message": f"fake Discord handler error: {exc!r}"})

    def _check(self, op: Operation, record: RecordedRequest) -> list[str]:
        """Schema, Discord-limit and query problems; each is also recorded as a violation."""
        fake = self._fake
        found: list[tuple[str, str]] = []
        if fake.check_bodies and (record.json is not None or op.body_required):
            found += [(records.SCHEMA, p) for p in fake.spec.validate_body(op, record.json)]
            found += [(records.LIMIT, p) for p in message_limit_problems(record.json)]
        found += [(records.QUERY, p) for p in fake.spec.validate_query(op, record.query)]
        for kind, problem in found:
            fake.violate(kind, record.method, record.path, problem)
        return [p for _, p in found]
