"""An attack, from choosing dice to the card's fate.

Order of a roll, as the rules give it: roll the blue die and the chosen Attack
Dice together; a boss that forces a re-roll is resolved first; then the blue
result (Re-roll or X2 may ask the player for a die); then the Attack Score is
compared with the card's current Fight Value.
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar

from engines.hellboy_dice.components import BURSTS, blue_effect, face
from engines.hellboy_dice.flow import Out, knock_out, lose_wounds, pass_on, remove_dice
from engines.hellboy_dice.models import (
    BLUE,
    COLOURS,
    MAX_ATTACK_DICE,
    POWER,
    AttackDeclared,
    AttackResolved,
    AttackRoll,
    CardWon,
    Colour,
    DiceRolled,
    Hand,
    HellboyState,
    replace,
)

T = TypeVar("T")


def highest_scoring(colours: tuple[Colour, ...], values: tuple[int, ...]) -> int | None:
    """The die a re-roll-forcing boss takes: the highest scoring Attack Die.

    House rules: among equal results the most powerful colour (then the first
    rolled); a roll where no die scored forces nothing.
    """
    best: int | None = None
    for i, (c, v) in enumerate(zip(colours, values, strict=True)):
        if v <= 0:
            continue
        if best is None or (v, POWER[c]) > (values[best], POWER[colours[best]]):
            best = i
    return best


def x2_matters(values: tuple[int, ...], fight: int) -> bool:
    """X2 asks the player only when their pick can change whether the card falls."""
    total = sum(values)
    return total + min(values) < fight <= total + max(values)


@cache
def attack_choices(hand: Hand) -> tuple[tuple[Colour, ...], ...]:
    """Every multiset of one to three dice the hand can field, weakest first. Kept per
    hand (a few hundred at most): a board's odds and the AI ask for them every step."""
    found: list[tuple[Colour, ...]] = []

    def extend(prefix: tuple[Colour, ...], start: int, left: list[int]) -> None:
        if prefix:
            found.append(prefix)
        if len(prefix) == MAX_ATTACK_DICE:
            return
        for i in range(start, len(COLOURS)):
            if left[i] > 0:
                left[i] -= 1
                extend((*prefix, COLOURS[i]), i, left)
                left[i] += 1

    extend((), 0, list(hand))
    return tuple(found)


_DECLARED: dict[tuple[Colour, ...], AttackRoll] = {}
"""A roll before it lands depends only on its dice, and rolls are frozen: share them."""


def declare(s: HellboyState, dice: tuple[Colour, ...], out: Out) -> None:
    s.hand = remove_dice(s.hand, dice)
    roll = _DECLARED.get(dice)
    if roll is None:
        roll = _DECLARED[dice] = AttackRoll(colours=dice)
    s.roll = roll
    s.phase = "roll"
    out.add(lambda: AttackDeclared(
        seat=s.turn, dice=dice,
        text=f"{s.names[s.turn]} attacks with the blue die and {', '.join(dice)}.",
    ))


def rolled(s: HellboyState, blue: str, labels: list[str], out: Out) -> None:
    """The attack roll has landed (blue first, then the Attack Dice in order)."""
    assert s.roll is not None and s.in_play is not None
    placed = s.components.placed
    dice = tuple(placed[c, lab] for c, lab in zip(s.roll.colours, labels, strict=True))
    roll = replace(s.roll, faces=dice, rerolled=(False,) * len(dice), blue=blue)
    s.roll = roll
    out.add(lambda: DiceRolled(
        seat=s.turn, purpose="attack", dice=dice, blue=blue,
        text=f"Rolled {blue} and " + ", ".join(f"{d.colour} {d.label}" for d in dice) + ".",
    ))
    if "reroll_highest" in s.in_play.effects:
        target = highest_scoring(roll.colours, roll.values)
        if target is not None:
            s.roll = replace(roll, reroll_index=target)
            s.phase = "boss_reroll"
            return
    apply_blue(s, out)


def rerolled(s: HellboyState, label: str, out: Out) -> None:
    """A single die's re-roll has landed (the boss's or the blue die's); it stands."""
    roll = s.roll
    assert roll is not None and roll.reroll_index is not None
    i = roll.reroll_index
    colour = roll.colours[i]
    new_face = s.components.placed[colour, label]
    by_boss = s.phase == "boss_reroll"
    roll = replace(roll, faces=_set(roll.faces, i, new_face),
                   rerolled=_set(roll.rerolled, i, True), reroll_index=None)
    s.roll = roll
    out.add(lambda: DiceRolled(
        seat=s.turn, purpose="boss_reroll" if by_boss else "reroll",
        dice=(new_face,),
        text=f"{'The boss forces a re-roll' if by_boss else 'Re-roll'}: the {colour} die"
        f" now shows {label}.",
    ))
    if by_boss:
        apply_blue(s, out)
    else:
        finish(s, out)


