"""The load bench's floor: the real bot's REST calls replayed, with nothing built.

Issue 27 asks for half the CPU per click of the bot it was filed on. Part of a
click's cost is not the bot's work but its calls: each one is a request discord.py
and aiohttp build and send, a reply they read, and most bring a gateway event back.
The floor bot measures that part alone. After a game's steady run, the bench hands
it that run's calls (`script_of`: per interaction, the requests made with its token,
and the channel's own board edits, posts and deletions spread evenly among them),
bodies and pictures as the real bot sent them. Under the same rate and tables, it
answers each click with the next interaction's calls, in their order, built once
before the run. Its CPU per click is then what that many calls cost with no rules,
menus, pictures or storage behind them: a floor that no work on the bot's side can
go under while it makes the same calls. It hears the gateway's message events as
the bot does (guild messages) but reads none, so it is a floor, not an estimate.

The parent steers it through a pipe as it does `bench.load_bare`.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import discord
from discord.http import Route
from discord.utils import _to_json
from discord.webhook.async_ import async_context

from bench.load_bare import BareBot, serve_baseline
from bench.load_figures import BotFigures
from bot.cli import freeze_start_up
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.records import RecordedRequest

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
FOLLOW_UP = "POST /webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"
DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
BY_TOKEN = (CALLBACK, FOLLOW_UP, ORIGINAL)
DEFERRED_UPDATE, UPDATE_MESSAGE = 6, 7
EPHEMERAL = 64
BY_CHANNEL = (EDIT, POST, DELETE)
CLICKABLE = [{"type": 1, "components": [
    {"type": 2, "style": 2, "label": "Click", "custom_id": "floor:click"}]}]
"""What a replayed body that empties a message's components leaves on it instead (a
row of a few dozen bytes against a board's kilobytes): a click's answer that took a
board's buttons away (a panel closed, a game over) would otherwise leave the floor's
players less and less to press, and the rate would fall."""


@dataclass(frozen=True)
class Call:
    """One request as the real bot made it: its route, query, body and files
    (upload index, file name, bytes)."""

    route: str
    query: dict[str, str]
    body: Any
    files: tuple[tuple[str, str, bytes], ...] = ()


Script = list[list[Call]]
"""Per interaction of the real run, in order: the calls that answered it."""


def _token(path: str) -> str | None:
    """The interaction token in an interaction or webhook path
    (``/interactions/{id}/{token}/…``, ``/webhooks/{application}/{token}…``)."""
    parts = path.split("/")
    return parts[3] if len(parts) > 3 and parts[1] in ("interactions", "webhooks") else None


def _call(request: RecordedRequest) -> Call:
    return Call(str(request.route), dict(request.query), clickable(request.json),
                tuple((f.upload_index or "0", f.filename, f.data) for f in request.files))


def clickable(body: Any) -> Any:
    """`body`, with `CLICKABLE` where it (or a callback's data) empties the components."""
    if not isinstance(body, dict):
        return body
    if body.get("components") == []:
        return {**body, "components": CLICKABLE}
    if isinstance(body.get("data"), dict) and body["data"].get("components") == []:
        return {**body, "data": {**body["data"], "components": CLICKABLE}}
    return body


def script_of(interactions: Sequence[InteractionRecord], requests: Sequence[RecordedRequest]
              ) -> tuple[Script, Counter[str]]:
    """The calls of a run, per interaction; and what could not be replayed, by route
    (a route the floor does not know, or a token of an interaction outside the run)."""
    script: Script = [[] for _ in interactions]
    at = {record.token: i for i, record in enumerate(interactions)}
    untied: list[Call] = []
    left: Counter[str] = Counter()
    for request in requests:
        route = str(request.route)
        index = at.get(_token(request.path) or "")
        if route in BY_TOKEN and index is not None:
            script[index].append(_call(request))
        elif route in BY_CHANNEL:
            untied.append(_call(request))
        else:
            left[route] += 1
    if script:
        for n, call in enumerate(untied):
            script[n * len(script) // len(untied)].append(call)
    else:
        left.update(call.route for call in untied)
    return script, left


class FloorBot(BareBot):
    """Answers the n-th click with the n-th interaction's calls of the real run."""

    def __init__(self, figures: BotFigures, script: Script) -> None:
        intents = discord.Intents.none()
        intents.guilds = intents.guild_messages = True
        super().__init__(figures, intents=intents, max_messages=None)
        self.script = script
        self.played = 0
        self.boards: dict[int, list[int]] = {}
        """Per channel, its stand-in boards, oldest first: the real bot's board edits
        go to the newest, its deletions to the oldest (a board posted again)."""
        parsers = self._connection.parsers
        parsers["MESSAGE_CREATE"] = parsers["MESSAGE_UPDATE"] = lambda data: None

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.figures.handling[interaction.id] = time.monotonic()
        calls = self.script[self.played % len(self.script)] if self.script else []
        self.played += 1
        for call in calls:
            try:
                await self._replay(interaction, call)
            except discord.HTTPException as exc:
                self.figures.errors[f"{call.route}: {exc.status}"] += 1

    async def _replay(self, interaction: discord.Interaction[Any], call: Call) -> None:
        method, path = call.route.split(" ", 1)
        form: list[dict[str, Any]] | None = None
        if call.files:
            form = [{"name": "payload_json", "value": _to_json(call.body)}]
            form += [{"name": f"files[{index}]", "value": data, "filename": name,
                      "content_type": "application/octet-stream"}
                     for index, name, data in call.files]
        if call.route == CALLBACK:
            self.figures.answering[interaction.id] = time.monotonic()
        if call.route in BY_TOKEN:
            await self._by_token(interaction, call, method, path, form)
        else:
            await self._by_channel(interaction.channel_id or 0, call, method, path, form)

    async def _by_token(self, interaction: discord.Interaction[Any], call: Call, method: str,
                        path: str, form: list[dict[str, Any]] | None) -> None:
        """An answer, edit or follow-up through discord.py's webhook adapter, the way
        the bot sends its own (`bot.interactions`): no bot token, no global rate limit."""
        answer = call.route == CALLBACK
        route = Route(
            method, path.replace("{interaction_id}", "{webhook_id}").replace(
                "{interaction_token}", "{webhook_token}"),
            webhook_id=interaction.id if answer else interaction.application_id,
            webhook_token=interaction.token)
        await async_context.get().request(
            route, session=interaction._session, payload=None if form else call.body,
            multipart=form, params=call.query or None)

    async def _by_channel(self, channel: int, call: Call, method: str, path: str,
                          form: list[dict[str, Any]] | None) -> None:
        """A board edited, posted again or deleted through discord.py's HTTP client, as
        the live board does outside a click."""
        boards = self.boards.setdefault(channel, [])
        params: dict[str, Any] = {"channel_id": channel}
        if call.route == DELETE:
            if len(boards) < 2:
                return
            params["message_id"] = boards.pop(0)
        elif call.route == EDIT:
            if not boards:
                return
            params["message_id"] = boards[-1]
        kwargs: dict[str, Any] = {"params": call.query} if call.query else {}
        if form:
            kwargs["form"] = form
        elif call.body is not None:
            kwargs["json"] = call.body
        reply = await self.http.request(Route(method, path, **params), **kwargs)
        if call.route == POST and isinstance(reply, dict):
            boards.append(int(reply["id"]))

    async def post(self, channel_ids: list[int]) -> None:
        """The bare bot's board in each channel, remembered as its first stand-in."""
        await super().post(channel_ids)
        for channel_id in channel_ids:
            self.boards[channel_id] = [self.posted[channel_id]]


def serve(script: Script, settings: dict[str, Any], pipe: Connection) -> None:
    """The child process's entry point (`settings` as `bench.load_bot.serve` takes them),
    with the bot's own start-up settings of the collector (the script frozen with it)."""
    freeze_start_up()
    asyncio.run(serve_baseline(settings, pipe, lambda figures: FloorBot(figures, script)))


def edits_answer(calls: list[Call]) -> list[Call]:
    """The calls as they would be if a click deferred (type 6) and then edited through
    its token were answered by that edit (type 7, its body and files): one call fewer
    a click. The answer would then wait for the rules, the commit and the layout."""
    answer = next((c for c in calls if c.route == CALLBACK), None)
    edit = next((c for c in calls if c.route == ORIGINAL), None)
    if answer is None or edit is None or not isinstance(answer.body, dict) or \
            answer.body.get("type") != DEFERRED_UPDATE:
        return calls
    merged = Call(CALLBACK, {}, {"type": UPDATE_MESSAGE, "data": edit.body}, edit.files)
    return [merged if c is answer else c for c in calls if c is not edit]


def lines_on_board(calls: list[Call]) -> list[Call]:
    """The calls as they would be if a click's public event lines rode on the board's
    edit instead of following it: public follow-ups without components dropped (their
    text would lengthen the board's body by a few lines, not counted here)."""
    return [c for c in calls if not (c.route == FOLLOW_UP and _public_line(c.body))]


def _public_line(body: Any) -> bool:
    return isinstance(body, dict) and not int(body.get("flags") or 0) & EPHEMERAL and \
        not body.get("components")


AS_SENT = "as-sent"
VARIANTS: dict[str, Callable[[list[Call]], list[Call]]] = {
    AS_SENT: list,
    "edits-answer": edits_answer,
    "lines-on-board": lines_on_board,
    "both": lambda calls: lines_on_board(edits_answer(calls)),
}
"""What the floor replays: the calls as the bot sent them, or as two designs that send
fewer would (issue 27's notes name both): each is the floor of that design."""


def varied(script: Script, variant: str) -> Script:
    """`script` with each interaction's calls as `variant` would make them."""
    change = VARIANTS[variant]
    return [change(calls) for calls in script]


def floor_lines(game: str, floors: Sequence[float], now: Sequence[float],
                before: Sequence[float], commit: str, variant: str = AS_SENT) -> list[str]:
    """The floor's CPU per click against today's bot's (and the older bot's, with
    `--before`), as medians over the runs: what the calls alone cost, and what is left
    for the bot's own work to win back. A variant's floor is its design's: the bot's own
    work as today's added to it says what that design could reach."""
    floor, today = statistics.median(floors), statistics.median(now)
    name = "floor" if variant == AS_SENT else f"floor {variant}"
    out = [f"{game}: {name} (its calls alone) CPU per click {floor:.1f} ms, {floor / today:.2f}x"
           f" of today's bot ({today:.1f} ms; runs {', '.join(f'{f:.1f}' for f in floors)})"]
    if variant == AS_SENT:
        out[0] += f"; the bot's own work {today - floor:.1f} ms per click"
    if before:
        was = statistics.median(before)
        out.append(f"{game}: {name} / before ({commit}) {floor / was:.2f}x: with these calls,"
                   f" no work of the bot's can take it under {floor / was:.2f}x of {was:.1f} ms")
    return out
