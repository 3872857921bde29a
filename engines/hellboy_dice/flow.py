"""The turn's life cycle: starting, drawing, losing Wounds, Knock Outs, banking,
and who plays next (the final round and tiebreakers).

Every function here works on a *working copy* of the state (a shallow copy the
engine made for this step) and reports what happened to `out`. Fields are only
rebound, never mutated in place, so the caller's original state stays intact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.core.protocol import Event
from engines.hellboy_dice.cards import Card
from engines.hellboy_dice.models import (
    FULL_HAND,
    POWER,
    STARTING_WOUNDS,
    Colour,
    DeckReshuffled,
    FinalRound,
    FirstPlayer,
    GameOver,
    Hand,
    HellboyState,
    KnockedOut,
    PlacedDie,
    TiebreakStarted,
    TurnBanked,
    TurnStarted,
    WoundLost,
)


class Out:
    """Where the rules report what happened. Events are handed over as thunks: a
    quiet log (simulations) runs exactly the same rules without building them."""

    __slots__ = ("events", "quiet")

    def __init__(self, *, quiet: bool = False) -> None:
        self.events: list[Event] = []
        self.quiet = quiet

    def add(self, make: Callable[[], Event]) -> None:
        if not self.quiet:
            self.events.append(make())


QUIET = Out(quiet=True)
"""The one quiet log every simulated step shares: it never holds an event."""


def add_dice(hand: Hand, colours: Sequence[Colour]) -> Hand:
    counts = list(hand)
    for c in colours:
        counts[POWER[c]] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def remove_dice(hand: Hand, colours: Sequence[Colour]) -> Hand:
    counts = list(hand)
    for c in colours:
        counts[POWER[c]] -= 1
    return (counts[0], counts[1], counts[2], counts[3])


def pass_on(s: HellboyState, dice: Sequence[PlacedDie] | Sequence[Colour]) -> None:
    """Dice that are 'passed on to the next player': gone for the rest of this turn."""
    if dice:
        s.gone = add_dice(s.gone, [d.colour if isinstance(d, PlacedDie) else d for d in dice])


def digital(s: HellboyState) -> bool:
    return s.options.mode == "digital"


def can_draw(s: HellboyState) -> bool:
    """Physical decks are the group's business; a digital one may run dry only if every
    card is in front of the current player (house rule: then nothing can be drawn)."""
    return not digital(s) or any(s.deck) or any(s.discard)


def begin_draw(s: HellboyState, out: Out, purpose: str = "play") -> bool:
    """Ask for the next card, reshuffling the discard pile first if the deck is empty."""
    if not can_draw(s):
        return False
    if digital(s) and not any(s.deck):
        s.deck, s.discard = s.discard, tuple(0 for _ in s.discard)
        out.add(lambda: DeckReshuffled(
            cards=sum(s.deck),
            text=f"The Exploration Deck ran out: the discard pile ({sum(s.deck)} cards)"
            " is shuffled into a new deck.",
        ))
    s.phase = "draw"
    s.draw_purpose = "discard" if purpose == "discard" else "play"
    return True


def discard_card(s: HellboyState, card: Card) -> None:
    if not digital(s):
        return
    index = s.components.index.get(card.id)
    if index is None:
        return
    counts = list(s.discard)
    counts[index] += 1
    s.discard = tuple(counts)


def mark_resolved(s: HellboyState) -> None:
    s.first_resolved = True
    s.phase = "explore"


def lose_wounds(s: HellboyState, out: Out, n: int = 1) -> bool:
    """Lose `n` Wound cubes; True when that Knocks the player Out (already handled)."""
    if n <= 0:
        return False
    lost = min(n, s.wounds)  # the event says what was lost, not what was owed
    s.wounds -= lost
    name = s.names[s.turn]
    out.add(lambda: WoundLost(
        seat=s.turn, wounds_left=s.wounds, lost=lost,
        text=f"{name} loses {lost} Wound{'s' if lost > 1 else ''} ({s.wounds} left).",
    ))
    if s.wounds == 0:
        knock_out(s, out, "wounds")
        return True
    return False


def knock_out(s: HellboyState, out: Out, cause: str) -> None:
    """Knocked Out: the turn scores nothing and its cards go to the discard pile."""
    lost = s.turn_clues
    for card in s.kept:
        discard_card(s, card)
    if s.in_play is not None:
        discard_card(s, s.in_play)
    pass_on(s, s.card_dice)
    if s.roll is not None:
        pass_on(s, s.roll.colours)
    s.kept, s.in_play, s.card_dice, s.roll = (), None, (), None
    s.knockouts += 1
    why = "has lost all three Wounds" if cause == "wounds" else "has no Attack Dice left"
    out.add(lambda: KnockedOut(
        seat=s.turn, cause="wounds" if cause == "wounds" else "no_dice", lost_clues=lost,
        text=f"{s.names[s.turn]} {why} and is Knocked Out: this turn scores nothing"
        + (f" ({lost} Clue{'s' if lost != 1 else ''} lost)." if lost else "."),
    ))
    finish_turn(s, out)


def bank(s: HellboyState, out: Out) -> None:
    """End the turn voluntarily: add this turn's Clues to the running total."""
    clues = s.turn_clues
    scores = list(s.scores)
    scores[s.turn] += clues
    s.scores = tuple(scores)
    for card in s.kept:
        discard_card(s, card)
    s.kept, s.bonus_clues = (), 0
    out.add(lambda: TurnBanked(
        seat=s.turn, clues=clues, total=s.scores[s.turn],
        text=f"{s.names[s.turn]} ends the turn and banks {clues} Clue{'s' if clues != 1 else ''}"
        f" (total {s.scores[s.turn]}).",
    ))
    finish_turn(s, out)


