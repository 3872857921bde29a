"""State, options, the pending-step queue, actions and events of Hellbringer.

Cards are *instances*: a card id and a copy number (`ember_bolt#2`), and every
instance sits in exactly one place (a pile segment, a hand, a slot, the board,
an Attribute pile, Removed, the box), which is what the conservation property
test checks. In physical mode the piles hold placeholders (`common#7`, a card
you hold but have not told the bot about) that a reported card replaces.
"""

from __future__ import annotations

from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.protocol import Event
from engines.hellbringer.cards import Attr, ClassId, CommonCard, Face, Point

Mode = Literal["digital", "physical"]
Where = Literal["top", "under", "pool"]
Dest = Literal["hand", "middle", "mule"]
Pile = Literal["starter", "monster", "moose", "demon"]
HitFace = Literal["Miss", "Player Hit", "Companion Hit", "Global Hit"]
MULE = -1
"""The Mule's seat number in trades."""


class HellbringerOptions(BaseModel):
    """Table options; the house rules they switch are in docs/games/hellbringer.md."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Mode = "digital"
    pile_commons: Literal["seed", "older"] = Field(
        default="seed", description="dungeon piles: 3 + 2 per player (seed) or 4 + 1 (older)")
    mule: bool = Field(default=True, description="Quick Game: the Mule carries 4 cards")
    starter_elixir: bool = Field(
        default=True, description="Quick Game: every hero starts with a Last Breath Flask (H10)")
    second_starter: bool = Field(
        default=True, description="Quick Game: a second Starter Card replaces a hand card")
    ap_point: Literal["permanent", "once"] = Field(
        default="permanent", description="H2: an AP Attribute card is +1 AP for good, or once")
    reveal_then_attack: bool = Field(
        default=True, description="H7: enemies spawned by the 2.1 reveal attack the same turn")
    instant_replacement: bool = Field(
        default=True, description="H6: an Instant drawn is replaced from under the pile")
    response_window: Literal["smart", "always"] = Field(
        default="smart",
        description="H5: a defence window only when an ability lands or someone would fall")
    secret_portal: bool = Field(
        default=False, description="after the Demon, the table may enter the Secret Portal")
    max_rounds: int = Field(
        default=80, ge=2, le=500, description="house: the dungeon wins after this many rounds")


class Enemy(BaseModel):
    """An enemy on the board: its face (copied, so a report or a pack change never
    alters a game in progress) and what cards did to it."""

    uid: str
    face: Face
    sight_mod: int = 0
    armor_mod: int = 0


class Companion(BaseModel):
    card: str
    owner: int


class Boost(BaseModel):
    """A temporary stat change: until the end of the owner's turn or of the Enemies' Turn."""

    source: str
    stats: dict[str, int]
    until: Literal["turn", "enemies"]


class GuardState(BaseModel):
    avoid: bool = False
    ignore_damage: int = 0
    ignore_acid: int = 0
    armor: int = 0
    halve: bool = False


class Hero(BaseModel):
    seat: int
    cls: ClassId | None = None
    base: dict[str, int] = Field(default_factory=dict)
    hand: list[str] = Field(default_factory=list)
    equipped: dict[Point, str] = Field(default_factory=dict)
    enchants: dict[str, list[str]] = Field(default_factory=dict)
    learned: list[str] = Field(default_factory=list)
    temporary: list[str] = Field(default_factory=list)
    companions: list[Companion] = Field(default_factory=list)
    points: dict[Attr, list[str]] = Field(default_factory=dict)
    perk: str | None = None
    printed_perk: Literal[1, 2] | None = Field(
        default=None, description="physical: Perk I or II of the class card, applied by hand")
    perk_used: bool = False
    boosts: list[Boost] = Field(default_factory=list)
    guard: GuardState = Field(default_factory=GuardState)
    ap_spent: int = 0
    used: list[str] = Field(default_factory=list)
    primed: list[str] = Field(default_factory=list)
    fed: list[str] = Field(default_factory=list)
    traded: bool = False
    eliminated: bool = False
    resurrect: bool = False
    hand_shown: bool = False
    collected: list[str] = Field(
        default_factory=list,
        description="cards this hero took face up from the Common discard (Collect): the"
        " table saw which, so each is public while it stays in the hand")

    def takes_unseen(self, inst: str) -> None:
        """`inst` joins the hand out of the table's sight (a draw, a trade): whatever
        was seen of it before (a Collect) no longer says what the hand holds."""
        self.hand.append(inst)
        if inst in self.collected:
            self.collected = [c for c in self.collected if c != inst]


class Segment(BaseModel):
    """One dungeon pile over its Location, shuffled: which card comes next is a
    chance node. Commons and Combat cards are exchangeable, so a segment counts
    them and the instances wait in the shared pools (`Dungeon.commons`, `.combat`)."""

    commons: int = 0
    combat: int = 0
    tome: str | None = None
    location: str | None = None

    @property
    def cards(self) -> int:
        return self.commons + self.combat + (1 if self.tome else 0)


class Dungeon(BaseModel):
    top: list[str] = Field(default_factory=list, description="known cards put back on top")
    segments: list[Segment] = Field(default_factory=list)
    commons: list[str] = Field(default_factory=list, description="undrawn Commons, unordered")
    combat: list[str] = Field(default_factory=list, description="undrawn Combat and Showdown")
    discard: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    box: list[str] = Field(default_factory=list)
    locations: list[str] = Field(default_factory=list, description="the Location pile, top last")
    starters: list[str] = Field(default_factory=list)
    monsters: list[str] = Field(default_factory=list)
    moose: list[str] = Field(default_factory=list)
    demon: list[str] = Field(default_factory=list, description="the sealed Demon card")
    demon_side: Literal["sealed", "A", "B", "slain"] = "sealed"
    middle: list[str] = Field(default_factory=list)
    mule: list[str] = Field(default_factory=list)
    location_bonus: dict[str, int] = Field(default_factory=dict, description="physical reports")
    location_spawns: dict[str, int] = Field(default_factory=dict, description="physical reports")


class Combination(BaseModel):
    """The open combined attack (H3): its type, targets and every die rolled so far."""

    seat: int
    kind: Literal["single", "all"]
    targets: list[str]
    damage: list[int] = Field(default_factory=list)
    acid: list[int] = Field(default_factory=list)
    flat: int = 0
    pierce: int = 0
    starts: list[tuple[int, int, int]] = Field(
        default_factory=list, description="per activation: how many damage and acid dice"
        " had been rolled and the flat bonus before it (J3: each card hits its own enemies)")
    hits: dict[str, list[int]] = Field(
        default_factory=dict, description="per target: the activations that hit it; empty"
        " in a combination stored before J3, where every activation hit every target")


# The pending-step queue: deterministic steps run at once, chance steps wait for
# `resolve`, decision steps wait for an action.

class Deal(BaseModel):
    kind: Literal["deal"] = "deal"
    seat: int
    count: int
    dest: Dest = "hand"
    where: Where = "top"
    instants: bool = True


class Instants(BaseModel):
    kind: Literal["instants"] = "instants"
    seat: int
    dest: Dest = "hand"


class Spawn(BaseModel):
    kind: Literal["spawn"] = "spawn"
    pile: Pile
    count: int
    seat: int
    face: Face | None = Field(default=None, description="physical: the first Monster, as"
                              " told on the form of the draw that revealed its Combat card")


class LocationReport(BaseModel):
    """Physical mode: read a Location's Sight bonus and spawn count off the real card."""

    kind: Literal["location_report"] = "location_report"
    location: str
    seat: int


