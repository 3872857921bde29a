"""The chance requests the engine raises: card draws and dice rolls.

Dice requests depend only on the dice faces, the phase, the dice rolled and the
reporting seat, so they are built once and reused (treat them as read-only);
a simulation asks for thousands per second.
"""

from __future__ import annotations

from itertools import compress

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.hellboy_dice.cards import REPORT_HELP
from engines.hellboy_dice.components import dice_item
from engines.hellboy_dice.models import BLUE, Colour, HellboyState, construct
from engines.hellboy_dice.view import PROMPTS

_DICE_REQUESTS: dict[tuple[object, ...], ChanceRequest] = {}


def draw_request(state: HellboyState) -> ChanceRequest:
    """Digital: each distinct card left in the deck, weighted by its copies (the deck is
    a shuffled multiset). Physical: an open item, the card the player turned over."""
    what = ("the card after the Hole in the Floor (it is discarded)"
            if state.draw_purpose == "discard" else "the next Exploration card")
    if state.options.mode == "physical":
        item = ChanceItem(
            key="card", label="Exploration card", open_hint=REPORT_HELP, source="card"
        )
    else:
        comps, deck = state.components, state.deck
        item = construct(ChanceItem, {
            "key": "card", "label": "Exploration card",
            "options": list(compress(comps.card_ids, deck)), "weights": [n for n in deck if n],
            "open_hint": None, "suggested": None, "labels": list(compress(comps.card_names, deck)),
            "also": [],
            "source": "card",
        })
    return construct(ChanceRequest, {
        "prompt": f"Draw {what}", "items": [item], "reporter": state.turn, "reporters": None,
    })


def first_player_request(state: HellboyState) -> ChanceRequest:
    """Lots for who starts: each seat equally likely (physical: any die roll-off)."""
    item = ChanceItem(key="first", label="first player",
                      options=[str(i) for i in range(state.players)],
                      labels=list(state.names))
    return ChanceRequest(prompt="Draw lots for who starts", items=[item], reporter=0)


def check_draw(state: HellboyState, outcome: ChanceOutcome) -> None:
    """What `validate_outcome` would say about a draw, without building the request."""
    if len(outcome.values) != 1:
        raise RuleError(f"Expected 1 result for the card draw, got {len(outcome.values)}.")
    if state.options.mode == "physical":
        return
    index = state.components.index.get(outcome.values[0])
    if index is None or state.deck[index] == 0:
        left = ", ".join(c.id for c, n in zip(state.components.cards, state.deck, strict=True) if n)
        raise RuleError(f"'{outcome.values[0]}' is not a card left in the deck: {left}.")


def dice_request(state: HellboyState) -> ChanceRequest:
    phase, comps = state.phase, state.components
    dice: tuple[Colour, ...] = ()
    if phase == "roll":
        assert state.roll is not None
        dice = state.roll.colours
    elif phase in ("boss_reroll", "reroll"):
        assert state.roll is not None and state.roll.reroll_index is not None
        dice = (state.roll.colours[state.roll.reroll_index],)
    elif phase == "lucky_roll":
        assert state.lucky_die is not None
        dice = (state.lucky_die,)
    key = (comps.dice_id, phase, dice, state.turn)
    found = _DICE_REQUESTS.get(key)
    if found is not None:
        return found
    if phase == "roll":
        items = [dice_item(comps.dice[BLUE], "blue")] + [
            dice_item(comps.dice[c], f"die{i + 1}", _numbered(comps.dice[c].title, dice, i))
            for i, c in enumerate(dice)
        ]
        prompt = "Roll the blue die with " + ", ".join(dice)
    elif phase in ("boss_reroll", "reroll"):
        items = [dice_item(comps.dice[dice[0]], "reroll")]
        prompt = f"Re-roll the {dice[0]} die"
    elif phase == "lucky_roll":
        items = [dice_item(comps.dice[dice[0]], "lucky")]
        prompt = f"Roll the {dice[0]} die for the Lucky Find"
    else:
        items = [dice_item(comps.dice[BLUE], "blue")]
        prompt = PROMPTS[phase]
    request = ChanceRequest(prompt=prompt, items=items, reporter=state.turn)
    _DICE_REQUESTS[key] = request
    return request


def _numbered(title: str, colours: tuple[Colour, ...], i: int) -> str | None:
    """Number same-coloured dice in a roll so a physical report can tell them apart."""
    if colours.count(colours[i]) == 1:
        return None
    return f"{title} {colours[:i + 1].count(colours[i])}"
