"""Storing messages and announcing them on the gateway, as Discord does for every post.

Discord sends MESSAGE_CREATE / UPDATE / DELETE for every non-ephemeral message,
the bot's own included, and discord.py keeps its message cache and views in
step from them; ephemeral replies exist only for their recipient, so they are
stored but never announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.messages import (
    MESSAGE_DEFAULT,
    FakeAttachment,
    FakeMessage,
    describe_uploads,
    notified_users,
)
from tests.fakediscord.world import JSON, FakeChannel

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord


class MessagePublisher:
    """Creates, edits and deletes stored messages and tells connected clients."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake

    async def post_bot_message(
        self,
        channel: FakeChannel,
        body: JSON,
        files: list[FakeAttachment],
        *,
        interaction: InteractionRecord | None = None,
        message_type: int = MESSAGE_DEFAULT,
    ) -> FakeMessage:
        """Store a message the bot sent and tell the gateway (unless it is ephemeral)."""
        message = FakeMessage(
            id=self._fake.ids.next(),
            channel_id=channel.id,
            guild_id=self._fake.guild.id,
            author=self._fake.bot_user,
            content=body.get("content") or "",
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            flags=int(body.get("flags") or 0),
            attachments=describe_uploads(body, files),
            type=message_type,
            notified=notified_users(body),
        )
        if interaction is not None:
            message.webhook_id = self._fake.application_id
            message.application_id = self._fake.application_id
            message.interaction_metadata = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.member.user.to_payload(),
                "authorizing_integration_owners": {"0": str(self._fake.guild.id)},
            }
        return await self.publish(message)

    async def publish(self, message: FakeMessage) -> FakeMessage:
        """Store any new message; everyone but an ephemeral's recipient hears MESSAGE_CREATE."""
        self._fake.store.add(message)
        if not message.ephemeral:
            payload = message.to_payload(self._fake.base_url)
            author = self._fake.guild.members.get(message.author.id)
            if author is not None:
                payload["member"] = author.to_payload(with_user=False)
            await self._fake.gateway.dispatch_all("MESSAGE_CREATE", payload)
        self._fake.pulse.notify()
        return message

    async def edit_bot_message(
        self, message: FakeMessage, body: JSON, files: list[FakeAttachment]
    ) -> None:
        message.apply_edit(body, describe_uploads(body, files))
        if not message.ephemeral:
            await self._fake.gateway.dispatch_all(
                "MESSAGE_UPDATE", message.to_payload(self._fake.base_url)
            )
        self._fake.pulse.notify()

    async def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        if not message.ephemeral:
            await self._fake.gateway.dispatch_all(
                "MESSAGE_DELETE",
                {
                    "id": str(message.id),
                    "channel_id": str(message.channel_id),
                    "guild_id": str(self._fake.guild.id),
                },
            )
        self._fake.pulse.notify()
