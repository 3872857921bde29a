"""Loading the deck and dice for a game, and turning them into chance items.

Pack files are read once per path (at setup), and a group's uploaded pack
arrives already parsed in the options; afterwards everything the rules need
lives in the state's `Components`, so no move ever touches the disk.
"""

from __future__ import annotations

from pathlib import Path

from engines.core.chance import ChanceItem
from engines.core.errors import PackError, RuleError
from engines.dice.chance import die_item
from engines.dice.model import Die, Face
from engines.dice.pack import load_dice
from engines.hellboy_dice.cards import Card, load_deck
from engines.hellboy_dice.models import BLUE, COLOURS, Components, HellboyOptions
from engines.hellboy_dice.pack import BLUE_EFFECTS

BURSTS = frozenset({"burst1", "burst2"})
ACCIDENT_HARMS = frozenset({"skull", "x2", "reroll"})
"""Accident: 'If the result is Skull, X2 or re-roll arrow, lose a Wound cube.'"""

_BUILT: dict[tuple[str | None, str | None, str | None], Components] = {}
_BUILT_LIMIT = 64


def build_components(options: HellboyOptions) -> Components:
    """The deck and dice the options name: a chosen pack's sections first, then the
    operator's `deck_path`/`dice_path`, then the house data. A broken file is a
    RuleError naming file and field (an uploaded pack was validated before it got here).

    Built once per combination (a pack by its digest): the lookups `Components`
    caches are then shared by every game and every replay that uses it."""
    digest = options.pack.digest if options.pack is not None else None
    key = (options.deck_path or None, options.dice_path or None, digest)
    found = _BUILT.get(key)
    if found is None:
        found = _read_components(options)
        if len(_BUILT) < _BUILT_LIMIT:
            _BUILT[key] = found
    return found


def _read_components(options: HellboyOptions) -> Components:
    pack = options.pack.content if options.pack is not None else None
    try:
        deck = pack.deck if pack is not None and pack.deck is not None else load_deck(
            Path(options.deck_path) if options.deck_path else None)
        dice = load_dice(Path(options.dice_path) if options.dice_path else None)
    except PackError as exc:
        raise RuleError(f"The game's data pack can't be used: {exc}") from None
    if pack is not None:
        # plain Dice, as a stored state loads them: a restarted game must equal the live one
        dice.update({die.name: Die.model_validate(die.model_dump()) for die in pack.dice})
    needed = {*COLOURS, BLUE}
    missing = sorted(needed - dice.keys())
    if missing:
        raise RuleError(f"The dice pack lacks the Hellboy dice: {', '.join(missing)}.")
    odd = sorted({f.effect for f in dice[BLUE].faces if f.effect} - BLUE_EFFECTS)
    if odd:
        raise RuleError(f"The blue die has faces this game doesn't know: {', '.join(odd)}.")
    return Components(
        deck_name=deck.name,
        deck_verified=all(c.verified for c in deck.cards),
        cards=tuple(c.face() for c in deck.cards),
        copies=tuple(c.copies for c in deck.cards),
        dice={name: dice[name] for name in (*COLOURS, BLUE)},
    )


_ITEMS: dict[tuple[str, tuple[str, ...], str, str], ChanceItem] = {}


def dice_item(die: Die, key: str, label: str | None = None) -> ChanceItem:
    """`die_item`, cached: the same die always yields the same item, and building
    pydantic items in the hot loop of a simulation would dominate its time."""
    cache_key = (die.name, tuple(f.label for f in die.faces), key, label or die.title)
    item = _ITEMS.get(cache_key)
    if item is None:
        item = die_item(die, key)
        if label is not None:
            item = item.model_copy(update={"label": label})
        _ITEMS[cache_key] = item
    return item


def face(components: Components, die: str, label: str) -> Face:
    return components.faces[die, label]


def blue_effect(components: Components, label: str) -> str | None:
    return components.faces[BLUE, label].effect


def card_by_id(components: Components, card_id: str) -> Card:
    return components.cards[components.index[card_id]]
