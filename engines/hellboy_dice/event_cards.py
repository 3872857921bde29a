"""A drawn card entering play: rooms and bosses wait for attacks, events act at once.

The five events follow the rules sheet; where it is silent the house rules in
docs/games/hellboy-dice.md apply (they are marked below).
"""

from __future__ import annotations

from engines.hellboy_dice.cards import EVENT_NAMES, Card
from engines.hellboy_dice.components import ACCIDENT_HARMS, blue_effect, face
from engines.hellboy_dice.flow import (
    Out,
    begin_draw,
    digital,
    discard_card,
    knock_out,
    lose_wounds,
    mark_resolved,
    pass_on,
    remove_dice,
)
from engines.hellboy_dice.models import (
    COLOURS,
    CardDrawn,
    CardWon,
    Colour,
    DiceRolled,
    DieDiscarded,
    EventCardResolved,
    HellboyState,
    PlacedDie,
    Reminder,
)


def card_drawn(s: HellboyState, card: Card, out: Out) -> None:
    name = s.names[s.turn]
    if s.draw_purpose == "discard":
        discard_card(s, card)
        out.add(lambda: CardDrawn(
            seat=s.turn, card=card, discarded=True,
            text=f"The Hole in the Floor swallows the next card ({card.name}).",
        ))
        if not begin_draw(s, out):
            s.phase = "explore"
        return
    s.in_play = card
    out.add(lambda: CardDrawn(seat=s.turn, card=card, text=f"{name} turns over {card.name}."))
    if card.event is not None:
        _event(s, card, out)
    elif card.fight == 0:
        _free_room(s, card, out)
    elif sum(s.hand) == 0:
        knock_out(s, out, "no_dice")
    else:
        s.phase = "attack"


def _free_room(s: HellboyState, card: Card, out: Out) -> None:
    """House rule: a room with Fight Value 0 is taken at once, no dice needed."""
    s.kept = (*s.kept, card)
    s.in_play = None
    mark_resolved(s)
    out.add(lambda: CardWon(
        seat=s.turn, card=card,
        text=f"{s.names[s.turn]} takes {card.name} without a fight"
        f" ({s.turn_clues} Clues this turn).",
    ))


def _resolved(s: HellboyState, card: Card, out: Out, clues: int = 0, *, keep: bool = False) -> None:
    """An event is done: discarded (or kept as a reminder), and it counts as the
    turn's first resolved card unless the house option says otherwise."""
    if keep:
        s.kept = (*s.kept, card)
    else:
        discard_card(s, card)
    s.in_play = None
    s.bonus_clues += clues
    s.phase = "explore"
    if s.options.events_count_as_first_card:
        mark_resolved(s)
    assert card.event is not None
    text = EVENT_NAMES[card.event] + (
        f": +{clues} Clue for this turn ({s.turn_clues} so far)." if clues else " is resolved."
    )
    out.add(lambda: EventCardResolved(seat=s.turn, event=card.event, clues=clues, text=text))


def _most_powerful(s: HellboyState) -> Colour | None:
    for i in range(len(COLOURS) - 1, -1, -1):
        if s.hand[i] > 0:
            return COLOURS[i]
    return None


def _event(s: HellboyState, card: Card, out: Out) -> None:
    event = card.event
    if event == "hole_in_the_floor":
        if lose_wounds(s, out):
            return
        _resolved(s, card, out)
        # Digital decks discard the next card unseen; a physical group is reminded to.
        if not digital(s):
            out.add(lambda: Reminder(
                seat=s.turn, text="The Hole in the Floor: discard the next card of your deck"
                " unseen, then turn over the one after it."))
        if not begin_draw(s, out, "discard" if digital(s) else "play"):
            s.phase = "explore"
    elif event == "take_a_risk":
        colour = _most_powerful(s)
        if colour is not None:
            s.hand = remove_dice(s.hand, (colour,))
            pass_on(s, (colour,))
            out.add(lambda: DieDiscarded(
                seat=s.turn, colour=colour,
                text=f"{s.names[s.turn]} gives up the {colour} die (most powerful left).",
            ))
        _resolved(s, card, out, 1)
    elif event == "brave_move":
        s.phase = "brave_move"
    elif event == "accident":
        s.phase = "accident"
    elif event == "lucky_find":
        if sum(s.hand) == 0:
            _resolved(s, card, out)
        else:
            s.phase = "lucky_find"


def brave_move(s: HellboyState, accept: bool, out: Out) -> None:
    card = s.in_play
    assert card is not None
    if accept and lose_wounds(s, out):
        return
    _resolved(s, card, out, 1 if accept else 0, keep=accept)


def accident(s: HellboyState, label: str, out: Out) -> None:
    card = s.in_play
    assert card is not None
    harm = blue_effect(s.components, label) in ACCIDENT_HARMS
    out.add(lambda: DiceRolled(
        seat=s.turn, purpose="accident", blue=label,
        text=f"Accident: the blue die shows {label}" + (" — lose a Wound." if harm else "."),
    ))
    if harm and lose_wounds(s, out):
        return
    _resolved(s, card, out)


def lucky_find(s: HellboyState, colour: Colour | None, out: Out) -> None:
    card = s.in_play
    assert card is not None
    if colour is None:
        _resolved(s, card, out)
        return
    s.hand = remove_dice(s.hand, (colour,))
    s.lucky_die = colour
    s.phase = "lucky_roll"


def lucky_roll(s: HellboyState, label: str, out: Out) -> None:
    """Either way the die is gone for the turn: discarded, or set aside having scored."""
    card, colour = s.in_play, s.lucky_die
    assert card is not None and colour is not None
    rolled = face(s.components, colour, label)
    clue = rolled.clue
    pass_on(s, (colour,))
    s.lucky_die = None
    out.add(lambda: DiceRolled(
        seat=s.turn, purpose="lucky_find",
        dice=(PlacedDie(colour=colour, label=label, value=rolled.value),),
        text=f"Lucky Find: the {colour} die shows {label}"
        + (" and scores a Clue." if clue else " — no Clue; the die is discarded."),
    ))
    _resolved(s, card, out, 1 if clue else 0)
