"""Exact odds for the two questions a player asks: "will this attack win?" and
"if I draw again, will the next card knock me out?".

Both are computed by enumerating every chance outcome (no sampling), in floats.

Attack odds (`attack_odds`): the blue die and each chosen Attack Die over all
their faces; a boss that forces a re-roll re-rolls the highest scoring die
(the engine's rule); X2 doubles the best die; on the blue Re-roll the player
keeps a roll that already wins, otherwise re-rolls the die that gives the best
chance to win this attack (ties: the first rolled). That is the choice the AI
makes too, so the figure is exact for the AI and a close guide for a person.

Draw risk (`draw_risk`): the chance that drawing one more card ends the turn
Knocked Out *before that card is defeated or resolved* (for a Hole in the
Floor: before the card put into play after it is), when every attack on it
follows the AI's attack policy (`attack_policy`) and events follow the AI's
choices (Brave Move only at full Wounds; Lucky Find as `lucky_choice`). Also
the expected Clues that card adds to the turn (0 when knocked out). The draw
is from the real deck composition (digital) or the full pack (physical mode,
where the bot cannot see the group's deck). A Hole in the Floor's unseen
discard is handled exactly: by symmetry the card after it is distributed like
the rest of the deck, and a reshuffle occurs exactly when the deck runs out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import mul

from engines.hellboy_dice.attack import attack_choices, highest_scoring
from engines.hellboy_dice.cards import Card
from engines.hellboy_dice.components import ACCIDENT_HARMS, BURSTS
from engines.hellboy_dice.models import (
    BLUE,
    COLOURS,
    FULL_HAND,
    STARTING_WOUNDS,
    Colour,
    Components,
    Hand,
    HellboyState,
)

NO_BURSTS, NO_X2, REROLL_HIGHEST, BLUE_AGAIN = 1, 2, 4, 8
_FLAG = {"no_bursts": NO_BURSTS, "no_x2": NO_X2, "reroll_highest": REROLL_HIGHEST,
         "blue_again": BLUE_AGAIN}
ROLL_FLAGS = NO_BURSTS | NO_X2 | REROLL_HIGHEST
SKULL, CANCEL = 1, 2
"""The blue faces that matter after an attack: a Skull costs a Wound, Cancel saves one."""

WIN_TARGET = 0.7
"""The attack policy's comfort level: the cheapest dice with at least this chance to win."""


@dataclass(frozen=True)
class DiceModel:
    """Value distributions per Attack Die colour and the blue die's faces, as probabilities."""

    values: tuple[tuple[tuple[int, float], ...], ...]
    clue: tuple[float, ...]
    mean: tuple[float, ...]
    blue: tuple[tuple[str | None, int, float], ...]
    harm: float
    tails: tuple[tuple[float, ...], ...]
    """Per colour, the chance of rolling at least t, for t = 0, 1, ... (one past the top)."""

    def at_least(self, colour: int, t: int) -> float:
        tail = self.tails[colour]
        return 1.0 if t <= 0 else tail[t] if t < len(tail) else 0.0


_MODELS: dict[int, DiceModel] = {}


def model_id(components: Components) -> int:
    """The dice set's small id (cache keys hash fast), its model built on first use."""
    mid = components.dice_id
    if mid in _MODELS:
        return mid
    values, clue, mean = [], [], []
    for colour in COLOURS:
        faces = components.dice[colour].faces
        n = len(faces)
        counts: dict[int, int] = {}
        for f in faces:
            counts[f.value] = counts.get(f.value, 0) + 1
        values.append(tuple((v, c / n) for v, c in sorted(counts.items())))
        clue.append(sum(1 for f in faces if f.clue) / n)
        mean.append(sum(f.value for f in faces) / n)
    blue_faces = components.dice[BLUE].faces
    blue: dict[tuple[str | None, int], int] = {}
    for f in blue_faces:
        blue[(f.effect, f.value)] = blue.get((f.effect, f.value), 0) + 1
    model = DiceModel(
        values=tuple(values), clue=tuple(clue), mean=tuple(mean),
        blue=tuple((e, v, c / len(blue_faces)) for (e, v), c in blue.items()),
        harm=sum(1 for f in blue_faces if f.effect in ACCIDENT_HARMS) / len(blue_faces),
        tails=tuple(
            tuple(sum(q for v, q in dist if v >= t) for t in range(max(v for v, _ in dist) + 1))
            for dist in values
        ),
    )
    _MODELS[mid] = model
    return mid


