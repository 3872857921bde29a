"""What a GM types into `/game correct`, read into the dict an engine's correction
model validates, and a short list of the corrections a game accepts.

Two spellings: JSON (`{"type": "set_doom", "value": 3}`) or words
(`set_doom value=3`: the first bare word is the correction's `type`, then
`key=value` pairs, quoted when a value has spaces).
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from engines.core.errors import RuleError
from engines.registry import AnyEngine

MAX_TEXT = 500


def read(text: str) -> dict[str, Any]:
    """The correction's raw fields; the engine's model then checks them."""
    text = text.strip()
    if not text:
        raise RuleError("Say what to correct, like `set_doom value=3`.")
    if len(text) > MAX_TEXT:
        raise RuleError(f"A correction is at most {MAX_TEXT} characters.")
    if text.startswith("{"):
        try:
            raw = json.loads(text)
        except ValueError:
            raise RuleError("That isn't valid JSON; or write it as `type key=value`.") from None
        if not isinstance(raw, dict):
            raise RuleError("A JSON correction is an object, like `{\"type\": …}`.")
        return raw
    try:
        words = shlex.split(text)
    except ValueError:
        raise RuleError("A quote is left open; close it or leave the quotes out.") from None
    fields: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            if "type" in fields:
                raise RuleError(f"Write `{word}` as key=value; only the first word is the type.")
            fields["type"] = word
        elif not key or not value:
            raise RuleError("Write each field as key=value, like `value=3`.")
        else:
            fields[key.strip().lower().replace("-", "_")] = value
    return fields


def describe(engine: AnyEngine) -> str:
    """One line per correction the game accepts: its type and its fields."""
    if engine.correction_adapter is None:
        return f"{engine.title} has no GM corrections."
    schema = engine.correction_adapter.json_schema()
    models = schema.get("$defs", {}) if "oneOf" in schema or "anyOf" in schema else {}
    found = list(models.values()) if models else [schema]
    lines = []
    for model in found:
        props: dict[str, Any] = model.get("properties", {})
        kind = props.get("type", {}).get("const") or props.get("type", {}).get("default")
        if kind is None:
            continue
        fields = [f"{name}=…" for name in props if name != "type"]
        about = model.get("description", "")
        lines.append(f"`{' '.join([str(kind), *fields])}`" + (f" — {about}" if about else ""))
    return "\n".join(lines) or f"{engine.title} describes no corrections."
