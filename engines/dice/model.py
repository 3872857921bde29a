"""A die is a list of faces; a face has a label, a symbol and the values it scores.

The same definitions drive the /roll command, /odds, and every engine's chance
nodes, so a die's faces live in exactly one place: the data pack.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engines.core.packs import Provenance, require_unique

DieKind = Literal["number", "pips", "effect", "damage", "enemy"]


class Face(BaseModel):
    label: str = Field(min_length=1, max_length=40)
    symbol: str = Field(min_length=1, max_length=16, description="emoji or short text for display")
    value: int = Field(default=0, description="added to a total: pips, damage, bursts")
    effect: str | None = Field(default=None, description="special meaning, e.g. 'skull', 'x2'")
    clue: bool = Field(default=False, description="Hellboy Lucky Find: this face scores a Clue")


class Die(Provenance):
    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    title: str
    kind: DieKind
    faces: list[Face] = Field(min_length=2, max_length=1000)
    effects: dict[str, str] = Field(
        default_factory=dict, description="what each special effect means, for display"
    )

    @model_validator(mode="after")
    def _effects_explained(self) -> Die:
        for face in self.faces:
            if face.effect is not None and face.effect not in self.effects:
                raise ValueError(f"face '{face.label}' has effect '{face.effect}' with no meaning")
        return self


class DicePack(BaseModel):
    dice: list[Die] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> DicePack:
        require_unique("dice names", [d.name for d in self.dice])
        return self

    def by_name(self) -> dict[str, Die]:
        return {d.name: d for d in self.dice}
