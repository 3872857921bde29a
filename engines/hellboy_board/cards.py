"""Enemy and threat cards as data: the built-in presets and a group's own library.

The board game's cards are physical and mostly not public, so the companion knows
an enemy only by what a group types from its card (six numbers and a few rule
keywords) or by a preset. Rules the companion enforces are keywords from a small
closed set, each a typed model with its own function in `rules.py`; anything else
on a card is free `text`, shown and never enforced.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from engines.core.packs import Provenance, load_pack, require_unique

KEY = r"^[a-z][a-z0-9-]{0,39}$"
PRESETS_PATH = Path(__file__).parent / "data" / "presets.yaml"


class DamageCap(BaseModel):
    """An enemy takes at most `most` damage from one `attack` using a weapon tagged
    `weapon_tag` (Krampus's Harmless Man-Toys: a pistol Shoot, at most 2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["damage_cap"] = "damage_cap"
    name: str = Field(default="", max_length=60)
    attack: Literal["fight", "shoot"]
    weapon_tag: str = Field(pattern=KEY)
    most: int = Field(ge=0, le=99)


class MeleeToll(BaseModel):
    """What an enemy's melee attack costs its target once it deals damage (Krampus's
    Die Ruten: from 1 damage a cube, from 4 damage stunned instead of the cube)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["melee_toll"] = "melee_toll"
    name: str = Field(default="", max_length=60)
    cube_from: int | None = Field(default=None, ge=1, le=99)
    stun_from: int | None = Field(default=None, ge=1, le=99)

    @model_validator(mode="after")
    def _does_something(self) -> MeleeToll:
        if self.cube_from is None and self.stun_from is None:
            raise ValueError("a melee toll needs cube_from, stun_from or both")
        return self


Keyword = Annotated[DamageCap | MeleeToll, Field(discriminator="kind")]


class EnemyStats(BaseModel):
    """What an Enemy card prints: typed in by a group, or read from a preset."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1, max_length=60)
    move: int = Field(ge=0, le=99)
    resilience: int = Field(ge=0, le=99)
    health: int = Field(ge=1, le=999)
    range: int = Field(ge=0, le=99)
    ranged: int = Field(ge=0, le=99, description="Ranged Attack value")
    melee: int = Field(ge=0, le=99, description="Melee Attack value")
    boss: bool | None = Field(
        default=None,
        description="whether the card shows Behaviour icons; None = not known, asked at the table",
    )
    keywords: tuple[Keyword, ...] = Field(default=(), max_length=4)
    text: str = Field(default="", max_length=600, description="shown, never enforced")


class EnemyCard(EnemyStats, Provenance):
    """One Enemy card with where it comes from."""

    caveats: tuple[str, ...] = Field(default=(), description="doubts about the transcription")


class ThreatCard(Provenance):
    """One Unexpected Threat card. Each field is a rule the companion enforces;
    whatever else the card says is `text`, for the players."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1, max_length=60)
    enemy: str = Field(pattern=KEY, description="the Enemy card it lists (U4)")
    setup_in_starting_area: bool = False
    trigger_marker: bool = False
    marks_lead_agent: str | None = Field(
        default=None, description="the title of the agent given the reaction marker"
    )
    hunts_marked: bool = Field(default=False, description="its enemy ignores all other agents")
    leave_area_damage: int | None = Field(
        default=None, ge=1, le=9,
        description="when its enemy leaves an area with agents, each discards a cube for this",
    )
    marked_knocked_out_by_enemy: Literal["discard"] | None = None
    marked_knocked_out_otherwise: Literal["run_wild"] | None = None
    wild_melee: int | None = Field(default=None, ge=0, le=99)
    discard_on_defeat: bool = False
    text: str = Field(default="", max_length=1200)
    caveats: tuple[str, ...] = ()


class PresetLibrary(BaseModel):
    """Enemy and threat cards a table can use: the built-ins, or a server's own
    library (entries replace built-ins with the same key)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enemies: tuple[EnemyCard, ...] = ()
    threats: tuple[ThreatCard, ...] = ()

    @field_validator("enemies", "threats")
    @classmethod
    def _unique_keys(cls, cards: tuple[EnemyCard | ThreatCard, ...],
                     info: ValidationInfo) -> tuple[EnemyCard | ThreatCard, ...]:
        """A repeated key would silently hide a card; the error names the section."""
        require_unique(f"{'enemy' if info.field_name == 'enemies' else 'threat'} keys",
                       [c.key for c in cards])
        return cards

    def over(self, base: PresetLibrary) -> PresetLibrary:
        """This library laid over `base`; every threat's enemy must then exist."""
        enemies = {e.key: e for e in base.enemies} | {e.key: e for e in self.enemies}
        threats = {t.key: t for t in base.threats} | {t.key: t for t in self.threats}
        missing = sorted(t.enemy for t in threats.values() if t.enemy not in enemies)
        if missing:
            raise ValueError(f"threats list enemies the library lacks: {', '.join(missing)}")
        return PresetLibrary(enemies=tuple(enemies.values()), threats=tuple(threats.values()))


@cache
def builtin_library() -> PresetLibrary:
    library = load_pack(PRESETS_PATH, PresetLibrary)
    return library.over(PresetLibrary())
