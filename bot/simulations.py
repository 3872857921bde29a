"""Simulators for `python -m bot simulate GAME`: each game's own, by key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Simulator = Callable[..., str]
"""(players, games, seed, options: dict of table options) -> the report. Raises
ValueError (pydantic's ValidationError is one) for a table the game refuses."""


def _hellboy_dice(players: int, games: int, seed: int,
                  options: dict[str, Any] | None = None) -> str:
    from engines.hellboy_dice.models import HellboyOptions
    from engines.hellboy_dice.simulate import format_stats, simulate

    return format_stats(simulate(players, games, seed, HellboyOptions(**(options or {}))))


def _hellraiser(players: int, games: int, seed: int,
                options: dict[str, Any] | None = None) -> str:
    from engines.hellraiser.models import HellraiserOptions
    from engines.hellraiser.simulate import format_stats, simulate

    return format_stats(simulate(players, games, seed, HellraiserOptions(**(options or {}))))


SIMULATORS: dict[str, Simulator] = {"hellboy-dice": _hellboy_dice, "hellraiser": _hellraiser}
