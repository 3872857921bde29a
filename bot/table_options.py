"""Game options a host may set when opening a table: `key=value` pairs.

Options that name files (a group's own deck or dice pack) are the operator's
to set, never a player's: a path typed in Discord must not make the bot read
an arbitrary file on its host.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core.errors import RuleError
from engines.registry import AnyEngine

MAX_OPTIONS = 12
RESERVED = frozenset({"mode"})

DICE_OPTION = "dice"
DICE_CHOICES = ("bot", "ours")
DEFAULT_DICE = "ours"
LATE_JOIN_OPTION = "late_join"
LATE_JOIN_CHOICES = ("open", "ask", "closed")
DEFAULT_LATE_JOIN = "ask"
LATE_JOIN_SHOWN = {
    "open": "seated at once (late_join=open)",
    "ask": "the host or a GM lets them in (late_join=ask)",
    "closed": "none: the table is closed once it starts (late_join=closed)",
}
"""The lobby's line for each choice, so the group sees who may press Join mid-game."""
TABLE_OPTIONS = {
    DICE_OPTION: (
        "at a physical table, who rolls the dice: `bot` (the bot rolls them; cards from"
        f" your box are still reported) or `ours` (default {DEFAULT_DICE})"
    ),
    LATE_JOIN_OPTION: (
        "for games one may join once started, who decides: `open` (anyone is seated),"
        f" `ask` (the host or a GM approves each) or `closed` (default {DEFAULT_LATE_JOIN})"
    ),
}
"""Options the table itself reads, for every game; engines never see a use for them."""


def late_join_of(options: dict[str, Any]) -> str:
    return str(options.get(LATE_JOIN_OPTION, DEFAULT_LATE_JOIN))


def engine_options(engine: AnyEngine, raw: dict[str, Any]) -> Any:
    """The engine's options from a table's: the table's own (`dice`) are the table's
    to read, so an engine whose options forbid unknown keys still opens with them."""
    return engine.parse_options({k: v for k, v in raw.items() if k not in TABLE_OPTIONS})


PACK_HELP = "one of this server's packs by name (`/game pack list`): the group's own components"


def settable(engine: AnyEngine) -> dict[str, str]:
    """The options players may set, with what each means and its default. `pack` takes
    a pack's name; the table puts the pack itself in the options (bot/table_packs.py)."""
    found = {k: v for k, v in TABLE_OPTIONS.items()
             if k != LATE_JOIN_OPTION or engine.late_joining}
    for name, field in engine.options_model.model_fields.items():
        if name in RESERVED or name.endswith(("_path", "_pack")) or name == "pack":
            continue
        found[name] = f"{field.description or name} (default {field.default})"
    if engine.pack_model is not None:
        found["pack"] = f"{PACK_HELP} (default none: the house components)"
    return found


def parse(engine: AnyEngine, text: str | None) -> dict[str, str]:
    """`"target=20 always_ask_x2=on"` → {"target": "20", ...}; the engine's options
    model then checks the values themselves."""
    if not text or not text.strip():
        return {}
    allowed = settable(engine)
    pairs = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if len(pairs) > MAX_OPTIONS:
        raise RuleError(f"At most {MAX_OPTIONS} options at once.")
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key or not value:
            raise RuleError(f"Write options as key=value, like `{next(iter(allowed), 'x')}=…`.")
        if key == "mode":
            raise RuleError("Choose digital or physical with the `mode` option instead.")
        if key not in allowed:
            names = ", ".join(sorted(allowed)) or "none"
            raise RuleError(f"{engine.title} has no option '{key}'. Options: {names}.")
        if key == DICE_OPTION and value.strip().lower() not in DICE_CHOICES:
            raise RuleError("Write `dice=bot` (the bot rolls the dice) or `dice=ours`.")
        if key == LATE_JOIN_OPTION and value.strip().lower() not in LATE_JOIN_CHOICES:
            raise RuleError("Write `late_join=open`, `late_join=ask` or `late_join=closed`.")
        options[key] = value.strip().lower() if key in TABLE_OPTIONS else value.strip()
    return options
