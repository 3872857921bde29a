"""The odds a Hellboy player sees, shaped for buttons and the board.

Every figure comes from `engines.hellboy_dice.odds` (exact enumeration, the blue
die and the boss's effects included); this module only chooses which figures
are worth a player's glance: a handful of attacks out of up to 28 possible dice
sets, the re-roll and X2 choices, and the risk of drawing again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import cached_property
from typing import NamedTuple

from bot.models import GameRow
from bot.render import per_version
from engines.hellboy_dice import ENGINE
from engines.hellboy_dice.attack import attack_score
from engines.hellboy_dice.flow import can_draw
from engines.hellboy_dice.models import COLOURS, Attack, Colour, Hand, HellboyState
from engines.hellboy_dice.odds import (
    DrawRisk,
    dice_model,
    draw_risk,
    every_attack_odds,
    flags_of,
    knockout_fighting_on,
    model_id,
    nothing_can_win,
)

QUICK_ATTACKS = 8
"""Attack buttons on the board: enough for every sensible trade-off, few enough to scan."""


class AttackChoice(NamedTuple):
    """One dice set's figures. A tuple, not a frozen dataclass: an attack situation
    met for the first time makes one for each of up to 28 dice sets, on the board's
    first drawing (issue 27)."""

    dice: tuple[Colour, ...]
    defeat: float
    """The chance this attack defeats the card."""
    knocked_out: float
    """The chance this attack ends the turn Knocked Out."""
    cost: float
    """The dice's mean pips: what the attack takes from the rest of the turn, and (the
    attack failing) about how much it takes off the card's Fight Value."""
    knocked_out_in_the_end: float | None = None
    """When no attack can win: the chance of a Knock Out before the card falls, after
    this attack and fighting on as the computer players would."""


def all_attacks(state: HellboyState) -> list[AttackChoice]:
    """Every dice set the player could roll, best chance first (then the cheaper).
    When none can win at once, each also says how likely fighting on ends in a
    Knock Out, since that is what the choice then weighs."""
    model = dice_model(state.components)
    hopeless = nothing_can_win(state)
    found = []
    for dice, odds in every_attack_odds(state):
        cost = sum(model.mean[COLOURS.index(c)] for c in dice)
        later = knockout_fighting_on(state, dice) if hopeless else None
        found.append(AttackChoice(dice, odds.defeat, odds.knocked_out, cost, later))
    found.sort(key=lambda a: (-a.defeat, a.cost, a.knocked_out))
    return found


def trade_offs(
    choices: list[AttackChoice],
    limit: int = QUICK_ATTACKS,
    keep: tuple[Colour, ...] | None = None,
) -> list[AttackChoice]:
    """The attacks worth a button, at most `limit`, best chance first.

    When some set can win: those no other set beats on both counts (a better
    chance for no more dice), from the best chance down to the cheapest that
    still has a chance, always keeping those two. When none can win this attack,
    the dice that score still stay on the card and lower its Fight Value, so the
    sets run from the strongest to the cheapest instead. `keep` (the computer
    players' pick) is always among them."""
    frontier: list[AttackChoice] = []
    for choice in sorted(choices, key=lambda a: (a.cost, -a.defeat)):
        if not frontier or choice.defeat > frontier[-1].defeat + 1e-12:
            frontier.append(choice)
    hopeful = [c for c in reversed(frontier) if c.defeat > 0]
    shown = _ends_and_between(hopeful or _by_strength(choices), limit)
    extra = next((c for c in choices if c.dice == keep), None)
    if extra is None or extra in shown:
        return shown
    if len(shown) >= limit:
        shown = [*shown[: limit - 2], shown[-1]]
    if hopeful:
        return sorted([*shown, extra], key=lambda c: (-c.defeat, c.cost))
    return sorted([*shown, extra], key=lambda c: (-c.cost, c.knocked_out))


def attack_buttons(state: HellboyState, hint: tuple[Colour, ...] | None) -> list[AttackChoice]:
    """The attacks the board offers: the trade-offs, and when none can win at once,
    the best chance to beat the card in the end first (the choice then comes down
    to that, not to a 0 % chance now)."""
    shown = trade_offs(all_attacks(state), keep=hint)
    if shown and shown[0].knocked_out_in_the_end is not None:
        return sorted(shown, key=lambda c: (round(c.knocked_out_in_the_end or 0.0, 2), -c.cost))
    return shown


def _by_strength(choices: list[AttackChoice]) -> list[AttackChoice]:
    """One set per dice cost (the least risky), strongest first."""
    best: dict[float, AttackChoice] = {}
    for choice in choices:
        held = best.get(round(choice.cost, 9))
        if held is None or choice.knocked_out < held.knocked_out:
            best[round(choice.cost, 9)] = choice
    return [best[cost] for cost in sorted(best, reverse=True)]


