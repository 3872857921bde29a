"""Driving the Hellboy engine with exact cards and dice (chance outcomes injected)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.hellboy_dice import ENGINE, HellboyOptions, HellboyState
from engines.hellboy_dice.models import Action, Colour

TEST_DECK = Path(__file__).parent / "data" / "test_deck.yaml"


def new_game(players: int = 2, **options: Any) -> HellboyState:
    """A game on the small test deck unless options say otherwise."""
    options.setdefault("deck_path", str(TEST_DECK))
    options.setdefault("first_seat", 1)  # the rule tests start with seat 0; lots are tested apart
    seats = [Seat(index=i, name=name) for i, name in enumerate(["Liz", "Abe", "Roger", "Kate",
                                                                   "Ben", "Sid"][:players])]
    return ENGINE.setup(seats, HellboyOptions(**options))


def act(state: HellboyState, action: Action, seat: int | None = None) -> HellboyState:
    new, _ = ENGINE.apply(state, state.turn if seat is None else seat, action)
    return new


def act_events(state: HellboyState, action: Action) -> tuple[HellboyState, list[Event]]:
    return ENGINE.apply(state, state.turn, action)


def report(state: HellboyState, *values: str) -> HellboyState:
    new, _ = ENGINE.resolve(state, ChanceOutcome(values=list(values)))
    return new


def report_events(state: HellboyState, *values: str) -> tuple[HellboyState, list[Event]]:
    return ENGINE.resolve(state, ChanceOutcome(values=list(values)))


def explore(state: HellboyState, card: str) -> HellboyState:
    """Explore and turn over exactly `card` (an id of the test deck, or a physical report)."""
    from engines.hellboy_dice import Explore

    return report(act(state, Explore()), card)


def attack(state: HellboyState, dice: tuple[Colour, ...], blue: str, *faces: str) -> HellboyState:
    """Attack with `dice` and inject the blue face and each Attack Die's face.

    Dice are a multiset kept weakest first (yellow, orange, red, black): list them, and
    their faces, in that order."""
    from engines.hellboy_dice import Attack

    return report(act(state, Attack(dice=dice)), blue, *faces)


def refused(state: HellboyState, action: Action, seat: int | None = None) -> str:
    """Assert the action is a RuleError that leaves the state as it was; return the message."""
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, state.turn if seat is None else seat, action)
    assert state.model_dump_json() == before
    return err.value.message


def refused_report(state: HellboyState, *values: str) -> str:
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        ENGINE.resolve(state, ChanceOutcome(values=list(values)))
    assert state.model_dump_json() == before
    return err.value.message


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]
