"""A slash command's options checked against its own declaration, before it runs.

Discord's client enforces each option's type, range, length and choices, and
discord.py trusts it: a modified client can still send `doom_deck: 10**30`, an
empty name, a choice that is not one, or a member Discord never resolved, and the
command then fails deep inside (SQLite's "int too large", a model refusing it) with
"Something went wrong". The tree's `interaction_check` runs this first, for every
command of every game, and answers such a value in one sentence naming the option
and what it allows; the command does not run, so nothing changes.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import AppCommandOptionType, app_commands

from bot.errors import reply_ephemeral
from bot.interactions import acknowledge_once_accepted

LARGEST = 2**53 - 1
"""Discord's largest integer option; an option declared without a maximum has this."""
LONGEST = 1000
"""Text options declared without a maximum take this many characters: no command
needs more, and a refusal that quotes the value stays one readable line."""
RESOLVED = {
    AppCommandOptionType.user: ("users",),
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.channel: ("channels",),
    AppCommandOptionType.attachment: ("attachments",),
    AppCommandOptionType.mentionable: ("users", "roles"),
}
"""Where Discord puts the object an id option names; an id it did not resolve is forged."""


async def command_check(interaction: discord.Interaction[Any]) -> bool:
    """The tree's check, for every command: its options fit (`options_fit`), and a
    change it makes to the table is acknowledged as soon as the table accepts it, not
    after the commit and the board (group commits take 50-115 ms when fifty tables
    open at once), with no plumbing in the commands themselves. Every command that
    changes the table answers in public."""
    if not await options_fit(interaction):
        return False
    if interaction.type is discord.InteractionType.application_command:
        acknowledge_once_accepted(interaction)
    return True


async def options_fit(interaction: discord.Interaction[Any]) -> bool:
    """The tree's check: True to run the command; False once a refusal was sent."""
    if interaction.type is not discord.InteractionType.application_command:
        return True
    command = interaction.command
    data: dict[str, Any] = dict(interaction.data or {})
    if not isinstance(command, app_commands.Command):
        return True
    problem = problem_with(command, _given(data.get("options", [])), data.get("resolved", {}))
    if problem is None:
        return True
    await reply_ephemeral(interaction, problem)
    return False


def _given(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The command's own options, below its group and sub-command."""
    for option in options:
        if "options" in option and "value" not in option:
            return _given(option["options"])
    return options


def problem_with(command: app_commands.Command[Any, ..., Any], given: list[dict[str, Any]],
                 resolved: dict[str, Any]) -> str | None:
    params = {p.display_name: p for p in command.parameters}
    for option in given:
        param = params.get(str(option.get("name")))
        if param is None:
            return f"/{command.qualified_name} has no option '{option.get('name')}'."
        problem = _problem(param, option.get("value"), resolved)
        if problem is not None:
            return f"'{param.display_name}' {problem}."
    return None


def _problem(param: app_commands.Parameter, value: Any, resolved: dict[str, Any]) -> str | None:
    kind = param.type
    if param.choices and value not in [c.value for c in param.choices]:
        return "is one of " + ", ".join(c.name for c in param.choices)
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        whole = kind is AppCommandOptionType.integer
        if isinstance(value, bool) or not isinstance(value, int if whole else int | float):
            return "needs a whole number" if whole else "needs a number"
        return _range(value, param.min_value, param.max_value)
    if kind is AppCommandOptionType.string:
        if not isinstance(value, str):
            return "needs some text"
        low, high = param.min_value, param.max_value
        if (low is not None and len(value) < low) or len(value) > (high or LONGEST):
            return _length(low, high or LONGEST)
        return None
    if kind is AppCommandOptionType.boolean:
        return None if isinstance(value, bool) else "is true or false"
    places = RESOLVED.get(kind)
    if places is not None and not any(str(value) in resolved.get(p, {}) for p in places):
        return "must name one from this server"
    return None


def _range(value: float, low: float | None, high: float | None) -> str | None:
    top = LARGEST if high is None else high
    bottom = -LARGEST if low is None else low
    if bottom <= value <= top:
        return None
    if low is not None and high is not None:
        return f"is from {_n(low)} to {_n(high)}"
    if low is not None and value < low:
        return f"is at least {_n(low)}"
    return f"is at most {_n(top)}"


def _length(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"takes {_n(low)} to {_n(high)} characters"
    if low is not None:
        return f"takes at least {_n(low)} characters"
    return f"takes at most {_n(high or 0)} characters"


def _n(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)
