"""The built-in dice pack, loaded once, and loading a group's own pack."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

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


def _check_names_are_not_notation(path: Path, pack: DicePack) -> None:
    """`2d6` must always mean two six-sided dice, so a die named like standard
    notation could never be rolled by name; say so at start-up, not at the table."""
    for index, die in enumerate(pack.dice):
        if _NOTATION.match(die.name):
            raise PackError(
                f"{path}: field 'dice.{index}.name': '{die.name}' reads as standard dice "
                "notation (d followed by a digit); choose another name"
            )
