"""The house map tiles of the Channard Institute, as data.

The fan game's tile pages (curufea, CC BY-NC-SA 2.5 AU) are not available, so
the 36 tiles are house designs; every entry says so. A tile is 3×3 squares in
its own frame: x grows east, y grows south, (0, 0) is the north-west square.
An exit is written as a side plus positions along it (west→east for north and
south, north→south for east and west). The pack is read once at start-up.

Furniture kinds and what they can be used for come straight from the rules'
lists, so a pack cannot give a chair a Tip: the uses are derived from the kind.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engines.core.packs import Provenance, load_pack, require_unique

Side = Literal["n", "e", "s", "w"]
Use = Literal["tip", "obstacle", "restraint"]
Stat = Literal["strength", "speed", "creativity", "wits", "morality", "willpower"]
PortalKind = Literal["stairs", "elevator"]
TileKind = Literal["room", "corridor"]
FurnitureKind = Literal[
    "bookshelf",
    "wardrobe",
    "steel cabinet",
    "tall mirror",
    "desk",
    "water cooler",
    "pot plants",
    "bed",
    "chair",
    "carpet",
    "rug",
    "curtains",
    "sheets",
]
LocalSquare = tuple[int, int]

SIDES: tuple[Side, ...] = get_args(Side)
STATS: tuple[Stat, ...] = get_args(Stat)

TILE_SIZE = 3
BUILTIN_TILES_PATH = Path(__file__).parent / "data" / "tiles.yaml"
TILE_COUNT = 36

#: "Bookshelf, wardrobe, steel cabinet and the tall mirror can be Tipped or used as
#: Obstacles. Desk, water cooler, pot plants, beds and chairs can be used as
#: Obstacles. Carpets, rugs, curtains and sheets can be used as Restraints."
FURNITURE_USES: dict[FurnitureKind, tuple[Use, ...]] = {
    "bookshelf": ("tip", "obstacle"),
    "wardrobe": ("tip", "obstacle"),
    "steel cabinet": ("tip", "obstacle"),
    "tall mirror": ("tip", "obstacle"),
    "desk": ("obstacle",),
    "water cooler": ("obstacle",),
    "pot plants": ("obstacle",),
    "bed": ("obstacle",),
    "chair": ("obstacle",),
    "carpet": ("restraint",),
    "rug": ("restraint",),
    "curtains": ("restraint",),
    "sheets": ("restraint",),
}

_ID = r"^[a-z0-9][a-z0-9_]*$"


def _in_tile(square: LocalSquare) -> LocalSquare:
    x, y = square
    if not (0 <= x < TILE_SIZE and 0 <= y < TILE_SIZE):
        raise ValueError(f"square {list(square)} is outside the 3×3 tile")
    return square


class Furniture(BaseModel):
    """A room item: its number is both the Strength difficulty to use it and its health."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    kind: FurnitureKind
    square: LocalSquare
    number: int = Field(ge=2, le=6, description="difficulty of the Strength roll and health")

    _square_ok = field_validator("square")(_in_tile)

    @property
    def uses(self) -> tuple[Use, ...]:
        return FURNITURE_USES[self.kind]


class Search(BaseModel):
    """Searching a room: roll the stat, one die at or above the difficulty finds a card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stat: Stat
    difficulty: int = Field(ge=2, le=6)


class Portal(BaseModel):
    """A Leviathan entry portal (the Stairs or the Elevators) on one square of the tile."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: PortalKind
    square: LocalSquare

    _square_ok = field_validator("square")(_in_tile)