def dice_model(components: Components) -> DiceModel:
    return _MODELS[model_id(components)]


def flags_of(card: Card) -> int:
    out = 0
    for e in card.effects:
        out |= _FLAG[e]
    return out


# One attack


Outcome = tuple[bool, int, int, float]
"""(won, blue face class, pips left on the card on a failure, probability)."""

_OUTCOMES: dict[tuple[int, tuple[int, ...], int, int], tuple[Outcome, ...]] = {}


def best_reroll(model: DiceModel, colours: Sequence[int], values: Sequence[int],
                rerolled: Sequence[bool], fight: int) -> int | None:
    """The blue Re-roll's choice: none if the roll already wins, else the die whose
    re-roll most likely wins (ties: the first rolled); None if none may be re-rolled."""
    total = sum(values)
    if total >= fight:
        return None
    best, best_p = None, -1.0
    for i, done in enumerate(rerolled):
        if done:
            continue
        p = model.at_least(colours[i], fight - total + values[i])
        if p > best_p:
            best, best_p = i, p
    return best


def attack_outcomes(
    mid: int, colours: tuple[int, ...], fight: int, flags: int
) -> tuple[Outcome, ...]:
    """Every way one attack can end, merged by what matters afterwards (memoised)."""
    key = (mid, colours, fight, flags & ROLL_FLAGS)
    found = _OUTCOMES.get(key)
    if found is not None:
        return found
    model = _MODELS[mid]
    acc: dict[tuple[bool, int, int], float] = {}
    faces = []
    for effect, bonus, pb in model.blue:
        cls = SKULL if effect == "skull" else CANCEL if effect == "cancel" else 0
        if effect == "x2":
            faces.append((cls, "plain" if flags & NO_X2 else "x2", 0, pb))
        elif effect == "reroll":
            faces.append((cls, "reroll", 0, pb))
        else:
            ignored = effect in BURSTS and flags & NO_BURSTS
            faces.append((cls, "plain", 0 if ignored else bonus, pb))
    win, win_skull = (True, 0, 0), (True, SKULL, 0)
    rolls, sums = _rolls(mid, colours, bool(flags & REROLL_HIGHEST))
    plain = [f for f in faces if f[1] != "reroll"]
    for total, best, p in sums:
        for cls, kind, bonus, pb in plain:
            score = total + (best if kind == "x2" else bonus)
            k = (win_skull if cls == SKULL else win) if score >= fight else (False, cls, total)
            acc[k] = acc.get(k, 0.0) + p * pb
    for cls, _, _, pb in (f for f in faces if f[1] == "reroll"):
        for vals, rerolled, p in rolls:
            i = best_reroll(model, colours, vals, rerolled, fight)
            total = sum(vals)
            if i is None:
                _record(acc, total >= fight, cls, total, p * pb)
                continue
            rest = total - vals[i]
            for v, r in model.values[colours[i]]:
                _record(acc, rest + v >= fight, cls, rest + v, p * pb * r)
    result = tuple((won, cls, pips, p) for (won, cls, pips), p in acc.items())
    _OUTCOMES[key] = result
    return result


def _record(acc: dict[tuple[bool, int, int], float], won: bool, cls: int, pips: int,
            p: float) -> None:
    """Merge outcomes that play out alike: a win only cares about a blue Skull, a
    failure about the pips left on the card and the Skull or Cancel."""
    k = (won, cls if not won or cls == SKULL else 0, 0 if won else pips)
    acc[k] = acc.get(k, 0.0) + p


Roll = tuple[tuple[int, ...], tuple[bool, ...], float]
Sum = tuple[int, int, float]
_ROLLS: dict[tuple[int, tuple[int, ...], bool], tuple[tuple[Roll, ...], tuple[Sum, ...]]] = {}


