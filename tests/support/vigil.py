"""Vigil, a tiny co-operative game for testing the table's co-op support.

The seats keep a vigil together against the doom. Rounds go:

- **council** (free-form): anyone may `chant` as often as they like, and anyone
  presses the shared **Next phase**; nobody has to do anything, so no reminder
  chases anyone.
- **trial**: every seat that has not yet rolled must `roll` a test: a d6 (a die
  the bot may roll for a physical table); 4+ raises the power, a 1 raises the
  doom. A seat that has rolled may react out of turn once a game with `ward`
  (doom −1).
- **omen**: a card is drawn from the group's own box (crow, candle or skull),
  always reported at a physical table, by any seated player (or only a GM,
  with `omen_reporter=gm`): a candle raises the power, a skull the doom by 2.

Power reaching `target` wins for everyone; doom reaching 6 loses. A GM may
correct the doom or the power (`set_doom value=…`, `set_power value=…`).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter

from bot.models import GameRow
from bot.render.games import GenericPresenter
from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat

DOOM_LIMIT = 6
OMENS = {"crow": (0, 0), "candle": (1, 0), "skull": (0, 2)}
"""Per omen card: (power, doom) it adds."""


class VigilOptions(BaseModel):
    mode: Literal["digital", "physical"] = "digital"
    target: int = Field(default=6, ge=1, le=50, description="power that wins the vigil")
    omen_reporter: Literal["any", "gm"] = Field(
        default="any", description="who reports the omen card at a physical table"
    )


class VigilState(BaseModel):
    names: list[str]
    phase: Literal["council", "trial", "omen"] = "council"
    power: int = 0
    doom: int = 0
    chants: int = 0
    acted: list[bool]
    wards: list[bool]
    rolling: int | None = None
    target: int = 6
    omen_reporter: Literal["any", "gm"] = "any"


class Chant(BaseModel):
    type: Literal["chant"] = "chant"


class NextPhase(BaseModel):
    type: Literal["next_phase"] = "next_phase"


class RollTest(BaseModel):
    type: Literal["roll"] = "roll"


class Ward(BaseModel):
    type: Literal["ward"] = "ward"


VigilAction = Annotated[Chant | NextPhase | RollTest | Ward, Field(discriminator="type")]


class SetDoom(BaseModel):
    """set the doom track"""

    type: Literal["set_doom"] = "set_doom"
    value: int = Field(ge=0, le=DOOM_LIMIT)


class SetPower(BaseModel):
    """set the power track"""

    type: Literal["set_power"] = "set_power"
    value: int = Field(ge=0, le=50)


VigilCorrection = Annotated[SetDoom | SetPower, Field(discriminator="type")]


class Said(Event):
    type: Literal["said"] = "said"


class VigilEngine(Engine[VigilState, Any, VigilOptions]):
    key = "vigil"
    title = "Vigil"
    min_seats = 1
    max_seats = 6
    state_model = VigilState
    options_model = VigilOptions
    action_adapter: TypeAdapter[Any] = TypeAdapter(VigilAction)
    correction_adapter: ClassVar[TypeAdapter[Any] | None] = TypeAdapter(VigilCorrection)

    def setup(self, seats: list[Seat], options: VigilOptions) -> VigilState:
        n = len(seats)
        return VigilState(
            names=[s.name for s in seats],
            acted=[False] * n,
            wards=[True] * n,
            target=options.target,
            omen_reporter=options.omen_reporter,
        )

    def to_move(self, state: VigilState) -> list[int]:
        if self.result(state) is not None or self.chance(state) is not None:
            return []
        everyone = list(range(len(state.names)))
        if state.phase == "council":
            return everyone
        return [s for s in everyone if not state.acted[s]]

    def waiting_for(self, state: VigilState) -> list[int]:
        """Nobody must act in the council; in the trial, every seat yet to roll."""
        return [] if state.phase == "council" else self.to_move(state)

    def may_act(self, state: VigilState, seat: int) -> bool:
        """A seat that has rolled may still ward, out of turn."""
        return seat in self.to_move(state) or self._may_ward(state, seat)

    def _may_ward(self, state: VigilState, seat: int) -> bool:
        return (
            state.phase == "trial"
            and state.rolling is None
            and state.acted[seat]
            and state.wards[seat]
            and self.result(state) is None
        )

    def legal_actions(self, state: VigilState, seat: int) -> list[Any]:
        if seat in self.to_move(state):
            return [Chant(), NextPhase()] if state.phase == "council" else [RollTest()]
        return [Ward()] if self._may_ward(state, seat) else []

    def apply(self, state: VigilState, seat: int, action: Any) -> tuple[VigilState, list[Event]]:
        if not any(type(a) is type(action) for a in self.legal_actions(state, seat)):
            raise RuleError("That isn't something you can do right now.")
        name = state.names[seat]
        if isinstance(action, Chant):
            new = state.model_copy(update={"chants": state.chants + 1})
            return new, [Said(text=f"{name} chants.")]
        if isinstance(action, NextPhase):
            acted = [False] * len(state.names)
            new = state.model_copy(update={"phase": "trial", "acted": acted})
            return new, [Said(text=f"{name} calls the trial.")]
        if isinstance(action, RollTest):
            return state.model_copy(update={"rolling": seat}), []
        wards = list(state.wards)
        wards[seat] = False
        new = state.model_copy(update={"wards": wards, "doom": max(0, state.doom - 1)})
        return new, [Said(text=f"{name} wards off the doom.")]

    def chance(self, state: VigilState) -> ChanceRequest | None:
        if self.result(state) is not None:
            return None
        if state.rolling is not None:
            return ChanceRequest(
                prompt=f"{state.names[state.rolling]}'s test",
                reporter=state.rolling,
                items=[ChanceItem(key="d6", label="d6", options=[str(i) for i in range(1, 7)])],
            )
        if state.phase == "omen":
            card = ChanceItem(
                key="omen",
                label="omen card",
                options=list(OMENS),
                weights=[2, 2, 1],
                source="card",
            )
            return ChanceRequest(
                prompt="draw an omen card", items=[card], reporters=state.omen_reporter
            )
        return None

    def resolve(
        self, state: VigilState, outcome: ChanceOutcome
    ) -> tuple[VigilState, list[Event]]:
        if state.rolling is not None:
            return self._tested(state, state.rolling, int(outcome.values[0]))
        if state.phase != "omen":
            raise RuleError("Nothing to draw.")
        power, doom = OMENS[outcome.values[0]]
        new = state.model_copy(
            update={
                "phase": "council",
                "power": state.power + power,
                "doom": state.doom + doom,
            }
        )
        return new, [Said(text=f"The omen is a {outcome.values[0]}.")]

    def _tested(self, state: VigilState, seat: int, value: int) -> tuple[VigilState, list[Event]]:
        acted = list(state.acted)
        acted[seat] = True
        power = state.power + (1 if value >= 4 else 0)
        doom = state.doom + (1 if value == 1 else 0)
        phase = "omen" if all(acted) else "trial"
        new = state.model_copy(
            update={"rolling": None, "acted": acted, "power": power, "doom": doom, "phase": phase}
        )
        return new, [Said(text=f"{state.names[seat]} rolls {value}.")]

    def correct(self, state: VigilState, correction: Any) -> tuple[VigilState, list[Event]]:
        if isinstance(correction, SetDoom):
            new = state.model_copy(update={"doom": correction.value})
            return new, [Said(text=f"The doom is set to {correction.value}.")]
        new = state.model_copy(update={"power": correction.value})
        return new, [Said(text=f"The power is set to {correction.value}.")]

    def skip_turn(self, state: VigilState, seat: int) -> tuple[VigilState, list[Event]]:
        if state.phase != "trial" or seat not in self.to_move(state):
            raise RuleError("That seat has nothing to skip.")
        acted = list(state.acted)
        acted[seat] = True
        new = state.model_copy(update={"acted": acted, "phase": "omen" if all(acted) else "trial"})
        return new, [Said(text=f"{state.names[seat]}'s test is skipped.")]

    def view(self, state: VigilState, seat: int | None) -> dict[str, Any]:
        return state.model_dump()

    def result(self, state: VigilState) -> GameResult | None:
        everyone = list(range(len(state.names)))
        if state.power >= state.target:
            return GameResult(winners=everyone, summary="The vigil holds.")
        if state.doom >= DOOM_LIMIT:
            return GameResult(winners=[], summary="The doom comes.")
        return None


class VigilPresenter(GenericPresenter):
    """Shared controls in the council, a test button per seat in the trial, and a
    ward button for each seat that may react out of turn."""

    def action_buttons(self, game: GameRow, state: Any) -> list[tuple[str, str, int | None]]:
        if state is None or ENGINE.chance(state) is not None or ENGINE.result(state):
            return []
        if state.phase == "council":
            return [("Chant", "chant", None), ("Next phase", "next_phase", None)]
        buttons: list[tuple[str, str, int | None]] = []
        for seat in range(len(game.seats)):
            for action in ENGINE.legal_actions(state, seat):
                label = "Roll a test" if isinstance(action, RollTest) else "Ward"
                buttons.append((f"{label}: {game.seats[seat].shown}", action.type, seat))
        return buttons

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        return {"type": code}


ENGINE = VigilEngine()
PRESENTER = VigilPresenter()
