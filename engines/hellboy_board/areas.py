"""Areas are names the group types, so one area must never become two.

"Crypt", "crypt" and " crypt " are the same area, shown as first written: every
area a command or correction names is settled here, once, before any rule reads
it, so the rules compare plain strings (Krampus's leave-area toll, Fight's
same-area check, downgrades and the Fight buttons all meet the same spelling).
A name no area has yet is a typo as often as a new tile ("Cyrpt"), so in play it
is taken only when the action says so (`new_area`); while the case is set up,
tiles are being laid and every name is new.
"""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleError
from engines.hellboy_board.actions import (
    AddAgent,
    AddEnemy,
    DefineEnemy,
    MoveAgent,
    MoveEnemy,
    PlaceEnemy,
    SetAgent,
    SetUpCase,
)
from engines.hellboy_board.models import UNNAMED_START, Agent, Enemy, HBBoardState

SHOWN_KNOWN = 12
"""Known areas listed in a refusal; a case has fewer."""


class NewArea(RuleError):
    """A name no area has yet, in play: the player confirms it (the Discord side
    offers a button that sends the action again with `new_area`)."""

    def __init__(self, message: str, area: str) -> None:
        super().__init__(message)
        self.area = area


def key(name: str) -> str:
    return " ".join(name.split()).casefold()


def known(s: HBBoardState) -> list[str]:
    """Every area the case has named, as first written, in the order they came."""
    found: dict[str, str] = {}
    named = [] if s.starting_area == UNNAMED_START else [s.starting_area]
    pieces: list[Agent | Enemy] = [*s.agents.values(), *s.enemies.values()]
    for name in [*named, *s.areas, *(p.area for p in pieces if p.area)]:
        found.setdefault(key(name), name)
    found.pop(key(UNNAMED_START), None)
    return list(found.values())


def settle(s: HBBoardState, action: Any) -> Any:
    """`action` with every area it names spelled as the case first wrote it; a new
    name is recorded (refused in play unless the action confirms it)."""
    if isinstance(action, SetUpCase):
        if action.starting_area is None:
            return action
        return action.model_copy(update={"starting_area": _one(s, action.starting_area, True)})
    if isinstance(action, MoveEnemy):
        path = tuple(_one(s, p, action.new_area) for p in action.path)
        return action.model_copy(update={"path": path})
    if isinstance(action, MoveAgent | AddAgent | DefineEnemy | AddEnemy):
        if action.area is None:
            return action
        return action.model_copy(update={"area": _one(s, action.area, action.new_area)})
    if isinstance(action, SetAgent | PlaceEnemy) and action.area is not None:
        return action.model_copy(update={"area": _one(s, action.area, True)})
    return action


def _one(s: HBBoardState, typed: str, confirmed: bool) -> str:
    name = " ".join(typed.split())
    if not name:
        raise RuleError("Name the area.")
    if key(name) == key(UNNAMED_START):
        return s.starting_area
    areas = known(s)
    same = next((a for a in areas if key(a) == key(name)), None)
    if same is not None:
        return same
    if not confirmed and s.phase != "setup" and areas:
        listed = ", ".join(areas[:SHOWN_KNOWN]) + (", …" if len(areas) > SHOWN_KNOWN else "")
        raise NewArea(f"New area '{name}'? Known: {listed}.", name)
    s.areas = (*s.areas, name)
    return name
