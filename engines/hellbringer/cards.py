"""The house card set as data packs, and the card schema physical reports share.

The seed prints almost no card values (a Sorcerer with 2 AP, a 5 + 45 Giant
Slug, an Ogre at 40), so the digital game plays a house set: original names and
numbers, every entry `source: house`, `verified: false`. A card's effect is a
handful of primitives the engine implements (a strike, stats while in play, a
boost until the end of the turn, a guard for the Enemies' Turn, resurrect,
draw), so a pack cannot hold a card the rules cannot play; a physical table's
reported card compiles to the same primitives.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.packs import Provenance, load_pack, require_unique

DATA = Path(__file__).parent / "data"
_ID = r"^[a-z0-9][a-z0-9_]*$"

Attr = Literal["health", "armor", "sight", "ap", "skill", "hand"]
ATTRS: tuple[Attr, ...] = ("health", "armor", "sight", "ap", "skill", "hand")
POINT_VALUE: dict[str, int] = {"health": 5, "armor": 10, "sight": 1, "ap": 1, "skill": 1,
                               "hand": 1}
"""What one Attribute Point card is worth in each pile (R: Assign an Attribute Point;
the AP pile is the 'Additional Action', H2)."""
Stat = Literal["health", "armor", "sight", "ap", "skill", "hand", "companions"]
ClassId = Literal["warrior", "hunter", "sorcerer", "paladin", "monk", "druid"]
CLASSES: tuple[ClassId, ...] = ("warrior", "hunter", "sorcerer", "paladin", "monk", "druid")
Point = Literal["red", "green", "blue", "violet"]
POINTS: tuple[Point, ...] = ("red", "green", "blue", "violet")
Kind = Literal["skill", "item", "enchantment", "companion", "defense", "potion"]
Group = Literal["starter", "monster", "demon", "moose"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Strike(_Frozen):
    """An attack printed on a card: dice to roll, a flat bonus, Armor it ignores."""

    kind: Literal["single", "all"]
    damage: int = Field(default=0, ge=0, le=12)
    acid: int = Field(default=0, ge=0, le=12)
    flat: int = Field(default=0, ge=0, le=100, multiple_of=5)
    pierce: int = Field(default=0, ge=0, le=100, multiple_of=5)

    @model_validator(mode="after")
    def _rolls_something(self) -> Strike:
        if self.damage + self.acid == 0 and self.flat == 0:
            raise ValueError("a strike needs dice or a flat bonus")
        return self


class Guard(_Frozen):
    """What a defence lends a target for the current Enemies' Turn."""

    avoid: bool = Field(default=False, description="avoid all damage and abilities")
    ignore_damage: int = Field(default=0, ge=0, le=12)
    ignore_acid: int = Field(default=0, ge=0, le=12)
    armor: int = Field(default=0, ge=0, le=100, multiple_of=10)
    halve: bool = Field(default=False, description="suffer half of each die type (M.1 rounding)")
    ally: bool = Field(default=False, description="may protect another player instead")


class Bonus(_Frozen):
    """A Specialization Bonus Sphere: an Infinite effect for the listed classes."""

    classes: tuple[ClassId, ...] = Field(min_length=1)
    damage: int = Field(default=0, ge=0, le=6)
    acid: int = Field(default=0, ge=0, le=6)
    pierce: int = Field(default=0, ge=0, le=50, multiple_of=5)
    stats: dict[Stat, int] = Field(default_factory=dict)


class Effect(_Frozen):
    """The primitives a card (or a perk, or a reported card) may carry."""

    strike: Strike | None = None
    stats: dict[Stat, int] = Field(default_factory=dict, description="while in play (Infinite)")
    boost: dict[Stat, int] = Field(default_factory=dict, description="until the end of the turn")
    guard: Guard | None = None
    resurrect: bool = False
    draw: int = Field(default=0, ge=0, le=3)
    text: str = Field(default="", max_length=300)


