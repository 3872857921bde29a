"""The three decks and the Named Cenobites, as data packs.

The fan game's deck pages are "ideas, not yet fully written"; the cards the
research notes recover are kept with their copies and credited to curufea's
wiki, and house cards complete each deck towards the wiki's intended mix
(every house card says so: `verified: false`). A card's `effect` is one of a
closed list the engine implements, so a pack cannot hold a card the rules
cannot play.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.packs import Provenance, load_pack, require_unique
from engines.hellraiser.stats import Group
from engines.hellraiser.tiles import Stat

DATA = Path(__file__).parent / "data"
WIKI = "curufea's Hellraiser wiki (research-notes.md)"
_ID = r"^[a-z0-9][a-z0-9_]*$"

SearchCategory = Literal["normal", "healing", "useless", "special", "bad"]
SearchEffect = Literal["none", "ranged", "thrown", "heal", "torch"]


class Weapon(BaseModel):
    """A gun: a fixed Strength instead of the shooter's, and a d6 per shot that can
    empty or wreck it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    strength: int = Field(ge=1, le=12)
    shots: int = Field(default=1, ge=1, le=3, description="shots per attack")
    out_of_ammo: tuple[int, ...] = Field(default=(), description="shot-die faces: gun is spent")
    misfire: tuple[int, ...] = Field(default=(), description="shot-die faces: hurts the shooter")
    misfire_damage: int = Field(default=1, ge=0, le=6, description="Physical damage on a misfire")


class SearchCard(Provenance):
    """An item of the Search deck: statistic modifiers and perhaps a power."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    category: SearchCategory
    copies: int = Field(ge=1, le=10)
    modifiers: dict[Stat, int] = Field(default_factory=dict)
    effect: SearchEffect = "none"
    weapon: Weapon | None = None
    heal: Group | None = None
    uses: int = Field(default=0, ge=0, le=5, description="uses of a healing item")
    text: str = Field(default="", max_length=300)

    @model_validator(mode="after")
    def _effect_fits(self) -> SearchCard:
        if (self.effect == "ranged") != (self.weapon is not None):
            raise ValueError("a ranged item needs 'weapon', and only a ranged item has one")
        if (self.effect == "heal") != (self.heal is not None and self.uses > 0):
            raise ValueError("a healing item needs 'heal' (a group) and 'uses'")
        if any(v == 0 for v in self.modifiers.values()):
            raise ValueError("a modifier of 0 is no modifier: leave it out")
        return self

    def modifier(self, stat: Stat) -> int:
        return self.modifiers.get(stat, 0)


ActionCategory = Literal["movement", "item", "event", "gameplay", "bad"]
ActionEffect = Literal[
    "move", "run", "reload", "surge", "memories", "tome", "escape", "resurrection",
    "conversion", "vision", "clue", "think_harder", "hurt_self",
]


class ActionCard(Provenance):
    """A card of the Action deck (discarded after use). `on_draw` cards act at once."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    category: ActionCategory
    copies: int = Field(ge=1, le=10)
    effect: ActionEffect
    value: int = Field(default=0, ge=0, le=6)
    group: Group | None = Field(default=None, description="hurt_self: the damage group")
    on_draw: bool = False
    text: str = Field(min_length=1, max_length=300)

    @model_validator(mode="after")
    def _fits(self) -> ActionCard:
        if self.effect == "move" and self.value < 1:
            raise ValueError("a Move card needs 'value' (squares)")
        if self.effect == "hurt_self" and (self.group is None or self.value < 1):
            raise ValueError("a hurt_self card needs 'group' and 'value'")
        if (self.effect in ("escape", "hurt_self")) != self.on_draw:
            raise ValueError("escape and hurt_self cards act when drawn (on_draw), others don't")
        return self


LeviathanCategory = Literal["movement", "items", "entrance", "magic", "bad"]
LeviathanEffect = Literal[
    "degeneracy", "insanity", "abomination", "surprise_attack", "justice", "just_deserts",
    "personal_hell", "vision", "conversion", "plaything", "darkness", "key", "torn_to_shreds",
    "tome", "trapped", "summon", "relentless", "drag", "disorder",
]
PortalName = Literal["stairs", "elevator", "gateway"]