def start_turn(s: HellboyState, seat: int, out: Out) -> None:
    """A turn begins with all twelve Attack Dice, the blue die and three Wound cubes."""
    n = s.players
    if s.turns_played > 0 and (seat - s.first) % n <= (s.turn - s.first) % n:
        s.round += 1
    s.turn = seat
    s.hand, s.gone, s.wounds = FULL_HAND, (0, 0, 0, 0), STARTING_WOUNDS
    s.kept, s.bonus_clues, s.in_play, s.card_dice = (), 0, None, ()
    s.roll, s.lucky_die, s.first_resolved = None, None, False
    s.phase = "explore"
    final = s.final_trigger is not None and not s.tiebreak
    out.add(lambda: TurnStarted(
        seat=seat, round=s.round, final=final, tiebreak=bool(s.tiebreak),
        text=f"{s.names[seat]}'s turn"
        + (" (final turn)" if final else " (tiebreaker)" if s.tiebreak else f" (round {s.round})")
        + ".",
    ))


def first_player(s: HellboyState, seat: int, out: Out) -> None:
    """The rules say who goes first: 'The player wearing the most red, or who looks
    most like Hellboy' (rules, "Who goes first?"). A bot can't see either, so the seat
    is drawn by lot (house), never simply the host; `first_seat` names it instead."""
    s.first = seat
    out.add(lambda: FirstPlayer(seat=seat, text=f"{s.names[seat]} draws the lot and starts."))
    start_turn(s, seat, out)


def finish_turn(s: HellboyState, out: Out) -> None:
    """Pass play on: the normal rotation, the final round, tiebreakers, or the end."""
    s.turns_played += 1
    s.kept, s.bonus_clues, s.in_play, s.card_dice, s.roll = (), 0, None, (), None
    seat, n = s.turn, s.players
    if n == 1:
        if s.scores[0] >= s.options.target or s.turns_played >= s.options.solo_turn_limit:
            won = (0,) if s.scores[0] >= s.options.target else ()
            game_over(s, out, won)
        else:
            start_turn(s, 0, out)
        return
    if s.tiebreak:
        s.tiebreak_left = s.tiebreak_left[1:]
        if s.tiebreak_left:
            start_turn(s, s.tiebreak_left[0], out)
        else:
            settle(s, out, s.tiebreak)
        return
    if s.final_trigger is not None:
        s.final_left = s.final_left[1:]
        if s.final_left:
            start_turn(s, s.final_left[0], out)
        else:
            settle(s, out, tuple(range(n)))
        return
    if s.scores[seat] >= s.options.target:
        s.final_trigger = seat
        s.final_left = tuple((seat + k) % n for k in range(1, n))
        out.add(lambda: FinalRound(
            trigger=seat, seats=s.final_left,
            text=f"{s.names[seat]} has {s.scores[seat]} Clues: everyone else gets one final turn.",
        ))
        start_turn(s, s.final_left[0], out)
        return
    start_turn(s, (seat + 1) % n, out)


def settle(s: HellboyState, out: Out, contenders: tuple[int, ...]) -> None:
    """Most Clues wins; tied leaders alone play tiebreaker turns (house: up to a limit)."""
    best = max(s.scores[i] for i in contenders)
    leaders = tuple(i for i in contenders if s.scores[i] == best)
    if len(leaders) == 1 or s.tiebreak_rounds >= s.options.tiebreak_round_limit:
        game_over(s, out, leaders)
        return
    trigger = s.final_trigger if s.final_trigger is not None else 0
    n = s.players
    order = tuple(sorted(leaders, key=lambda i: (i - trigger - 1) % n))
    s.tiebreak, s.tiebreak_left = order, order
    s.tiebreak_rounds += 1
    names = ", ".join(s.names[i] for i in order)
    out.add(lambda: TiebreakStarted(
        leaders=order, round=s.tiebreak_rounds,
        text=f"Tied on {best} Clues: {names} play tiebreaker turn{'s' if len(order) > 1 else ''}.",
    ))
    start_turn(s, order[0], out)


def game_over(s: HellboyState, out: Out, winners: tuple[int, ...]) -> None:
    winners = tuple(sorted(winners))
    s.winners, s.phase = winners, "over"
    if not winners:
        text = f"Game over: {s.names[0]} did not reach {s.options.target} Clues in time."
    else:
        names = " and ".join(s.names[i] for i in winners)
        shared = " share the win" if len(winners) > 1 else " wins"
        text = f"Game over: {names}{shared} with {s.scores[winners[0]]} Clues."
    out.add(lambda: GameOver(winners=winners, scores=s.scores, text=text))
