"""Interactions the fake sends to the bot, and the handles tests use to follow them.

Discord gives a bot 3 seconds to acknowledge an interaction and 15 minutes
to use its token for follow-ups. :class:`InteractionRecord` is the server's
memory of one interaction (deadline, callback, messages created with its
token); :class:`InteractionHandle` is the test-facing view with awaitable
accessors, so a test can say ``await handle.original()`` instead of sleeping.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.fakediscord.messages import EPHEMERAL, FakeMessage
from tests.fakediscord.waiting import DEFAULT_TIMEOUT, wait_for_value
from tests.fakediscord.world import JSON, FakeChannel, FakeMember

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

CALLBACK_NAMES = {
    CHANNEL_MESSAGE: "CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_CHANNEL_MESSAGE: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_UPDATE_MESSAGE: "DEFERRED_UPDATE_MESSAGE",
    UPDATE_MESSAGE: "UPDATE_MESSAGE",
    AUTOCOMPLETE_RESULT: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    MODAL: "MODAL",
}

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}
"""Which callback types Discord accepts for which interaction type."""


@dataclass
class InteractionRecord:
    """Server-side state of one interaction."""

    id: int
    token: str
    type: int
    member: FakeMember
    channel: FakeChannel
    payload: JSON
    deadline: float
    label: str
    source_message_id: int | None = None
    response: JSON | None = None
    answered_at: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    expired: bool = False
    modal: JSON | None = None
    update_pending: bool = False
    """A DEFERRED_UPDATE_MESSAGE whose edit (or follow-up) has not arrived yet."""
    deferred_open: bool = False
    """A DEFERRED_UPDATE_MESSAGE that neither an edit through its token, a follow-up, nor
    the clicked message's deletion has completed yet: the first follow-up before any of
    those is the click's answer (``private_reply`` if it is ephemeral)."""
    private_reply: JSON | None = None
    """A DEFERRED_UPDATE_MESSAGE completed by an ephemeral follow-up rather than an edit
    (a click acknowledged at once, then refused): that follow-up as the private reply
    it stands for (``{"type": 4, "data": …}``), since it is what the member reads."""
    private_reply_id: int | None = None
    written_at: float | None = None
    """When the fake had written the INTERACTION_CREATE frame to the bot's socket
    (`time.monotonic`): the wait before it is the fake's own gateway queue."""

    @property
    def answered(self) -> bool:
        return self.response is not None

    @property
    def response_type(self) -> int | None:
        return None if self.response is None else int(self.response["type"])

    @property
    def answer(self) -> JSON | None:
        """What the member was answered: the callback, or for a deferred update completed
        by an ephemeral follow-up, that follow-up (see ``private_reply``)."""
        return self.private_reply or self.response


def new_token() -> str:
    return "fake-interaction-" + secrets.token_urlsafe(24)