def _rolls(mid: int, colours: tuple[int, ...], boss_reroll: bool,
           ) -> tuple[tuple[Roll, ...], tuple[Sum, ...]]:
    """The Attack Dice's values after any boss re-roll, with which die was re-rolled,
    and the same merged by (total, best die), which is all most blue faces need.
    Independent of the Fight Value, so shared by every Fight Value (memoised)."""
    key = (mid, colours, boss_reroll)
    found = _ROLLS.get(key)
    if found is not None:
        return found
    model = _MODELS[mid]
    names = tuple(COLOURS[c] for c in colours)
    fresh = (False,) * len(colours)
    acc: dict[tuple[tuple[int, ...], tuple[bool, ...]], float] = {}
    for combo in itertools.product(*(model.values[c] for c in colours)):
        p = 1.0
        for _, q in combo:
            p *= q
        vals = tuple(v for v, _ in combo)
        i = highest_scoring(names, vals) if boss_reroll else None
        if i is None:
            acc[vals, fresh] = acc.get((vals, fresh), 0.0) + p
            continue
        marked = tuple(j == i for j in range(len(vals)))
        for v, q in model.values[colours[i]]:
            k = ((*vals[:i], v, *vals[i + 1:]), marked)
            acc[k] = acc.get(k, 0.0) + p * q
    sums: dict[tuple[int, int], float] = {}
    for (vals, _), p in acc.items():
        k2 = (sum(vals), max(vals))
        sums[k2] = sums.get(k2, 0.0) + p
    found = (tuple((vals, marked, p) for (vals, marked), p in acc.items()),
             tuple((total, best, p) for (total, best), p in sums.items()))
    _ROLLS[key] = found
    return found


_WINS: dict[tuple[int, tuple[int, ...], int, int], float] = {}


def win_chance(mid: int, colours: tuple[int, ...], fight: int, flags: int) -> float:
    """The chance one attack defeats the card (memoised: every attack board asks it of
    every dice set, to tell whether any can win)."""
    key = (mid, colours, fight, flags & ROLL_FLAGS)
    found = _WINS.get(key)
    if found is None:
        found = _WINS[key] = sum(
            p for won, _, _, p in attack_outcomes(mid, colours, fight, flags) if won)
    return found


@cache
def indices(dice: tuple[Colour, ...]) -> tuple[int, ...]:
    """A dice set as its colours' sorted indices, the odds tables' key (kept per set:
    a board turns some 30 sets into keys)."""
    return tuple(sorted(COLOURS.index(c) for c in dice))


# The AI's attack policy, and the chance a card knocks you out under it

_POLICY: dict[tuple[int, int, int, Hand, bool], tuple[int, ...]] = {}


def attack_policy(mid: int, fight: int, flags: int, hand: Hand, risky: bool) -> tuple[int, ...]:
    """Which dice to attack with (colour indices), deterministic and memoised.

    Dice are the turn's fuel, so the policy spends as little as it can: the
    cheapest set (by mean pips) with at least WIN_TARGET chance to win; when no
    set gets there, or when the card's Skulls alone would knock the player out on
    a failure (`risky`), the set most likely to win (ties: the cheaper). When no set
    can win at all, a 0 % attack is not advice: the dice of a failed attack stay on
    the card and lower its Fight Value, so the set scoring the most pips is best (the
    blue die's Skull risk is the same whichever dice go with it).
    """
    key = (mid, fight, flags & ROLL_FLAGS, hand, risky)
    found = _POLICY.get(key)
    if found is not None:
        return found
    model = _MODELS[mid]
    scored = []
    for dice in attack_choices(hand):
        colours = tuple(COLOURS.index(c) for c in dice)
        scored.append((win_chance(mid, colours, fight, flags),
                       sum(model.mean[c] for c in colours), colours))
    comfortable = [s for s in scored if s[0] >= WIN_TARGET - 1e-12]
    if comfortable and not risky:
        choice = min(comfortable, key=lambda s: (s[1], -s[0]))
    elif not any(s[0] > 0 for s in scored):
        choice = max(scored, key=lambda s: s[1])
    else:
        choice = max(scored, key=lambda s: (s[0], -s[1]))
    _POLICY[key] = choice[2]
    return choice[2]


_ROOM_KO: dict[tuple[int, int, int, int, Hand, int], float] = {}


def nothing_can_win(state: HellboyState) -> bool:
    """No set of the dice left can defeat the card in play with this attack."""
    card = state.in_play
    if card is None or state.phase != "attack":
        return False
    mid = model_id(state.components)
    return all(win_chance(mid, indices(dice), state.fight_left,
                          flags_of(card)) == 0 for dice in attack_choices(state.hand))


