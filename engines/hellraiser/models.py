"""The typed surface of Hellraiser: options, figures, decks, the pending queue,
the state, actions and events.

Nested models hold only immutable values (ints, strings, tuples, frozen
models), so `clone` copies a state with one shallow copy per figure and per
container instead of a deep copy: `apply` never mutates its input and the AI
simulations stay fast.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.protocol import Event
from engines.hellraiser.board import Board, Edge, Square
from engines.hellraiser.cards import DeckName
from engines.hellraiser.mapgen import Layout
from engines.hellraiser.stats import Group, Stats
from engines.hellraiser.tiles import Stat, Use

PHANTOM = -1
"""The seat number of the house Leviathan that the engine itself plays in a solo game."""

Role = Literal["human", "skinned", "leviathan", "out"]
Kind = Literal["human", "cenobite", "creature"]
Condition = Literal[
    "alive",  # a Human who is not a casualty
    "corpse",  # dead: the figure lies face down
    "mad",  # permanently insane, wandering at random
    "hell",  # off the board, in Hell (sucked in, or the corpse destroyed)
    "cenobite",  # the Human became a Cenobite (a new figure stands in their square)
    "creature",  # the corpse was turned into a Creature
    "skinned",  # back from Hell as a Skinned Human
    "pool",  # a Cenobite waiting for an entrance card
    "board",  # a Cenobite or Creature on the map
    "banished",  # a Cenobite sent back to Hell by the Puzzle Solution
    "dead",  # a Creature killed
]


class HellraiserOptions(BaseModel):
    """Table options; the house rules they switch are listed in docs/games/hellraiser.md."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["digital", "physical"] = "digital"
    preset: Literal["balanced", "as_written"] = Field(
        default="balanced",
        description="balanced (house, the default): a few house rules tuned by simulation"
        " so that the Humans win about half the games and nobody gains by dying;"
        " as_written: the rules text alone (Leviathan wins 3 games in 4 or more)",
    )
    max_rounds: int = Field(
        default=40, ge=5, le=500,
        description="house limit: the game ends after this many rounds",
    )
    limit_outcome: Literal["leviathan", "draw", "unfinished"] = Field(
        default="leviathan",
        description="house: what the limit makes of a game with the gateway open: a"
        " Leviathan win (balanced), a draw, or unfinished with no winner (as_written)",
    )
    lost_souls: Literal["out", "leviathan"] = Field(
        default="out",
        description="house: a player whose character is lost (not as a Cenobite) sits out,"
        " or plays on for the Leviathan players",
    )
    creatures: Literal["original", "current"] = Field(
        default="original",
        description="a Creature divides the original character's statistics (as written),"
        " or, house, the casualty's current ones",
    )
    quick_start: bool = Field(
        default=False, description="house: every character takes 3 in each statistic"
    )
    max_dice: int = Field(
        default=30, ge=6, le=60, description="house: no roll uses more dice than this"
    )

    @model_validator(mode="before")
    @classmethod
    def _preset_defaults(cls, raw: Any) -> Any:
        """As written, no house rule may decide a game the table did not choose: unless
        the table sets `limit_outcome`, the house limit leaves the game unfinished."""
        if isinstance(raw, dict) and "limit_outcome" not in raw \
                and raw.get("preset", "balanced") == "as_written":
            return {**raw, "limit_outcome": "unfinished"}
        return raw

    physical_map: Literal["tiles", "number"] = Field(
        default="tiles",
        description="physical mode: report one map number (the bot shows the layout to"
        " build from the printed tiles) or every tile as it is laid",
    )


class Item(BaseModel):
    """A Search card as carried or dropped: its id and the uses spent (healing items)."""

    model_config = ConfigDict(frozen=True)

    card: str
    used: int = 0


class FloorItem(BaseModel):
    """'A dropped item stays in its square.'"""

    model_config = ConfigDict(frozen=True)

    square: Square
    item: Item


class Figure(BaseModel):
    """A Human character, a Cenobite or a Creature. Fields are immutable values."""

    id: str
    kind: Kind
    name: str
    seat: int | None = Field(
        default=None, description="Humans: the player; Creatures: the Human seat controlling it"
    )
    condition: Condition
    square: Square | None = None
    stats: Stats
    start: Stats = Field(description="starting scores: the ceiling for healing, and a skin")
    items: tuple[Item, ...] = ()
    power: str | None = Field(default=None, description="a Named Cenobite's power")
    pinned: int = Field(default=0, description="rounds left pinned under or in a room item")
    chained: bool = False
    stunned_until: int = Field(default=0, description="a Cenobite is stunned to this round")
    moved_round: int = 0
    attacked_round: int = 0
    watch: str | None = Field(default=None, description="the casualty a Cenobite keeps watch on")
    watch_rounds: int = 0
    insane_turns: int = 0
    searched: tuple[int, ...] = Field(default=(), description="room tiles searched with success")
    skin: bool = False
    skinned_corpse: bool = Field(default=False, description="a corpse whose skin was taken")
    returned: bool = Field(
        default=False, description="came back from Hell as a Skinned Human: from then on"
        " a Skinned Human player, never again one of the Human players who win together")
    drained: Stats = (0, 0, 0, 0, 0, 0)
    soul_in_hell: bool = False
    first_victim: bool = False
    died_round: int | None = None
    attacked_cenobite_turn: int = -1