class CommonCard(Effect, Provenance):
    """A Common Card (skill, item, enchantment, companion, defence, potion) or a
    class's Starter Card (`starter` set, pink outline)."""

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    kind: Kind
    copies: int = Field(default=1, ge=1, le=8)
    cost: int = Field(default=1, ge=0, le=5)
    sphere: ClassId | Literal["general"] = "general"
    any_time: bool = False
    points: tuple[Point, ...] = ()
    slots: int = Field(default=0, ge=0, le=2, description="enchantment slots (items)")
    health: int = Field(default=0, ge=0, le=100, multiple_of=5, description="companions")
    armor: int = Field(default=0, ge=0, le=100, multiple_of=5, description="companions")
    bonus: Bonus | None = None
    starter: ClassId | None = None

    @model_validator(mode="after")
    def _fits(self) -> CommonCard:
        if (self.kind == "item") != bool(self.points):
            raise ValueError("items, and only items, have connection points")
        if len(set(self.points)) != len(self.points):
            raise ValueError("a connection point appears twice")
        if self.kind == "companion" and self.health < 5:
            raise ValueError("a companion needs Health (5 at least)")
        if self.kind in ("defense",) and self.guard is None and not self.resurrect:
            raise ValueError("a defence card needs a guard or resurrect")
        if self.guard is not None and not self.any_time:
            raise ValueError("a guard is played in the Enemies' Turn, so it must be any_time")
        if self.kind == "enchantment" and self.strike is not None:
            raise ValueError("an enchantment adds to its item: use bonus dice in stats or strike"
                             " on the item")
        return self


class Enchant(_Frozen):
    """What an enchantment adds to the item it is placed under."""

    damage: int = Field(default=0, ge=0, le=4)
    acid: int = Field(default=0, ge=0, le=4)


class EnchantmentCard(CommonCard):
    adds: Enchant = Enchant()


class PerkCard(Effect, Provenance):
    """Once per game (its effect), plus its Infinite `stats` all game long."""

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    cls: ClassId
    level: Literal[1, 2]
    any_time: bool = False