def room_knockout(mid: int, fight: int, skulls: int, flags: int, hand: Hand, wounds: int) -> float:
    """The chance that fighting a card to the end under the attack policy knocks you out."""
    if fight <= 0:
        return 0.0
    if sum(hand) == 0:
        return 1.0
    key = (mid, fight, skulls, flags, hand, wounds)
    found = _ROOM_KO.get(key)
    if found is not None:
        return found
    colours = attack_policy(mid, fight, flags, hand, skulls >= wounds)
    ko = _knockout_after(mid, fight, skulls, flags, hand, wounds, colours)
    _ROOM_KO[key] = ko
    return ko


def _knockout_after(mid: int, fight: int, skulls: int, flags: int, hand: Hand, wounds: int,
                    colours: tuple[int, ...]) -> float:
    """The chance of a Knock Out from attacking with `colours`, then fighting on under
    the attack policy until the card falls."""
    counts = list(hand)
    for c in colours:
        counts[c] -= 1
    left: Hand = (counts[0], counts[1], counts[2], counts[3])
    skull_again = _MODELS[mid].blue
    p_skull = sum(p for e, _, p in skull_again if e == "skull")
    ko = 0.0
    for won, cls, pips, p in attack_outcomes(mid, colours, fight, flags):
        if won:
            if cls == SKULL and wounds == 1:
                ko += p
            continue
        lost = max(0, skulls - (1 if cls == CANCEL else 0)) + (1 if cls == SKULL else 0)
        w = wounds - lost
        if w <= 0 or sum(left) == 0:
            ko += p
        elif flags & BLUE_AGAIN:
            again = 1.0 if w == 1 else room_knockout(mid, fight - pips, skulls, flags, left, w - 1)
            ko += p * (p_skull * again
                       + (1 - p_skull) * room_knockout(mid, fight - pips, skulls, flags, left, w))
        else:
            ko += p * room_knockout(mid, fight - pips, skulls, flags, left, w)
    return ko


# Public: for a state


@dataclass(frozen=True)
class AttackOdds:
    defeat: float
    """The chance this attack defeats the card."""
    knocked_out: float
    """The chance this attack ends the turn Knocked Out (Wounds, or no dice left)."""


_ATTACK_ODDS: dict[tuple[int, tuple[int, ...], int, int, int, int, bool], AttackOdds] = {}


def attack_odds(state: HellboyState, dice: Sequence[Colour]) -> AttackOdds:
    """Exact odds of one attack on the card in play with these Attack Dice. Memoised
    like the policy: a board shows every dice set's odds, and situations repeat."""
    return _odds_of(_attacked(state), indices(tuple(dice)))


def every_attack_odds(state: HellboyState) -> list[tuple[tuple[Colour, ...], AttackOdds]]:
    """`attack_odds` of every dice set the hand can field (`attack_choices` order), the
    state read once for all of them (a board lists them all)."""
    attacked = _attacked(state)
    return [(dice, _odds_of(attacked, indices(dice))) for dice in attack_choices(state.hand)]


Attacked = tuple[int, int, int, int, int, Hand]
"""(dice set id, Fight Value left, effect flags, Skulls, Wounds, hand): an attack's
situation, whatever the dice."""


def _attacked(state: HellboyState) -> Attacked:
    card = state.in_play
    if card is None or card.event is not None:
        raise ValueError("there is no room or boss in play to attack")
    return (model_id(state.components), state.fight_left, flags_of(card), card.skulls,
            state.wounds, state.hand)


def _odds_of(attacked: Attacked, colours: tuple[int, ...]) -> AttackOdds:
    mid, fight, flags, skulls, wounds, hand = attacked
    no_dice_left = sum(hand) == len(colours)
    key = (mid, colours, fight, flags, skulls, wounds, no_dice_left)
    found = _ATTACK_ODDS.get(key)
    if found is None:
        found = _ATTACK_ODDS[key] = _attack_odds(mid, colours, fight, flags, skulls,
                                                 wounds, no_dice_left)
    return found


