"""Decks as shuffled multisets: a draw is a chance node over the cards left.

Digital mode weights each card by its copies left; physical mode offers the
same list, and the reporter names the card they turned over from the printed
house deck. Cards already known on top (Vision, Channard's notes) are drawn
without a chance node. The Search and Action discard piles are shuffled back
when a deck runs out (house); Leviathan cards are used once.
"""

from __future__ import annotations

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.hellraiser.cards import DeckName
from engines.hellraiser.models import PHANTOM, DeckState, Draw, HellraiserState
from engines.hellraiser.query import cat

RESHUFFLED: frozenset[str] = frozenset({"search", "action"})
LABELS: dict[str, str] = {"search": "Search", "action": "Action", "leviathan": "Leviathan"}


def new_decks() -> dict[str, DeckState]:
    c = cat()
    return {d: DeckState(pile=c.copies(d)) for d in ("search", "action", "leviathan")}


def refill(s: HellraiserState, deck: DeckName) -> None:
    """Shuffle the discard pile back in when the deck is empty (Search and Action)."""
    d = s.decks[deck]
    if d.size() == 0 and deck in RESHUFFLED and any(d.discard.values()):
        for card, n in d.discard.items():
            d.pile[card] = d.pile.get(card, 0) + n
        d.discard.clear()


def can_draw(s: HellraiserState, deck: DeckName) -> bool:
    d = s.decks[deck]
    return d.size() > 0 or (deck in RESHUFFLED and any(d.discard.values()))


def needs_chance(s: HellraiserState, draw: Draw) -> bool:
    """Whether the draw at the head of the queue waits for a random card (the runner
    has already settled known top cards, empty decks and refills)."""
    d = s.decks[draw.deck]
    if draw.purpose == "peek":
        return len(d.top) < draw.count and any(d.pile.values())
    return not d.top and any(d.pile.values())


def draw_request(s: HellraiserState, draw: Draw) -> ChanceRequest:
    d = s.decks[draw.deck]
    live = sorted((c, n) for c, n in d.pile.items() if n > 0)
    names = getattr(cat(), draw.deck)
    # Every field is given: a defaulted one makes pydantic inspect its default factory's
    # signature on each construct, a tenth of a simulated game's time.
    item = ChanceItem.model_construct(
        key="card", label=f"{LABELS[draw.deck]} card", open_hint=None, suggested=None,
        options=[c for c, _ in live], weights=[n for _, n in live],
        labels=[names[c].name for c, _ in live], also=[], source="card",
    )
    reporter = 0 if draw.seat == PHANTOM else draw.seat
    return ChanceRequest.model_construct(
        prompt=f"Draw a card from the {LABELS[draw.deck]} deck", items=[item],
        reporter=reporter if 0 <= reporter < s.seats else None, reporters=None,
    )


def take_drawn(s: HellraiserState, draw: Draw, outcome: ChanceOutcome) -> str:
    """Remove the reported card from the pile."""
    if len(outcome.values) != 1:
        raise RuleError(f"Expected 1 card for the draw, got {len(outcome.values)}.")
    card = outcome.values[0]
    d = s.decks[draw.deck]
    if d.pile.get(card, 0) <= 0:
        left = ", ".join(sorted(c for c, n in d.pile.items() if n > 0))
        raise RuleError(f"'{card}' is not a card left in the {LABELS[draw.deck]} deck: {left}.")
    d.pile[card] -= 1
    if d.pile[card] == 0:
        del d.pile[card]
    return card


def take_top(s: HellraiserState, deck: DeckName) -> str | None:
    """The known top card, if any (None: the deck is empty or must be drawn at random)."""
    d = s.decks[deck]
    if d.top:
        card = d.top[0]
        d.top = d.top[1:]
        return card
    return None


def discard(s: HellraiserState, deck: DeckName, card: str) -> None:
    """Action cards go to the discard pile; Leviathan cards are used once."""
    d = s.decks[deck]
    pile = d.removed if deck == "leviathan" else d.discard
    pile[card] = pile.get(card, 0) + 1


def give(s: HellraiserState, seat: int, deck: DeckName, card: str) -> None:
    s.hands[seat] = (*s.hands.get(seat, ()), f"{deck}:{card}")


def take_from_hand(s: HellraiserState, seat: int, deck: DeckName, card: str) -> None:
    ref = f"{deck}:{card}"
    held = list(s.hands.get(seat, ()))
    if ref not in held:
        raise RuleError("That card is not in your hand.")
    held.remove(ref)
    s.hands[seat] = tuple(held)


def hand_cards(s: HellraiserState, seat: int, deck: DeckName) -> list[str]:
    prefix = f"{deck}:"
    return [r[len(prefix):] for r in s.hands.get(seat, ()) if r.startswith(prefix)]
