"""The Hellraiser engine: the protocol surface over the rule modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from engines.core.chance import ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat
from engines.hellraiser import dice, turns
from engines.hellraiser.decks import draw_request, needs_chance, new_decks
from engines.hellraiser.legal import actions
from engines.hellraiser.mapgen import layout_request
from engines.hellraiser.models import (
    PHANTOM,
    Action,
    Choice,
    Choose,
    CreateCharacter,
    Draw,
    EndTurn,
    HellraiserOptions,
    HellraiserState,
    LayMap,
    LayTile,
    Roll,
    clone,
)
from engines.hellraiser.query import Out, seat_name
from engines.hellraiser.stats import HOUSE_DEFAULT
from engines.hellraiser.tiles import STATS
from engines.hellraiser.view import board_view, secrets

AUTOPLAY_LIMIT = 500
"""The house Leviathan of a solo game never needs this many moves in one go."""


class HellraiserEngine(Engine[HellraiserState, Action, HellraiserOptions]):
    key: ClassVar[str] = "hellraiser"
    title: ClassVar[str] = "Hellraiser"
    aliases: ClassVar[tuple[str, ...]] = ("hr", "raiser", "cenobites")
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 6
    seats_note: ClassVar[str] = "(1 is the house solo variant.)"
    supports_ai: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    state_model = HellraiserState
    options_model = HellraiserOptions
    action_adapter: TypeAdapter[Action] = TypeAdapter(Action)

    def setup(self, seats: list[Seat], options: HellraiserOptions) -> HellraiserState:
        self.check_seats(len(seats))
        state = HellraiserState(
            names=tuple(s.name for s in seats), options=options,
            created=tuple(None for _ in seats), roles=["human"] * len(seats),
            decks=new_decks(),
        )
        if options.quick_start:
            state.created = tuple(HOUSE_DEFAULT for _ in seats)
            turns.begin_map(state)
        return state

    def to_move(self, state: HellraiserState) -> list[int]:
        if state.phase == "create":
            return [i for i, c in enumerate(state.created) if c is None]
        seat = turns.waiting_seat(state)
        return [] if seat is None or seat == PHANTOM else [seat]

    def legal_actions(self, state: HellraiserState, seat: int) -> list[Action]:
        return actions(state, seat)

    # Moves

    def apply(
        self, state: HellraiserState, seat: int, action: Action
    ) -> tuple[HellraiserState, list[Event]]:
        out = Out()
        return self.play(state, seat, action, out), out.events

    def apply_quiet(self, state: HellraiserState, seat: int, action: Action) -> HellraiserState:
        """`apply` for simulations: the same checks and rules, no events built."""
        return self.play(state, seat, action, Out(quiet=True))

    def play(self, state: HellraiserState, seat: int, action: Action,
             out: Out) -> HellraiserState:
        if state.phase == "over":
            raise RuleError("The game is over.")
        if seat not in self.to_move(state):
            raise RuleError(self._not_now(state))
        s = clone(state)
        turns.act(s, seat, action, out)
        turns.run(s, out)
        self._autoplay(s, out)
        return s

    def _not_now(self, state: HellraiserState) -> str:
        if state.phase == "create":
            return "Your character is already created; waiting for the others."
        if self.chance(state) is not None:
            return "Waiting for a roll or a card first."
        movers = self.to_move(state)
        if not movers:
            return "Nobody can act right now."
        return f"It is {seat_name(state, movers[0])}'s move."

    def _autoplay(self, s: HellraiserState, out: Out) -> None:
        """The house Leviathan of a solo game plays its own turns (and decisions)."""
        from engines.hellraiser.ai import choose

        for _ in range(AUTOPLAY_LIMIT):
            if s.phase != "play" or self.chance(s) is not None:
                return
            if turns.waiting_seat(s) != PHANTOM:
                return
            turns.act(s, PHANTOM, choose(s, PHANTOM), out)
            turns.run(s, out)
        raise RuntimeError("the house Leviathan did not finish its turn")

    # Chance

    def chance(self, state: HellraiserState) -> ChanceRequest | None:
        if not state.pending or state.phase == "over":
            return None
        head = state.pending[0]
        if isinstance(head, LayTile):
            assert state.layout is not None
            return layout_request(state.layout)
        if isinstance(head, LayMap):
            return turns.map_request()
        if isinstance(head, Draw):
            return draw_request(state, head) if needs_chance(state, head) else None
        if isinstance(head, Roll) and sum(head.groups) > 0:
            return dice.request(head, state.seats)
        return None

    def resolve(
        self, state: HellraiserState, outcome: ChanceOutcome
    ) -> tuple[HellraiserState, list[Event]]:
        out = Out()
        return self.settle(state, outcome, out), out.events

    def resolve_quiet(self, state: HellraiserState, outcome: ChanceOutcome) -> HellraiserState:
        return self.settle(state, outcome, Out(quiet=True))

    def settle(self, state: HellraiserState, outcome: ChanceOutcome,
               out: Out) -> HellraiserState:
        if self.chance(state) is None:
            raise RuleError("Nothing needs rolling or drawing right now.")
        s = clone(state)
        turns.resolve(s, outcome, out)
        turns.run(s, out)
        self._autoplay(s, out)
        return s

    # Reading the state

    def view(self, state: HellraiserState, seat: int | None) -> dict[str, Any]:
        return board_view(state, seat)

    def secrets(self, state: HellraiserState) -> dict[int, frozenset[str]]:
        return secrets(state)

    def result(self, state: HellraiserState) -> GameResult | None:
        if state.winners is None:
            return None
        return GameResult(winners=list(state.winners), summary=state.summary)

    def ai_action(self, state: HellraiserState, seat: int) -> Action:
        from engines.hellraiser.ai import choose

        return choose(state, seat)

    def skip_turn(self, state: HellraiserState, seat: int) -> tuple[HellraiserState, list[Event]]:
        """An away player's turn: a character not yet made gets the house default (3 in
        everything), a pending decision takes its first option, a turn ends."""
        if seat not in self.to_move(state):
            raise RuleError("It isn't that player's move.")
        if state.phase == "create":
            return self.apply(state, seat, CreateCharacter(
                **dict(zip(STATS, HOUSE_DEFAULT, strict=True))))
        head = state.pending[0] if state.pending else None
        if isinstance(head, Choice):
            return self.apply(state, seat, Choose(option=head.options[0]))
        return self.apply(state, seat, EndTurn())
