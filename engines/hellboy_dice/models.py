"""The typed surface of the game: options, state, actions and events.

Every state field is immutable (ints, strings, tuples, frozen models), so the
engine copies a state shallowly and rebinds the fields it changes: `apply`
never mutates its input and a step costs microseconds, which the AI
simulations need.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engines.core.packs import ChosenPack
from engines.core.protocol import Event
from engines.dice.model import Die, Face
from engines.hellboy_dice.cards import Card, EventKind
from engines.hellboy_dice.pack import HellboyPack

Colour = Literal["yellow", "orange", "red", "black"]
COLOURS: tuple[Colour, ...] = ("yellow", "orange", "red", "black")
"""The Attack Dice from least to most powerful; hands are counted in this order."""
POWER: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
FULL_HAND: tuple[int, int, int, int] = (6, 3, 2, 1)
BLUE = "blue"
STARTING_WOUNDS = 3
MAX_ATTACK_DICE = 3

Hand = tuple[int, int, int, int]

Phase = Literal[
    "first_player",  # chance: who starts, by lot (house)
    "explore",  # no card in play: the player explores (or banks, after the first card)
    "attack",  # a room or boss is in play: the player picks dice
    "draw",  # chance: the next Exploration card
    "roll",  # chance: the attack roll (blue die first, then the Attack Dice)
    "boss_reroll",  # chance: the boss forces a re-roll of the highest scoring die
    "choose_reroll",  # the blue Re-roll: which die, or none
    "reroll",  # chance: the chosen die's re-roll
    "choose_x2",  # the blue X2: which die to double
    "blue_again",  # chance: the boss makes the blue die roll again after a failed attack
    "brave_move",  # Brave Move: lose a Wound for a Clue, or not
    "lucky_find",  # Lucky Find: roll a remaining die, or not
    "lucky_roll",  # chance: the Lucky Find die
    "accident",  # chance: Accident's blue die
    "over",
]

CHANCE_PHASES: frozenset[str] = frozenset(
    {"first_player", "draw", "roll", "boss_reroll", "reroll", "blue_again", "lucky_roll",
     "accident"}
)


M = TypeVar("M", bound=BaseModel)


def construct(cls: type[M], fields: dict[str, Any]) -> M:
    """A model from values already known to be valid, given for *every* field in order.

    What `model_construct` does, minus its per-field walk over defaults and aliases:
    a simulation builds a chance request for every card drawn and a roll record for
    every attack, and pydantic's generic paths cost more than the rules themselves.
    Only for models without extras or private attributes (this package's, the chance
    models).
    """
    return _assemble(cls, fields, set(fields))


def replace(model: M, **changes: Any) -> M:
    """`model.model_copy(update=changes)`, at a fraction of the cost (see `construct`)."""
    return _assemble(type(model), {**model.__dict__, **changes},
                     model.__pydantic_fields_set__ | changes.keys())


def _assemble(cls: type[M], fields: dict[str, Any], fields_set: set[str]) -> M:
    """The instance pydantic itself would make, slot by slot."""
    new = cls.__new__(cls)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", fields_set)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


class HellboyOptions(BaseModel):
    """Table options. The house-rule switches are documented in docs/games/hellboy-dice.md."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["digital", "physical"] = "digital"
    target: int = Field(default=15, ge=1, le=100, description="Clues that trigger the final round")
    deck_path: str | None = Field(default=None, description="a group's own deck pack (YAML/JSON)")
    dice_path: str | None = Field(default=None, description="a group's own dice faces")
    pack: ChosenPack[HellboyPack] | None = Field(
        default=None, description="a pack of this server's (`/game pack list`): dice faces, deck"
    )
    events_count_as_first_card: bool = Field(
        default=True, description="house: a resolved event lets you bank, like a defeated room"
    )
    always_ask_x2: bool = Field(
        default=False,
        description="house: ask which die X2 doubles even when the choice cannot change the result",
    )
    tiebreak_round_limit: int = Field(
        default=10, ge=1, le=100,
        description="house: leaders still tied after this many tiebreak rounds share the win",
    )
    solo_turn_limit: int = Field(
        default=12, ge=1, le=100,
        description="house solo variant: reach the target in this many turns",
    )
    first_seat: int = Field(
        default=0, ge=0, le=6,
        description="house: who starts — 0 draws lots (the default), 1 to 6 names that seat"
        " (e.g. the next seat in a rematch)",
    )