class DeckState(BaseModel):
    """A deck as a multiset (draws are chance nodes), with any cards already known on
    top (Vision, Channard's notes), its discard pile, and cards out of the game."""

    pile: dict[str, int]
    top: tuple[str, ...] = ()
    discard: dict[str, int] = Field(default_factory=dict)
    removed: dict[str, int] = Field(default_factory=dict)

    def size(self) -> int:
        return sum(self.pile.values()) + len(self.top)


EffectKind = Literal["think_harder", "darkness", "insanity", "personal_hell", "justice", "reload"]


class Effect(BaseModel):
    """A lasting card effect. `seat` played it; most end when that seat's next turn starts."""

    model_config = ConfigDict(frozen=True)

    kind: EffectKind
    seat: int
    figure: str | None = None
    stat: Stat | None = None
    amount: int = 0
    turns: int = 0


class TurnState(BaseModel):
    """What the player whose turn it is has done this turn."""

    model_config = ConfigDict(frozen=True)

    main: str | None = None
    attacked: bool = False
    card: bool = False
    power: bool = False
    item: bool = False
    run: bool = False
    surge: bool = False
    reference: bool = False
    dropped: tuple[str, ...] = ()
    budget: int = 0
    bonus: int = 0


class Puzzle(BaseModel):
    """The Puzzle Solution: the statistic used when the gateway opened, and its value."""

    model_config = ConfigDict(frozen=True)

    stat: Stat
    value: int


class Vision(BaseModel):
    """Cards one seat is allowed to see until their next turn."""

    model_config = ConfigDict(frozen=True)

    what: str
    cards: tuple[str, ...]


# The pending queue: what must happen next, in order.

RollPurpose = Literal[
    "search", "attack", "hell", "puzzle", "furniture", "cenobite_move", "degenerate", "shot",
    "heal", "wander", "break_free",
]


class Roll(BaseModel):
    """Dice to roll: one group per party (e.g. attacker and defender)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["roll"] = "roll"
    purpose: RollPurpose
    seat: int = Field(description="who reports the dice in physical mode")
    groups: tuple[int, ...]
    labels: tuple[str, ...]
    actor: str | None = None
    target: str | None = None
    stat: Stat | None = None
    item: str | None = None
    use: Use | None = None
    tile: int | None = None
    furniture: str | None = None
    doorway: Edge | None = None
    square: Square | None = None
    number: int = 0
    ranged: bool = False
    drain: Stat | None = None
    shots: int = 0
    figures: tuple[str, ...] = ()


DrawPurpose = Literal["search", "turn", "clue", "peek"]


class Draw(BaseModel):
    """Cards to draw from a deck."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["draw"] = "draw"
    deck: DeckName
    seat: int
    purpose: DrawPurpose
    actor: str | None = None
    count: int = 1


class LayTile(BaseModel):
    """The next map tile (the map engineer's chance node)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["tile"] = "tile"


class LayMap(BaseModel):
    """Physical mode (house): the whole map at once, named by a reported map number."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["map"] = "map"


ChoicePurpose = Literal["damage", "drop", "banish", "order"]


class Choice(BaseModel):
    """A decision a player owes before play goes on."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["choice"] = "choice"
    purpose: ChoicePurpose
    seat: int
    figure: str | None = None
    options: tuple[str, ...]
    labels: tuple[str, ...]
    group: Group | None = None
    points: int = 0
    source: str | None = None


class Damage(BaseModel):
    """Damage to deal (automatic unless the player must choose the statistics)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["damage"] = "damage"
    target: str
    group: Group
    points: int
    source: str | None = Field(default=None, description="figure id, or 'leviathan' for cards")
    attack: bool = False


