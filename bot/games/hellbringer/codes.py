"""Button and menu codes for Hellbringer: an action's place in the seat's legal
list plus a short digest of the action, so a click on a stale board (the list
moved on) is refused rather than played as some other move."""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from bot.models import GameRow
from bot.render import per_version
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState

SELECT = "m"
"""The code of a seat's move menu (its values are action codes)."""
STALE = "That move no longer matches the table; use the newest board."
DIGESTS = 4096
"""Digests kept: a busy table offers a few hundred distinct moves over a game."""


@functools.lru_cache(maxsize=DIGESTS)
def digest(action: Any) -> str:
    """Kept per action (actions are frozen, so hashable): a game offers the same moves
    version after version (End turn, the same trades), and each digest costs about 50
    µs, three times pydantic's own JSON of the action."""
    text = json.dumps(ENGINE.dump_action(action), sort_keys=True)
    return hashlib.blake2s(text.encode(), digest_size=4).hexdigest()


def encode(index: int, action: Any) -> str:
    return f"{index}.{digest(action)}"


def codes_of(game: GameRow, state: HellbringerState, seat: int) -> list[str]:
    """The code of each of the seat's legal actions, in their order: encoded once per
    version (or handed over by the seat's kept menus, `share`), for the board's
    components and the decoder of a click on them alike."""
    return per_version.once(game, state, f"{KEPT_AS} {seat}", lambda: [
        encode(i, a) for i, a in enumerate(per_version.legal_actions(game, state, seat))])


def share(game: GameRow, state: HellbringerState, seat: int, coded: list[str]) -> None:
    """Give this version the seat's codes its kept menus were laid out with (the same
    legal moves in the same order), so the decoder of the next click encodes nothing."""
    per_version.once(game, state, f"{KEPT_AS} {seat}", lambda: coded)


KEPT_AS = "hellbringer codes"
"""The name the seat's codes are kept under per version (with the seat)."""


def decode(game: GameRow, state: HellbringerState, seat: int, code: str) -> Any:
    """The legal action a code names, or a RuleError for a stale or foreign code."""
    index = code.partition(".")[0]
    coded = codes_of(game, state, seat)
    if not index.isdigit() or int(index) >= len(coded) or coded[int(index)] != code:
        raise RuleError(STALE)
    return per_version.legal_actions(game, state, seat)[int(index)]
