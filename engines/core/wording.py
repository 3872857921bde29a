"""Validation failures in the players' words, for every layer.

pydantic's own messages ("Input should be a valid integer", "Tuple should have at
most 60 items after validation") mean nothing to a player and reach them through
options, settings, corrections, commands and packs; `plain` turns one problem into
a short phrase a player can act on. A kind not listed reads "is not valid here";
our own validators' sentences (pydantic's `value_error`) are kept as written.
"""

from __future__ import annotations

from typing import Any

VALUE_ERROR = "Value error, "
"""pydantic's prefix on a ValueError raised by one of our validators."""


def _choices(expected: Any) -> str:
    return str(expected).replace("'", "")


PHRASES: dict[str, str] = {
    "int_parsing": "needs a whole number",
    "int_type": "needs a whole number",
    "int_from_float": "needs a whole number",
    "float_parsing": "needs a number",
    "bool_parsing": "is on or off",
    "bool_type": "is on or off",
    "missing": "is needed",
    "extra_forbidden": "is not an option here",
    "string_type": "needs some text",
}
BOUNDS: dict[str, tuple[str, str]] = {
    "less_than_equal": ("is at most {}", "le"),
    "less_than": ("is at most {}", "lt"),
    "greater_than_equal": ("is at least {}", "ge"),
    "greater_than": ("is at least {}", "gt"),
    "string_too_long": ("is at most {} characters", "max_length"),
    "string_too_short": ("is at least {} characters", "min_length"),
    "too_long": ("takes at most {}", "max_length"),
    "too_short": ("needs at least {}", "min_length"),
}
"""Kinds that name a limit: the phrase, and the key of pydantic's context holding it."""
CHOICES = {"literal_error": "expected", "enum": "expected", "union_tag_invalid": "expected_tags"}
"""Kinds that list what is allowed, and where pydantic's context lists it."""


def plain(error: dict[str, Any]) -> str:
    """One validation error as a phrase ("needs a whole number", "is at most 10")."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind in PHRASES:
        return PHRASES[kind]
    if kind in BOUNDS:
        template, key = BOUNDS[kind]
        return template.format(ctx.get(key))
    if kind in CHOICES:
        return f"is one of {_choices(ctx.get(CHOICES[kind]))}"
    if kind == "value_error":
        return str(error.get("msg", "")).removeprefix(VALUE_ERROR) or "is not valid here"
    return "is not valid here"