class Continue(BaseModel):
    """A step of the turn sequence, run once everything before it is settled."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["continue"] = "continue"
    step: Literal["end_turn", "next_round"]
    figure: str | None = None


Pending = Annotated[
    Roll | Draw | LayTile | LayMap | Choice | Damage | Continue, Field(discriminator="kind")
]

Phase = Literal["create", "map", "play", "over"]


class HellraiserState(BaseModel):
    """One game. See the module docstring for how it is copied."""

    names: tuple[str, ...]
    options: HellraiserOptions
    phase: Phase = "create"
    created: tuple[Stats | None, ...]
    layout: Layout | None = None
    board: Board | None = None
    figures: list[Figure] = Field(default_factory=list)
    roles: list[Role]
    leviathans: list[int] = Field(default_factory=list)
    phantom: bool = False
    round: int = 0
    turn: int = 0
    turn_no: int = 0
    last_turn: dict[int, int] = Field(default_factory=dict)
    flags: TurnState = TurnState()
    decks: dict[str, DeckState]
    hands: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    floor: list[FloorItem] = Field(default_factory=list)
    used_furniture: list[tuple[int, str]] = Field(default_factory=list)
    obstacle_damage: dict[str, int] = Field(default_factory=dict)
    dragged: list[Square] = Field(default_factory=list)
    pending: list[Pending] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    visions: dict[int, Vision] = Field(default_factory=dict)
    puzzle: Puzzle | None = None
    creatures_made: int = 0
    leviathan_kills: int = 0
    skinned_kills: dict[int, int] = Field(default_factory=dict)
    winners: tuple[int, ...] | None = None
    summary: str = ""

    @property
    def seats(self) -> int:
        return len(self.names)


def clone(state: HellraiserState) -> HellraiserState:
    """A copy safe to change: containers are new, their immutable contents shared."""
    s = state.model_copy()
    s.figures = [f.model_copy() for f in state.figures]
    s.roles = list(state.roles)
    s.leviathans = list(state.leviathans)
    s.last_turn = dict(state.last_turn)
    s.decks = {
        k: DeckState.model_construct(
            pile=dict(d.pile), top=d.top, discard=dict(d.discard), removed=dict(d.removed)
        )
        for k, d in state.decks.items()
    }
    s.hands = dict(state.hands)
    s.floor = list(state.floor)
    s.used_furniture = list(state.used_furniture)
    s.obstacle_damage = dict(state.obstacle_damage)
    s.dragged = list(state.dragged)
    s.pending = list(state.pending)
    s.effects = list(state.effects)
    s.visions = dict(state.visions)
    s.skinned_kills = dict(state.skinned_kills)
    return s


# Actions


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CreateCharacter(_Action):
    """Spread 18 points over the six statistics, each 1 to 6."""

    type: Literal["create"] = "create"
    strength: int
    speed: int
    creativity: int
    wits: int
    morality: int
    willpower: int

    def stats(self) -> Stats:
        return (self.strength, self.speed, self.creativity, self.wits, self.morality,
                self.willpower)


class Move(_Action):
    """Move your character (or a figure you control this turn) up to its Speed."""

    type: Literal["move"] = "move"
    to: Square


class Search(_Action):
    """Search this room; once the gateway is open, draw from the Action deck if you like."""

    type: Literal["search"] = "search"
    deck: Literal["search", "action"] = "search"


class UseFurniture(_Action):
    """Tip, Obstacle or Restraint with a room item in your square. `by` names the
    Cenobite for a Leviathan player."""

    type: Literal["furniture"] = "furniture"
    tile: int
    furniture: str
    use: Use
    target: str | None = None
    doorway: Edge | None = None
    by: str | None = None


class SolvePuzzle(_Action):
    type: Literal["solve"] = "solve"


class Skin(_Action):
    """A Skinned Human spends the turn taking the skin of a Human corpse in the square."""

    type: Literal["skin"] = "skin"
    corpse: str


class BreakFree(_Action):
    """Struggle against the chains: 2 Strength successes free you."""

    type: Literal["break_free"] = "break_free"


class Attack(_Action):
    """One attack: a figure (`target`), an Obstacle in a doorway, a room item on your
    square (`furniture`), or a corpse.

    `attacker` defaults to your character; a Leviathan player names a Cenobite or
    Creature. `weapon` names a carried gun or thrown item; `drain` is a Skinned
    Human's life-draining hand-to-hand attack on that statistic."""

    type: Literal["attack"] = "attack"
    target: str | None = None
    doorway: Edge | None = None
    attacker: str | None = None
    stat: Stat = "strength"
    weapon: str | None = None
    drain: Stat | None = None
    furniture: str | None = None


class PlayCard(_Action):
    """Play a card from your hand, naming what it needs."""

    type: Literal["play"] = "play"
    card: str
    target: str | None = None
    square: Square | None = None
    stat: Stat | None = None
    stat2: Stat | None = None
    seat: int | None = None
    option: str | None = None


class UsePower(_Action):
    """Use the Power of the room you are in (Confession names the card to discard)."""

    type: Literal["power"] = "power"
    card: str | None = None


class UseItem(_Action):
    """Use a carried healing item."""

    type: Literal["use_item"] = "use_item"
    item: str


class PickUp(_Action):
    type: Literal["pick_up"] = "pick_up"
    item: str


class Drop(_Action):
    type: Literal["drop"] = "drop"
    item: str