class PlacedDie(BaseModel):
    """An Attack Die showing a face: on the card after a failed attack, or in a roll."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    label: str
    value: int


_DICE_SETS: dict[object, int] = {}
_DECKS: dict[tuple[Card, ...], int] = {}


class Components(BaseModel):
    """The deck and dice this game uses, copied into the state at setup so a saved game
    never depends on a file that may have changed since."""

    model_config = ConfigDict(frozen=True)

    deck_name: str
    deck_verified: bool
    cards: tuple[Card, ...]
    copies: tuple[int, ...]
    dice: dict[str, Die]

    @cached_property
    def index(self) -> dict[str, int]:
        return {c.id: i for i, c in enumerate(self.cards)}

    @cached_property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    @cached_property
    def card_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)

    @property
    def deck_size(self) -> int:
        return sum(self.copies)

    @cached_property
    def faces(self) -> dict[tuple[str, str], Face]:
        """(die name, face label) → face; the first face with a label stands for it."""
        found: dict[tuple[str, str], Face] = {}
        for name, die in self.dice.items():
            for face in die.faces:
                found.setdefault((name, face.label), face)
        return found

    @cached_property
    def placed(self) -> dict[tuple[str, str], PlacedDie]:
        """(colour, face label) → the die showing that face; frozen, so rolls share them."""
        return {
            (name, label): PlacedDie(colour=name, label=label, value=face.value)
            for (name, label), face in self.faces.items() if name in COLOURS
        }

    @cached_property
    def deck_id(self) -> int:
        """A small number per distinct card catalogue: a cheap key for shared caches."""
        return _DECKS.setdefault(self.cards, len(_DECKS))

    @cached_property
    def dice_id(self) -> int:
        """A small number per distinct set of dice faces: a cheap key for shared caches."""
        return _DICE_SETS.setdefault(self.dice_key, len(_DICE_SETS))

    @cached_property
    def dice_key(self) -> tuple[tuple[str, tuple[tuple[str, int, str | None, bool], ...]], ...]:
        """The dice faces as one hashable value, so odds tables can be shared per dice set."""
        return tuple(
            (name, tuple((f.label, f.value, f.effect, f.clue) for f in die.faces))
            for name, die in sorted(self.dice.items())
        )


class AttackRoll(BaseModel):
    """The attack under way: the dice committed, then their faces as they are rolled."""

    model_config = ConfigDict(frozen=True)

    colours: tuple[Colour, ...]
    faces: tuple[PlacedDie, ...] = Field(default=(), description="empty until rolled")
    rerolled: tuple[bool, ...] = ()
    blue: str | None = Field(default=None, description="the blue die's face label")
    doubled: int | None = Field(default=None, description="the die X2 doubles")
    reroll_index: int | None = Field(default=None, description="the die waiting to be re-rolled")

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.faces)


class HellboyState(BaseModel):
    """One game. Fields are immutable values; see the module docstring."""

    names: tuple[str, ...]
    options: HellboyOptions
    components: Components
    scores: tuple[int, ...]
    turn: int = 0
    first: int = Field(default=0, description="the seat who started: rounds begin with them")
    round: int = 1
    turns_played: int = 0
    phase: Phase = "explore"
    draw_purpose: Literal["play", "discard"] = "play"
    deck: tuple[int, ...] = Field(description="digital mode: copies left per card of the catalogue")
    discard: tuple[int, ...] = Field(description="digital mode: discarded copies per card")
    in_play: Card | None = None
    card_dice: tuple[PlacedDie, ...] = ()
    kept: tuple[Card, ...] = Field(default=(), description="cards won this turn (and Brave Moves)")
    bonus_clues: int = Field(default=0, description="Clues this turn not printed on kept cards")
    hand: Hand = FULL_HAND
    gone: Hand = Field(default=(0, 0, 0, 0), description="dice passed to the next player")
    wounds: int = STARTING_WOUNDS
    first_resolved: bool = False
    roll: AttackRoll | None = None
    lucky_die: Colour | None = None
    final_trigger: int | None = None
    final_left: tuple[int, ...] = ()
    tiebreak: tuple[int, ...] = ()
    tiebreak_left: tuple[int, ...] = ()
    tiebreak_rounds: int = 0
    winners: tuple[int, ...] | None = None
    knockouts: int = 0

    def __setattr__(self, name: str, value: Any) -> None:
        """The rules rebind fields of the engine's working copy several times a step, and
        assignment is never validated, so pydantic's per-name handler lookup is overhead."""
        if name in self.__dict__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    def fork(self) -> HellboyState:
        """The working copy a step rebinds fields of: `model_copy()`, cheaper (see `replace`)."""
        return _assemble(type(self), self.__dict__.copy(), self.__pydantic_fields_set__.copy())

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def fight_left(self) -> int:
        """The card's current Fight Value: printed, less the dice left on it."""
        card = self.in_play
        if card is None:
            return 0
        if not self.card_dice:
            return card.fight
        return card.fight - sum(d.value for d in self.card_dice)

    @property
    def turn_clues(self) -> int:
        if not self.kept:
            return self.bonus_clues
        return sum(c.clues for c in self.kept) + self.bonus_clues


