"""Rules every engine shares through the protocol's base class, for every listed game."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.registry import AnyEngine

HEADLESS: list[AnyEngine] = []
"""Engines whose Discord side is still to come (not yet in GAMES)."""
ENGINES = [game.engine for game in GAMES] + HEADLESS


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_a_table_the_game_cannot_seat_is_refused(engine: AnyEngine) -> None:
    options = engine.parse_options({})
    for count in (0, engine.max_seats + 1):
        seats = [Seat(index=i, name=f"P{i}") for i in range(count)]
        with pytest.raises(RuleError, match=rf"seats {engine.min_seats} to {engine.max_seats}"):
            engine.setup(seats, options)
    seats = [Seat(index=i, name=f"P{i}") for i in range(engine.max_seats)]
    assert engine.setup(seats, options) is not None


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_state_round_trips_through_json(engine: AnyEngine) -> None:
    seats = [Seat(index=i, name=f"P{i}") for i in range(engine.min_seats + 1)]
    state = engine.setup(seats, engine.parse_options({}))
    assert engine.load_state(engine.dump_state(state)) == state
