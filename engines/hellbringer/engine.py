"""The Hellbringer engine: the protocol surface over the rule modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from engines.core.chance import ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat
from engines.hellbringer import ai, corrections, flow, legal, moves
from engines.hellbringer.cards import catalogue
from engines.hellbringer.models import (
    Action,
    Choose,
    Correction,
    Deal,
    EndTurn,
    HellbringerOptions,
    HellbringerState,
    Hero,
    LocationReport,
    Pass,
    Respawn,
    SheetReport,
    Spawn,
    StartTurn,
    TradeReply,
)
from engines.hellbringer.out import QUIET, Out
from engines.hellbringer.piles import build_dungeon
from engines.hellbringer.view import board, secrets


class HellbringerEngine(Engine[HellbringerState, Action, HellbringerOptions]):
    key: ClassVar[str] = "hellbringer"
    title: ClassVar[str] = "Hellbringer"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 4
    supports_ai: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    state_model = HellbringerState
    options_model = HellbringerOptions
    action_adapter: TypeAdapter[Action] = TypeAdapter(Action)
    correction_adapter: ClassVar[TypeAdapter[Any] | None] = TypeAdapter(Correction)

    def setup(self, seats: list[Seat], options: HellbringerOptions) -> HellbringerState:
        """Setup 2-6: piles, four cards each (and the Mule's), classes, the Graveyard."""
        self.check_seats(len(seats))
        n = len(seats)
        state = HellbringerState(names=tuple(s.name for s in seats), options=options,
                                 heroes=[Hero(seat=i) for i in range(n)],
                                 dungeon=build_dungeon(options, n))
        queue: list[Any] = [Deal(seat=i, count=4, where="pool", instants=False)
                            for i in range(n)]
        if options.mule:
            queue.append(Deal(seat=0, count=catalogue().dungeon.mule_cards, dest="mule",
                              where="pool", instants=False))
        if options.mode == "physical":
            queue.append(SheetReport(seat=0, rest=list(range(1, n))))
            queue.append(LocationReport(location="graveyard#1", seat=0))
        else:
            queue.append(Choose(what="class", seat=0, rest=list(range(1, n))))
            graveyard = catalogue().location("graveyard")
            assert graveyard is not None
            queue.append(Spawn(pile="starter", count=graveyard.spawns[n - 1], seat=0))
        queue.append(StartTurn(seat=0))
        state.queue = queue
        flow.run(state, QUIET)
        return state

    def to_move(self, state: HellbringerState) -> list[int]:
        return moves.to_move(state)

    def may_act(self, state: HellbringerState, seat: int) -> bool:
        return moves.may_act(state, seat)

    def acts_during_chance(self, state: HellbringerState, seat: int) -> bool:
        """Physical: while a 📝 Show waits for its form, its player may take it back."""
        return moves.may_cancel_show(state, seat)

    def waiting_for(self, state: HellbringerState) -> list[int]:
        return moves.to_move(state)

    def legal_actions(self, state: HellbringerState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def apply(self, state: HellbringerState, seat: int,
              action: Action) -> tuple[HellbringerState, list[Event]]:
        out = Out()
        s = state.fork()
        moves.play(s, seat, action, out)
        return s, out.events

    def apply_quiet(self, state: HellbringerState, seat: int, action: Action) -> HellbringerState:
        s = state.fork()
        moves.play(s, seat, action, QUIET)
        return s

    def chance(self, state: HellbringerState) -> ChanceRequest | None:
        if state.winners is not None:
            return None
        return flow.request(state)

    def resolve(self, state: HellbringerState,
                outcome: ChanceOutcome) -> tuple[HellbringerState, list[Event]]:
        out = Out()
        s = state.fork()
        flow.resolve(s, outcome, out)
        return s, out.events

    def resolve_quiet(self, state: HellbringerState, outcome: ChanceOutcome) -> HellbringerState:
        s = state.fork()
        flow.resolve(s, outcome, QUIET)
        return s

    def correct(self, state: HellbringerState,
                correction: Any) -> tuple[HellbringerState, list[Event]]:
        out = Out()
        s = state.fork()
        corrections.correct(s, correction, out)
        return s, out.events

    def skip_turn(self, state: HellbringerState,
                  seat: int) -> tuple[HellbringerState, list[Event]]:
        """An away player's turn ends at once with no discards (or they pass the window)."""
        quiet = (Pass(), EndTurn(), Respawn(respawn=False), TradeReply())
        for action in legal.legal_actions(state, seat):
            if action in quiet:
                return self.apply(state, seat, action)
        raise RuleError("This step can't be skipped; let the AI take the seat instead.")

    def view(self, state: HellbringerState, seat: int | None) -> dict[str, Any]:
        return board(state, seat)

    def secrets(self, state: HellbringerState) -> dict[int, frozenset[str]]:
        return secrets(state)

    def result(self, state: HellbringerState) -> GameResult | None:
        if state.winners is None:
            return None
        return GameResult(winners=list(state.winners), summary=state.summary)

    def ai_action(self, state: HellbringerState, seat: int) -> Action:
        return ai.choose(state, seat)