def _ends_and_between(ranked: list[AttackChoice], limit: int) -> list[AttackChoice]:
    """At most `limit` of `ranked`: the first, the last, and evenly spread between."""
    if len(ranked) <= limit:
        return ranked
    picks = sorted({round(i * (len(ranked) - 1) / (limit - 1)) for i in range(limit)})
    return [ranked[i] for i in picks]


def suggested(state: HellboyState) -> tuple[Colour, ...] | None:
    """The dice the computer players would roll here: a fair hint for a person."""
    if state.phase != "attack":
        return None
    action = ENGINE.ai_action(state, state.turn)
    return action.dice if isinstance(action, Attack) else None


def reroll_chances(state: HellboyState) -> dict[int, float]:
    """Blue Re-roll: for each die that may still be re-rolled, the chance the attack
    then wins (the re-rolled result stands; the Re-roll face adds nothing)."""
    roll = state.roll
    if roll is None or not roll.faces:
        return {}
    model = dice_model(state.components)
    total, fight = sum(roll.values), state.fight_left
    chances = {}
    for i, (colour, done) in enumerate(zip(roll.colours, roll.rerolled, strict=True)):
        if done:
            continue
        rest = total - roll.values[i]
        values = model.values[COLOURS.index(colour)]
        chances[i] = sum(q for v, q in values if rest + v >= fight)
    return chances


def x2_scores(state: HellboyState) -> dict[int, int]:
    """Blue X2: the Attack Score if each die were the one doubled."""
    roll = state.roll
    if roll is None or not roll.faces or roll.blue is None:
        return {}
    scores = {}
    for i in range(len(roll.faces)):
        doubled = state.model_copy(update={"roll": roll.model_copy(update={"doubled": i})})
        scores[i] = attack_score(doubled)
    return scores


def next_card(state: HellboyState) -> DrawRisk | None:
    """The risk of exploring again, once banking is an option (before the first card
    there is no choice to inform)."""
    if state.phase != "explore" or not state.first_resolved or not can_draw(state):
        return None
    return draw_risk(state)


Situation = tuple[int, Hand, int, int, int, int]
"""What an attack's figures depend on: the dice set, the dice left, the card's Fight
Value left, effects and Skulls, and the Wounds."""

KEPT_SITUATIONS = 4096
"""Attack situations whose buttons are kept (a few hundred bytes each): hands, cards
and Wounds repeat from turn to turn and from table to table."""

_ATTACKS: OrderedDict[Situation, tuple[tuple[Colour, ...] | None, list[AttackChoice]]] = \
    OrderedDict()
_ATTACKS_LOCK = threading.Lock()


def situation(state: HellboyState) -> Situation | None:
    """The attack's situation, or None when there is no attack to choose."""
    card = state.in_play
    if state.phase != "attack" or card is None or card.event is not None:
        return None
    return (model_id(state.components), state.hand, state.fight_left, flags_of(card),
            card.skulls, state.wounds)


def attack_figures(state: HellboyState) -> tuple[tuple[Colour, ...] | None, list[AttackChoice]]:
    """The computer players' pick and the attack buttons, worked out once per situation
    (every input of `suggested` and `attack_buttons` is in its key: a situation met
    again, at this table or another, costs a look-up instead of some 30 odds). The
    list is shared: callers must not change it."""
    key = situation(state)
    if key is None:
        return None, []
    with _ATTACKS_LOCK:
        found = _ATTACKS.get(key)
        if found is not None:
            _ATTACKS.move_to_end(key)
            return found
    hint = suggested(state)
    found = (hint, attack_buttons(state, hint))
    with _ATTACKS_LOCK:
        _ATTACKS[key] = found
        while len(_ATTACKS) > KEPT_SITUATIONS:
            _ATTACKS.popitem(last=False)
    return found


class Figures:
    """The figures one state shows, each worked out at most once: the board's odds and
    its buttons show the same ones (an exact enumeration costs milliseconds)."""

    def __init__(self, state: HellboyState) -> None:
        self.state = state

    @cached_property
    def suggested(self) -> tuple[Colour, ...] | None:
        return attack_figures(self.state)[0]

    @cached_property
    def attack_buttons(self) -> list[AttackChoice]:
        return attack_figures(self.state)[1]

    @cached_property
    def reroll_chances(self) -> dict[int, float]:
        return reroll_chances(self.state)

    @cached_property
    def x2_scores(self) -> dict[int, int]:
        return x2_scores(self.state)

    @cached_property
    def next_card(self) -> DrawRisk | None:
        return next_card(self.state)


def figures(game: GameRow, state: HellboyState) -> Figures:
    """The figures of this version of the game, shared by its board and its buttons."""
    return per_version.once(game, state, "hellboy figures", lambda: Figures(state))
