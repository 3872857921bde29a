"""Errors an engine raises: each carries a sentence a player can read."""

from pydantic import ValidationError


class RuleError(Exception):
    """An illegal action or report. The message is shown to the player as it is.

    The table catches it, changes nothing, and answers ephemerally, so the text
    must be polite, short and say what *is* allowed.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PackError(Exception):
    """A data pack failed validation. The message names the file and the field,
    because it is read by whoever edited the pack, at start-up."""


def first_problem(exc: ValidationError, whole: str) -> tuple[str, str]:
    """(where, what) of a validation failure's first problem, for one readable
    sentence; `whole` names the thing itself when the problem has no field."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or whole
    return where, first["msg"]
