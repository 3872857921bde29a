"""Where a step's events go: a list for the table, nowhere for simulations."""

from __future__ import annotations

from engines.core.protocol import Event
from engines.hellbringer.models import Said


class Out:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def say(self, text: str) -> None:
        self.events.append(Said(text=text))

    def add(self, event: Event) -> None:
        self.events.append(event)


class Quiet(Out):
    """Simulations never read events, so building them is wasted work."""

    def say(self, text: str) -> None:
        return None

    def add(self, event: Event) -> None:
        return None


QUIET = Quiet()
