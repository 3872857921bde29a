"""The `preset` option: the rules text as written, or the balanced house preset.

As written, the Leviathan side wins three AI games in four or more at every table size
(docs/games/hellraiser.md has the simulation tables): the puzzle's difficulty is
doubled, so a Human rolling three or four dice faces ten or more. The balanced preset
(house, the default for new tables) changes a few numbers, each tuned with
`python -m bot simulate hellraiser` towards Humans winning 45–55 % of AI games at 2 to
6 players, and keeps every win for the living (`casualties_share`). Every knob is here,
so the docs' list of the preset's house rules and this table are one place apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.hellraiser.models import HellraiserState


@dataclass(frozen=True)
class Balance:
    difficulty_factor: int
    """The puzzle difficulty's multiplier ('... times two' as written)."""
    difficulty_bonus: int
    """Dice added to the puzzle difficulty after the multiplier."""
    difficulty_floor: int
    """The fewest dice the puzzle difficulty rolls (0 as written: 'never below 0')."""
    max_cenobites: int
    """At most this many Cenobites join Leviathan's pool when the gateway opens (one per
    Human left standing, as written; the five Named Cenobites are the limit)."""
    difficulty_pips: int
    """Added to Leviathan's puzzle total (negative: taken off it). A die moves the
    Humans' win rate by about 25 points; a pip by a few, so a table size is tuned
    with pips once the dice are right."""
    casualties_share: bool
    """May a player whose character is a casualty when the game ends share their side's
    win? As written yes (a Spiritual casualty's player is a Leviathan player and wins
    with them). Balanced no: nobody gains by dying, and every game that has a winner
    has a loser. (A Skinned Human's own wins are not shared: both presets keep them.)"""


AS_WRITTEN = Balance(difficulty_factor=2, difficulty_bonus=0, difficulty_floor=0,
                     max_cenobites=5, difficulty_pips=0, casualties_share=True)
BALANCED = Balance(difficulty_factor=1, difficulty_bonus=0, difficulty_floor=3,
                   max_cenobites=3, difficulty_pips=0, casualties_share=False)
BALANCED_BY_SEATS: dict[int, Balance] = {
    2: replace(BALANCED, difficulty_bonus=-1, difficulty_pips=-1),
    3: replace(BALANCED, difficulty_pips=2),
}
"""Where a table size needs other numbers than BALANCED (tuned by simulation: the
docs' Balance section has the runs)."""


def balance(s: HellraiserState) -> Balance:
    if s.options.preset != "balanced":
        return AS_WRITTEN
    return BALANCED_BY_SEATS.get(s.seats, BALANCED)