def _set(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*values[:i], value, *values[i + 1:])


def apply_blue(s: HellboyState, out: Out) -> None:
    """Re-roll and X2 may need the player's choice; every other face acts in `finish`."""
    roll, card = s.roll, s.in_play
    assert roll is not None and roll.blue is not None and card is not None
    effect = blue_effect(s.components, roll.blue)
    if effect == "reroll":
        if sum(roll.values) < s.fight_left and not all(roll.rerolled):
            s.phase = "choose_reroll"
            return
    elif effect == "x2" and "no_x2" not in card.effects:
        values = roll.values
        if s.options.always_ask_x2 or x2_matters(values, s.fight_left):
            s.phase = "choose_x2"
            return
        s.roll = replace(roll, doubled=max(range(len(values)), key=values.__getitem__))
    finish(s, out)


def choose_x2(s: HellboyState, die: int, out: Out) -> None:
    assert s.roll is not None
    s.roll = replace(s.roll, doubled=die)
    finish(s, out)


def choose_reroll(s: HellboyState, die: int | None, out: Out) -> None:
    assert s.roll is not None
    if die is None:
        finish(s, out)
        return
    s.roll = replace(s.roll, reroll_index=die)
    s.phase = "reroll"


def attack_score(s: HellboyState) -> int:
    """Pips on the Attack Dice, plus X2's doubled die and bursts unless the boss ignores them."""
    roll, card = s.roll, s.in_play
    assert roll is not None and roll.blue is not None and card is not None
    blue = face(s.components, BLUE, roll.blue)
    values = roll.values
    score = sum(values)
    if blue.effect == "x2" and roll.doubled is not None and "no_x2" not in card.effects:
        score += values[roll.doubled]
    if not (blue.effect in BURSTS and "no_bursts" in card.effects):
        score += blue.value
    return score


def finish(s: HellboyState, out: Out) -> None:
    """Compare the Attack Score with the Fight Value and settle the card, dice and Wounds."""
    roll, card = s.roll, s.in_play
    assert roll is not None and roll.blue is not None and card is not None
    effect = blue_effect(s.components, roll.blue)
    score, fight = attack_score(s), s.fight_left
    won = score >= fight
    skull = 1 if effect == "skull" else 0
    card_skulls = 0 if won else max(0, card.skulls - (1 if effect == "cancel" else 0))
    dice = roll.faces
    placed = () if won else tuple(d for d in dice if d.value > 0)
    name = s.names[s.turn]
    doubled = roll.doubled if effect == "x2" and "no_x2" not in card.effects else None
    out.add(lambda: AttackResolved(
        seat=s.turn, dice=dice, blue=roll.blue, doubled=doubled, score=score,
        fight_value=fight, defeated=won, wounds_lost=skull + card_skulls, placed=placed,
        text=f"Attack Score {score} against Fight Value {fight}: "
        + (f"{card.name} is defeated." if won else f"{card.name} holds"
           + (f"; {len(placed)} scoring dice stay on the card." if placed else ".")),
    ))
    s.roll = None
    if won:
        pass_on(s, dice)
        pass_on(s, s.card_dice)
        s.kept = (*s.kept, card)
        s.in_play, s.card_dice = None, ()
        s.first_resolved = True
        s.phase = "explore"
        out.add(lambda: CardWon(
            seat=s.turn, card=card,
            text=f"{name} takes {card.name} ({card.clues} Clue{'s' if card.clues != 1 else ''};"
            f" {s.turn_clues} this turn).",
        ))
    else:
        pass_on(s, tuple(d for d in dice if d.value <= 0))
        s.card_dice = (*s.card_dice, *placed)
        s.phase = "attack"
    if lose_wounds(s, out, skull + card_skulls) or won:
        return
    if sum(s.hand) == 0:
        knock_out(s, out, "no_dice")
    elif "blue_again" in card.effects:
        s.phase = "blue_again"


def blue_again(s: HellboyState, label: str, out: Out) -> None:
    """The boss makes the blue die roll again after a failed attack: a Skull costs a Wound."""
    skull = blue_effect(s.components, label) == "skull"
    out.add(lambda: DiceRolled(
        seat=s.turn, purpose="blue_again", blue=label,
        text=f"The boss rolls the blue die again: {label}"
        + (" — another Wound." if skull else "."),
    ))
    if lose_wounds(s, out, 1 if skull else 0):
        return
    s.phase = "attack"
