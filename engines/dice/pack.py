"""The built-in dice pack, loaded once, and loading a group's own pack."""

from __future__ import annotations

from functools import cache
from pathlib import Path

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
        dice.update(load_pack(path, DicePack).by_name())
    return dice
