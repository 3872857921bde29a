"""What a server's own pack may hold for the companion: its preset library and dice.

A GM uploads it with `/game pack upload` (a YAML or JSON file with
`game: hellboy-board`), and a table picks it with `options: pack=<name>`; the
table validates it with `HBBoardPack` and embeds it in the game's options (see
`engines.core.packs.ChosenPack`), so undo and replay never read the stored pack.
Its enemy and threat cards are laid over the built-in presets by key; its dice
replace the house faces of the same name. Every section is optional, but a pack
must hold something. `docs/packs/hellboy-board.yaml` is a worked example.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, ValidationInfo, field_validator, model_validator

from engines.core.packs import require_unique
from engines.dice.model import Die
from engines.hellboy_board.cards import EnemyCard, PresetLibrary, ThreatCard, builtin_library
from engines.hellboy_board.roller import EFFECT_DIE

MAX_ENEMY_CARDS = 60
MAX_THREAT_CARDS = 20
"""More than one box's Enemy and Unexpected Threat cards, few enough for one list."""


class BoardDie(Die):
    """One of the test's dice: a coloured die (pips) or the effect die."""

    name: Literal["yellow", "orange", "red", "black", "effect"]

    @model_validator(mode="after")
    def _effects_only_on_the_effect_die(self) -> BoardDie:
        if self.name != EFFECT_DIE and any(f.effect for f in self.faces):
            raise ValueError("only the effect die has effects; the coloured dice score pips")
        return self


class HBBoardPack(PresetLibrary):
    """A server's own components for the companion."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: Literal["hellboy-board"] | None = Field(
        default=None, description="None: a pack of dice only, chosen by a table of this game")
    enemies: tuple[EnemyCard, ...] = Field(default=(), max_length=MAX_ENEMY_CARDS)
    threats: tuple[ThreatCard, ...] = Field(default=(), max_length=MAX_THREAT_CARDS)
    dice: tuple[BoardDie, ...] = Field(default=(), max_length=5)

    @field_validator("threats")
    @classmethod
    def _threats_list_known_enemies(
        cls, threats: tuple[ThreatCard, ...], info: ValidationInfo
    ) -> tuple[ThreatCard, ...]:
        """U4: a threat brings its Enemy card into play, so that card must exist here
        or among the built-in presets (the error names the threat, whose line is
        under `threats`)."""
        if "enemies" not in info.data:
            return threats  # the enemies' own problem is the one to report
        known = {e.key for e in info.data["enemies"]} | {e.key for e in builtin_library().enemies}
        for t in threats:
            if t.enemy not in known:
                raise ValueError(
                    f"the threat '{t.key}' brings the enemy '{t.enemy}', which is neither in"
                    " this pack's `enemies` nor a built-in preset"
                )
        return threats

    @field_validator("dice")
    @classmethod
    def _one_of_each_die(cls, dice: tuple[BoardDie, ...]) -> tuple[BoardDie, ...]:
        require_unique("dice names", [d.name for d in dice])
        return dice

    @model_validator(mode="after")
    def _holds_something(self) -> HBBoardPack:
        if not (self.enemies or self.threats or self.dice):
            raise ValueError("a pack needs `enemies`, `threats` or `dice`")
        return self

    def library(self) -> PresetLibrary:
        """The pack's cards laid over the built-in presets."""
        return PresetLibrary(enemies=self.enemies, threats=self.threats).over(builtin_library())