class TomeReport(BaseModel):
    """Physical mode: what the printed Tome drawn does, among the effects the bot applies
    (its text is not public, so the bot never reads out a house Tome at a real table)."""

    kind: Literal["tome_report"] = "tome_report"
    tome: str
    seat: int


class CombatReport(BaseModel):
    """Physical mode: how many Monsters the printed Combat or Showdown card drawn brings
    into play (the rulebook's example Combat card brings one)."""

    kind: Literal["combat_report"] = "combat_report"
    card: str
    seat: int


class SheetReport(BaseModel):
    """Physical mode: read each hero's sheet (class, Health, Armor, Sight, AP), in seat order."""

    kind: Literal["sheet_report"] = "sheet_report"
    seat: int
    rest: list[int] = Field(default_factory=list, description="seats still to report, in order")


CardForm = Literal["gear", "companion", "other"]


class CardReport(BaseModel):
    """Physical mode: a player shows the bot a card they hold, on the form for its kind."""

    kind: Literal["card_report"] = "card_report"
    seat: int
    form: CardForm
    equip: bool = False


class AttackRoll(BaseModel):
    kind: Literal["attack_roll"] = "attack_roll"
    seat: int
    damage: int
    acid: int


class EnemyDie(BaseModel):
    kind: Literal["enemy_die"] = "enemy_die"


