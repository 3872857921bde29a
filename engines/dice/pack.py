"""The built-in dice pack, loaded once, and loading a group's own pack."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pydantic import ConfigDict, field_validator

from engines.core.errors import PackError
from engines.core.packs import load_pack
from engines.dice.model import DicePack, Die

BUILTIN_PATH = Path(__file__).parent / "data" / "dice.yaml"


@cache
def builtin_pack() -> DicePack:
    return load_pack(BUILTIN_PATH, DicePack)


def load_dice(path: Path | None = None) -> dict[str, Die]:
    """Built-in dice, with any dice from `path` replacing those of the same name."""
    dice = builtin_pack().by_name()
    if path is not None:
        pack = load_pack(path, DicePack)
        _check_names_are_not_notation(path, pack)
        dice.update(pack.by_name())
    return dice


_NOTATION = re.compile(r"d\d")
NOTATION_PROBLEM = "reads as standard dice notation (d followed by a digit); choose another name"


def reads_as_notation(name: str) -> bool:
    """`2d6` must always mean two six-sided dice, so a die named like standard
    notation could never be rolled by name."""
    return _NOTATION.match(name) is not None


def _check_names_are_not_notation(path: Path, pack: DicePack) -> None:
    """Say so at start-up, not at the table."""
    for index, die in enumerate(pack.dice):
        if reads_as_notation(die.name):
            raise PackError(f"{path}: field 'dice.{index}.name': '{die.name}' {NOTATION_PROBLEM}")


class DiceOnlyPack(DicePack):
    """A group's uploaded pack of dice for no game in particular (no `game:` key): any
    game that reads dice faces from a pack may use it, and checks it again then."""

    model_config = ConfigDict(extra="forbid")

    game: None = None

    @field_validator("dice")
    @classmethod
    def _not_notation(cls, dice: list[Die]) -> list[Die]:
        for die in dice:
            if reads_as_notation(die.name):
                raise ValueError(f"'{die.name}' {NOTATION_PROBLEM}")
        return dice
