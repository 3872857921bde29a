"""The protocol every game engine follows, and the pieces they share."""

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import PackError, RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat

__all__ = [
    "ChanceItem",
    "ChanceOutcome",
    "ChanceRequest",
    "Engine",
    "Event",
    "GameResult",
    "PackError",
    "RuleError",
    "Seat",
]
