"""The Hellboy: The Dice Game engine: the protocol surface over the rule modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from engines.core.chance import ChanceOutcome, ChanceRequest, validate_outcome
from engines.core.errors import RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat
from engines.hellboy_dice import attack, event_cards, flow
from engines.hellboy_dice.ai import choose
from engines.hellboy_dice.attack import attack_choices
from engines.hellboy_dice.cards import parse_card_report
from engines.hellboy_dice.chance_nodes import (
    check_draw,
    dice_request,
    draw_request,
    first_player_request,
)
from engines.hellboy_dice.components import build_components, card_by_id
from engines.hellboy_dice.models import (
    CHANCE_PHASES,
    COLOURS,
    MAX_ATTACK_DICE,
    Action,
    Attack,
    BraveMove,
    ChooseReroll,
    ChooseX2,
    Colour,
    EndTurn,
    Explore,
    Hand,
    HellboyOptions,
    HellboyState,
    LuckyFind,
)
from engines.hellboy_dice.pack import HellboyPack
from engines.hellboy_dice.view import PROMPTS, board

_PHASE_OF: dict[type, str] = {
    Explore: "explore", EndTurn: "explore", Attack: "attack", ChooseX2: "choose_x2",
    ChooseReroll: "choose_reroll", BraveMove: "brave_move", LuckyFind: "lucky_find",
}
"""The phase in which each action is allowed."""


_ATTACKS: dict[Hand, tuple[Attack, ...]] = {}


def _attacks(hand: Hand) -> tuple[Attack, ...]:
    """Every legal attack for a hand: a few hundred hands at most, and actions are
    frozen, so each list is validated once (boards and random play ask every step)."""
    found = _ATTACKS.get(hand)
    if found is None:
        found = _ATTACKS[hand] = tuple(Attack(dice=d) for d in attack_choices(hand))
    return found


class HellboyDiceEngine(Engine[HellboyState, Action, HellboyOptions]):
    key: ClassVar[str] = "hellboy-dice"
    title: ClassVar[str] = "Hellboy: The Dice Game"
    aliases: ClassVar[tuple[str, ...]] = ("hb", "hellboy", "hb dice", "dice game")
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 6
    seats_note: ClassVar[str] = "(1 is the house solo variant.)"
    supports_ai: ClassVar[bool] = True
    static_state_fields: ClassVar[frozenset[str]] = frozenset({"components", "options"})
    state_model = HellboyState
    options_model = HellboyOptions
    pack_model = HellboyPack
    action_adapter: TypeAdapter[Action] = TypeAdapter(Action)

    # Setup and turn order

    def setup(self, seats: list[Seat], options: HellboyOptions) -> HellboyState:
        self.check_seats(len(seats))
        components = build_components(options)
        digital = options.mode == "digital"
        zeros = tuple(0 for _ in components.cards)
        state = HellboyState(
            names=tuple(s.name for s in seats),
            options=options,
            components=components,
            scores=tuple(0 for _ in seats),
            deck=components.copies if digital else zeros,
            discard=zeros,
        )
        if options.first_seat > len(seats):
            raise RuleError(f"first_seat names seat {options.first_seat}, but there are only"
                            f" {len(seats)} players.")
        if options.first_seat or len(seats) == 1:
            state.first = max(0, options.first_seat - 1)
            flow.start_turn(state, state.first, flow.QUIET)
        else:
            state.phase = "first_player"  # house: who starts is drawn by lot
        return state

    def to_move(self, state: HellboyState) -> list[int]:
        if state.phase in CHANCE_PHASES or state.phase == "over":
            return []
        return [state.turn]

    def legal_actions(self, state: HellboyState, seat: int) -> list[Action]:
        if seat != state.turn or state.phase in CHANCE_PHASES:
            return []
        phase = state.phase
        if phase == "explore":
            actions: list[Action] = [Explore()] if flow.can_draw(state) else []
            if state.first_resolved:
                actions.append(EndTurn())
            return actions
        if phase == "attack":
            return list(_attacks(state.hand))
        if phase == "choose_x2":
            assert state.roll is not None
            return [ChooseX2(die=i) for i in range(len(state.roll.colours))]
        if phase == "choose_reroll":
            assert state.roll is not None
            rerolls: list[Action] = [ChooseReroll(die=None)]
            rerolls += [ChooseReroll(die=i) for i, r in enumerate(state.roll.rerolled) if not r]
            return rerolls
        if phase == "brave_move":
            return [BraveMove(accept=True), BraveMove(accept=False)]
        if phase == "lucky_find":
            finds: list[Action] = [LuckyFind(die=None)]
            finds += [LuckyFind(die=c) for c, n in zip(COLOURS, state.hand, strict=True) if n > 0]
            return finds
        return []

    # Moves

    def apply(
        self, state: HellboyState, seat: int, action: Action
    ) -> tuple[HellboyState, list[Event]]:
        out = flow.Out()
        return self.play(state, seat, action, out), out.events

    def apply_quiet(self, state: HellboyState, seat: int, action: Action) -> HellboyState:
        """`apply` for simulations: the same checks and rules, no events built."""
        return self.play(state, seat, action, flow.QUIET)

    def play(self, state: HellboyState, seat: int, action: Action, out: flow.Out) -> HellboyState:
        self._check(state, seat, action)
        s = state.fork()
        if isinstance(action, Attack):
            attack.declare(s, action.dice, out)
        elif isinstance(action, Explore):
            flow.begin_draw(s, out)
        elif isinstance(action, EndTurn):
            flow.bank(s, out)
        elif isinstance(action, ChooseX2):
            attack.choose_x2(s, action.die, out)
        elif isinstance(action, ChooseReroll):
            attack.choose_reroll(s, action.die, out)
        elif isinstance(action, BraveMove):
            event_cards.brave_move(s, action.accept, out)
        else:
            event_cards.lucky_find(s, action.die, out)
        return s

    def _check(self, state: HellboyState, seat: int, action: Action) -> None:
        """Every illegal move gets a sentence that says what is allowed instead."""
        phase = state.phase
        if phase == "over":
            raise RuleError("The game is over.")
        if phase in CHANCE_PHASES:
            raise RuleError(f"Waiting for a result first: {PROMPTS[phase].lower()}.")
        if seat != state.turn:
            raise RuleError(f"It is {state.names[state.turn]}'s turn.")
        if phase != _PHASE_OF[type(action)]:
            card = state.in_play.name if state.in_play is not None else "the card"
            if phase == "attack" and isinstance(action, EndTurn):
                raise RuleError(f"You can't end your turn with {card} in play: defeat it first.")
            if phase == "attack" and isinstance(action, Explore):
                raise RuleError(f"Defeat {card} before you explore further.")
            raise RuleError(f"Not now: {PROMPTS[phase].lower()}.")
        if isinstance(action, Attack):
            self._check_attack(state, action.dice)
        elif isinstance(action, Explore):
            if not flow.can_draw(state):
                raise RuleError("The deck and the discard pile are empty: end your turn.")
        elif isinstance(action, EndTurn):
            if not state.first_resolved:
                raise RuleError("Defeat or resolve your first card before you end your turn.")
        elif isinstance(action, ChooseX2):
            assert state.roll is not None
            if not 0 <= action.die < len(state.roll.colours):
                raise RuleError("Choose one of the dice you just rolled for X2.")
        elif isinstance(action, ChooseReroll):
            if action.die is not None:
                assert state.roll is not None
                if not 0 <= action.die < len(state.roll.colours):
                    raise RuleError("Choose one of the dice you just rolled to re-roll.")
                if state.roll.rerolled[action.die]:
                    raise RuleError(
                        "No die can be re-rolled a second time: choose another or none.")
        elif (isinstance(action, LuckyFind) and action.die is not None
                and state.hand[COLOURS.index(action.die)] == 0):
            raise RuleError(f"You have no {action.die} die left to roll.")

    @staticmethod
    def _check_attack(state: HellboyState, dice: tuple[Colour, ...]) -> None:
        if not 1 <= len(dice) <= MAX_ATTACK_DICE:
            raise RuleError("An attack takes the blue die and one to three Attack Dice.")
        for i, colour in enumerate(COLOURS):
            wanted = dice.count(colour)
            if wanted > state.hand[i]:
                have = state.hand[i]
                raise RuleError(
                    f"You have {have or 'no'} {colour} di{'e' if have == 1 else 'ce'} left"
                    " this turn; dice already rolled are gone until your next turn."
                )

    # Chance

    def chance(self, state: HellboyState) -> ChanceRequest | None:
        phase = state.phase
        if phase not in CHANCE_PHASES:
            return None
        if phase == "draw":
            return draw_request(state)
        if phase == "first_player":
            return first_player_request(state)
        return dice_request(state)

    def resolve(
        self, state: HellboyState, outcome: ChanceOutcome
    ) -> tuple[HellboyState, list[Event]]:
        out = flow.Out()
        return self.settle(state, outcome, out), out.events

    def resolve_quiet(self, state: HellboyState, outcome: ChanceOutcome) -> HellboyState:
        """`resolve` for simulations: the same checks and rules, no events built."""
        return self.settle(state, outcome, flow.QUIET)

    def settle(self, state: HellboyState, outcome: ChanceOutcome, out: flow.Out) -> HellboyState:
        phase = state.phase
        if phase not in CHANCE_PHASES:
            raise RuleError("Nothing needs rolling or drawing right now.")
        if phase == "draw":
            check_draw(state, outcome)
        elif phase == "first_player":
            validate_outcome(first_player_request(state), outcome)
        else:
            validate_outcome(dice_request(state), outcome)
        s = state.fork()
        value = outcome.values[0]
        if phase == "first_player":
            flow.first_player(s, int(value), out)
        elif phase == "draw":
            if state.options.mode == "physical":
                card = parse_card_report(value, state.components.cards)
            else:
                card = card_by_id(state.components, value)
                deck = list(s.deck)
                deck[state.components.index[value]] -= 1
                s.deck = tuple(deck)
            event_cards.card_drawn(s, card, out)
        elif phase == "roll":
            attack.rolled(s, value, outcome.values[1:], out)
        elif phase in ("boss_reroll", "reroll"):
            attack.rerolled(s, value, out)
        elif phase == "blue_again":
            attack.blue_again(s, value, out)
        elif phase == "accident":
            event_cards.accident(s, value, out)
        else:
            event_cards.lucky_roll(s, value, out)
        return s

    # Reading the state

    def view(self, state: HellboyState, seat: int | None) -> dict[str, Any]:
        return board(state)

    def result(self, state: HellboyState) -> GameResult | None:
        if state.winners is None:
            return None
        scores = {i: s for i, s in enumerate(state.scores)}
        if not state.winners:
            summary = f"{state.names[0]} did not reach {state.options.target} Clues in time."
        else:
            names = " and ".join(state.names[i] for i in state.winners)
            summary = f"{names} {'share the win' if len(state.winners) > 1 else 'wins'}" \
                f" with {state.scores[state.winners[0]]} Clues."
        return GameResult(winners=list(state.winners), scores=scores, summary=summary)

    def ai_action(self, state: HellboyState, seat: int) -> Action:
        return choose(state, seat)