def _attack_odds(mid: int, colours: tuple[int, ...], fight: int, flags: int, skulls: int,
                 wounds: int, no_dice_left: bool) -> AttackOdds:
    p_skull = sum(p for e, _, p in _MODELS[mid].blue if e == "skull")
    defeat = ko = 0.0
    for won, cls, _, p in attack_outcomes(mid, colours, fight, flags):
        if won:
            defeat += p
            ko += p if cls == SKULL and wounds == 1 else 0.0
            continue
        lost = max(0, skulls - (1 if cls == CANCEL else 0)) + (1 if cls == SKULL else 0)
        w = wounds - lost
        if w <= 0 or no_dice_left:
            ko += p
        elif flags & BLUE_AGAIN and w == 1:
            ko += p * p_skull
    return AttackOdds(defeat=defeat, knocked_out=ko)


def knockout_fighting_on(state: HellboyState, dice: Sequence[Colour]) -> float:
    """The chance that attacking the card in play with `dice`, then fighting on (as the
    computer players would) until it falls, ends the turn Knocked Out: what a choice
    between attacks that cannot win at once comes down to."""
    card = state.in_play
    if card is None or card.event is not None:
        raise ValueError("there is no room or boss in play to attack")
    colours = indices(tuple(dice))
    return _knockout_after(model_id(state.components), state.fight_left, card.skulls,
                           flags_of(card), state.hand, state.wounds, colours)


def warm_up(state: HellboyState, every_hand: bool = False) -> DrawRisk:
    """Build the odds tables for this game's dice and a fresh turn (~50 milliseconds,
    once per process and dice set), so the first figure a player asks for is instant.
    With `every_hand`, also every card's odds for every hand of dice and Wounds a turn
    can reach (168 hands × 3 Wounds), and every dice set's outcomes against every
    Fight Value a card can have left (~0.4 s in all): a turn's later boards then read
    tables too, where each new hand would otherwise cost its board milliseconds.
    It also fills every dice set's odds against every room's Fight Value left, its
    Skulls and the Wounds (~0.1 s more): an attack the board meets for the first
    time then only picks and sorts its buttons."""
    fresh = state.model_copy(update={"hand": FULL_HAND, "wounds": STARTING_WOUNDS})
    if every_hand:
        comps = state.components
        mid = model_id(comps)
        for hand in itertools.product(*(range(n + 1) for n in FULL_HAND)):
            for wounds in range(1, STARTING_WOUNDS + 1):
                _card_values(comps, mid, (hand[0], hand[1], hand[2], hand[3]), wounds)
        rooms = {(card.fight, flags_of(card), card.skulls) for card in comps.cards
                 if card.event is None and card.fight > 0}
        for top, flags, skulls in rooms:
            for fight in range(1, top + 1):
                for dice in attack_choices(FULL_HAND):
                    colours = indices(dice)
                    attack_outcomes(mid, colours, fight, flags)
                    for wounds in range(1, STARTING_WOUNDS + 1):
                        for last in (False, True):
                            _odds_of((mid, fight, flags, skulls, wounds,
                                      FULL_HAND if not last else _exactly(colours)),
                                     colours)
    for wounds in range(1, STARTING_WOUNDS + 1):
        draw_risk(fresh.model_copy(update={"wounds": wounds}))
    return draw_risk(fresh)


def _exactly(colours: tuple[int, ...]) -> Hand:
    """The hand that is these dice and no more (an attack that leaves none)."""
    return (colours.count(0), colours.count(1), colours.count(2), colours.count(3))


def reroll_choice(state: HellboyState) -> int | None:
    """The blue Re-roll decision `best_reroll` makes for the roll in the state."""
    roll = state.roll
    if roll is None:
        raise ValueError("there is no roll to re-roll")
    colours = [COLOURS.index(c) for c in roll.colours]
    return best_reroll(dice_model(state.components), colours, roll.values, roll.rerolled,
                       state.fight_left)


@dataclass(frozen=True)
class DrawRisk:
    knocked_out: float
    """The chance the next card ends the turn Knocked Out (see the module docstring)."""
    expected_clues: float
    """Clues the next card is expected to add to this turn (0 in the knocked-out cases)."""


def lucky_choice(components: Components, hand: Hand) -> Colour | None:
    """Lucky Find: roll the die whose Clue chance best outweighs what it would add to an
    attack; only with four or more dice left, and only if that trade is positive."""
    if sum(hand) < 4:
        return None
    model = _MODELS[model_id(components)]
    best, best_score = None, 0.0
    for i, colour in enumerate(COLOURS):
        if hand[i] == 0:
            continue
        score = model.clue[i] - 0.2 * model.mean[i]
        if score > best_score + 1e-12:
            best, best_score = colour, score
    return best


