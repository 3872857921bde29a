"""The table service: the single path for every change to a channel's game.

`TableService` is the core change path (table_core.py) with the lobby, play
and GM operations written on top of it; callers import everything from here.
"""

from __future__ import annotations

from bot.table_core import Actor, Outcome, StaleBoard, plan_timers, stalled_seat
from bot.table_gm import GmOps
from bot.table_lobby import LobbyOps
from bot.table_packs import PackOps
from bot.table_play import PlayOps

__all__ = ["Actor", "Outcome", "StaleBoard", "TableService", "plan_timers", "stalled_seat"]


class TableService(LobbyOps, PlayOps, GmOps, PackOps):
    """Every change to a channel's game, through one per-channel path."""
