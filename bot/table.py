"""The table service: the single path for every change to a channel's game.

`TableService` is the core change path (table_core.py) with the lobby, play
and GM operations written on top of it; callers import everything from here.
"""

from __future__ import annotations

from bot.table_core import (
    ACCEPTED,
    Actor,
    NoGame,
    Outcome,
    StaleBoard,
    bot_draws,
    holds_hands,
    plan_timers,
    seat_for,
    stalled_seats,
)
from bot.table_gm import GmOps
from bot.table_lobby import JoinAsked, LobbyOps
from bot.table_packs import PackOps
from bot.table_play import Chooser, PlayOps

__all__ = [
    "ACCEPTED",
    "Actor",
    "Chooser",
    "JoinAsked",
    "NoGame",
    "Outcome",
    "StaleBoard",
    "TableService",
    "bot_draws",
    "holds_hands",
    "plan_timers",
    "seat_for",
    "stalled_seats",
]


class TableService(LobbyOps, PlayOps, GmOps, PackOps):
    """Every change to a channel's game, through one per-channel path."""
