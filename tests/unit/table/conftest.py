from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.storage import Storage
from bot.table import Actor, TableService
from engines import registry
from tests.support.pig import ENGINE as PIG
from tests.support.vigil import ENGINE as VIGIL


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def pig() -> Iterator[None]:
    registry.register(PIG)
    yield
    registry.unregister(PIG.key)


@pytest.fixture
def vigil() -> Iterator[None]:
    """The co-operative toy game, for tests of several seats acting at once."""
    registry.register(VIGIL)
    yield
    registry.unregister(VIGIL.key)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(storage: Storage, clock: FakeClock, pig: None) -> TableService:
    return TableService(storage, clock=clock, seed=1234, verify=True)


ALICE = Actor(user_id=1, name="Alice")
BOB = Actor(user_id=2, name="Bob")
CAROL = Actor(user_id=3, name="Carol")
DAVE = Actor(user_id=4, name="Dave")
MOD = Actor(user_id=9, name="Mod", manage_channels=True)
