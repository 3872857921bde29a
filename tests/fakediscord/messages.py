"""Messages the bot (or a fake member) posted, stored as Discord would keep them.

A :class:`FakeMessage` keeps the JSON parts the bot sent (content, embeds,
components, flags) with edits applied, plus the uploaded attachment bytes, so
tests can assert on exactly what a player would see. Ephemeral messages are
stored too but kept out of channel listings, as only their recipient sees them.
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.world import JSON, FakeUser, iso_now

EPHEMERAL = 1 << 6
LOADING = 1 << 7

MESSAGE_DEFAULT = 0
MESSAGE_CHAT_INPUT_COMMAND = 20

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
ACTIONABLE_COMPONENTS = frozenset({BUTTON, STRING_SELECT, 5, 6, 7, 8})


@dataclass
class FakeAttachment:
    """An uploaded file; ``data`` holds the exact bytes the bot sent."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str | None = None
    upload_index: str | None = field(default=None, repr=False)
    """``n`` of the ``files[n]`` form field it arrived in; matches ``attachments[].id``."""

    def __post_init__(self) -> None:
        if self.content_type is None:
            self.content_type = mimetypes.guess_type(self.filename)[0] or "application/octet-stream"

    @property
    def size(self) -> int:
        return len(self.data)

    def text(self, encoding: str = "utf-8") -> str:
        return self.data.decode(encoding)

    def to_payload(self, base_url: str, channel_id: int) -> JSON:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
            "description": self.description,
        }


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component, depth first, through action rows, sections, containers and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass
class FakeMessage:
    """One message; fields reflect the latest edit."""

    id: int
    channel_id: int
    guild_id: int
    author: FakeUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    flags: int = 0
    attachments: list[FakeAttachment] = field(default_factory=list)
    type: int = MESSAGE_DEFAULT
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    edit_count: int = 0
    deleted: bool = False
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: JSON | None = None
    notified: list[int] = field(default_factory=list)
    """Members this message pinged: its `<@id>` mentions that `allowed_mentions` let through."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred reply ("Bot is thinking…") that has not been edited yet."""
        return bool(self.flags & LOADING)

    @property
    def embed(self) -> JSON:
        """The first embed; fails loudly when there is none."""
        if not self.embeds:
            raise AssertionError(f"message {self.id} has no embed (content={self.content!r})")
        return self.embeds[0]

    def all_components(self) -> list[JSON]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        """Custom ids of every interactive component, in display order."""
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def find_component(self, custom_id: str | None = None, *, label: str | None = None) -> JSON:
        """The component with this custom_id (or button label); AssertionError when absent."""
        for component in self.all_components():
            if custom_id is not None and component.get("custom_id") == custom_id:
                return component
            if label is not None and component.get("label") == label and "custom_id" in component:
                return component
        wanted = f"custom_id={custom_id!r}" if custom_id is not None else f"label={label!r}"
        labels = [c.get("label") for c in self.all_components() if c.get("type") == BUTTON]
        raise AssertionError(
            f"message {self.id} has no component with {wanted}; "
            f"custom_ids={self.custom_ids()}, button labels={labels}"
        )

    def text(self) -> str:
        """Content plus every embed's visible text, for 'does the player see X' assertions."""
        parts = [self.content]
        for embed in self.embeds:
            for key in ("title", "description"):
                parts.append(str(embed.get(key) or ""))
            for fld in embed.get("fields") or []:
                parts.extend([str(fld.get("name", "")), str(fld.get("value", ""))])
            for key in ("author", "footer"):
                sub = embed.get(key) or {}
                parts.append(str(sub.get("name") or sub.get("text") or ""))
        return "\n".join(p for p in parts if p)

    def apply_edit(self, body: JSON, new_files: list[FakeAttachment]) -> None:
        """Apply a PATCH body the way Discord does: absent keys stay, given keys replace."""
        for key in ("content", "embeds", "components"):
            if key in body:
                default: Any = "" if key == "content" else []
                setattr(self, key, body[key] if body[key] is not None else default)
        if body.get("flags") is not None:
            self.flags = (self.flags & EPHEMERAL) | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        if "attachments" in body:
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            self.attachments = [a for a in self.attachments if str(a.id) in keep]
        self.attachments.extend(new_files)
        self.flags &= ~LOADING
        self.edit_count += 1
        self.edited_timestamp = iso_now()

    def to_payload(self, base_url: str) -> JSON:
        payload: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "guild_id": str(self.guild_id),
            "type": self.type,
            "content": self.content,
            "author": self.author.to_payload(),
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.to_payload(base_url, self.channel_id) for a in self.attachments],
            "flags": self.flags,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "reactions": [],
        }
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            payload["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = self.interaction_metadata
        return payload


USER_MENTION = re.compile(r"<@!?(\d+)>")


def notified_users(body: JSON) -> list[int]:
    """Whom Discord notifies for a new message: every user mentioned in its content
    when `allowed_mentions` is absent or parses "users", else only those listed in
    `allowed_mentions.users` (and nobody when that list is empty)."""
    mentioned = [int(m) for m in USER_MENTION.findall(str(body.get("content") or ""))]
    allowed = body.get("allowed_mentions")
    if not isinstance(allowed, dict) or "users" in (allowed.get("parse") or []):
        return list(dict.fromkeys(mentioned))
    listed = {int(u) for u in allowed.get("users") or []}
    return list(dict.fromkeys(u for u in mentioned if u in listed))


def describe_uploads(body: JSON, files: list[FakeAttachment]) -> list[FakeAttachment]:
    """Copy filename/description from ``body["attachments"]`` onto the uploaded parts they name."""
    entries = {str(a.get("id")): a for a in body.get("attachments") or [] if isinstance(a, dict)}
    for upload in files:
        entry = entries.get(str(upload.upload_index))
        if entry is not None:
            upload.description = entry.get("description", upload.description)
            upload.filename = entry.get("filename") or upload.filename
    return files


class MessageStore:
    """All messages by id, with per-channel order (oldest first)."""

    def __init__(self) -> None:
        self._by_id: dict[int, FakeMessage] = {}
        self._order: dict[int, list[int]] = {}

    def add(self, message: FakeMessage) -> FakeMessage:
        self._by_id[message.id] = message
        self._order.setdefault(message.channel_id, []).append(message.id)
        return message

    def get(self, message_id: int) -> FakeMessage | None:
        return self._by_id.get(message_id)

    def in_channel(self, channel_id: int, *, include_ephemeral: bool = False) -> list[FakeMessage]:
        found = (self._by_id[i] for i in self._order.get(channel_id, []))
        return [m for m in found if not m.deleted and (include_ephemeral or not m.ephemeral)]

    def newest(self, channel_id: int, count: int) -> list[FakeMessage]:
        """The channel's last `count` messages everyone sees, oldest first, reading no
        further back than needed (a load of players looks at the bottom only)."""
        found: list[FakeMessage] = []
        for message_id in reversed(self._order.get(channel_id, [])):
            message = self._by_id[message_id]
            if not message.deleted and not message.ephemeral:
                found.append(message)
                if len(found) == count:
                    break
        return found[::-1]

    def all(self) -> list[FakeMessage]:
        return [m for m in self._by_id.values() if not m.deleted]
