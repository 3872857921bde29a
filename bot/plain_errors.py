"""Validation failures in the players' words.

The phrases themselves are `engines.core.wording.plain` (packs are checked in the
engine layer, which can't import the bot); this names the field with them.
"""

from __future__ import annotations

from pydantic import ValidationError

from engines.core.wording import plain


def sentence(exc: ValidationError) -> str:
    """The whole refusal for a command or form whose values don't fit: "'path' takes
    at most 10."; a problem with no field names none."""
    where, what = explain(exc)
    return f"'{where}' {what}." if where else f"That {what}."


def clause(exc: ValidationError) -> str:
    """The first problem as the end of a longer sentence ("Those options don't fit
    Hellraiser: `target` is at most 100"), for refusals that say what was refused first."""
    where, problem = explain(exc)
    return f"`{where}` {problem}" if where else f"it {problem}"


def explain(exc: ValidationError) -> tuple[str, str]:
    """(where, what) of the first problem: the field's dotted name and a phrase."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return where, plain(dict(first))
