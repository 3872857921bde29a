"""Validation failures in the players' words.

pydantic's own messages ("Input should be a valid integer") reach players through
options, settings and corrections; this turns the first problem into a short
phrase a player can act on, keeping pydantic's text only for kinds not listed.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError


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
    message = str(error.get("msg", "is not valid"))
    return message[:1].lower() + message[1:]


def explain(exc: ValidationError) -> tuple[str, str]:
    """(where, what) of the first problem: the field's dotted name and a phrase."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return where, plain(dict(first))
