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


def plain(error: dict[str, Any]) -> str:
    """One validation error as a phrase ("needs a whole number", "is at most 10")."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind in PHRASES:
        return PHRASES[kind]
    if kind in ("less_than_equal", "less_than"):
        return f"is at most {ctx.get('le', ctx.get('lt'))}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"is at least {ctx.get('ge', ctx.get('gt'))}"
    if kind == "literal_error":
        return f"is one of {_choices(ctx.get('expected'))}"
    if kind == "string_too_long":
        return f"is at most {ctx.get('max_length')} characters"
    if kind == "string_too_short":
        return f"is at least {ctx.get('min_length')} characters"
    if kind == "enum":
        return f"is one of {_choices(ctx.get('expected'))}"
    if kind == "too_long":
        return f"takes at most {ctx.get('max_length')}"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')}"
    if kind == "union_tag_invalid":
        return f"is one of {_choices(ctx.get('expected_tags'))}"
    if kind == "value_error":
        return str(error.get("msg", "")).removeprefix(VALUE_ERROR) or "is not valid here"
    return "is not valid here"