class RoomPower(BaseModel):
    """A room's special Power (house rules; the engine implements each id)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=300)


class TileDef(Provenance):
    """One printed map tile, unrotated."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_ID, max_length=40)
    name: str = Field(min_length=1, max_length=40)
    kind: TileKind
    exits: dict[Side, tuple[int, ...]] = Field(
        description="open positions (0-2) along each side; a missing side is all wall"
    )
    inner_walls: tuple[tuple[LocalSquare, LocalSquare], ...] = Field(
        default=(), description="walls between two orthogonally adjacent squares of the tile"
    )
    furniture: tuple[Furniture, ...] = ()
    search: Search | None = None
    portal: Portal | None = None
    power: RoomPower | None = None
    text: str = Field(default="", max_length=300, description="flavour, for display")

    @field_validator("exits")
    @classmethod
    def _positions(cls, exits: dict[Side, tuple[int, ...]]) -> dict[Side, tuple[int, ...]]:
        for side, positions in exits.items():
            if any(not 0 <= p < TILE_SIZE for p in positions):
                raise ValueError(f"side '{side}': exit positions must be 0, 1 or 2")
            if len(set(positions)) != len(positions):
                raise ValueError(f"side '{side}': an exit position is repeated")
        if not any(exits.values()):
            raise ValueError("a tile needs at least one exit, or it could never connect")
        return exits

    @field_validator("inner_walls")
    @classmethod
    def _adjacent(
        cls, walls: tuple[tuple[LocalSquare, LocalSquare], ...]
    ) -> tuple[tuple[LocalSquare, LocalSquare], ...]:
        for a, b in walls:
            _in_tile(a)
            _in_tile(b)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ValueError(f"inner wall {[list(a), list(b)]}: squares must be adjacent")
        return walls

    @model_validator(mode="after")
    def _consistent(self) -> TileDef:
        if self.kind == "room" and self.search is None:
            raise ValueError("a room needs 'search' (stat and difficulty)")
        if self.kind == "corridor" and (self.search is not None or self.furniture):
            raise ValueError("a corridor cannot be searched and has no room furniture")
        if self.kind == "corridor" and self.power is not None:
            raise ValueError("only a room has a Power")
        ids = [f.id for f in self.furniture]
        if len(set(ids)) != len(ids):
            raise ValueError("furniture ids must be unique within a tile")
        if not _inside_connected(self.inner_walls):
            raise ValueError("inner walls cut the tile in two: every square must be reachable")
        return self


def _inside_connected(walls: tuple[tuple[LocalSquare, LocalSquare], ...]) -> bool:
    """Connectivity of a map is judged tile by tile, which is only sound if no tile
    hides a sealed-off square; so a pack may not draw one."""
    closed = {frozenset(w) for w in walls}
    seen = {(0, 0)}
    frontier = [(0, 0)]
    while frontier:
        x, y = frontier.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            inside = 0 <= nx < TILE_SIZE and 0 <= ny < TILE_SIZE
            if inside and (nx, ny) not in seen and frozenset({(x, y), (nx, ny)}) not in closed:
                seen.add((nx, ny))
                frontier.append((nx, ny))
    return len(seen) == TILE_SIZE * TILE_SIZE


class TilePack(BaseModel):
    """The 36 tiles of the house; ids unique, both portal kinds present."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    credit: str = Field(min_length=1, description="whose game and setting this is, shown with it")
    tiles: tuple[TileDef, ...] = Field(min_length=TILE_COUNT, max_length=TILE_COUNT)

    @model_validator(mode="after")
    def _unique_and_portals(self) -> TilePack:
        require_unique("tile ids", [t.id for t in self.tiles])
        kinds = {t.portal.kind for t in self.tiles if t.portal is not None}
        missing = sorted(set(get_args(PortalKind)) - kinds)
        if missing:
            raise ValueError(f"the map needs at least one tile with each portal: {missing}")
        return self

    def by_id(self) -> dict[str, TileDef]:
        return {t.id: t for t in self.tiles}


def load_tiles(path: Path = BUILTIN_TILES_PATH) -> TilePack:
    """Read and validate a tile pack; `PackError` names the file and the field."""
    return load_pack(path, TilePack)


@cache
def builtin_tiles() -> TilePack:
    return load_tiles()


@cache
def tile_defs() -> dict[str, TileDef]:
    """The house tiles by id; the first call (at import of the board module) reads the pack."""
    return builtin_tiles().by_id()
