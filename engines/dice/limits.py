"""How much one roll or one odds question may ask for.

The limits protect a shared bot from a single message that would take seconds
of CPU or produce a reply Discord cannot show. Each one is checked before any
work is done, and each refusal is a polite sentence that says what is allowed.
"""

from __future__ import annotations

from engines.core.errors import RuleError

MAX_EXPRESSION_CHARS = 200
MAX_DICE = 100
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_NUMBER = 100_000
EXPLODE_DEPTH = 5
"""An exploding die rolls again at most this many times: the roller and the exact odds
stop at the same depth, so /odds is exact for what /roll does (and says so)."""

# Odds are exact, so their cost grows with the number of possible totals and
# with the arithmetic needed to reach them. These two caps keep the slowest
# accepted question well under a second (see bench/dice_bench.py).
ODDS_MAX_TOTALS = 10_001
ODDS_MAX_WORK = 1_000_000


def check_length(text: str) -> None:
    if len(text) > MAX_EXPRESSION_CHARS:
        raise RuleError(
            f"Dice expressions can be up to {MAX_EXPRESSION_CHARS} characters long; "
            f"this one has {len(text)}."
        )


def check_count(count: int, what: str) -> None:
    if not 1 <= count <= MAX_DICE:
        raise RuleError(f"You can roll between 1 and {MAX_DICE} {what} at once, not {count}.")


def check_sides(sides: int) -> None:
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise RuleError(f"Dice can have {MIN_SIDES} to {MAX_SIDES:,} sides, not {sides:,}.")


def check_number(value: int) -> None:
    if abs(value) > MAX_NUMBER:
        raise RuleError(f"Numbers in a roll can be up to {MAX_NUMBER:,}.")


def check_total_dice(total: int) -> None:
    if total > MAX_DICE:
        raise RuleError(f"One roll can have at most {MAX_DICE} dice in all; this one has {total}.")


def refuse_odds_work() -> RuleError:
    """The one sentence for an odds question too large to answer exactly and quickly."""
    return RuleError(
        "That is too big to work out exactly in a moment; odds cover up to "
        f"{ODDS_MAX_TOTALS - 1:,} different totals, so try fewer dice, fewer sides "
        "or keeping fewer dice."
    )
