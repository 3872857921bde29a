"""Loading data packs (YAML or JSON) with errors that name the file and the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Generic, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engines.core.errors import PackError, first_problem

M = TypeVar("M", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)


def read_pack_file(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PackError(f"{path}: cannot be read ({exc.strerror})") from exc
    try:
        if path.suffix == ".json":
            return json.loads(text)
        return yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise PackError(f"{path}: is not valid {path.suffix.lstrip('.').upper()}: {exc}") from exc


def validate_pack(path: Path, raw: object, model: type[M]) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        where, problem = first_problem(exc, "(top level)")
        more = f" (and {exc.error_count() - 1} more problem(s))" if exc.error_count() > 1 else ""
        raise PackError(f"{path}: field '{where}': {problem}{more}") from exc


def load_pack(path: Path, model: type[M]) -> M:
    """Read and validate one pack. Called at start-up only, never from an engine move."""
    return validate_pack(path, read_pack_file(path), model)


def require_unique(what: str, keys: list[str]) -> None:
    """Packs look entries up by id or name, so a repeated one would silently hide
    another; refuse it, naming the repeats (pydantic adds the file and field)."""
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        raise ValueError(f"{what} must be unique: {', '.join(repeated)}")


class Provenance(BaseModel):
    """Where a value comes from. House data says so, and players are told."""

    source: str
    verified: bool


class ChosenPack(BaseModel, Generic[P]):
    """A group's own pack as a game's options carry it: the server's name for it, the
    digest of the YAML text it was parsed from, and its validated content.

    The content is embedded rather than looked up by name, so setup, undo and
    `python -m bot replay` rebuild the game from its own row and log even after
    the pack is changed or deleted, and the engine never reads anything."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=32)
    digest: str = Field(pattern=r"^[0-9a-f]{64}$")
    content: P
