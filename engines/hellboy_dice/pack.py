"""What a group's own pack may hold for this game: its dice faces and its deck.

A GM uploads it with `/game pack upload` and picks it with `pack=<name>` at
`/game new`; the table validates it with `HellboyPack` and embeds it in the
options (see `engines.core.packs.ChosenPack`). Every section is optional:
dice not in the pack keep the house faces, and without a `deck` the house
deck is used.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.packs import require_unique
from engines.dice.model import Die
from engines.hellboy_dice.cards import DeckPack

BLUE_EFFECTS = frozenset({"skull", "x2", "burst1", "burst2", "cancel", "reroll"})
"""The blue die's effects the rules know; a face with any other can't be played."""

DieName = Literal["yellow", "orange", "red", "black", "blue"]
"""The game's dice: the four Attack Dice colours and the blue effect die."""


class HellboyDie(Die):
    """A die of this game: one of its five names, and a blue die the rules can read."""

    name: DieName

    @model_validator(mode="after")
    def _blue_effects_known(self) -> HellboyDie:
        if self.name == "blue":
            odd = sorted({f.effect for f in self.faces if f.effect} - BLUE_EFFECTS)
            if odd:
                known = ", ".join(sorted(BLUE_EFFECTS))
                raise ValueError(f"the blue die's effects must be among {known}, not"
                                 f" {', '.join(odd)}")
        elif any(f.effect for f in self.faces):
            raise ValueError("only the blue die has effects; Attack Dice score pips")
        return self


class HellboyPack(BaseModel):
    """A group's own components for Hellboy: The Dice Game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: Literal["hellboy-dice"] | None = None
    dice: tuple[HellboyDie, ...] = Field(default=(), max_length=5)
    deck: DeckPack | None = None

    @model_validator(mode="after")
    def _holds_something(self) -> HellboyPack:
        if not self.dice and self.deck is None:
            raise ValueError("a pack needs `dice`, a `deck`, or both")
        require_unique("dice names", [d.name for d in self.dice])
        return self
