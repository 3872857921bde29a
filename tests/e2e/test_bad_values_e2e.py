"""Issue 23, point 4: no value a member can send reaches "Something went wrong".

Every slash command of every game is sent, through the fake Discord, each of its
options in turn set to a bad value while the others hold a plain one: empty, spaces
only, far too long, an unknown id, out of range, huge, the wrong type, a choice that
is not one, a member or role or file that Discord never resolved. Discord's client
would refuse most of these, so they are forged into the interaction as a modified
client could send them. Each must get one short ephemeral answer, no apology for a
bug, no traceback or pydantic wording, and leave the channel's game as it was.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands

from bot.app import PandemoniumBot
from bot.errors import UNEXPECTED
from bot.table import Actor
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.commands import InvocationBuilder
from tests.fakediscord.world import FakeRole

APPLICATION_COMMAND = 2
FORGED_ID = "999999999999999999"
UNKNOWN = "no-such-thing-404"
GROUPS = {
    "hellboy-board": ("hbboard", "game", "roll", "odds", "help"),
    "hellboy-dice": ("hellboy",),
    "hellraiser": ("hellraiser",),
    "hellbringer": ("hellbringer",),
}
"""Each game's own group, played at a table of that game; the shared commands once."""
SKIPPED = {"game new", "game pack upload"}
"""`/game new` opens a table (refused while one runs, which the test needs); a pack
upload's file is fetched from Discord's CDN (bad packs: tests/e2e/test_packs_e2e.py)."""
FREE_TEXT = {
    ("game character", "name"), ("game settings", "value"), ("roll", "expression"),
    ("hbboard spend", "why"), ("hbboard agent", "name"), ("hbboard agent", "weapon"),
    ("hbboard enemy", "key"), ("hbboard enemy", "name"),
}
"""Text that names something new, where an unknown word is a fine value."""
ACCEPTED = {
    ("game settings", "value"), ("help", "topic"), ("hbboard preset", "area"),
    ("hbboard preset", "count"),
}
"""Options whose bad value is answered, not refused, and the game untouched: a blank
setting value lists the settings, an unknown help topic is answered with the topics,
and /hbboard preset without a card lists the presets (area and count unused)."""
PYDANTIC = ("Input should", "validation error", "Field required", "pydantic", "Value error")


def _plain(param: app_commands.Parameter, fake: FakeDiscord, role: FakeRole) -> Any:
    """A value Discord would send for this option (the others', while one is bad)."""
    if param.choices:
        return param.choices[0].value
    kind = param.type
    if kind is AppCommandOptionType.string:
        return "x" * int(max(1, param.min_value or 1))
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        return param.min_value if param.min_value is not None else 1
    if kind is AppCommandOptionType.boolean:
        return True
    if kind is AppCommandOptionType.user:
        return fake.member("carol")
    if kind is AppCommandOptionType.role:
        return role
    if kind is AppCommandOptionType.attachment:
        return fake.upload("x.yaml", b"x: 1\n")
    raise AssertionError(f"no plain value for {param.name} ({kind})")


def bad_values(path: str, param: app_commands.Parameter) -> list[Any]:
    kind = param.type
    out: list[Any] = []
    if param.choices:
        out.append("forged-choice")
    if kind is AppCommandOptionType.string:
        out += ["", "   ", "x" * 5000]
        if (path, param.name) not in FREE_TEXT:
            out += [UNKNOWN, "../../etc/passwd"]
    elif kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        low, high = param.min_value, param.max_value
        out += [-1 if low is None else int(low) - 1, 10**30, "12"]
        if high is not None:
            out.append(int(high) + 1)
    elif kind is AppCommandOptionType.boolean:
        out.append("maybe")
    else:
        out.append(FORGED_ID)
    return out


def commands_of(bot: PandemoniumBot, groups: tuple[str, ...]) -> Iterator[
        tuple[str, app_commands.Command[Any, ..., Any]]]:
    for command in bot.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        path = command.qualified_name
        if path.split()[0] in groups and path not in SKIPPED and command.parameters:
            yield path, command


def _set(options: list[dict[str, Any]], name: str, value: Any) -> bool:
    """Put the forged value into the built interaction's option `name`."""
    for option in options:
        if option.get("name") == name and "value" in option:
            option["value"] = value
            return True
        if _set(option.get("options", []), name, value):
            return True
    return False


async def forged(fake: FakeDiscord, who: str, path: str, plain: dict[str, Any], name: str,
                 value: Any) -> Any:
    member = fake.member(who)
    where = fake.channel(None)
    data = InvocationBuilder(fake.commands, fake._resolver(member, where),
                             fake.guild.id).build(path, plain)
    assert _set(data["options"], name, value), f"/{path} {name} not in the interaction"
    return await fake._send(APPLICATION_COMMAND, member, where, data,
                            label=f"/{path} {name}={str(value)[:20]!r}")


async def _table(bot: PandemoniumBot, fake: FakeDiscord) -> tuple[int, str] | None:
    current = await bot.table.current(fake.text_channel.id)
    if current is None:
        return None
    state = None if current.state is None else current.state.model_dump_json()
    return current.game.version, str(state)


async def _open(fake: FakeDiscord, bot: PandemoniumBot, game: str) -> None:
    await (await fake.slash("alice", "game new", options={"game": game})).original()
    await (await fake.slash("bob", "game join")).original()
    await (await fake.slash("alice", "game start")).original()
    await bot.boards.flush()
    if game == "hellboy-board":
        for command, options in (
            ("hbboard agent", {"name": "Hellboy", "fight": "red", "area": "Hall"}),
            ("hbboard case", {"starting_area": "Hall", "doom_deck": 5}),
            ("hbboard preset", {"card": "krampus", "area": "Crypt"}),
        ):
            await (await fake.slash("alice", command, options=options)).original()
        alice = fake.member("alice")
        await bot.table.act(fake.text_channel.id, Actor(user_id=alice.id, name=alice.name),
                            {"type": "next_phase"})
        await bot.boards.flush()


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as started:
        yield started


@pytest.mark.parametrize("game", sorted(GROUPS))
async def test_every_command_refuses_every_bad_value_in_one_sentence(
    fake_discord: FakeDiscord, bot: PandemoniumBot, game: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake = fake_discord
    await _open(fake, bot, game)
    tried: list[str] = []
    role = fake.add_role("Keepers")
    caplog.set_level(logging.ERROR)
    for path, command in commands_of(bot, GROUPS[game]):
        params = command.parameters
        plain = {p.name: _plain(p, fake, role) for p in params if p.required}
        for param in params:
            base = {**plain, param.name: _plain(param, fake, role)}
            for value in bad_values(path, param):
                before = await _table(bot, fake)
                handle = await forged(fake, "alice", path, base, param.name, value)
                await handle.response()
                shown = f"/{path} {param.name}={str(value)[:30]!r}"
                tried.append(shown)
                await bot.boards.flush()
                assert await _table(bot, fake) == before, f"{shown} changed the table"
                if (path, param.name) in ACCEPTED:
                    continue
                assert await handle.ephemeral(), f"{shown} was answered in public"
                text = (await handle.original()).text()
                assert text and text != UNEXPECTED, f"{shown}: {text!r}"
                assert "Traceback" not in text and not any(p in text for p in PYDANTIC), text
                assert "\n" not in text.strip() and len(text) < 400, f"{shown}: {text!r}"
    assert not [r for r in caplog.records if r.name == "bot.errors"], "a traceback was logged"
    assert len(tried) >= 5, tried
