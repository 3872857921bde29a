"""Computer players: a push-your-luck policy built on the exact odds.

Pure and deterministic given the state, so AI turns replay exactly.

- Attack with the dice `odds.attack_policy` picks (the cheapest set likely to
  win, or the strongest when the card's Skulls alone would knock the AI out).
- X2 doubles the best die; Re-roll follows `odds.best_reroll`.
- Brave Move only at full Wounds; Lucky Find as `odds.lucky_choice`.
- Explore again while the next card's expected Clues outweigh what a Knock Out
  would cost: `expected_clues > CAUTION * knocked_out * clues_this_turn`. Bank as soon as
  the total reaches the target; in the final round or a tiebreak, keep going
  until the total beats every rival.
"""

from __future__ import annotations

from engines.hellboy_dice.flow import can_draw
from engines.hellboy_dice.models import (
    COLOURS,
    Action,
    Attack,
    BraveMove,
    ChooseReroll,
    ChooseX2,
    EndTurn,
    Explore,
    HellboyState,
    LuckyFind,
)
from engines.hellboy_dice.odds import (
    attack_policy,
    draw_risk,
    flags_of,
    lucky_choice,
    model_id,
    reroll_choice,
)

CAUTION = 1.3
"""How heavily a Knock Out's loss weighs against the next card's expected Clues: above 1
because drawing also spends dice the one-card look-ahead does not see (1.3 scored best in
solo simulations against 0.8-1.7)."""


_EXPLORE, _END_TURN = Explore(), EndTurn()
_ATTACKS: dict[tuple[int, ...], Attack] = {}
"""Actions are frozen, so the AI hands out shared ones instead of validating new ones."""


def _attack(dice: tuple[int, ...]) -> Attack:
    found = _ATTACKS.get(dice)
    if found is None:
        found = _ATTACKS[dice] = Attack(dice=tuple(COLOURS[c] for c in dice))
    return found


def choose(state: HellboyState, seat: int) -> Action:
    phase = state.phase
    if seat != state.turn:
        raise ValueError(f"seat {seat} has no move: it is seat {state.turn}'s turn")
    if phase == "explore":
        return _EXPLORE if _explore(state) else _END_TURN
    if phase == "attack":
        card = state.in_play
        assert card is not None
        mid = model_id(state.components)
        return _attack(attack_policy(mid, state.fight_left, flags_of(card), state.hand,
                                     card.skulls >= state.wounds))
    if phase == "choose_x2":
        assert state.roll is not None
        values = state.roll.values
        return ChooseX2(die=max(range(len(values)), key=lambda i: values[i]))
    if phase == "choose_reroll":
        return ChooseReroll(die=reroll_choice(state))
    if phase == "brave_move":
        return BraveMove(accept=state.wounds == 3)
    if phase == "lucky_find":
        return LuckyFind(die=lucky_choice(state.components, state.hand))
    raise ValueError(f"no decision to make in phase {phase!r}")


def _explore(state: HellboyState) -> bool:
    """The push-your-luck call: True to turn over another card."""
    if not state.first_resolved:
        return True
    if not can_draw(state):
        return False
    me, clues = state.scores[state.turn], state.turn_clues
    if state.final_trigger is not None:
        contenders = state.tiebreak or tuple(range(state.players))
        rival = max((state.scores[i] for i in contenders if i != state.turn), default=0)
        return me + clues <= rival
    if me + clues >= state.options.target:
        return False
    risk = draw_risk(state)
    return risk.expected_clues > CAUTION * risk.knocked_out * clues

