"""The engine protocol, in the spirit of OpenSpiel and boardgame.io.

A game is a set of pure functions over a pydantic state model that round-trips
through JSON. The table host calls them; nothing here knows about Discord.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field, TypeAdapter

from engines.core.chance import ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError


class Seat(BaseModel):
    """A place at the table. Engines know seats by index; the table maps them to members."""

    index: int
    name: str
    ai: bool = False


class Event(BaseModel):
    """Something that happened, for renderers to turn into messages.

    Subclasses set `type` to a Literal so events are a discriminated union.
    `text` is a plain-language line for logs and the plain-text fallback.
    """

    type: str
    text: str = ""


class GameResult(BaseModel):
    winners: list[int]
    scores: dict[int, int] = Field(default_factory=dict)
    summary: str


StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT")
OptionsT = TypeVar("OptionsT", bound=BaseModel)


class Engine(ABC, Generic[StateT, ActionT, OptionsT]):
    """One game's rules.

    Flow: `setup` → while not over: if `chance()` is not None the table must
    `resolve` it (or a seat `acts_during_chance` takes back what asked for it);
    otherwise the seats in `to_move()` may `apply` an action.
    `apply` and `resolve` raise `RuleError` for anything illegal and never
    mutate their input.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    state_model: type[StateT]
    options_model: type[OptionsT]
    action_adapter: TypeAdapter[ActionT]

    @abstractmethod
    def setup(self, seats: list[Seat], options: OptionsT) -> StateT: ...

    @abstractmethod
    def to_move(self, state: StateT) -> list[int]:
        """Seats that may act now (empty while a chance node is pending or the game is over).

        Several seats (a co-operative phase) or every seat ("any seated player") are
        fine; `waiting_for` says whom the table chases, `may_act` who may act out of turn.
        """

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]: ...

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Event]]: ...

    @abstractmethod
    def chance(self, state: StateT) -> ChanceRequest | None: ...

    @abstractmethod
    def resolve(self, state: StateT, outcome: ChanceOutcome) -> tuple[StateT, list[Event]]: ...

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). Hidden information stays out."""

    @abstractmethod
    def result(self, state: StateT) -> GameResult | None: ...

    def secrets(self, state: StateT) -> dict[int, frozenset[str]]:
        """Per seat, the words that would give away what it holds unseen: card names and
        ids in its hand, a card it showed the bot privately, the order of a face-down
        pile it peeked at. The platform checks every public message against them (minus
        what `view(state, None)` shows anyway), so a game states its secrets once and
        cannot leak them by a button label. Games without hidden information keep the
        default: nothing."""
        return {}

    aliases: ClassVar[tuple[str, ...]] = ()
    """Short names players type for the game ("hb"), for forgiving look-ups."""
    seats_note: ClassVar[str] = ""
    """Said after the seat range when a table doesn't fit, e.g. a solo variant."""
    supports_ai: ClassVar[bool] = False
    hidden_information: ClassVar[bool] = False
    """Whether `view(state, seat)` holds secrets: the board then offers "My hand"."""
    late_joining: ClassVar[bool] = False
    """Whether `late_join` works: the lobby's Join stays available during play."""
    cards_from_box: ClassVar[bool] = False
    """Whether cards always come from the group's own box, even at a digital table (a
    companion to a board game): the bot then rolls only the dice and players report
    every card they draw."""

    static_state_fields: ClassVar[frozenset[str]] = frozenset()
    """Top-level state fields set up from packs (cards, dice faces) that play never
    changes: storage keeps each once by digest instead of in every snapshot. A hint
    only; a field that does change is stored again under its new digest."""

    def ai_action(self, state: StateT, seat: int) -> ActionT:
        """The move a computer player makes for `seat` (engines with `supports_ai`).

        Pure and deterministic given the state, so AI turns replay exactly."""
        raise NotImplementedError(f"{self.title} has no computer players")

    def may_act(self, state: StateT, seat: int) -> bool:
        """Whether `seat` may act now: its turn, or a reaction out of turn (a defence
        card, an any-time play). Engines with reactions override this; `apply` still
        judges the action itself."""
        return seat in self.to_move(state)

    def acts_during_chance(self, state: StateT, seat: int) -> bool:
        """Whether `seat` has a move while a chance node is pending: taking back the
        move that asked for it (a card its player offered to report, then thought
        better of). Normally nobody does and the table waits for the result; an engine
        that allows it lists the move in `legal_actions`, says True in `may_act` too,
        and `apply` judges it like any move (so it is logged and replayed as one)."""
        return False

    def waiting_for(self, state: StateT) -> list[int]:
        """Seats the game is waiting for, whom reminders and away timers chase.
        Empty in a free-form phase where anyone may act and nobody must."""
        return self.to_move(state)

    pack_model: ClassVar[type[BaseModel] | None] = None
    """The sections of a group's own pack this game reads (dice faces, card values), or
    None when packs don't apply. A chosen pack reaches `setup` validated and embedded
    in the options' `pack` field (a `ChosenPack`): the engine never reads a pack itself."""

    correction_adapter: ClassVar[TypeAdapter[Any] | None] = None
    """The GM corrections this game accepts (a pydantic union), or None."""

    def correct(self, state: StateT, correction: Any) -> tuple[StateT, list[Event]]:
        """Apply a GM's correction (set a counter, move a piece, fix a report): validated
        like a move, logged as its own kind, replayed by undo and `replay`."""
        raise RuleError(f"{self.title} has no GM corrections.")

    def parse_correction(self, raw: Any) -> Any:
        if self.correction_adapter is None:
            raise RuleError(f"{self.title} has no GM corrections.")
        return self.correction_adapter.validate_python(raw)

    def dump_correction(self, correction: Any) -> Any:
        if self.correction_adapter is None:
            raise RuleError(f"{self.title} has no GM corrections.")
        return self.correction_adapter.dump_python(correction, mode="json")

    def check_seats(self, count: int) -> None:
        """One refusal for a table the game can't seat, used by `setup` and simulations."""
        if not self.min_seats <= count <= self.max_seats:
            note = f" {self.seats_note}" if self.seats_note else ""
            raise RuleError(
                f"{self.title} seats {self.min_seats} to {self.max_seats} players.{note}"
            )

    def skip_turn(self, state: StateT, seat: int) -> tuple[StateT, list[Event]]:
        """What skipping an away player's turn means in this game (GM or AFK tools).

        Games that can't skip a turn leave this as it is; the table then offers
        only an AI take-over."""
        raise RuleError(f"{self.title} has no rule for skipping a turn.")

    def late_join(self, state: StateT, seat: Seat) -> tuple[StateT, list[Event]]:
        """Add a seat between turns, for games whose rules allow joining late."""
        raise RuleError(f"{self.title} can't be joined once it has started.")

    def read_logged_action(self, logged_action: Any) -> ActionT:
        """A logged move as replay reads it: by default like any move. A game whose
        moves gained a guard since (a confirmation, say) reads a line logged before
        it as it was played, so the old game still replays; a new move never comes
        this way, so it still meets the guard."""
        return self.parse_action(logged_action)

    def legacy_correction(self, logged_action: Any) -> Any | None:
        """A move an earlier version logged that the game now takes only as a GM's
        correction, as that correction; None for any other move. Replay reads it so a
        game stored before the change still rebuilds to the state it reached, while a
        player's new move never passes here (it would reopen what the change closed)."""
        return None

    def describe_action(self, state: StateT, action: Any) -> str:
        """A move or a GM's correction in a few words, as undo names what it took back
        ("Undid: Bob's Fight against Frog Soldier 2"); `state` is the one the move was
        made in. By default the action's type in words."""
        return str(getattr(action, "type", "move")).replace("_", " ")

    # Helpers with one obvious meaning for every engine.

    def load_state(self, raw: str) -> StateT:
        return self.state_model.model_validate_json(raw)

    def dump_state(self, state: StateT) -> str:
        return state.model_dump_json()

    def parse_action(self, raw: Any) -> ActionT:
        return self.action_adapter.validate_python(raw)

    def dump_action(self, action: ActionT) -> Any:
        return self.action_adapter.dump_python(action, mode="json")

    def parse_options(self, raw: dict[str, Any]) -> OptionsT:
        return self.options_model.model_validate(raw)