class LeviathanCard(Provenance):
    """A card of the Leviathan deck (each used once, then out of the game)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    category: LeviathanCategory
    copies: int = Field(ge=1, le=10)
    effect: LeviathanEffect
    portal: PortalName | None = Field(default=None, description="summon: where the Cenobite enters")
    value: int = Field(default=0, ge=0, le=12)
    on_draw: bool = False
    text: str = Field(min_length=1, max_length=300)

    @model_validator(mode="after")
    def _fits(self) -> LeviathanCard:
        if (self.effect == "summon") != (self.portal is not None):
            raise ValueError("a summon card needs 'portal', and only a summon card has one")
        if (self.effect == "disorder") != self.on_draw:
            raise ValueError("only disorder acts when drawn (on_draw)")
        if self.effect == "relentless" and self.value < 1:
            raise ValueError("relentless needs 'value' (extra squares)")
        return self


CenobitePower = Literal["chains", "exquisite_pain", "portal_hop", "chattering", "tentacles"]


class NamedCenobite(Provenance):
    """A Named Cenobite: when they may appear and their power (house data)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    portals: tuple[PortalName, ...] = Field(min_length=1)
    power: CenobitePower
    power_text: str = Field(min_length=1, max_length=300)
    entry_text: str = Field(min_length=1, max_length=300)
    text: str = Field(default="", max_length=300)


class SearchPack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    licence: str
    cards: tuple[SearchCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> SearchPack:
        require_unique("ids", [c.id for c in self.cards])
        return self


class ActionPack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    licence: str
    cards: tuple[ActionCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> ActionPack:
        require_unique("ids", [c.id for c in self.cards])
        return self


class LeviathanPack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    licence: str
    cards: tuple[LeviathanCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> LeviathanPack:
        require_unique("ids", [c.id for c in self.cards])
        if not any(c.effect == "summon" for c in self.cards):
            raise ValueError("the Leviathan deck needs summon cards, or no Cenobite could enter")
        return self


class CenobitePack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    licence: str
    cenobites: tuple[NamedCenobite, ...] = Field(min_length=5)

    @model_validator(mode="after")
    def _unique(self) -> CenobitePack:
        require_unique("ids", [c.id for c in self.cenobites])
        if "gateway" not in self.cenobites[0].portals:
            raise ValueError("the first Cenobite starts in the gateway square: it needs 'gateway'")
        return self


DeckName = Literal["search", "action", "leviathan"]
DECKS: tuple[DeckName, ...] = ("search", "action", "leviathan")


class Catalogue(BaseModel):
    """Every card and Named Cenobite of the game, loaded once at start-up."""

    model_config = ConfigDict(frozen=True)

    search: dict[str, SearchCard]
    action: dict[str, ActionCard]
    leviathan: dict[str, LeviathanCard]
    cenobites: tuple[NamedCenobite, ...]

    def copies(self, deck: DeckName) -> dict[str, int]:
        cards: dict[str, SearchCard] | dict[str, ActionCard] | dict[str, LeviathanCard]
        cards = getattr(self, deck)
        return {c.id: c.copies for c in cards.values()}

    def name(self, deck: DeckName, card: str) -> str:
        found: SearchCard | ActionCard | LeviathanCard = getattr(self, deck)[card]
        return found.name

    def cenobite(self, cid: str) -> NamedCenobite | None:
        return next((c for c in self.cenobites if c.id == cid), None)


@cache
def catalogue() -> Catalogue:
    """The built-in packs (read once; a `PackError` names the file and field)."""
    search = load_pack(DATA / "search.yaml", SearchPack)
    action = load_pack(DATA / "action.yaml", ActionPack)
    leviathan = load_pack(DATA / "leviathan.yaml", LeviathanPack)
    cenobites = load_pack(DATA / "cenobites.yaml", CenobitePack)
    return Catalogue(
        search={c.id: c for c in search.cards},
        action={c.id: c for c in action.cards},
        leviathan={c.id: c for c in leviathan.cards},
        cenobites=cenobites.cenobites,
    )