def draw_risk(state: HellboyState) -> DrawRisk:
    """Odds for the card the player would turn over next (see the module docstring)."""
    comps = state.components
    mid = model_id(comps)
    if state.options.mode == "digital":
        pool, discard = state.deck, state.discard
    else:
        pool, discard = comps.copies, tuple(0 for _ in comps.copies)
    ko, gain = _next_card(comps, mid, pool, 0, discard, state.hand, state.wounds)
    return DrawRisk(knocked_out=ko, expected_clues=gain)


Counts = tuple[int, ...]


def _next_card(comps: Components, mid: int, pool: Counts, unknown: int, discard: Counts,
               hand: Hand, wounds: int) -> tuple[float, float]:
    """`pool`: cards not yet seen, of which `unknown` were discarded unseen (Hole in the
    Floor); by symmetry the next card is distributed like the pool. When the pool holds
    only unseen discards, the deck is empty and the discard pile becomes the deck."""
    if sum(pool) - unknown == 0:
        pool = tuple(a + b for a, b in zip(pool, discard, strict=True))
        discard, unknown = tuple(0 for _ in discard), 0
    total = sum(pool)
    if total == 0:
        return 0.0, 0.0
    knocks, clues, holes = _card_values(comps, mid, hand, wounds)
    ko, gain = sum(map(mul, pool, knocks)), sum(map(mul, pool, clues))
    for i in holes:
        n = pool[i]
        if n:
            k, g = _hole(comps, mid, i, (*pool[:i], n - 1, *pool[i + 1:]), unknown, discard,
                         hand, wounds)
            ko += n * k
            gain += n * g
    return ko / total, gain / total


CardValues = tuple[tuple[float, ...], tuple[float, ...], tuple[int, ...]]
_CARD_VALUES: dict[tuple[int, int, Hand, int], CardValues] = {}


def _card_values(comps: Components, mid: int, hand: Hand, wounds: int) -> CardValues:
    """Per catalogue card: the knock-out chance and the expected Clues (0 for a Hole in
    the Floor), and where the Holes are (they depend on the deck). Memoised: hands and
    Wounds repeat."""
    key = (comps.deck_id, mid, hand, wounds)
    found = _CARD_VALUES.get(key)
    if found is None:
        values = [_card_value(comps, mid, card, hand, wounds) for card in comps.cards]
        found = (tuple(v[0] if v else 0.0 for v in values),
                 tuple(v[1] if v else 0.0 for v in values),
                 tuple(i for i, v in enumerate(values) if v is None))
        _CARD_VALUES[key] = found
    return found


def _card_value(comps: Components, mid: int, card: Card, hand: Hand, wounds: int,
                ) -> tuple[float, float] | None:
    event = card.event
    if event is None:
        if card.fight == 0:
            return 0.0, float(card.clues)
        k = room_knockout(mid, card.fight, card.skulls, flags_of(card), hand, wounds)
        return k, (1 - k) * card.clues
    if event == "take_a_risk":
        return 0.0, 1.0
    if event == "brave_move":
        return 0.0, 1.0 if wounds == 3 else 0.0
    if event == "accident":
        return (_MODELS[mid].harm if wounds == 1 else 0.0), 0.0
    if event == "lucky_find":
        colour = lucky_choice(comps, hand)
        return 0.0, (_MODELS[mid].clue[COLOURS.index(colour)] if colour else 0.0)
    return None


def _hole(comps: Components, mid: int, index: int, pool: Counts, unknown: int, discard: Counts,
          hand: Hand, wounds: int) -> tuple[float, float]:
    """Hole in the Floor: a Wound, this card and the next (unseen) discarded, then the
    card after that decides."""
    if wounds == 1:
        return 1.0, 0.0
    discard = (*discard[:index], discard[index] + 1, *discard[index + 1:])
    if sum(pool) - unknown == 0:
        pool = tuple(a + b for a, b in zip(pool, discard, strict=True))
        discard, unknown = tuple(0 for _ in discard), 0
    if sum(pool) - unknown == 0:
        return 0.0, 0.0
    return _next_card(comps, mid, pool, unknown + 1, discard, hand, wounds - 1)
