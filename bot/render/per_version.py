"""What a game's state offers, worked out once per (game, version).

A click used to compute the same things several times: the decoder of the
click asked the engine for the seat's legal actions, and drawing the next
board asked again for its buttons, for its menus and for each seat's panel,
each laying the same moves out (Hellbringer 3 `legal_actions` a click, its
menus built twice). Here each is computed once and shared by the renderer,
the decoder of the next click and the board's components.

An entry is served only for the very state object it was computed from (held
by the entry, so its identity cannot be reused) at the same version of the
same game with the same seats and status; anything else is a miss and is
computed afresh, so an undone step, a reloaded table or a changed seat never
meets another state's moves. States are never mutated (engines return new
ones), which is what makes the identity a safe key. The memo keeps the newest
version of at most `KEPT` games; a game evicted is only computed again.

Pure: no I/O, no clock. It may be filled from a worker thread (a large board
is laid out off the event loop), so its bookkeeping takes a lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.models import GameRow
from engines import registry

T = TypeVar("T")

KEPT = 256
"""Games whose newest version is kept: a live table's state lives from its board's
drawing to the next click on it, so this covers that many busy tables at once."""

Row = tuple[str, str, str, tuple[tuple[int | None, str, str | None, bool], ...]]


@dataclass
class _Entry:
    version: int
    state: Any
    row: Row
    game: GameRow | None = None
    """The row object last found to match: a board asks five or six times per click with
    the same one, and comparing `_row` each time was a tenth of Hellboy's board build.
    Game rows, like states, are never changed in place (a step copies them)."""
    legal: dict[int, list[Any]] = field(default_factory=dict)
    built: dict[str, Any] = field(default_factory=dict)


_ENTRIES: OrderedDict[int, _Entry] = OrderedDict()
_LOCK = threading.Lock()


def _row(game: GameRow) -> Row:
    """What of the game row a board depends on besides its version: a seat's owner,
    name, character or AI flag, the status and the mode."""
    return (game.game, game.status, game.mode,
            tuple((s.user_id, s.name, s.character, s.ai) for s in game.seats))


def _entry(game: GameRow, state: Any) -> _Entry:
    with _LOCK:
        entry = _ENTRIES.get(game.id)
        if entry is not None and entry.game is game and entry.state is state:
            _ENTRIES.move_to_end(game.id)
            return entry
    row = _row(game)
    with _LOCK:
        entry = _ENTRIES.get(game.id)
        if entry is None or entry.state is not state or entry.version != game.version \
                or entry.row != row:
            entry = _Entry(game.version, state, row, game)
            _ENTRIES[game.id] = entry
            while len(_ENTRIES) > KEPT:
                _ENTRIES.popitem(last=False)
        else:
            entry.game = game
            _ENTRIES.move_to_end(game.id)
        return entry


def legal_actions(game: GameRow, state: Any, seat: int) -> list[Any]:
    """The engine's `legal_actions(state, seat)`, asked once per version. The list is
    shared: callers must not change it."""
    entry = _entry(game, state)
    found = entry.legal.get(seat)
    if found is None:
        found = registry.get(game.game).legal_actions(state, seat)
        entry.legal[seat] = found
    return found


def once(game: GameRow, state: Any, name: str, build: Callable[[], T]) -> T:
    """`build()` once per version under `name` (a game's layout of its moves, its
    codes): what it returns is shared, so it must not be changed by its users."""
    entry = _entry(game, state)
    if name not in entry.built:
        entry.built[name] = build()
    found: T = entry.built[name]
    return found


def known(game: GameRow, state: Any, name: str) -> bool:
    """Whether `name` is already built for this version (so asking for it is cheap)."""
    with _LOCK:
        entry = _ENTRIES.get(game.id)
        return entry is not None and entry.state is state and entry.version == game.version \
            and entry.row == _row(game) and name in entry.built


def forget() -> None:
    """Drop every entry (tests that count the engine's calls from a clean start)."""
    with _LOCK:
        _ENTRIES.clear()