class PoolRoll(BaseModel):
    kind: Literal["pool_roll"] = "pool_roll"
    damage: int
    acid: int


class Window(BaseModel):
    """The defence window: attacked players each pass (or defend); allies may defend."""

    kind: Literal["window"] = "window"
    waiting: list[int]
    step: Literal["abilities", "damage"] = Field(
        default="damage", description="what is about to be applied: the abilities or the pool")


class Stage(BaseModel):
    """A deterministic step of a turn that waits behind the decisions queued before it."""

    kind: Literal["stage"] = "stage"
    name: Literal["reveal_check", "after_reveal", "strike", "abilities", "settle", "end_enemies",
                  "end_turn", "respawned"]
    seat: int = 0


class StartTurn(BaseModel):
    kind: Literal["start_turn"] = "start_turn"
    seat: int


class Choose(BaseModel):
    """A decision someone owes: choose a class, place a point, discard, pick, return..."""

    kind: Literal["choose"] = "choose"
    what: Literal["class", "place_point", "miss_discard", "return_combat",
                  "pick", "collect", "respawn", "remove_point", "trade_reply", "portal"]
    seat: int
    count: int = 0
    enemy: str = ""
    partner: int = 0
    offered: str = ""
    rest: list[int] = Field(default_factory=list, description="seats still owing this, in order")


Step = Annotated[Deal | Instants | Spawn | LocationReport | TomeReport | CombatReport
                 | SheetReport | CardReport | AttackRoll | EnemyDie | PoolRoll | Window | Stage
                 | StartTurn | Choose,
                 Field(discriminator="kind")]


SEAL_ARMOR_BEFORE = 20
"""What a cracked seal took off Side A before its amount was stored: the house Tome V's 20."""


class HellbringerState(BaseModel):
    names: tuple[str, ...]
    options: HellbringerOptions
    heroes: list[Hero]
    enemies: list[Enemy] = Field(default_factory=list)
    dungeon: Dungeon = Field(default_factory=Dungeon)
    custom: dict[str, CommonCard] = Field(
        default_factory=dict, description="physical mode: the cards players reported")
    queue: list[Step] = Field(default_factory=list)
    phase: Literal["setup", "player", "enemies", "over"] = "setup"
    active: int = 0
    in_pair: int = 0
    last_two: list[int] = Field(default_factory=list)
    round: int = 1
    player_turns: int = 0
    attack: Combination | None = None
    instants: list[str] = Field(default_factory=list, description="drawn Instants, in order")
    monsters_told: dict[str, int] = Field(
        default_factory=dict, description="physical: Monsters a Combat card brings, told on"
        " the form of the draw that revealed it")
    monster_told: dict[str, Face] = Field(
        default_factory=dict, description="physical: the first of those Monsters, if the"
        " draw's form told it too")
    enemy_face: HitFace | None = None
    pool: list[int] = Field(default_factory=list, description="damage dice, then acid dice")
    pool_split: int = 0
    omen: int = 0
    had_companion: list[int] = Field(default_factory=list)
    targets: list[int] = Field(default_factory=list)
    shrine: bool = False
    seal_armor: int = Field(
        default=0, ge=0, description="Armor the Demon's Side A enters without (a Tome cracked"
        " its seal)")
    portal: bool = False
    moose_slain: int = 0
    next_uid: int = 1
    winners: tuple[int, ...] | None = None
    outcome: Literal["won", "lost"] | None = None
    fell_at: str | None = None
    summary: str = ""

    @model_validator(mode="before")
    @classmethod
    def _cracked_seal(cls, data: Any) -> Any:
        """A game saved before the seal had an amount says only `seal_cracked`: the
        house Tome V that set it took 20 Armor off, so a restart keeps that."""
        if isinstance(data, dict) and data.get("seal_cracked") and "seal_armor" not in data:
            return {**data, "seal_armor": SEAL_ARMOR_BEFORE}
        return data

    @property
    def players(self) -> int:
        return len(self.names)

    def fork(self) -> HellbringerState:
        """A deep working copy, several times cheaper than `model_copy(deep=True)`:
        frozen models (faces, cards, options) are shared, the rest copied."""
        return _clone(self)


