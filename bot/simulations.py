"""Simulators for `python -m bot simulate GAME`: each game's own, by key."""

from __future__ import annotations

from collections.abc import Callable

Simulator = Callable[[int, int, int], str]


def _hellboy_dice(players: int, games: int, seed: int) -> str:
    from engines.hellboy_dice.simulate import format_stats, simulate

    return format_stats(simulate(players, games, seed))


def _hellraiser(players: int, games: int, seed: int) -> str:
    from engines.hellraiser.simulate import format_stats, simulate

    return format_stats(simulate(players, games, seed))


SIMULATORS: dict[str, Simulator] = {"hellboy-dice": _hellboy_dice, "hellraiser": _hellraiser}