def interaction_payload(
    fake: FakeDiscord,
    *,
    interaction_id: int,
    token: str,
    kind: int,
    member: FakeMember,
    channel: FakeChannel,
    data: JSON,
    message: FakeMessage | None = None,
) -> JSON:
    """An INTERACTION_CREATE body as Discord sends it for a guild channel."""
    guild = fake.guild
    member_perms = guild.permissions_of(member)
    payload: JSON = {
        "id": str(interaction_id),
        "application_id": str(fake.application_id),
        "type": kind,
        "data": data,
        "guild_id": str(guild.id),
        "guild": guild.partial_payload(),
        "channel_id": str(channel.id),
        "channel": channel.to_payload(guild.id, permissions=member_perms),
        "member": member.to_payload(permissions=member_perms),
        "token": token,
        "version": 1,
        "app_permissions": str(guild.permissions_of(guild.bot_member)),
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if message is not None:
        payload["message"] = message.to_payload(fake.base_url)
    return payload


class InteractionHandle:
    """What a test holds after ``fake.slash(...)``, ``fake.click(...)`` and friends.

    Every accessor waits (up to ``timeout``, default 5 s) for the bot to act,
    and fails with an AssertionError that says what was expected.
    """

    def __init__(self, fake: FakeDiscord, record: InteractionRecord) -> None:
        self._fake = fake
        self.record = record

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def payload(self) -> JSON:
        """The INTERACTION_CREATE body the bot received."""
        return self.record.payload

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.id} type={self.record.type} answered={self.answered}>"

    @property
    def answered(self) -> bool:
        return self.record.answered

    async def response(self, timeout: float = DEFAULT_TIMEOUT) -> JSON:  # noqa: ASYNC109
        """The callback body (``{"type": 4, "data": {...}}``) once the bot answered."""
        return await wait_for_value(
            lambda: self.record.response,
            pulse=self._fake.pulse,
            timeout=timeout,
            describe=lambda: f"the bot did not answer interaction {self.id}",
        )

    async def response_type(self, timeout: float = DEFAULT_TIMEOUT) -> int:  # noqa: ASYNC109
        return int((await self.response(timeout))["type"])

    async def settled(self, timeout: float = DEFAULT_TIMEOUT) -> JSON:  # noqa: ASYNC109
        """The answer (``record.answer``) once it is complete: for a deferred update,
        once the clicked message was edited through the token or deleted, or a follow-up
        came; for
        a deferred reply ("thinking…"), once it was completed."""
        await self.response(timeout)

        def probe() -> JSON | None:
            record = self.record
            if record.response_type == DEFERRED_CHANNEL_MESSAGE:
                found = record.original_message_id
                message = None if found is None else self._fake.store.get(found)
                return None if message is None or message.loading else record.answer
            return None if record.deferred_open else record.answer

        return await wait_for_value(
            probe,
            pulse=self._fake.pulse,
            timeout=timeout,
            describe=lambda: f"interaction {self.id} was deferred but never completed",
        )

    async def ephemeral(self, timeout: float = DEFAULT_TIMEOUT) -> bool:  # noqa: ASYNC109
        """Whether the reply is visible only to the invoking member: a click acknowledged
        at once and then answered by one ephemeral follow-up is a private reply."""
        body = await self.settled(timeout)
        if self.record.original_message_id is not None:
            message = self._fake.store.get(self.record.original_message_id)
            if message is not None and self.record.response_type in (
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
            ):
                return message.ephemeral
        flags = int((body.get("data") or {}).get("flags") or 0)
        return bool(flags & EPHEMERAL)

    async def original(self, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:  # noqa: ASYNC109
        """The message this interaction answered with, once it has real content.

        For a deferred reply this waits for the bot's edit of ``@original``;
        for a component's UPDATE_MESSAGE it is the message the component is on (as
        currently shown), and for its DEFERRED_UPDATE_MESSAGE that message once the
        bot has edited it (or sent a public follow-up instead), or the ephemeral
        follow-up that answered it instead (a refusal after an immediate deferral).
        """
        await self.response(timeout)

        def probe() -> FakeMessage | None:
            if self.record.private_reply_id is not None:
                return self._fake.store.get(self.record.private_reply_id)
            message_id = self.record.original_message_id
            message = None if message_id is None else self._fake.store.get(message_id)
            if message is None or message.loading:
                return None
            if self.record.update_pending and not message.deleted:
                return None  # a deleted message has no update left to come
            return message

        return await wait_for_value(
            probe,
            pulse=self._fake.pulse,
            timeout=timeout,
            describe=lambda: (
                f"interaction {self.id} answered with "
                f"{CALLBACK_NAMES.get(self.record.response_type or 0, self.record.response_type)}"
                " but no finished original message appeared"
            ),
        )

    async def followups(
        self,
        count: int = 1,
        timeout: float = DEFAULT_TIMEOUT,  # noqa: ASYNC109
    ) -> list[FakeMessage]:
        """Follow-up messages sent with this token (waits until at least ``count`` exist)."""

        def probe() -> list[FakeMessage] | None:
            found = [self._fake.store.get(i) for i in self.record.followup_ids]
            messages = [m for m in found if m is not None and not m.deleted]
            return messages if len(messages) >= count else None

        return await wait_for_value(
            probe,
            pulse=self._fake.pulse,
            timeout=timeout,
            describe=lambda: f"expected {count} follow-up(s) to interaction {self.id}",
        )

    async def modal(self, timeout: float = DEFAULT_TIMEOUT) -> JSON:  # noqa: ASYNC109
        """The modal the bot opened in answer (callback type 9)."""
        body = await self.response(timeout)
        if self.record.modal is None:
            raise AssertionError(
                f"interaction {self.id} was answered with "
                f"{CALLBACK_NAMES.get(int(body['type']), body['type'])}, not a modal"
            )
        return self.record.modal

    async def submit_modal(
        self,
        values: Mapping[str, Any],
        *,
        timeout: float = DEFAULT_TIMEOUT,  # noqa: ASYNC109
    ) -> InteractionHandle:
        """Fill in and submit the modal this interaction opened, as the same member."""
        modal = await self.modal(timeout)
        return await self._fake.submit_modal(
            self.record.member,
            modal["custom_id"],
            values,
            channel=self.record.channel,
            source_message_id=self.record.source_message_id,
        )

    def expire(self) -> None:
        """Make the token behave as if 15 minutes had passed (webhook calls get 401)."""
        self.record.expired = True
