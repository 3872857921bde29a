"""The fake server's guild: users, members, roles, channels and threads, and their JSON.

Everything here is plain data plus the payload shapes discord.py parses
(READY, GUILD_CREATE, interaction ``member``/``channel``/``resolved``). The
default population is deliberately small but covers what game-bot tests need:
several ordinary players, a member with Manage Channels, a member holding the
"GM" role, the guild owner, two text channels and a thread.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import permissions as perms
from tests.fakediscord.snowflake import SnowflakeFactory

JSON = dict[str, Any]

TEXT_CHANNEL = 0
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({10, PUBLIC_THREAD, PRIVATE_THREAD})

DEFAULT_PLAYERS = ("alice", "bob", "carol", "dave")
MODERATOR_NAME = "erin"
GM_NAME = "frank"
OWNER_NAME = "olivia"


def iso_now() -> str:
    """Discord's timestamp format (ISO 8601 with offset)."""
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass
class FakeUser:
    """A Discord user; ``bot`` marks the bot's own account."""

    id: int
    name: str
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass
class FakeRole:
    """A guild role; @everyone has the guild's id, as on Discord."""

    id: int
    name: str
    permissions: int
    position: int = 1
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def to_payload(self) -> JSON:
        payload: JSON = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            payload["tags"] = {"bot_id": str(self.bot_id)}
        return payload


@dataclass
class FakeMember:
    """A user's membership of the guild; permissions come from its roles only."""

    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    def to_payload(self, *, with_user: bool = True, permissions: int | None = None) -> JSON:
        payload: JSON = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        if permissions is not None:
            payload["permissions"] = str(permissions)
        return payload


@dataclass
class FakeChannel:
    """A text channel or a thread (a thread is a channel with a parent)."""

    id: int
    name: str
    type: int = TEXT_CHANNEL
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self, guild_id: int, *, permissions: int | None = None) -> JSON:
        payload: JSON = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(guild_id),
            "name": self.name,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        if self.is_thread:
            payload.update(
                {
                    "owner_id": str(self.owner_id or 0),
                    "message_count": 0,
                    "member_count": 1,
                    "total_message_sent": 0,
                    "thread_metadata": {
                        "archived": False,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": iso_now(),
                        "locked": False,
                        "invitable": True,
                    },
                }
            )
        else:
            payload.update(
                {
                    "position": self.position,
                    "topic": None,
                    "permission_overwrites": [],
                    "default_auto_archive_duration": 1440,
                }
            )
        if permissions is not None:
            payload["permissions"] = str(permissions)
        return payload


class FakeGuild:
    """One guild with the default population; add more with the ``add_*`` methods."""

    def __init__(
        self, ids: SnowflakeFactory, bot_user: FakeUser, name: str = "Pandemonium Test"
    ) -> None:
        self._ids = ids
        self.id = ids.next()
        self.name = name
        self.roles: dict[int, FakeRole] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.members: dict[int, FakeMember] = {}
        self.everyone = self._new_role(
            "@everyone", perms.EVERYONE_DEFAULT, role_id=self.id, position=0
        )
        self.bot_role = self._new_role(
            bot_user.name, perms.BOT_DEFAULT, managed=True, bot_id=bot_user.id, position=3
        )
        self.gm_role = self._new_role("GM", 0, position=2)
        self.moderator_role = self._new_role("Moderator", perms.MANAGE_CHANNELS, position=2)
        self.bot_member = self._join(bot_user, [self.bot_role.id])
        owner = self.add_member(OWNER_NAME)
        self.owner_id = owner.id
        for name in DEFAULT_PLAYERS:
            self.add_member(name)
        self.add_member(MODERATOR_NAME, roles=[self.moderator_role])
        self.add_member(GM_NAME, roles=[self.gm_role])
        self.text_channel = self.add_channel("general")
        self.other_channel = self.add_channel("games")
        self.thread = self.add_channel("table-thread", parent=self.text_channel)

    def _new_role(
        self,
        name: str,
        permissions: int,
        *,
        role_id: int | None = None,
        position: int = 1,
        managed: bool = False,
        bot_id: int | None = None,
    ) -> FakeRole:
        role = FakeRole(
            id=role_id if role_id is not None else self._ids.next(),
            name=name,
            permissions=permissions,
            position=position,
            managed=managed,
            bot_id=bot_id,
        )
        self.roles[role.id] = role
        return role

    def _join(self, user: FakeUser, role_ids: list[int]) -> FakeMember:
        member = FakeMember(user=user, role_ids=role_ids)
        self.members[user.id] = member
        return member

    def add_role(self, name: str, permissions: int | perms.HasPermissionValue = 0) -> FakeRole:
        """Create a role (it carries the given permission bits)."""
        return self._new_role(name, perms.as_bits(permissions))

    def add_member(
        self,
        name: str,
        *,
        permissions: int | perms.HasPermissionValue | None = None,
        roles: list[FakeRole] | None = None,
    ) -> FakeMember:
        """Add a member; ``permissions`` become a personal role (Discord grants only via roles)."""
        if self.find_member(name) is not None:
            raise ValueError(f"a member named {name!r} already exists")
        role_ids = [r.id for r in roles or []]
        if permissions is not None:
            role_ids.append(self.add_role(f"{name} permissions", permissions).id)
        user = FakeUser(id=self._ids.next(), name=name)
        return self._join(user, role_ids)

    def add_channel(self, name: str, *, parent: FakeChannel | None = None) -> FakeChannel:
        """A text channel, or a public thread when ``parent`` is given."""
        if parent is None:
            channel = FakeChannel(id=self._ids.next(), name=name, position=len(self.channels))
        else:
            channel = FakeChannel(
                id=self._ids.next(),
                name=name,
                type=PUBLIC_THREAD,
                parent_id=parent.id,
                owner_id=self.owner_id,
            )
        self.channels[channel.id] = channel
        return channel

    def find_member(self, name: str) -> FakeMember | None:
        return next((m for m in self.members.values() if m.name == name), None)

    def find_channel(self, name: str) -> FakeChannel | None:
        return next((c for c in self.channels.values() if c.name == name), None)

    def permissions_of(self, member: FakeMember) -> int:
        """Guild-level permissions: owner and Administrator get everything, else OR of roles."""
        if member.id == self.owner_id:
            return perms.ALL_PERMISSIONS
        bits = self.everyone.permissions
        for role_id in member.role_ids:
            bits |= self.roles[role_id].permissions
        if bits & perms.ADMINISTRATOR:
            return perms.ALL_PERMISSIONS
        return bits

    def guild_create_payload(self) -> JSON:
        text = [c for c in self.channels.values() if not c.is_thread]
        threads = [c for c in self.channels.values() if c.is_thread]
        return {
            **self.partial_payload(),
            "name": self.name,
            "icon": None,
            "owner_id": str(self.owner_id),
            "unavailable": False,
            "large": False,
            "member_count": len(self.members),
            "roles": [r.to_payload() for r in self.roles.values()],
            "channels": [c.to_payload(self.id) for c in text],
            "threads": [c.to_payload(self.id) for c in threads],
            "members": [m.to_payload() for m in self.members.values()],
            "emojis": [],
            "stickers": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "joined_at": iso_now(),
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_id": str(self.text_channel.id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "description": None,
            "preferred_locale": "en-US",
        }

    def partial_payload(self) -> JSON:
        """The ``guild`` stub Discord puts in interactions."""
        return {"id": str(self.id), "locale": "en-US", "features": []}
