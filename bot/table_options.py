"""Game options a host may set when opening a table: `key=value` pairs.

Options that name files (a group's own deck or dice pack) are the operator's
to set, never a player's: a path typed in Discord must not make the bot read
an arbitrary file on its host.
"""

from __future__ import annotations

import re

from engines.core.errors import RuleError
from engines.registry import AnyEngine

MAX_OPTIONS = 12
RESERVED = frozenset({"mode"})


PACK_HELP = "one of this server's packs by name (`/game pack list`): the group's own components"


def settable(engine: AnyEngine) -> dict[str, str]:
    """The options players may set, with what each means and its default. `pack` takes
    a pack's name; the table puts the pack itself in the options (bot/table_packs.py)."""
    found = {}
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
        options[key] = value.strip()
    return options
