"""Tests of statistics as chance nodes.

"Roll as many dice as you have [statistic]"; "every die that rolls a 4 or more
is counted as a success". Every die is one `ChanceItem` with options "1".."6",
so a physical table reports its real dice and tests can inject exact ones.
Requests depend only on the dice counts, labels, prompt and reporter, so they
are built once and shared (treat them as read-only).
"""

from __future__ import annotations

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.hellraiser.models import PHANTOM, Roll

FACES = tuple(str(i) for i in range(1, 7))
SUCCESS = 4
"""'The difficulty for an attack is 4' and for every test that names no other number."""

PROMPTS: dict[str, str] = {
    "search": "Search the room",
    "attack": "Attack",
    "hell": "The Hell number check",
    "puzzle": "The Puzzle Solution",
    "furniture": "Use the room item",
    "cenobite_move": "Roll the Cenobites' movement",
    "degenerate": "Degenerate: roll 4, 5 or 6 to move",
    "shot": "Fire: roll the shot die",
    "heal": "Roll for healing",
    "wander": "The insane wander",
    "break_free": "Break free of the chains",
}

_CACHE: dict[tuple[object, ...], ChanceRequest] = {}


def request(roll: Roll, seats: int) -> ChanceRequest:
    reporter = 0 if roll.seat == PHANTOM else roll.seat
    key = (roll.purpose, roll.groups, roll.labels, reporter)
    found = _CACHE.get(key)
    if found is not None:
        return found
    items: list[ChanceItem] = []
    for g, (count, label) in enumerate(zip(roll.groups, roll.labels, strict=True)):
        for i in range(count):
            items.append(ChanceItem(
                key=f"g{g}d{i + 1}", label=f"{label} die {i + 1}" if count > 1 else f"{label} die",
                options=list(FACES),
            ))
    if not items:
        raise ValueError("a roll needs at least one die")
    out = ChanceRequest(prompt=PROMPTS[roll.purpose], items=items,
                        reporter=reporter if 0 <= reporter < seats else None)
    if len(_CACHE) < 4096:
        _CACHE[key] = out
    return out


def read(roll: Roll, outcome: ChanceOutcome) -> list[list[int]]:
    """The faces of each group, checked against the request."""
    expected = sum(roll.groups)
    if len(outcome.values) != expected:
        raise RuleError(f"Expected {expected} dice for {PROMPTS[roll.purpose].lower()}, "
                        f"got {len(outcome.values)}.")
    faces: list[int] = []
    for v in outcome.values:
        if v not in FACES:
            raise RuleError(f"'{v}' is not a face of a six-sided die: 1 to 6.")
        faces.append(int(v))
    groups: list[list[int]] = []
    at = 0
    for count in roll.groups:
        groups.append(faces[at:at + count])
        at += count
    return groups


def successes(dice: list[int], target: int = SUCCESS) -> int:
    return sum(1 for d in dice if d >= target)
