"""Application commands the bot synced, and slash invocations built from them.

Invocations are built from what the bot actually registered, never from what
a test believes the command looks like: ``"game new"`` is looked up in the
synced set, walked through its sub-command group, and each keyword becomes an
option of the registered type (so ``seats=4`` is an INTEGER only if the bot
declared it so). The checks a real Discord client makes before sending
(required options, choices, ranges, lengths) are made here too, so a test
cannot send an interaction no player could.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tests.fakediscord.messages import FakeAttachment
from tests.fakediscord.resolved import Resolvable, ResolvedBuilder
from tests.fakediscord.snowflake import SnowflakeFactory
from tests.fakediscord.world import JSON, FakeChannel, FakeMember, FakeRole, FakeUser

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

CHAT_INPUT = 1

TYPE_NAMES = {
    STRING: "string",
    INTEGER: "integer",
    BOOLEAN: "boolean",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "mentionable",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}


class CommandError(AssertionError):
    """A test asked for a command or option the bot never registered, or gave a bad value."""


class CommandRegistry:
    """Global and per-guild command sets, as bulk-overwritten by the bot."""

    def __init__(self, ids: SnowflakeFactory, application_id: int) -> None:
        self._ids = ids
        self._application_id = application_id
        self._sets: dict[int | None, list[JSON]] = {None: []}
        self._known_ids: dict[tuple[int | None, str, int], int] = {}

    def overwrite(self, guild_id: int | None, commands: list[JSON]) -> list[JSON]:
        """Replace a command set; a command keeps its id across syncs, like on Discord."""
        stored = [self._store(guild_id, c) for c in commands]
        self._sets[guild_id] = stored
        return copy.deepcopy(stored)

    def upsert(self, guild_id: int | None, command: JSON) -> JSON:
        stored = self._store(guild_id, command)
        others = [c for c in self._sets.get(guild_id, []) if c["id"] != stored["id"]]
        self._sets[guild_id] = [*others, stored]
        return copy.deepcopy(stored)

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        before = self._sets.get(guild_id, [])
        after = [c for c in before if c["id"] != command_id]
        self._sets[guild_id] = after
        return len(after) != len(before)

    def _store(self, guild_id: int | None, command: JSON) -> JSON:
        kind = int(command.get("type") or CHAT_INPUT)
        key = (guild_id, command["name"], kind)
        if key not in self._known_ids:
            self._known_ids[key] = self._ids.next()
        stored = copy.deepcopy(command)
        stored.update(
            {
                "id": str(self._known_ids[key]),
                "application_id": str(self._application_id),
                "type": kind,
                "version": str(self._ids.next()),
                "description": command.get("description", ""),
                "default_member_permissions": command.get("default_member_permissions"),
                "nsfw": bool(command.get("nsfw", False)),
            }
        )
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    def listing(self, guild_id: int | None) -> list[JSON]:
        return copy.deepcopy(self._sets.get(guild_id, []))

    def find(self, name: str, guild_id: int | None) -> JSON:
        """A chat-input command by top-level name; guild commands shadow global ones."""
        for scope in (guild_id, None):
            for command in self._sets.get(scope, []):
                if command["name"] == name and command["type"] == CHAT_INPUT:
                    return command
        known = sorted({c["name"] for s in (guild_id, None) for c in self._sets.get(s, [])})
        raise CommandError(f"no synced slash command /{name}; the bot registered {known}")


class InvocationBuilder:
    """Builds the ``data`` of an APPLICATION_COMMAND (or autocomplete) interaction."""

    def __init__(self, registry: CommandRegistry, resolved: ResolvedBuilder, guild_id: int) -> None:
        self._registry = registry
        self._resolved = resolved
        self._guild_id = guild_id

    def build(self, path: str, values: Mapping[str, Any], *, focused: str | None = None) -> JSON:
        names = path.strip().lstrip("/").split()
        if not names:
            raise CommandError("empty command path")
        command = self._registry.find(names[0], self._guild_id)
        leaf_options, nesting = self._walk(command, names)
        options = self._options(f"/{path.strip().lstrip('/')}", leaf_options, values, focused)
        for sub in reversed(nesting):
            options = [{"type": sub["type"], "name": sub["name"], "options": options}]
        data: JSON = {
            "id": command["id"],
            "name": command["name"],
            "type": CHAT_INPUT,
            "options": options,
        }
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        resolved = self._resolved.payload()
        if resolved:
            data["resolved"] = resolved
        return data

    @staticmethod
    def _walk(command: JSON, names: list[str]) -> tuple[list[JSON], list[JSON]]:
        """Follow sub-command group / sub-command names; return leaf options and the chain."""
        options: list[JSON] = command.get("options") or []
        chain: list[JSON] = []
        for name in names[1:]:
            subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            match = next((o for o in subs if o["name"] == name), None)
            if match is None:
                where = " ".join(["/" + names[0], *[c["name"] for c in chain]])
                raise CommandError(
                    f"{where} has no sub-command {name!r}; it has {[o['name'] for o in subs]}"
                )
            chain.append(match)
            options = match.get("options") or []
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options):
            subs = [o["name"] for o in options]
            raise CommandError(f"/{' '.join(names)} needs a sub-command: one of {subs}")
        return options, chain

    def _options(
        self, where: str, definitions: list[JSON], values: Mapping[str, Any], focused: str | None
    ) -> list[JSON]:
        by_name = {d["name"]: d for d in definitions}
        unknown = [n for n in values if n not in by_name]
        if unknown:
            raise CommandError(f"{where} has no option(s) {unknown}; it has {list(by_name)}")
        if focused is not None and focused not in by_name:
            raise CommandError(f"{where} has no option {focused!r} to autocomplete")
        built = []
        for definition in definitions:
            name = definition["name"]
            if name == focused:
                built.append(
                    {
                        "name": name,
                        "type": definition["type"],
                        "value": str(values.get(name, "")),
                        "focused": True,
                    }
                )
                continue
            if name not in values:
                if definition.get("required") and focused is None:
                    raise CommandError(f"{where} requires option {name!r}")
                continue
            value = self._convert(where, definition, values[name])
            built.append({"name": name, "type": definition["type"], "value": value})
        return built

    def _convert(self, where: str, definition: JSON, value: Any) -> Any:
        kind = definition["type"]
        label = f"{where} option {definition['name']!r} ({TYPE_NAMES.get(kind, kind)})"
        converted = self._convert_type(label, kind, value)
        choices = definition.get("choices")
        if choices and converted not in [c["value"] for c in choices]:
            allowed = [c["value"] for c in choices]
            raise CommandError(f"{label}: {converted!r} is not one of the choices {allowed}")
        if kind in (INTEGER, NUMBER):
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and converted < low) or (high is not None and converted > high):
                raise CommandError(f"{label}: {converted} is outside [{low}, {high}]")
        if kind == STRING:
            low, high = definition.get("min_length"), definition.get("max_length")
            if (low is not None and len(converted) < low) or (
                high is not None and len(converted) > high
            ):
                raise CommandError(f"{label}: length {len(converted)} outside [{low}, {high}]")
        allowed_types = definition.get("channel_types")
        if kind == CHANNEL and allowed_types and value.type not in allowed_types:
            raise CommandError(f"{label}: channel type {value.type} not in {allowed_types}")
        return converted

    def _convert_type(self, label: str, kind: int, value: Any) -> Any:
        if kind == STRING:
            if not isinstance(value, str):
                raise CommandError(f"{label} needs a str, got {value!r}")
            return value
        if kind == INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise CommandError(f"{label} needs an int, got {value!r}")
            return value
        if kind == NUMBER:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise CommandError(f"{label} needs a number, got {value!r}")
            return value
        if kind == BOOLEAN:
            if not isinstance(value, bool):
                raise CommandError(f"{label} needs a bool, got {value!r}")
            return value
        expected: dict[int, tuple[type, ...]] = {
            USER: (FakeMember, FakeUser),
            CHANNEL: (FakeChannel,),
            ROLE: (FakeRole,),
            MENTIONABLE: (FakeMember, FakeUser, FakeRole),
            ATTACHMENT: (FakeAttachment,),
        }
        allowed = expected.get(kind)
        if allowed is None:
            raise CommandError(f"{label}: option type {kind} is not supported by the fake")
        if not isinstance(value, allowed):
            names = ", ".join(t.__name__ for t in allowed)
            raise CommandError(f"{label} needs a {names}, got {value!r}")
        return self._resolved.add(_as_resolvable(value))


def _as_resolvable(value: object) -> Resolvable:
    if isinstance(value, FakeMember | FakeUser | FakeChannel | FakeRole | FakeAttachment):
        return value
    raise CommandError(f"{value!r} cannot be resolved")