# Actions


class _Action(BaseModel):
    """Actions are values: frozen, so they hash and compare by content (legal lists, replays)."""

    model_config = ConfigDict(frozen=True)


class Explore(_Action):
    """Turn over the top card of the Exploration Deck."""

    type: Literal["explore"] = "explore"


class Attack(_Action):
    """Roll the blue die with up to three Attack Dice, named by colour."""

    type: Literal["attack"] = "attack"
    dice: tuple[Colour, ...] = Field(max_length=12)

    @field_validator("dice")
    @classmethod
    def _canonical(cls, dice: tuple[Colour, ...]) -> tuple[Colour, ...]:
        """Dice of one colour are alike, so an attack is a multiset: keep it sorted."""
        return tuple(sorted(dice, key=POWER.__getitem__))


class ChooseX2(_Action):
    """Blue X2: the die (index in the roll) whose result is doubled for this roll."""

    type: Literal["choose_x2"] = "choose_x2"
    die: int


class ChooseReroll(_Action):
    """Blue Re-roll: the die (index in the roll) to re-roll, or None to keep the roll."""

    type: Literal["choose_reroll"] = "choose_reroll"
    die: int | None


class BraveMove(_Action):
    """Brave Move: accept to lose a Wound and gain a Clue."""

    type: Literal["brave_move"] = "brave_move"
    accept: bool


class LuckyFind(_Action):
    """Lucky Find: the colour of the remaining die to roll, or None to decline."""

    type: Literal["lucky_find"] = "lucky_find"
    die: Colour | None


class EndTurn(_Action):
    """Bank this turn's Clues and pass the turn."""

    type: Literal["end_turn"] = "end_turn"


Action = Annotated[
    Explore | Attack | ChooseX2 | ChooseReroll | BraveMove | LuckyFind | EndTurn,
    Field(discriminator="type"),
]


# Events (what renderers turn into messages)


class FirstPlayer(Event):
    type: Literal["first_player"] = "first_player"
    seat: int


class TurnStarted(Event):
    type: Literal["turn_started"] = "turn_started"
    seat: int
    round: int
    final: bool = False
    tiebreak: bool = False


class DeckReshuffled(Event):
    type: Literal["deck_reshuffled"] = "deck_reshuffled"
    cards: int


class CardDrawn(Event):
    type: Literal["card_drawn"] = "card_drawn"
    seat: int
    card: Card
    discarded: bool = Field(default=False, description="Hole in the Floor's unseen card")


class AttackDeclared(Event):
    type: Literal["attack_declared"] = "attack_declared"
    seat: int
    dice: tuple[Colour, ...]


class DiceRolled(Event):
    """Faces as they land; `purpose` says which roll of the rules this is."""

    type: Literal["dice_rolled"] = "dice_rolled"
    seat: int
    purpose: Literal["attack", "boss_reroll", "reroll", "blue_again", "accident", "lucky_find"]
    dice: tuple[PlacedDie, ...] = ()
    blue: str | None = None


class AttackResolved(Event):
    type: Literal["attack_resolved"] = "attack_resolved"
    seat: int
    dice: tuple[PlacedDie, ...]
    blue: str
    doubled: int | None
    score: int
    fight_value: int
    defeated: bool
    wounds_lost: int
    placed: tuple[PlacedDie, ...] = ()


class WoundLost(Event):
    type: Literal["wound_lost"] = "wound_lost"
    seat: int
    wounds_left: int
    lost: int = 1


class Reminder(Event):
    """Something a physical table must do with its own components."""

    type: Literal["reminder"] = "reminder"
    seat: int


class CardWon(Event):
    type: Literal["card_won"] = "card_won"
    seat: int
    card: Card


class EventCardResolved(Event):
    type: Literal["event_card"] = "event_card"
    seat: int
    event: EventKind
    clues: int = 0


class DieDiscarded(Event):
    type: Literal["die_discarded"] = "die_discarded"
    seat: int
    colour: Colour


class KnockedOut(Event):
    type: Literal["knocked_out"] = "knocked_out"
    seat: int
    cause: Literal["wounds", "no_dice"]
    lost_clues: int


class TurnBanked(Event):
    type: Literal["turn_banked"] = "turn_banked"
    seat: int
    clues: int
    total: int


class FinalRound(Event):
    type: Literal["final_round"] = "final_round"
    trigger: int
    seats: tuple[int, ...]


class TiebreakStarted(Event):
    type: Literal["tiebreak"] = "tiebreak"
    leaders: tuple[int, ...]
    round: int


class GameOver(Event):
    type: Literal["game_over"] = "game_over"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