_SHARED = frozenset({int, str, bool, float, type(None)})
"""Kinds of value a fork shares as they are: most of a state's values, so they are
told apart by their exact type first (the isinstance checks below, a pydantic model's
through its metaclass, were most of a fork)."""


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list or isinstance(value, list):
        if not value or isinstance(value[0], str):
            return value.copy()
        return [v if type(v) in _SHARED else _copy(v) for v in value]
    if kind is dict or isinstance(value, dict):
        return {k: v if type(v) in _SHARED else _copy(v) for k, v in value.items()}
    shared = _FROZEN.get(kind)
    if shared is None:
        shared = _FROZEN[kind] = not (issubclass(kind, BaseModel)
                                      and not kind.model_config.get("frozen"))
    return value if shared else _clone(value)


_FROZEN: dict[type, bool] = {}
"""Per kind of value not a list, dict or scalar: whether a fork shares it (anything but
a model that is not frozen), told once per kind."""


M = TypeVar("M", bound=BaseModel)


def _immutable(annotation: Any) -> bool:
    """Whether a field so annotated only ever holds values a fork shares."""
    if annotation in _SHARED:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin is Union or origin is UnionType:
        return all(_immutable(a) for a in get_args(annotation))
    return isinstance(annotation, type) and issubclass(annotation, BaseModel) and \
        bool(annotation.model_config.get("frozen"))


_DEEP: dict[type, tuple[str, ...]] = {}
"""Per model: the fields that are not `_immutable`, the only ones a fork copies (none
for an enemy, a guard, a segment: most of a fork's models; about half of a hero's)."""


def _clone(model: M) -> M:
    kind = model.__class__
    new = kind.__new__(kind)
    deep = _DEEP.get(kind)
    if deep is None:
        deep = _DEEP[kind] = tuple(name for name, f in kind.model_fields.items()
                                   if not _immutable(f.annotation))
    fields = model.__dict__.copy()
    for name in deep:
        value = fields[name]
        if type(value) not in _SHARED:
            fields[name] = _copy(value)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


# Actions

class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ChooseClass(_Action):
    type: Literal["choose_class"] = "choose_class"
    cls: ClassId
    starter: str
    perk: str
    swap: str | None = Field(default=None, description="a hand card traded for the 2nd starter")


class ShowCard(_Action):
    """Physical: show the bot a card you hold (its form comes next, as a report)."""

    type: Literal["show_card"] = "show_card"
    form: CardForm
    equip: bool = Field(default=False, description="a gear card shown on one's own turn is"
                        " equipped as soon as its form is in, saving the group a press")


class CancelShow(_Action):
    """Physical: never mind a `ShowCard` whose form is not sent yet (a wrong form, or a
    change of mind); the table is back where it was before the Show."""

    type: Literal["cancel_show"] = "cancel_show"


class ReportCard(_Action):
    """Physical: what a card form reads, before it compiles to a card; its `effect`
    uses the notation of docs/games/hellbringer.md ("single 2D1A pierce10",
    "armor+10 sight+1", "avoid", "ignore 2D", "companion 10/10 single 1D")."""

    type: Literal["report_card"] = "report_card"
    name: str = Field(min_length=1, max_length=40)
    kind: Literal["skill", "item", "enchantment", "companion", "defense", "potion"]
    cost: int = Field(ge=0, le=5)
    effect: str = Field(max_length=80)
    points: str = Field(default="", max_length=40, description="items: red, green, blue, violet")


class Equip(_Action):
    type: Literal["equip"] = "equip"
    card: str


class Enchant(_Action):
    type: Literal["enchant"] = "enchant"
    card: str
    item: str


class Learn(_Action):
    type: Literal["learn"] = "learn"
    card: str


class Assign(_Action):
    type: Literal["assign"] = "assign"
    card: str
    to: int


class Activate(_Action):
    """Activate a card in hand, learned, equipped or assigned (an attack names its
    target for a single-target strike)."""

    type: Literal["activate"] = "activate"
    card: str
    target: str | None = None


class UsePerk(_Action):
    type: Literal["use_perk"] = "use_perk"
    target: str | None = None


class Defend(_Action):
    """An Any Time defence or resurrection, for yourself or an ally."""

    type: Literal["defend"] = "defend"
    card: str
    target: int


class CloseAttack(_Action):
    type: Literal["close_attack"] = "close_attack"


class DiscardCard(_Action):
    """Discard a card on your board (not activated this turn) or from your hand."""

    type: Literal["discard_card"] = "discard_card"
    card: str


class Trade(_Action):
    type: Literal["trade"] = "trade"
    give: str
    partner: int
    take: str | None = Field(default=None, description="the Mule's card (its cards are shown)")


class TradeReply(_Action):
    type: Literal["trade_reply"] = "trade_reply"
    give: str | None = None


