"""``FakeDiscord``: the fake server's state and the test-facing API in one object.

The HTTP/websocket plumbing lives in ``rest``/``handlers``/``gateway``,
message storage and gateway announcements in ``publisher``, answer deadlines
in ``tracker``. This module holds them together with the world (guild,
messages, commands), the recorded requests and violations, and the helpers
tests call to act as players (``slash``, ``click``, ``select``,
``submit_modal``) and to read what the bot did (``messages``,
``wait_for_message``, ``wait_until``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from aiohttp import web

from tests.fakediscord import actions
from tests.fakediscord.commands import CommandRegistry, InvocationBuilder
from tests.fakediscord.gateway import GatewayHub
from tests.fakediscord.handlers import Handlers
from tests.fakediscord.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionHandle,
    InteractionRecord,
    interaction_payload,
    new_token,
)
from tests.fakediscord.messages import (
    FakeAttachment,
    FakeMessage,
    MessageStore,
)
from tests.fakediscord.openapi import load_spec
from tests.fakediscord.permissions import HasPermissionValue
from tests.fakediscord.publisher import MessagePublisher
from tests.fakediscord.records import RecordedRequest, Violation
from tests.fakediscord.replies import Reply, to_response
from tests.fakediscord.resolved import ResolvedBuilder
from tests.fakediscord.rest import API_PREFIX, RestApi
from tests.fakediscord.snowflake import SnowflakeFactory
from tests.fakediscord.tracker import InteractionTracker
from tests.fakediscord.uploads import UploadShelf
from tests.fakediscord.waiting import (
    DEFAULT_TIMEOUT,
    Pulse,
    wait_for_condition,
    wait_for_value,
)
from tests.fakediscord.world import JSON, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser

CLOSE_RESUMABLE = 4000

ChannelRef = FakeChannel | int | str | None
MemberRef = FakeMember | str
MessageRef = FakeMessage | int


class FakeDiscord:
    """A small Discord on 127.0.0.1 that the real discord.py client can log into."""

    def __init__(
        self,
        *,
        answer_timeout: float = 3.0,
        reject_invalid: bool = True,
        check_bodies: bool = True,
        spec_path: Path | None = None,
        bot_name: str = "Pandemonium",
        bot_token: str = "fake-bot-token",
    ) -> None:
        self.reject_invalid = reject_invalid
        self.check_bodies = check_bodies
        """Validate every JSON body against the spec (off only in load benchmarks: the
        check runs on the bot's own event loop and costs more than a click)."""
        self.bot_token = bot_token
        self.ids = SnowflakeFactory()
        self.bot_user = FakeUser(id=self.ids.next(), name=bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.guild = FakeGuild(self.ids, self.bot_user)
        self.store = MessageStore()
        self.uploads = UploadShelf(self.ids)
        self.commands = CommandRegistry(self.ids, self.application_id)
        self.spec = load_spec(spec_path)
        self.pulse = Pulse()
        self.tracker = InteractionTracker(answer_timeout, self.violate, self.pulse)
        self.publisher = MessagePublisher(self)
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.gateway = GatewayHub(self)
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._background: set[asyncio.Task[None]] = set()

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application()
        rest = RestApi(self, Handlers(self).routes())
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", rest.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_get("/", self.gateway.handle)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        """Close connections and record interactions that were never answered."""
        self.tracker.close()
        await self.gateway.close_all()
        for task in list(self._background):
            await task
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def drop_connections(self, code: int = CLOSE_RESUMABLE) -> None:
        """Close every gateway connection as a network blip would; discord.py reconnects
        (its RESUME is refused, so it identifies afresh and gets READY again)."""
        await self.gateway.close_all(code)

    async def wait_for_sessions(
        self,
        count: int,
        timeout: float = DEFAULT_TIMEOUT,  # noqa: ASYNC109
    ) -> None:
        """Wait until ``count`` IDENTIFYs in total have been answered with READY."""
        seen = self.gateway.identify_payloads
        await self.wait_until(
            lambda: len(seen) >= count and self.gateway.latest_for(self.guild.id) is not None,
            timeout=timeout,
            message=f"expected {count} gateway session(s) to identify",
        )

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to."""
        return f"ws://127.0.0.1:{self.port}/"

    @contextlib.contextmanager
    def point_discord_py_here(self) -> Iterator[None]:
        """Aim discord.py's REST base and gateway URL at this fake; restore them afterwards."""
        import discord.gateway
        import discord.http
        import yarl

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        message_id_attachment = int(request.match_info["attachment_id"])
        uploaded = self.uploads.find(message_id_attachment)
        if uploaded is not None:
            return web.Response(body=uploaded.data, content_type=uploaded.content_type)
        for message in self.store.all():
            for attachment in message.attachments:
                if attachment.id == message_id_attachment:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return to_response(Reply(404, {"code": 0, "message": "404: Not Found"}))

    # -- world ---------------------------------------------------------------------------

    @property
    def text_channel(self) -> FakeChannel:
        return self.guild.text_channel

    @property
    def other_channel(self) -> FakeChannel:
        return self.guild.other_channel

    @property
    def thread(self) -> FakeChannel:
        return self.guild.thread

    @property
    def gm_role(self) -> FakeRole:
        return self.guild.gm_role

    @property
    def bot_member(self) -> FakeMember:
        return self.guild.bot_member

    def member(self, name: str) -> FakeMember:
        """A member by name: alice, bob, carol, dave (players), erin (Manage Channels),
        frank (GM role), olivia (owner), or any added with :meth:`add_member`."""
        found = self.guild.find_member(name)
        if found is None:
            known = sorted(m.name for m in self.guild.members.values())
            raise KeyError(f"no member {name!r}; members are {known}")
        return found

    def channel(self, ref: ChannelRef = None) -> FakeChannel:
        """A channel by object, id or name; ``None`` is the default text channel."""
        if ref is None:
            return self.guild.text_channel
        if isinstance(ref, FakeChannel):
            return ref
        found = (
            self.guild.channels.get(ref) if isinstance(ref, int) else self.guild.find_channel(ref)
        )
        if found is None:
            raise KeyError(
                f"no channel {ref!r}; channels are {[c.name for c in self.guild.channels.values()]}"
            )
        return found

    def add_member(
        self,
        name: str,
        *,
        permissions: int | HasPermissionValue | None = None,
        roles: Sequence[FakeRole] = (),
    ) -> FakeMember:
        """Add a member (announced to a connected bot with GUILD_MEMBER_ADD)."""
        member = self.guild.add_member(name, permissions=permissions, roles=list(roles))
        for role_id in member.role_ids:
            role = self.guild.roles[role_id]
            if role.name == f"{name} permissions":
                self._announce(
                    "GUILD_ROLE_CREATE", {"guild_id": str(self.guild.id), "role": role.to_payload()}
                )
        self._announce("GUILD_MEMBER_ADD", {**member.to_payload(), "guild_id": str(self.guild.id)})
        return member

    def add_role(self, name: str, permissions: int | HasPermissionValue = 0) -> FakeRole:
        role = self.guild.add_role(name, permissions)
        self._announce(
            "GUILD_ROLE_CREATE", {"guild_id": str(self.guild.id), "role": role.to_payload()}
        )
        return role

    def add_channel(self, name: str, *, parent: FakeChannel | None = None) -> FakeChannel:
        """A new text channel, or a thread under ``parent`` (announced to a connected bot)."""
        channel = self.guild.add_channel(name, parent=parent)
        event = "THREAD_CREATE" if channel.is_thread else "CHANNEL_CREATE"
        self._announce(event, channel.to_payload(self.guild.id))
        return channel

    def _announce(self, event: str, data: JSON) -> None:
        if not self.gateway.sessions:
            return
        task = asyncio.get_running_loop().create_task(self.gateway.dispatch_all(event, data))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _member(self, ref: MemberRef) -> FakeMember:
        return ref if isinstance(ref, FakeMember) else self.member(ref)

    @property
    def interactions(self) -> list[InteractionRecord]:
        """Every interaction sent to the bot, oldest first."""
        return self.tracker.records

    @property
    def answer_timeout(self) -> float:
        return self.tracker.answer_timeout

    # -- recording -----------------------------------------------------------------------

    def violate(self, kind: str, method: str, path: str, detail: str) -> None:
        self.violations.append(Violation(kind, method, path, detail))

    def take_violations(self) -> list[Violation]:
        """Return and forget the violations so far (for tests that provoke them on purpose)."""
        taken, self.violations = self.violations, []
        return taken

    def assert_no_violations(self) -> None:
        if self.violations:
            lines = "\n  ".join(str(v) for v in self.violations)
            raise AssertionError(
                f"the bot broke {len(self.violations)} Discord rule(s):\n  {lines}"
            )

    def requests_to(self, route: str) -> list[RecordedRequest]:
        """Recorded requests for one spec route.

        e.g. ``fake.requests_to("PATCH /channels/{channel_id}/messages/{message_id}")``.
        """
        return [r for r in self.requests if r.route == route]

    def synced_commands(self, guild: bool | None = None) -> list[JSON]:
        """Commands as last synced: global (``guild=False``), the guild's (``True``) or both."""
        scopes: list[int | None] = []
        if guild is not True:
            scopes.append(None)
        if guild is not False:
            scopes.append(self.guild.id)
        return [c for scope in scopes for c in self.commands.listing(scope)]

    # -- messages ------------------------------------------------------------------------

    def messages(
        self, channel: ChannelRef = None, *, include_ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Messages everyone in the channel sees, oldest first, edits applied.

        Ephemeral replies are left out unless ``include_ephemeral`` (only their
        recipient sees them; a handle's ``original()``/``followups()`` reach them too).
        """
        return self.store.in_channel(self.channel(channel).id, include_ephemeral=include_ephemeral)

    def newest_messages(self, channel: ChannelRef, count: int) -> list[FakeMessage]:
        """The last `count` of `messages(channel)`, without walking the whole channel."""
        return self.store.newest(self.channel(channel).id, count)

    def last_message(self, channel: ChannelRef = None) -> FakeMessage:
        found = self.messages(channel)
        if not found:
            raise AssertionError(f"no messages in #{self.channel(channel).name}")
        return found[-1]

    def message(self, message_id: int) -> FakeMessage:
        found = self.store.get(message_id)
        if found is None:
            raise KeyError(f"no message {message_id}")
        return found

    async def wait_for_message(
        self,
        channel: ChannelRef = None,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,  # noqa: ASYNC109
        include_ephemeral: bool = False,
    ) -> FakeMessage:
        """The newest message in the channel matching ``predicate`` (waits for it to appear)."""
        target = self.channel(channel)
        check = predicate or (lambda m: not m.loading)

        def probe() -> FakeMessage | None:
            found = self.store.in_channel(target.id, include_ephemeral=include_ephemeral)
            return next((m for m in reversed(found) if check(m)), None)

        def describe() -> str:
            seen = [m.text()[:80] for m in self.store.in_channel(target.id)][-5:]
            return f"no matching message in #{target.name}; last messages: {seen}"

        return await wait_for_value(probe, pulse=self.pulse, timeout=timeout, describe=describe)

    async def wait_until(
        self,
        predicate: Callable[[], bool | Awaitable[bool]],
        *,
        timeout: float = DEFAULT_TIMEOUT,  # noqa: ASYNC109
        message: str = "condition never became true",
    ) -> None:
        """Wait until ``predicate()`` is true (it may look at the fake or at the bot)."""
        await wait_for_condition(
            predicate, pulse=self.pulse, timeout=timeout, describe=lambda: message
        )

    async def wait_idle(self, timeout: float = DEFAULT_TIMEOUT) -> None:  # noqa: ASYNC109
        """Wait until every interaction sent so far has been answered."""
        await wait_for_condition(
            lambda: not self.tracker.unanswered(),
            pulse=self.pulse,
            timeout=timeout,
            describe=lambda: "unanswered: " + ", ".join(r.label for r in self.tracker.unanswered()),
        )

    async def post_message(
        self, member: MemberRef, content: str, channel: ChannelRef = None
    ) -> FakeMessage:
        """A member writes in a channel (the bot gets MESSAGE_CREATE)."""
        author = self._member(member)
        message = FakeMessage(
            id=self.ids.next(),
            channel_id=self.channel(channel).id,
            guild_id=self.guild.id,
            author=author.user,
            content=content,
        )
        return await self.publisher.publish(message)

    # -- acting as players -----------------------------------------------------------------

    def upload(
        self, filename: str, data: bytes, content_type: str | None = None
    ) -> FakeAttachment:
        """A file to pass as a slash command's attachment option (served at its URL)."""
        return self.uploads.add(filename, data, content_type)

    async def slash(
        self,
        member: MemberRef,
        command: str,
        /,
        *,
        channel: ChannelRef = None,
        options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Invoke a synced slash command, e.g. ``slash(alice, "game new", game="hellboy")``.

        Options are typed from the synced definition; users, channels and roles
        are passed as fake objects and arrive with their ``resolved`` data.
        ``channel`` is where the command is typed; an option that is itself
        called ``channel`` (or ``options``, or is not a Python name) goes in
        ``options={...}``.
        """
        who = self._member(member)
        where = self.channel(channel)
        resolved = self._resolver(who, where)
        data = InvocationBuilder(self.commands, resolved, self.guild.id).build(
            command, {**(options or {}), **kwargs}
        )
        return await self._send(
            APPLICATION_COMMAND, who, where, data, label=f"/{command} by {who.name}"
        )

    async def autocomplete(
        self,
        member: MemberRef,
        command: str,
        focused: str,
        /,
        *,
        channel: ChannelRef = None,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Ask for autocomplete choices of option ``focused`` (its partial text as a kwarg)."""
        who = self._member(member)
        where = self.channel(channel)
        data = InvocationBuilder(self.commands, self._resolver(who, where), self.guild.id).build(
            command, kwargs, focused=focused
        )
        return await self._send(
            AUTOCOMPLETE, who, where, data, label=f"autocomplete /{command} by {who.name}"
        )

    async def click(
        self,
        member: MemberRef,
        message: MessageRef,
        custom_id: str | None = None,
        *,
        label: str | None = None,
    ) -> InteractionHandle:
        """Press a button on a message, by custom_id or by its label."""
        who = self._member(member)
        target = self._live_message(message)
        data = actions.button_data(target, custom_id, label)
        return await self._component(who, target, data, f"button {data['custom_id']!r}")

    async def select(
        self, member: MemberRef, message: MessageRef, custom_id: str, values: Sequence[Any]
    ) -> InteractionHandle:
        """Pick values in a select menu (strings for string selects, fake objects otherwise)."""
        who = self._member(member)
        target = self._live_message(message)
        where = self.channel(target.channel_id)
        data = actions.select_data(target, custom_id, values, self._resolver(who, where))
        return await self._send(
            MESSAGE_COMPONENT,
            who,
            where,
            data,
            label=f"select {custom_id!r} by {who.name}",
            message=target,
        )

    async def forged_click(
        self,
        member: MemberRef,
        message: MessageRef,
        custom_id: str,
        values: Sequence[str] | None = None,
    ) -> InteractionHandle:
        """A click no real client could send: ``custom_id`` (a button's, or with ``values``
        a select's) on a message that is shown holding it, whatever the bot put there —
        a modified client, or a garbled relay. Tests of bad input use it; ``click`` and
        ``select`` refuse anything a player could not press."""
        who = self._member(member)
        target = self._live_message(message)
        component, data = actions.forged_data(custom_id, values)
        shown = dataclasses.replace(target, components=[{"type": 1, "components": [component]}])
        return await self._component(who, shown, data, f"forged {custom_id!r}")

    async def _component(
        self, who: FakeMember, message: FakeMessage, data: JSON, what: str
    ) -> InteractionHandle:
        """A component interaction by `who` on `message` (as the bot is shown it)."""
        return await self._send(
            MESSAGE_COMPONENT,
            who,
            self.channel(message.channel_id),
            data,
            label=f"{what} by {who.name}",
            message=message,
        )

    async def submit_modal(
        self,
        member: MemberRef,
        custom_id: str | None,
        values: Mapping[str, Any],
        *,
        channel: ChannelRef = None,
        source_message_id: int | None = None,
    ) -> InteractionHandle:
        """Submit a modal the bot opened; ``custom_id=None`` means the last one for ``member``."""
        who = self._member(member)
        record = self.tracker.last_modal(who.id, custom_id)
        if record is None or record.modal is None:
            opened = self.tracker.opened_modal_ids()
            raise AssertionError(f"the bot never opened a modal {custom_id!r}; opened: {opened}")
        where = self.channel(channel if channel is not None else record.channel)
        data = actions.modal_submit_data(record.modal, values, self._resolver(who, where))
        source_id = source_message_id if source_message_id is not None else record.source_message_id
        source = None if source_id is None else self.store.get(source_id)
        return await self._send(
            MODAL_SUBMIT,
            who,
            where,
            data,
            label=f"modal {data['custom_id']!r} by {who.name}",
            message=source,
        )

    def expire_token(self, handle: InteractionHandle) -> None:
        """Age an interaction token past Discord's 15 minutes."""
        handle.expire()

    def _resolver(self, member: FakeMember, channel: FakeChannel) -> ResolvedBuilder:
        return ResolvedBuilder(
            guild=self.guild,
            attachment_url_base=self.base_url,
            channel_permissions=self.guild.permissions_of(member),
        )

    def _live_message(self, ref: MessageRef) -> FakeMessage:
        message = self.message(ref) if isinstance(ref, int) else self.store.get(ref.id)
        if message is None or message.deleted:
            raise AssertionError(f"message {ref if isinstance(ref, int) else ref.id} is gone")
        return message

    async def _send(
        self,
        kind: int,
        member: FakeMember,
        channel: FakeChannel,
        data: JSON,
        *,
        label: str,
        message: FakeMessage | None = None,
    ) -> InteractionHandle:
        session = self.gateway.latest_for(self.guild.id)
        if session is None:
            raise AssertionError(f"cannot send {label}: no bot is connected to the fake gateway")
        interaction_id = self.ids.next()
        token = new_token()
        payload = interaction_payload(
            self,
            interaction_id=interaction_id,
            token=token,
            kind=kind,
            member=member,
            channel=channel,
            data=data,
            message=message,
        )
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=kind,
            member=member,
            channel=channel,
            payload=payload,
            deadline=self.tracker.deadline(),
            label=label,
            source_message_id=None if message is None else message.id,
        )
        self.tracker.open(record)
        await session.dispatch("INTERACTION_CREATE", payload)
        record.written_at = time.monotonic()
        return InteractionHandle(self, record)
