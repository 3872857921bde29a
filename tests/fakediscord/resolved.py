"""The ``resolved`` block Discord attaches to interactions that mention users, channels or roles.

discord.py turns option values into ``Member``/``Role``/channel objects only
through this block, so a slash option ``player:@bob`` or a user-select pick
must carry bob's user *and* member data (with his permissions), exactly as
Discord sends them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.fakediscord.messages import FakeAttachment
from tests.fakediscord.world import JSON, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser

Resolvable = FakeMember | FakeUser | FakeChannel | FakeRole | FakeAttachment


@dataclass
class ResolvedBuilder:
    """Collects resolved entities while options are built; ``payload()`` is the final block."""

    guild: FakeGuild
    attachment_url_base: str
    channel_permissions: int = 0
    users: dict[str, JSON] = field(default_factory=dict)
    members: dict[str, JSON] = field(default_factory=dict)
    channels: dict[str, JSON] = field(default_factory=dict)
    roles: dict[str, JSON] = field(default_factory=dict)
    attachments: dict[str, JSON] = field(default_factory=dict)

    def add(self, value: Resolvable, *, channel_id: int = 0) -> str:
        """Register an entity and return the id string used as the option value."""
        if isinstance(value, FakeUser):
            value = self.guild.members.get(value.id) or value
        if isinstance(value, FakeMember):
            key = str(value.id)
            self.users[key] = value.user.to_payload()
            self.members[key] = value.to_payload(
                with_user=False, permissions=self.guild.permissions_of(value)
            )
            return key
        if isinstance(value, FakeUser):
            key = str(value.id)
            self.users[key] = value.to_payload()
            return key
        if isinstance(value, FakeChannel):
            key = str(value.id)
            self.channels[key] = value.to_payload(
                self.guild.id, permissions=self.channel_permissions
            )
            return key
        if isinstance(value, FakeRole):
            key = str(value.id)
            self.roles[key] = value.to_payload()
            return key
        key = str(value.id)
        self.attachments[key] = value.to_payload(self.attachment_url_base, channel_id)
        return key

    def payload(self) -> JSON:
        parts = {
            "users": self.users,
            "members": self.members,
            "channels": self.channels,
            "roles": self.roles,
            "attachments": self.attachments,
        }
        return {name: items for name, items in parts.items() if items}
