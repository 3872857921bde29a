"""Driving the companion with exact dice and cards (chance outcomes injected).

`Table` keeps the state and the last events, and `refused` checks the project's
rule for bad input: one polite sentence, and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellboy_board import ENGINE, HBBoardState, HBEvent
from engines.hellboy_board.models import Agent, Enemy

HELLBOY: dict[str, Any] = {
    "name": "Hellboy", "area": "Hall", "health": 6,
    "skills": {"fight": "red", "shoot": "orange", "explore": "yellow", "defend": "red"},
    "weapons": [{"name": "Samaritan", "ranged": True, "tags": ["pistol"]},
                {"name": "Shotgun", "ranged": True}],
}
LIZ: dict[str, Any] = {"name": "Liz", "area": "Hall", "seat": 1,
       "skills": {"fight": "yellow", "shoot": "orange", "explore": "red", "defend": "orange"}}
ABE: dict[str, Any] = {"name": "Abe", "area": "Crypt", "seat": 1,
       "skills": {"fight": "orange", "shoot": "yellow", "explore": "red", "defend": "orange"}}


def chosen(content: dict[str, Any], name: str = "ourbox") -> dict[str, Any]:
    """A server's pack as a table embeds it in its options (bot/table_packs.py)."""
    return {"name": name, "digest": "0" * 64, "content": content}


class Table:
    def __init__(self, players: int = 2, **options: Any) -> None:
        seats = [Seat(index=i, name=n) for i, n in enumerate(["Ann", "Bo", "Cy", "Di"][:players])]
        self.state: HBBoardState = ENGINE.setup(seats, ENGINE.parse_options(options))
        self.events: list[HBEvent] = []

    def do(self, kind: str, seat: int = 0, **fields: Any) -> list[HBEvent]:
        action = ENGINE.parse_action({"type": kind, **fields})
        self.state, events = ENGINE.apply(self.state, seat, action)
        self.events = [e for e in events if isinstance(e, HBEvent)]
        assert len(self.events) == len(events)
        return self.events

    def roll(self, *values: str) -> list[HBEvent]:
        self.state, events = ENGINE.resolve(self.state, ChanceOutcome(values=list(values)))
        self.events = [e for e in events if isinstance(e, HBEvent)]
        return self.events

    def fix(self, kind: str, **fields: Any) -> list[HBEvent]:
        correction = ENGINE.parse_correction({"type": kind, **fields})
        self.state, events = ENGINE.correct(self.state, correction)
        self.events = [e for e in events if isinstance(e, HBEvent)]
        return self.events

    def refused(self, kind: str, match: str, seat: int = 0, **fields: Any) -> str:
        before = ENGINE.dump_state(self.state)
        with pytest.raises(RuleError, match=match) as caught:
            self.do(kind, seat, **fields)
        assert ENGINE.dump_state(self.state) == before
        sentence = caught.value.message
        assert sentence.endswith(".") and sentence.count(". ") == 0, sentence
        return sentence

    def rules(self) -> list[str | None]:
        return [e.rule for e in self.events]

    def agent(self, ref: str) -> Agent:
        return self.state.agents[ref]

    def enemy(self, ref: str) -> Enemy:
        return self.state.enemies[ref]

    def to_phase(self, phase: str) -> None:
        for _ in range(6):
            if self.state.phase == phase:
                return
            self.do("next_phase")
        raise AssertionError(f"never reached {phase}")


def started(players: int = 2, threat: bool = True, **options: Any) -> Table:
    """Hellboy and Liz in the Hall (the starting area), Abe in the Crypt, round 1."""
    t = Table(players, **options)
    t.do("set_up_case", starting_area="Hall", doom_deck=10, doom_length=12,
         threat_shuffled_in=threat)
    for agent in (HELLBOY, LIZ, ABE):
        t.do("add_agent", **agent)
    t.do("next_phase")
    return t


def krampus_drawn(lead: str = "liz", boss: bool = False, **options: Any) -> Table:
    """The threat drawn in round 1's Doom phase, Liz the Wicked Child; then round 2
    starts, so every agent has 3 cubes again."""
    t = started(**options)
    t.to_phase("doom")
    t.do("draw_doom")
    t.roll("threat:wicked-child")
    t.do("resolve_threat", lead_agent=lead, boss=boss)
    t.to_phase("end")
    t.do("next_phase")
    return t
