"""Shared dice fixtures: the built-in dice, and a scripted RNG for exhaustive rolls."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from engines.dice.model import Die
from engines.dice.pack import load_dice


@pytest.fixture(scope="session")
def dice() -> dict[str, Die]:
    return load_dice()


class ScriptedRandom(random.Random):
    """Returns the given face indices in order, so a test can roll one exact outcome."""

    def __init__(self, indices: Iterable[int]) -> None:
        super().__init__(0)
        self._indices = list(indices)
        self._next = 0

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert stop is None and step == 1, "the roller draws faces with randrange(n)"
        value = self._indices[self._next]
        assert 0 <= value < start
        self._next += 1
        return value

    def exhausted(self) -> bool:
        return self._next == len(self._indices)
