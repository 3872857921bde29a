"""What the companion does not know, said on the board every time it matters.

The seed is one card; the board game's full rules are not public. Each entry
names a gap, why it is one, and what the companion does instead, so nothing is
decided silently: the players keep the ruling, and the board says so.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.hellboy_board.models import HBBoardState


class Unknown(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    topic: str
    status: Literal["not public", "transcription", "review", "house"]
    handling: str
    threat: bool = False
    """Only relevant while an Unexpected Threat is in the deck or in play."""


UNKNOWNS: tuple[Unknown, ...] = (
    Unknown(key="defend", topic="the Defend formula", status="not public",
            handling="roll or report the Defend test yourselves, then report the attack's"
            " damage"),
    Unknown(key="stunned", topic="what Stunned does", status="not public",
            handling="a marker only: Die Ruten sets it, you clear it; no other effect"),
    Unknown(key="knocked_out", topic="what Knocked Out does (and Backup Agents)",
            status="not public",
            handling="you say when an agent is knocked out; they then take no cubes, are not"
            " targeted and pay no leave-area cubes until revived"),
    Unknown(key="attack_damage", topic="attack damage = pips - Resilience", status="review",
            handling="applied to Fight and Shoot tests (a review's reading, not the rulebook);"
            " report damage yourselves if your rulebook differs"),
    Unknown(key="dice", topic="the coloured dice and the effect die", status="house",
            handling="house faces (unverified) with a fan list's effects; Double and Wildcard"
            " take the best result, Re-roll rolls the dice below average; report totals from"
            " your real dice instead, or load your own faces"),
    Unknown(key="fight_downgrades", topic="how much other enemies downgrade a Fight",
            status="house",
            handling="one step per other enemy in the area, said at each test; give"
            " downgrades to override"),
    Unknown(key="cubes", topic="unspent cubes, and where agents start", status="house",
            handling="unspent cubes are lost when a round starts (each agent takes 3);"
            " agents start in the starting area unless given another"),
    Unknown(key="doom_advance", topic="how Impending Doom advances", status="not public",
            handling="you move the track"),
    Unknown(key="lead_agent", topic="who the lead agent is", status="not public",
            handling="you choose the Wicked Child when the threat is drawn", threat=True),
    Unknown(key="markers", topic="what trigger and reaction markers do", status="not public",
            handling="shown on the board; the reaction marker only names the Wicked Child",
            threat=True),
    Unknown(key="boss", topic="whether Krampus is a Boss (a Behaviour deck)",
            status="not public",
            handling="asked when the threat is drawn: does his card show Behaviour icons?",
            threat=True),
    Unknown(key="leave_discard", topic="'they each discard' (unclear word on the card)",
            status="transcription", handling="option leave_discard: each (default) or may",
            threat=True),
    Unknown(key="wild_melee", topic="run-wild melee 'increased to 8' = the printed 8",
            status="transcription", handling="option wild_melee; the board warns while it"
            " is not above the printed Melee", threat=True),
    Unknown(key="leave_toll", topic="leaving an area: agents without cubes, Resilience",
            status="house",
            handling="an agent with no cube pays nothing and deals nothing; the damage is"
            " direct (no Resilience), all agents in the area pay at once", threat=True),
    Unknown(key="move", topic="what Krampus's Move 4 counts, and his path", status="not public",
            handling="not enforced: you give the areas he moves through", threat=True),
)


def unknowns_for(s: HBBoardState) -> list[Unknown]:
    threat_relevant = bool(s.threats) or (
        s.doom_deck.threat_inside and not s.doom_deck.threat_drawn)
    return [u for u in UNKNOWNS if threat_relevant or not u.threat]
