"""Permission bits the fake needs, without importing discord.py into the server side.

Tests may pass either these ints or a ``discord.Permissions`` (anything with an
integer ``value``); :func:`as_bits` accepts both.
"""

from __future__ import annotations

from typing import Protocol

CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38

ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_DEFAULT = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | EMBED_LINKS
    | ATTACH_FILES
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
    | CREATE_INSTANT_INVITE
)
"""What a fresh Discord server grants @everyone (the parts a game bot cares about)."""

BOT_DEFAULT = EVERYONE_DEFAULT | MANAGE_MESSAGES | MANAGE_THREADS
"""The bot's own role: what the README asks server owners to grant."""


class HasPermissionValue(Protocol):
    """``discord.Permissions`` and friends."""

    @property
    def value(self) -> int: ...


def as_bits(permissions: int | HasPermissionValue) -> int:
    """Normalise an int or a ``discord.Permissions`` to the raw bit field."""
    if isinstance(permissions, int):
        return permissions
    return int(permissions.value)
