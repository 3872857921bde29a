"""Hellbringer's chat lines: the engine's own narration, which names only public
cards (a draw into a hand is never named), so it is safe for the channel."""

from __future__ import annotations

from engines.core.protocol import Event


def event_lines(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.text]
