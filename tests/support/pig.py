"""Pig, a tiny dice game used to test the table without any real game's rules.

On your turn, `roll` a d6 (a chance node): a 1 loses this turn's points and
passes the turn; anything else adds to them. `hold` banks them and passes.
The first to bank `target` wins.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat


class PigOptions(BaseModel):
    mode: Literal["digital", "physical"] = "digital"
    target: int = Field(default=20, ge=2, le=1000)


class PigState(BaseModel):
    names: list[str]
    scores: list[int]
    turn: int = 0
    turn_points: int = 0
    rolling: bool = False
    target: int = 20
    winner: int | None = None


class Roll(BaseModel):
    type: Literal["roll"] = "roll"


class Hold(BaseModel):
    type: Literal["hold"] = "hold"


PigAction = Annotated[Roll | Hold, Field(discriminator="type")]


class Rolled(Event):
    type: Literal["rolled"] = "rolled"
    value: int


class Held(Event):
    type: Literal["held"] = "held"


class PigEngine(Engine[PigState, Any, PigOptions]):
    key = "pig"
    title = "Pig"
    min_seats = 1
    max_seats = 60
    supports_ai = True
    late_joining = True
    hidden_information = True
    state_model = PigState
    options_model = PigOptions
    action_adapter: TypeAdapter[Any] = TypeAdapter(PigAction)

    def setup(self, seats: list[Seat], options: PigOptions) -> PigState:
        return PigState(
            names=[s.name for s in seats], scores=[0] * len(seats), target=options.target
        )

    def to_move(self, state: PigState) -> list[int]:
        if state.winner is not None or state.rolling:
            return []
        return [state.turn]

    def legal_actions(self, state: PigState, seat: int) -> list[Any]:
        if seat not in self.to_move(state):
            return []
        return [Roll(), Hold()] if state.turn_points else [Roll()]

    def apply(self, state: PigState, seat: int, action: Any) -> tuple[PigState, list[Event]]:
        if seat not in self.to_move(state):
            raise RuleError("It's not your turn.")
        if isinstance(action, Roll):
            return state.model_copy(update={"rolling": True}), []
        if not state.turn_points:
            raise RuleError("Roll at least once before you hold.")
        scores = list(state.scores)
        scores[seat] += state.turn_points
        winner = seat if scores[seat] >= state.target else None
        new = state.model_copy(
            update={
                "scores": scores,
                "turn_points": 0,
                "winner": winner,
                "turn": state.turn if winner is not None else (seat + 1) % len(scores),
            }
        )
        return new, [Held(text=f"{state.names[seat]} banks {state.turn_points}.")]

    def chance(self, state: PigState) -> ChanceRequest | None:
        if not state.rolling:
            return None
        return ChanceRequest(
            prompt="roll a d6",
            reporter=state.turn,
            items=[ChanceItem(key="d6", label="d6", options=[str(i) for i in range(1, 7)])],
        )

    def resolve(self, state: PigState, outcome: ChanceOutcome) -> tuple[PigState, list[Event]]:
        if not state.rolling:
            raise RuleError("Nothing to roll.")
        value = int(outcome.values[0])
        if value == 1:
            new = state.model_copy(
                update={
                    "rolling": False,
                    "turn_points": 0,
                    "turn": (state.turn + 1) % len(state.scores),
                }
            )
        else:
            new = state.model_copy(
                update={"rolling": False, "turn_points": state.turn_points + value}
            )
        return new, [Rolled(value=value, text=f"{state.names[state.turn]} rolls {value}.")]

    def view(self, state: PigState, seat: int | None) -> dict[str, Any]:
        """Pig has no secrets; a seat's view adds a private note so tests can check
        that hidden information only ever reaches its owner."""
        public = state.model_dump()
        if seat is not None:
            public["secret"] = f"only for {state.names[seat]}"
        return public

    def result(self, state: PigState) -> GameResult | None:
        if state.winner is None:
            return None
        return GameResult(
            winners=[state.winner],
            scores=dict(enumerate(state.scores)),
            summary=f"{state.names[state.winner]} wins.",
        )

    def skip_turn(self, state: PigState, seat: int) -> tuple[PigState, list[Event]]:
        if seat not in self.to_move(state):
            raise RuleError("It's not that seat's turn.")
        new = state.model_copy(update={"turn_points": 0, "turn": (seat + 1) % len(state.scores)})
        return new, [Held(text=f"{state.names[seat]}'s turn is skipped.")]

    def late_join(self, state: PigState, seat: Seat) -> tuple[PigState, list[Event]]:
        if state.winner is not None:
            raise RuleError("The game is over.")
        new = state.model_copy(
            update={"names": [*state.names, seat.name], "scores": [*state.scores, 0]}
        )
        return new, [Held(text=f"{seat.name} joins the game.")]

    def ai_action(self, state: PigState, seat: int) -> Any:
        return Hold() if state.turn_points >= 8 else Roll()


ENGINE = PigEngine()