class EndTurn(_Action):
    type: Literal["end_turn"] = "end_turn"
    discard: tuple[str, ...] = ()


class PlacePoint(_Action):
    type: Literal["place_point"] = "place_point"
    attr: Attr
    to: int | None = None


class DiscardCards(_Action):
    type: Literal["discard_cards"] = "discard_cards"
    cards: tuple[str, ...]


class ReturnCombat(_Action):
    type: Literal["return_combat"] = "return_combat"
    cards: tuple[str, ...] = ()


class Pick(_Action):
    type: Literal["pick"] = "pick"
    card: str


class Respawn(_Action):
    type: Literal["respawn"] = "respawn"
    respawn: bool


class RemovePoint(_Action):
    type: Literal["remove_point"] = "remove_point"
    attr: Attr


class Pass(_Action):
    type: Literal["pass"] = "pass"


class EnterPortal(_Action):
    type: Literal["enter_portal"] = "enter_portal"
    enter: bool


Action = Annotated[
    ChooseClass | ShowCard | CancelShow | Equip | Enchant | Learn | Assign | Activate
    | UsePerk | Defend | CloseAttack | DiscardCard | Trade | TradeReply | EndTurn | PlacePoint
    | DiscardCards | ReturnCombat | Pick | Respawn | RemovePoint | Pass | EnterPortal,
    Field(discriminator="type"),
]


# GM corrections

class SetHeroStat(_Action):
    """Set a hero's derived stat (Health, Armor, Sight, Skill, hand limit) or AP left;
    `hand` is the limit, the count is `set_hand_count`."""

    type: Literal["set_hero_stat"] = "set_hero_stat"
    seat: int
    stat: Literal["health", "armor", "sight", "ap", "skill", "hand", "companions"]
    value: int = Field(ge=0, le=300)


class SetPerk(_Action):
    """Physical: which Perk (I or II) a hero took, and whether its once-per-game use is spent."""

    type: Literal["set_perk"] = "set_perk"
    seat: int
    perk: Literal[1, 2]
    used: bool = False


class MoveEnemy(_Action):
    """Move an enemy to a row: its Sight requirement is shifted so the re-sort agrees."""

    type: Literal["move_enemy"] = "move_enemy"
    enemy: str
    row: Literal["in", "mixed", "out"]


class FixEnemy(_Action):
    """Fix a mis-entered enemy card."""

    type: Literal["fix_enemy"] = "fix_enemy"
    enemy: str
    sight: int = Field(ge=0, le=12)
    health: int = Field(ge=0, le=200, multiple_of=5)
    armor: int = Field(ge=0, le=200, multiple_of=5)
    dice: str = Field(max_length=12, description="e.g. 2D1A")
    abilities: str = Field(default="", max_length=120,
                           description="e.g. sap1 immune-acid hidden, other:text")


class SetHandCount(_Action):
    """How many cards a hero holds (not the hand limit): unshown cards are added or taken."""

    type: Literal["set_hand_count"] = "set_hand_count"
    seat: int
    count: int = Field(ge=0, le=30)


class SetPile(_Action):
    """What is left in the pile the next card comes from, by kind (a mis-report fixed)."""

    type: Literal["set_pile"] = "set_pile"
    commons: int = Field(ge=0, le=60)
    combat: int = Field(default=0, ge=0, le=8, description="Combat and Showdown cards")
    tome: bool = False


class FixCard(_Action):
    """Fix a reported card's cost or effect (physical), keeping where it is."""

    type: Literal["fix_card"] = "fix_card"
    card: str
    cost: int = Field(ge=0, le=5)
    effect: str = Field(max_length=80)


class SetEliminated(_Action):
    type: Literal["set_eliminated"] = "set_eliminated"
    seat: int
    eliminated: bool


Correction = Annotated[SetHeroStat | SetHandCount | SetPerk | MoveEnemy | FixEnemy | SetPile
                       | FixCard | SetEliminated, Field(discriminator="type")]


# Events

class Said(Event):
    """A plain line: the engine's narration for logs and boards."""

    type: Literal["said"] = "said"


class Rolled(Event):
    type: Literal["rolled"] = "rolled"
    purpose: str
    faces: list[str]


class EnemyEliminated(Event):
    type: Literal["enemy_eliminated"] = "enemy_eliminated"
    enemy: str
    by: int


class HeroEliminated(Event):
    type: Literal["hero_eliminated"] = "hero_eliminated"
    seat: int


class GameOver(Event):
    type: Literal["game_over"] = "game_over"
    won: bool
