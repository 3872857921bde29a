"""The `preset` option: the rules text as written, or the balanced house preset.

As written, the Leviathan side wins three AI games in four or more at every table size
(docs/games/hellraiser.md has the simulation tables): the puzzle's difficulty is
doubled, so a Human rolling three or four dice faces ten or more. The balanced preset
(house, the default for new tables) changes a few numbers, each tuned with
`python -m bot simulate hellraiser` towards Humans winning 45–55 % of AI games at 2 to
6 players, and keeps Leviathan's win from the players who joined it by dying
(`converts_share`). Its numbers
are house data (`data/balance.yaml`, each entry with its source, `verified: false`, and
why), so a group edits one file to play its own balance, and the docs' list of the
preset's house rules and the numbers are one place apart.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.packs import Provenance, load_pack
from engines.hellraiser.cards import DATA
from engines.hellraiser.models import HellraiserState

Ties = Literal["nothing", "leviathan", "humans"]


class Balance(Provenance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    difficulty_factor: int = Field(ge=1, le=3)
    """The puzzle difficulty's multiplier ('... times two' as written)."""
    difficulty_bonus: int = Field(ge=-3, le=3)
    """Dice added to the puzzle difficulty after the multiplier."""
    difficulty_floor: int = Field(ge=0, le=6)
    """The fewest dice the puzzle difficulty rolls (0 as written: 'never below 0')."""
    max_cenobites: int = Field(ge=1, le=5)
    """At most this many Cenobites join Leviathan's pool when the gateway opens (one per
    Human left standing, as written; the five Named Cenobites are the limit)."""
    difficulty_pips: int = Field(ge=-3, le=3)
    """Added to Leviathan's puzzle total (negative: taken off it). A die moves the
    Humans' win rate by about 25 points, a pip by 5 to 12, so a table size is tuned
    with pips once the dice are right."""
    ties: Ties
    """What an even puzzle roll does: nothing (as written: 'the Human must roll
    higher', and a loss is Leviathan rolling higher), or counts for the Leviathan or
    the Human side: half a pip, where a whole one is too much."""
    humans_tie_from: int = Field(default=0, ge=0, le=99)
    """From this round on an even puzzle roll counts for the Human, whatever `ties`
    says (0: never). A tie is only 6-8 % of puzzle rolls, so moving the ties of the
    late rounds alone is a step finer than half a pip, and the round tunes it; it
    also leans a long game towards the puzzle rather than the house limit."""
    converts_share: bool
    """May a player who joined Leviathan by their character's casualty (a Spiritual
    death, or the house option `lost_souls: leviathan`) share Leviathan's win? As
    written yes ('the player is now a Leviathan player'). Balanced no: a Human who
    falls to Leviathan must not gain by it, and every decided game has a loser. (A
    Physical or Mental casualty's player stays a Human player and shares the closed
    gate under both presets: victory.py.)"""
    why: str = Field(min_length=1, max_length=400)


class SizeBalance(Provenance):
    """A table size's changes to the balanced default: only the numbers it names."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    difficulty_factor: int | None = Field(default=None, ge=1, le=3)
    difficulty_bonus: int | None = Field(default=None, ge=-3, le=3)
    difficulty_floor: int | None = Field(default=None, ge=0, le=6)
    max_cenobites: int | None = Field(default=None, ge=1, le=5)
    difficulty_pips: int | None = Field(default=None, ge=-3, le=3)
    ties: Ties | None = None
    humans_tie_from: int | None = Field(default=None, ge=0, le=99)
    why: str = Field(min_length=1, max_length=400)


class BalancePack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    licence: str
    default: Balance
    by_seats: dict[int, SizeBalance] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _house(self) -> BalancePack:
        """The balanced preset is the house's, never the text's: an entry that claims to
        be verified would tell players a house number is the rules."""
        if self.default.verified or any(e.verified for e in self.by_seats.values()):
            raise ValueError("balanced entries are house data: verified must be false")
        if not set(self.by_seats) <= set(range(1, 7)):
            raise ValueError("by_seats names table sizes 1 to 6")
        return self


AS_WRITTEN = Balance(difficulty_factor=2, difficulty_bonus=0, difficulty_floor=0,
                     max_cenobites=5, difficulty_pips=0, ties="nothing",
                     converts_share=True, source="the rules text", verified=True,
                     why="The rules text alone.")


@cache
def balanced_pack() -> BalancePack:
    """The built-in balanced preset (read once, like the card packs)."""
    return load_pack(DATA / "balance.yaml", BalancePack)


def balanced(seats: int) -> Balance:
    """The balanced preset at this table size: the default and the size's changes."""
    pack = balanced_pack()
    size = pack.by_seats.get(seats)
    if size is None:
        return pack.default
    changes = size.model_dump(exclude_none=True)
    return pack.default.model_copy(update=changes)


def balance(s: HellraiserState) -> Balance:
    if s.options.preset != "balanced":
        return AS_WRITTEN
    return balanced(s.seats)


def tie_goes(rules: Balance, round_: int) -> Ties:
    """What an even puzzle roll does in this round: the one place the puzzle (gateway.py)
    and the AI's odds (ai.py) read it, so the AI weighs the roll it will make."""
    if rules.humans_tie_from and round_ >= rules.humans_tie_from:
        return "humans"
    return rules.ties