class ClassCard(Provenance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: ClassId
    name: str
    specialties: str
    health: int = Field(ge=5, le=100, multiple_of=5)
    armor: int = Field(ge=0, le=100, multiple_of=5)
    sight: int = Field(ge=0, le=9)
    ap: int = Field(ge=1, le=5)
    skill: int = Field(ge=0, le=5)
    hand: int = Field(ge=3, le=8)
    companions: int = Field(default=1, ge=1, le=3)
    starters: tuple[str, ...] = Field(min_length=2, max_length=2)


class Ability(_Frozen):
    """An enemy's ability, applied to whoever it hits (not on a Miss)."""

    discard: int = Field(default=0, ge=0, le=3, description="the target discards cards")
    sap: int = Field(default=0, ge=0, le=2, description="-AP on the target's next turn")
    blind: int = Field(default=0, ge=0, le=2, description="-Sight to the end of their turn")
    global_extra: int = Field(default=0, ge=0, le=4, description="+damage dice on Global Hit")
    plated: bool = Field(default=False, description="its Armor cannot be pierced")
    immune: tuple[Literal["damage", "acid"], ...] = ()
    hidden: bool = Field(default=False, description="always OUT OF SIGHT (FAQ)")
    other: str = Field(default="", max_length=100, description="anything else: the GM's")


class Face(_Frozen):
    """An enemy's printed side: what the board, thresholds and the pool read."""

    name: str = Field(min_length=1, max_length=40)
    group: Group
    sight: int = Field(ge=0, le=9)
    health: int = Field(ge=0, le=200, multiple_of=5)
    armor: int = Field(ge=0, le=200, multiple_of=5)
    damage: int = Field(default=0, ge=0, le=12)
    acid: int = Field(default=0, ge=0, le=12)
    ability: Ability = Ability()
    text: str = Field(default="", max_length=200)


class EnemyCard(Face, Provenance):
    id: str = Field(pattern=_ID, max_length=40)
    copies: int = Field(default=1, ge=1, le=6)


class DemonCard(Provenance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    side_a: Face
    side_b: Face


class LocationCard(Provenance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str
    bonus: int = Field(ge=0, le=6, description="added to every enemy's Sight")
    spawns: tuple[int, int, int, int] = Field(
        description="enemies added at 1-4 players (the Tomb: Monsters escorting the Demon)")
    group: Literal["starter", "monster", "demon", "moose"]


class CombatCard(Provenance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str
    copies: int = Field(ge=1, le=16)
    showdown: bool = False
    spawn: int = Field(ge=1, le=3, description="Monsters drawn into play")
    omen: int = Field(default=0, ge=0, le=3, description="+damage dice in the next enemies' pool")
    text: str = ""


TomeEffect = Literal["none", "draw", "collect", "resurrect", "weaken_demon"]


class TomeCard(Provenance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str
    numeral: int = Field(ge=1, le=5)
    effect: TomeEffect
    amount: int = Field(default=0, ge=0, le=100, description=(
        "how much of its effect: cards each player draws or collects, Armor the Demon loses"))
    text: str


class HeroPack(BaseModel):
    classes: list[ClassCard] = Field(min_length=1)
    starters: list[CommonCard] = Field(min_length=1)
    perks: list[PerkCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> HeroPack:
        require_unique("class ids", [c.id for c in self.classes])
        require_unique("starter ids", [c.id for c in self.starters])
        require_unique("perk ids", [p.id for p in self.perks])
        known = {c.id for c in self.starters}
        for cls in self.classes:
            missing = [s for s in cls.starters if s not in known]
            if missing:
                raise ValueError(f"class {cls.id} names unknown starters: {', '.join(missing)}")
        return self


class CommonPack(BaseModel):
    commons: list[CommonCard] = Field(min_length=1)
    enchantments: list[EnchantmentCard] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> CommonPack:
        require_unique("common ids", [c.id for c in [*self.commons, *self.enchantments]])
        return self


class EnemyPack(BaseModel):
    starters: list[EnemyCard] = Field(min_length=1)
    monsters: list[EnemyCard] = Field(min_length=1)
    moose: list[EnemyCard] = Field(min_length=1)
    demon: DemonCard

    @model_validator(mode="after")
    def _unique(self) -> EnemyPack:
        require_unique("enemy ids", [e.id for e in [*self.starters, *self.monsters, *self.moose]])
        for name, cards, group in (("starters", self.starters, "starter"),
                                   ("monsters", self.monsters, "monster"),
                                   ("moose", self.moose, "moose")):
            wrong = [e.id for e in cards if e.group != group]
            if wrong:
                raise ValueError(f"{name} must have group {group}: {', '.join(wrong)}")
        return self


class DungeonPack(BaseModel):
    locations: list[LocationCard] = Field(min_length=6, max_length=6)
    combat: list[CombatCard] = Field(min_length=1)
    tomes: list[TomeCard] = Field(min_length=5, max_length=5)
    mule_cards: int = Field(default=4, ge=0, le=8)

    @model_validator(mode="after")
    def _unique(self) -> DungeonPack:
        require_unique("location ids", [c.id for c in self.locations])
        require_unique("combat ids", [c.id for c in self.combat])
        require_unique("tome ids", [t.id for t in self.tomes])
        want = ["graveyard", "crypt", "cave", "hell", "tomb", "portal"]
        if [c.id for c in self.locations] != want:
            raise ValueError(f"locations must be, in order: {', '.join(want)}")
        if sorted(t.numeral for t in self.tomes) != [1, 2, 3, 4, 5]:
            raise ValueError("tomes must be numbered I to V")
        return self


class Catalogue(BaseModel):
    """Every house card by id, built once at start-up."""

    heroes: HeroPack
    commons: CommonPack
    enemies: EnemyPack
    dungeon: DungeonPack

    def model_post_init(self, _: object) -> None:
        cards: dict[str, CommonCard] = {c.id: c for c in self.heroes.starters}
        cards.update({c.id: c for c in self.commons.commons})
        cards.update({c.id: c for c in self.commons.enchantments})
        self._cards = cards
        self._classes = {c.id: c for c in self.heroes.classes}
        self._perks = {p.id: p for p in self.heroes.perks}
        enemies = [*self.enemies.starters, *self.enemies.monsters, *self.enemies.moose]
        self._enemies = {e.id: e for e in enemies}
        self._locations = {c.id: c for c in self.dungeon.locations}
        self._combat = {c.id: c for c in self.dungeon.combat}
        self._tomes = {t.id: t for t in self.dungeon.tomes}

    def card(self, cid: str) -> CommonCard | None:
        return self._cards.get(cid)

    def cls(self, cid: str) -> ClassCard:
        return self._classes[cid]  # type: ignore[index]

    def perk(self, pid: str) -> PerkCard:
        return self._perks[pid]

    def perks_of(self, cls: str) -> list[PerkCard]:
        return [p for p in self.heroes.perks if p.cls == cls]

    def enemy(self, eid: str) -> EnemyCard:
        return self._enemies[eid]

    def location(self, lid: str) -> LocationCard | None:
        return self._locations.get(lid)

    def combat(self, cid: str) -> CombatCard | None:
        return self._combat.get(cid)

    def tome(self, tid: str) -> TomeCard | None:
        return self._tomes.get(tid)

    def tome_by_numeral(self, numeral: int) -> TomeCard:
        return next(t for t in self.dungeon.tomes if t.numeral == numeral)


@cache
def catalogue() -> Catalogue:
    """The house set, validated at import: a broken file names itself and the field."""
    return Catalogue(
        heroes=load_pack(DATA / "heroes.yaml", HeroPack),
        commons=load_pack(DATA / "commons.yaml", CommonPack),
        enemies=load_pack(DATA / "enemies.yaml", EnemyPack),
        dungeon=load_pack(DATA / "dungeon.yaml", DungeonPack),
    )
