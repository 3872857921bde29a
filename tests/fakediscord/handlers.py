"""REST handlers: the subset of Discord's API a game bot uses, with Discord's error codes.

Interaction rules that Discord enforces are enforced here too (and recorded
as protocol violations when the bot breaks them): one callback per
interaction, only callback types valid for the interaction's type,
follow-ups only after the callback, and no webhook calls with an expired
token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.fakediscord import permissions as perms
from tests.fakediscord import records
from tests.fakediscord.interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    CALLBACK_NAMES,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from tests.fakediscord.messages import (
    EPHEMERAL,
    LOADING,
    MESSAGE_CHAT_INPUT_COMMAND,
    MESSAGE_DEFAULT,
    FakeMessage,
)
from tests.fakediscord.replies import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_EDIT_OTHERS_MESSAGE,
    INVALID_WEBHOOK_TOKEN,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_COMMAND,
    UNKNOWN_GUILD,
    UNKNOWN_INTERACTION,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    UNKNOWN_WEBHOOK,
    ApiError,
    Reply,
)
from tests.fakediscord.rest import ApiRequest, Handler
from tests.fakediscord.world import JSON, FakeChannel

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

MAX_HISTORY_LIMIT = 100


class Handlers:
    """Route handlers bound to one fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> dict[str, Handler]:
        return {
            "GET /users/@me": self.get_me,
            "GET /users/{user_id}": self.get_user,
            "GET /oauth2/applications/@me": self.get_application,
            "GET /gateway": self.get_gateway,
            "GET /gateway/bot": self.get_gateway,
            "GET /applications/{application_id}/commands": self.list_commands,
            "PUT /applications/{application_id}/commands": self.overwrite_commands,
            "POST /applications/{application_id}/commands": self.upsert_command,
            "DELETE /applications/{application_id}/commands/{command_id}": self.delete_command,
            "GET /applications/{application_id}/guilds/{guild_id}/commands": self.list_commands,
            "PUT /applications/{application_id}/guilds/{guild_id}/commands": (
                self.overwrite_commands
            ),
            "POST /applications/{application_id}/guilds/{guild_id}/commands": self.upsert_command,
            "DELETE /applications/{application_id}/guilds/{guild_id}/commands/{command_id}": (
                self.delete_command
            ),
            "POST /interactions/{interaction_id}/{interaction_token}/callback": self.callback,
            "POST /webhooks/{webhook_id}/{webhook_token}": self.create_followup,
            "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original": (
                self.get_webhook_message
            ),
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": (
                self.edit_webhook_message
            ),
            "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original": (
                self.delete_webhook_message
            ),
            "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (
                self.get_webhook_message
            ),
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (
                self.edit_webhook_message
            ),
            "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (
                self.delete_webhook_message
            ),
            "GET /channels/{channel_id}": self.get_channel,
            "POST /channels/{channel_id}/typing": self.typing,
            "GET /channels/{channel_id}/messages": self.list_messages,
            "POST /channels/{channel_id}/messages": self.create_message,
            "GET /channels/{channel_id}/messages/{message_id}": self.get_message,
            "PATCH /channels/{channel_id}/messages/{message_id}": self.edit_message,
            "DELETE /channels/{channel_id}/messages/{message_id}": self.delete_message,
            "GET /guilds/{guild_id}": self.get_guild,
            "GET /guilds/{guild_id}/channels": self.list_guild_channels,
            "GET /guilds/{guild_id}/members": self.list_members,
            "GET /guilds/{guild_id}/members/{user_id}": self.get_member,
            "GET /guilds/{guild_id}/roles": self.list_roles,
        }

    # -- lookups -------------------------------------------------------------------------

    def _guild_scope(self, req: ApiRequest) -> int | None:
        guild_id = req.params.get("guild_id")
        if guild_id is None:
            return None
        if guild_id != str(self.fake.guild.id):
            raise ApiError(404, UNKNOWN_GUILD, "Unknown Guild")
        return self.fake.guild.id

    def _channel(self, req: ApiRequest) -> FakeChannel:
        channel = self.fake.guild.channels.get(_int(req.params["channel_id"]))
        if channel is None:
            raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _channel_message(self, req: ApiRequest) -> FakeMessage:
        channel = self._channel(req)
        message = self.fake.store.get(_int(req.params["message_id"]))
        if (
            message is None
            or message.deleted
            or message.ephemeral
            or message.channel_id != channel.id
        ):
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def _webhook_record(self, req: ApiRequest) -> InteractionRecord:
        if req.params["webhook_id"] != str(self.fake.application_id):
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        record = self.fake.tracker.by_token.get(req.params["webhook_token"])
        if record is None or record.expired:
            raise ApiError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return record

    def _webhook_message(self, req: ApiRequest, record: InteractionRecord) -> FakeMessage:
        if req.path.endswith("/@original"):
            message_id = record.original_message_id
        else:
            message_id = _int(req.params["message_id"])
            if message_id not in [record.original_message_id, *record.followup_ids]:
                message_id = None
        message = None if message_id is None else self.fake.store.get(message_id)
        if message is None or message.deleted:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def _message_reply(self, message: FakeMessage) -> Reply:
        return Reply(200, message.to_payload(self.fake.base_url))

    # -- identity ------------------------------------------------------------------------

    async def get_me(self, req: ApiRequest) -> Reply:
        return Reply(
            200, {**self.fake.bot_user.to_payload(), "verified": True, "mfa_enabled": False}
        )

    async def get_user(self, req: ApiRequest) -> Reply:
        member = self.fake.guild.members.get(_int(req.params["user_id"]))
        if member is None:
            raise ApiError(404, UNKNOWN_USER, "Unknown User")
        return Reply(200, member.user.to_payload())

    async def get_application(self, req: ApiRequest) -> Reply:
        fake = self.fake
        owner = fake.guild.members[fake.guild.owner_id].user
        return Reply(
            200,
            {
                "id": str(fake.application_id),
                "name": fake.bot_user.name,
                "description": "A fake application for end-to-end tests",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner.to_payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "bot": fake.bot_user.to_payload(),
            },
        )

    async def get_gateway(self, req: ApiRequest) -> Reply:
        return Reply(
            200,
            {
                "url": self.fake.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            },
        )

    # -- application commands ------------------------------------------------------------

    def _check_application(self, req: ApiRequest) -> None:
        if req.params["application_id"] != str(self.fake.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    async def list_commands(self, req: ApiRequest) -> Reply:
        self._check_application(req)
        return Reply(200, self.fake.commands.listing(self._guild_scope(req)))

    async def overwrite_commands(self, req: ApiRequest) -> Reply:
        self._check_application(req)
        return Reply(
            200, self.fake.commands.overwrite(self._guild_scope(req), list(req.body or []))
        )

    async def upsert_command(self, req: ApiRequest) -> Reply:
        self._check_application(req)
        return Reply(201, self.fake.commands.upsert(self._guild_scope(req), dict(req.body or {})))

    async def delete_command(self, req: ApiRequest) -> Reply:
        self._check_application(req)
        if not self.fake.commands.delete(self._guild_scope(req), req.params["command_id"]):
            raise ApiError(404, UNKNOWN_COMMAND, "Unknown application command")
        return Reply(204)

    # -- interactions --------------------------------------------------------------------

    async def callback(self, req: ApiRequest) -> Reply:
        fake = self.fake
        record = fake.tracker.by_token.get(req.params["interaction_token"])
        if record is None or str(record.id) != req.params["interaction_id"] or record.expired:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if record.answered:
            fake.violate(records.PROTOCOL, req.method, req.path, "interaction acknowledged twice")
            raise ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        body: JSON = req.body or {}
        kind = int(body.get("type", 0))
        if kind not in ALLOWED_CALLBACKS.get(record.type, set()) or (
            kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE) and record.source_message_id is None
        ):
            detail = (
                f"callback type {kind} ({CALLBACK_NAMES.get(kind, '?')}) is not valid for "
                f"interaction type {record.type}"
            )
            fake.violate(records.PROTOCOL, req.method, req.path, detail)
            raise ApiError(400, 50035, f"Invalid Form Body: {detail}")
        data: JSON = body.get("data") or {}
        fake.tracker.answer(record, body)  # before any await: a second callback must see it
        message = await self._apply_callback(record, kind, data, req)
        response: JSON = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None:
            response["interaction"]["response_message_id"] = str(message.id)
            response["resource"]["message"] = message.to_payload(fake.base_url)
        return Reply(200, response)

    async def _apply_callback(
        self, record: InteractionRecord, kind: int, data: JSON, req: ApiRequest
    ) -> FakeMessage | None:
        fake = self.fake
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            flags = int(data.get("flags") or 0)
            body = data
            if kind == DEFERRED_CHANNEL_MESSAGE:
                flags = (flags & EPHEMERAL) | LOADING
                body = {"content": ""}
            message = await fake.publisher.post_bot_message(
                record.channel,
                {**body, "flags": flags},
                req.files,
                interaction=record,
                message_type=(
                    MESSAGE_CHAT_INPUT_COMMAND
                    if record.type == APPLICATION_COMMAND
                    else MESSAGE_DEFAULT
                ),
            )
            record.original_message_id = message.id
            return message
        if kind == MODAL:
            record.modal = data
            return None
        if record.source_message_id is not None:
            record.original_message_id = record.source_message_id
            record.update_pending = record.deferred_open = kind == DEFERRED_UPDATE_MESSAGE
            source = fake.store.get(record.source_message_id)
            if kind == UPDATE_MESSAGE and source is not None:
                await fake.publisher.edit_bot_message(source, data, req.files)
            return source if kind == UPDATE_MESSAGE else None
        return None

    async def create_followup(self, req: ApiRequest) -> Reply:
        fake = self.fake
        record = self._webhook_record(req)
        if not record.answered:
            fake.violate(
                records.PROTOCOL,
                req.method,
                req.path,
                "follow-up sent before the interaction was acknowledged",
            )
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        body: JSON = req.body or {}
        settles = record.deferred_open
        record.update_pending = record.deferred_open = False
        original = (
            None
            if record.original_message_id is None
            else fake.store.get(record.original_message_id)
        )
        if (
            record.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # Discord completes a "thinking…" reply with the first follow-up, which keeps
            # the reply's visibility whatever the follow-up's own flags say.
            if int(body.get("flags") or 0) & EPHEMERAL and not original.ephemeral:
                fake.violate(
                    records.PROTOCOL, req.method, req.path,
                    "an ephemeral follow-up completed a public deferred reply, so everyone"
                    " sees it (Discord ignores its flag)",
                )
            await fake.publisher.edit_bot_message(original, body, req.files)
            record.followup_ids.append(original.id)
            return self._message_reply(original)
        message = await fake.publisher.post_bot_message(
            record.channel, body, req.files, interaction=record, message_type=MESSAGE_DEFAULT
        )
        record.followup_ids.append(message.id)
        if settles and message.ephemeral:
            record.private_reply = {"type": CHANNEL_MESSAGE, "data": body}
            record.private_reply_id = message.id
        if req.query.get("wait", "").lower() in ("1", "true"):
            return self._message_reply(message)
        return Reply(204)

    async def get_webhook_message(self, req: ApiRequest) -> Reply:
        record = self._webhook_record(req)
        return self._message_reply(self._webhook_message(req, record))

    async def edit_webhook_message(self, req: ApiRequest) -> Reply:
        record = self._webhook_record(req)
        message = self._webhook_message(req, record)
        await self.fake.publisher.edit_bot_message(message, req.body or {}, req.files)
        record.update_pending = record.deferred_open = False
        return self._message_reply(message)

    async def delete_webhook_message(self, req: ApiRequest) -> Reply:
        record = self._webhook_record(req)
        await self._delete(self._webhook_message(req, record))
        return Reply(204)

    # -- channels and messages -------------------------------------------------------------

    async def get_channel(self, req: ApiRequest) -> Reply:
        return Reply(200, self._channel(req).to_payload(self.fake.guild.id))

    async def typing(self, req: ApiRequest) -> Reply:
        self._channel(req)
        return Reply(204)

    async def list_messages(self, req: ApiRequest) -> Reply:
        channel = self._channel(req)
        messages = self.fake.store.in_channel(channel.id)
        before, after = req.query.get("before"), req.query.get("after")
        around = req.query.get("around")
        limit = min(int(req.query.get("limit", "50")), MAX_HISTORY_LIMIT)
        if before:
            messages = [m for m in messages if m.id < int(before)]
        if after:
            messages = [m for m in messages if m.id > int(after)]
        if around:
            pivot = int(around)
            older = [m for m in messages if m.id <= pivot][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > pivot][: limit // 2]
            messages = older + newer
        chosen = messages[:limit] if after else messages[-limit:]
        base = self.fake.base_url
        return Reply(200, [m.to_payload(base) for m in reversed(chosen)])

    async def create_message(self, req: ApiRequest) -> Reply:
        channel = self._channel(req)
        body: JSON = dict(req.body or {})
        body["flags"] = int(body.get("flags") or 0) & ~EPHEMERAL
        message = await self.fake.publisher.post_bot_message(channel, body, req.files)
        return self._message_reply(message)

    async def get_message(self, req: ApiRequest) -> Reply:
        return self._message_reply(self._channel_message(req))

    async def edit_message(self, req: ApiRequest) -> Reply:
        message = self._channel_message(req)
        if message.author.id != self.fake.bot_user.id:
            raise ApiError(
                403, CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
            )
        await self.fake.publisher.edit_bot_message(message, req.body or {}, req.files)
        return self._message_reply(message)

    async def delete_message(self, req: ApiRequest) -> Reply:
        """A bot may always delete its own messages; someone else's needs Manage Messages."""
        message = self._channel_message(req)
        fake = self.fake
        if message.author.id != fake.bot_user.id and not (
            fake.guild.permissions_of(fake.bot_member) & perms.MANAGE_MESSAGES
        ):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        await self._delete(message)
        return Reply(204)

    async def _delete(self, message: FakeMessage) -> None:
        """Delete a message; a component's deferred update of it is then over (the
        message is gone, so Discord has nothing left to show as pending)."""
        await self.fake.publisher.delete_message(message)
        for record in self.fake.tracker.records:
            if record.source_message_id == message.id:
                record.update_pending = record.deferred_open = False

    # -- guild ---------------------------------------------------------------------------

    async def get_guild(self, req: ApiRequest) -> Reply:
        self._guild_scope(req)
        payload = self.fake.guild.guild_create_payload()
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            payload.pop(key, None)
        return Reply(200, payload)

    async def list_guild_channels(self, req: ApiRequest) -> Reply:
        guild_id = self._guild_scope(req) or 0
        channels = [c for c in self.fake.guild.channels.values() if not c.is_thread]
        return Reply(200, [c.to_payload(guild_id) for c in channels])

    async def list_members(self, req: ApiRequest) -> Reply:
        self._guild_scope(req)
        after = int(req.query.get("after", "0"))
        limit = int(req.query.get("limit", "1"))
        members = sorted(self.fake.guild.members.values(), key=lambda m: m.id)
        return Reply(200, [m.to_payload() for m in members if m.id > after][:limit])

    async def get_member(self, req: ApiRequest) -> Reply:
        self._guild_scope(req)
        member = self.fake.guild.members.get(_int(req.params["user_id"]))
        if member is None:
            raise ApiError(404, UNKNOWN_MEMBER, "Unknown Member")
        return Reply(200, member.to_payload())

    async def list_roles(self, req: ApiRequest) -> Reply:
        self._guild_scope(req)
        return Reply(200, [r.to_payload() for r in self.fake.guild.roles.values()])


def _int(value: str) -> int:
    """Snowflake path parameter; a non-number simply matches nothing."""
    return int(value) if value.isdigit() else -1