class RollMovement(_Action):
    """Leviathan: roll the die of movement shared by the Cenobites this turn."""

    type: Literal["roll_movement"] = "roll_movement"


class MoveFigure(_Action):
    """Leviathan (or a Human with a Creature): move a Cenobite or Creature."""

    type: Literal["move_figure"] = "move_figure"
    figure: str
    to: Square


class DrawCard(_Action):
    """Leviathan: draw a card from the Leviathan deck."""

    type: Literal["draw"] = "draw"


class Convert(_Action):
    """Leviathan: a Cenobite that kept watch 2 rounds turns a casualty into a Creature,
    with `strength` of the statistics (the rest is Speed; neither above 8)."""

    type: Literal["convert"] = "convert"
    cenobite: str
    casualty: str
    strength: int


class Choose(_Action):
    """Answer the decision the game is waiting for (one of its options)."""

    type: Literal["choose"] = "choose"
    option: str


class EndTurn(_Action):
    type: Literal["end_turn"] = "end_turn"


Action = Annotated[
    CreateCharacter | Move | Search | UseFurniture | SolvePuzzle | Skin | BreakFree | Attack
    | PlayCard | UsePower | UseItem | PickUp | Drop | RollMovement | MoveFigure | DrawCard
    | Convert | Choose | EndTurn,
    Field(discriminator="type"),
]


# Events


class CharacterCreated(Event):
    type: Literal["character_created"] = "character_created"
    seat: int


class MapLaid(Event):
    type: Literal["map_laid"] = "map_laid"
    tiles: int


class TurnStarted(Event):
    type: Literal["turn_started"] = "turn_started"
    seat: int
    round: int
    role: Role
    controller: int


class DiceRolled(Event):
    """Every test shows its dice: one list per party, with successes and totals."""

    type: Literal["dice_rolled"] = "dice_rolled"
    purpose: RollPurpose
    dice: list[list[int]]
    successes: list[int]
    totals: list[int]
    labels: list[str] = Field(default_factory=list, description="whose dice, one per group")
    target: int = Field(default=4, description="the face a die needs to be a success")
    seat: int | None = Field(default=None, description="the seat that rolled (reported)")
    stat: Stat | None = Field(default=None, description="an attack's statistic")
    item: str | None = Field(default=None, description="an attack's weapon (a Search card)")
    ranged: bool = Field(default=False, description="a shot or throw: attacker's dice only")
    aimed_at: str = Field(default="", description="an attack's target, by name")
    against: Literal["figure", "doorway", "furniture"] = "figure"


class FigureMoved(Event):
    type: Literal["figure_moved"] = "figure_moved"
    figure: str
    start: Square | None
    end: Square | None


class CardDrawn(Event):
    """`card` is None when the card is hidden from the table (Action and Leviathan cards).
    A hidden card kept in a hand says whose (`hand`) and where in it (`index`), both
    public (hand sizes are), so the bot can show that player alone what they drew."""

    type: Literal["card_drawn"] = "card_drawn"
    seat: int
    deck: DeckName
    card: str | None
    hand: int | None = None
    index: int | None = None


class CardPlayed(Event):
    type: Literal["card_played"] = "card_played"
    seat: int
    deck: DeckName
    card: str


class DamageDealt(Event):
    type: Literal["damage"] = "damage"
    figure: str
    group: Group
    points: int
    stats: dict[str, int]


class StatZero(Event):
    type: Literal["stat_zero"] = "stat_zero"
    figure: str
    stat: Stat


class Casualty(Event):
    type: Literal["casualty"] = "casualty"
    figure: str
    how: Literal["died", "insane", "cenobite", "sucked", "torn", "destroyed", "killed"]


class RoleChanged(Event):
    type: Literal["role_changed"] = "role_changed"
    seat: int
    role: Role


class GatewayOpened(Event):
    type: Literal["gateway_opened"] = "gateway_opened"
    square: Square
    seat: int
    stat: Stat


class FigureChanged(Event):
    """A figure enters, leaves or changes: a Cenobite entering, stunned, banished..."""

    type: Literal["figure_changed"] = "figure_changed"
    figure: str
    change: Literal[
        "entered", "stunned", "recovered", "banished", "creature", "skinned", "returned",
        "pinned", "chained", "freed", "controlled", "resurrected", "destroyed", "item",
        "drained", "hopped",
    ]


class PuzzleAttempted(Event):
    type: Literal["puzzle"] = "puzzle"
    figure: str
    difficulty: int
    result: Literal["success", "failure", "tie"]
    mine: int = 0
    theirs: int = 0
    left: int = Field(default=0, description="Cenobites on the map when it was worked")


class Note(Event):
    """A plain line for anything else worth telling the table."""

    type: Literal["note"] = "note"


class GameOver(Event):
    type: Literal["game_over"] = "game_over"
    winners: tuple[int, ...]

