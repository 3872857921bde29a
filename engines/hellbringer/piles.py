"""The five dungeon piles, the enemy piles and every draw as a chance node.

Setup (seed, "Common Draw Pile Creation"): piles 1-4 each take 3 Commons + 2 per
player (the older edition: 4 + 1 per player, option `pile_commons`), 1 Combat
card per player and one Tome (II-V), are shuffled, and sit on their Location
(Crypt, Cave, Hell, Tomb); pile 5 holds the remaining Commons. Piles are
stacked 1 on top. A segment counts its Commons and Combat cards; the next card
is drawn with the exact odds of a shuffled segment (see `draw_item`).
"""

from __future__ import annotations

import functools
from collections import Counter

from engines.core.chance import ChanceItem
from engines.hellbringer.cards import CombatCard, catalogue
from engines.hellbringer.models import Dungeon, HellbringerOptions, Segment
from engines.hellbringer.stats import card_id

LOCATION_ORDER = ("crypt", "cave", "hell", "tomb")
TOMES = ("tome_ii", "tome_iii", "tome_iv", "tome_v")
PHYSICAL_COMMONS = 152
PHYSICAL_COMBAT = {"combat": 16, "showdown": 2}
PHYSICAL_ENEMIES = {"starter": 10, "monster": 40, "moose": 4}
PHYSICAL_COMBAT_AS = {"combat": "ambush", "showdown": "showdown"}
"""Physical mode: a drawn Combat card is of the house Ambush's kind, a Showdown of the
house Showdown's (both Instant, both may go back on top in the 2.1 reveal); how many
Monsters the printed card brings is reported (`CombatReport`), never the house's."""
LABELS = {"common": "a Common card", "combat": "a Combat card", "showdown": "a Showdown card"}


def instances(counts: dict[str, int]) -> list[str]:
    return [f"{cid}#{n}" for cid, copies in counts.items() for n in range(1, copies + 1)]


def per_pile(options: HellbringerOptions, players: int) -> int:
    return 3 + 2 * players if options.pile_commons == "seed" else 4 + players


def build_dungeon(options: HellbringerOptions, players: int) -> Dungeon:
    """Every pile of the setup; the hands and the Mule are dealt from `commons` next."""
    cat = catalogue()
    physical = options.mode == "physical"
    if physical:
        commons = instances({"common": PHYSICAL_COMMONS})
        combat = instances(PHYSICAL_COMBAT)
        enemy_piles = {g: instances({g: n}) for g, n in PHYSICAL_ENEMIES.items()}
        demon = ["demon#1"]
    else:
        commons = instances({c.id: c.copies for c in [*cat.commons.commons,
                                                       *cat.commons.enchantments]})
        combat = instances({c.id: c.copies for c in cat.dungeon.combat})
        enemy_piles = {
            "starter": instances({e.id: e.copies for e in cat.enemies.starters}),
            "monster": instances({e.id: e.copies for e in cat.enemies.monsters}),
            "moose": instances({e.id: e.copies for e in cat.enemies.moose}),
        }
        demon = [f"{cat.enemies.demon.id}#1"]
    dealt = 4 * players + (cat.dungeon.mule_cards if options.mule else 0)
    each = per_pile(options, players)
    segments = [Segment(commons=each, combat=players, tome=f"{tome}#1", location=f"{loc}#1")
                for loc, tome in zip(LOCATION_ORDER, TOMES, strict=True)]
    rest = len(commons) - dealt - 4 * each
    segments.append(Segment(commons=max(0, rest)))
    return Dungeon(
        segments=segments, commons=commons, combat=combat,
        starters=enemy_piles["starter"], monsters=enemy_piles["monster"],
        moose=enemy_piles["moose"], demon=demon, locations=["graveyard#1"],
        removed=["tome_i#1"], box=["portal#1"],
    )


def top_segment(d: Dungeon) -> Segment | None:
    """The segment the next top draw comes from (None: the draw pile is empty)."""
    for seg in d.segments:
        if seg.cards or seg.location:
            return seg
    return None


def under_segment(d: Dungeon) -> Segment | None:
    """'Draw one card from under': the lowest segment holding cards (house: a
    Location is never drawn from under, H6)."""
    for seg in reversed(d.segments):
        if seg.cards:
            return seg
    return None


def reshuffle(d: Dungeon) -> bool:
    """'If a draw pile runs out of cards, the cards in the discard pile are shuffled
    to create a new draw pile.'"""
    if not d.discard:
        return False
    d.commons.extend(d.discard)
    d.segments = [s for s in d.segments if s.cards or s.location]
    d.segments.append(Segment(commons=len(d.discard)))
    d.discard = []
    return True


def draw_weights(d: Dungeon, seg: Segment) -> tuple[list[str], list[int]]:
    """Exact odds of a shuffled segment: the next card is a Common with chance
    c/N (then any undrawn Common alike), a Combat card k/N, its Tome 1/N."""
    commons = Counter(map(card_id, d.commons))
    combat = Counter(map(card_id, d.combat))
    p, m = max(1, len(d.commons)), max(1, len(d.combat))
    options: list[str] = []
    weights: list[int] = []
    if seg.commons:
        for cid, n in commons.items():
            options.append(cid)
            weights.append(seg.commons * n * m)
    if seg.combat:
        for cid, n in combat.items():
            options.append(cid)
            weights.append(seg.combat * n * p)
    if seg.tome:
        options.append(card_id(seg.tome))
        weights.append(p * m)
    return options, weights


def draw_item(d: Dungeon, seg: Segment) -> ChanceItem:
    options, weights = draw_weights(d, seg)
    labels = [draw_label(o) for o in options]
    return ChanceItem(key="card", label="card drawn", options=options, weights=weights,
                      labels=labels, source="card")


def batch_items(first: ChanceItem, count: int) -> list[ChanceItem]:
    """The cards of one draw as one request (physical: one form): each may be any kind
    the pile holds, with the first card's odds; the engine refuses a set the pile
    cannot hold, so these items are reported, never sampled one by one."""
    return [first] + [first.model_copy(update={"key": f"card{i}", "label": f"card {i} drawn"})
                      for i in range(2, count + 1)]


def pool_item(d: Dungeon) -> ChanceItem:
    options, weights, labels = _pool(tuple(d.commons))
    return ChanceItem(key="card", label="card drawn", options=list(options),
                      weights=list(weights), labels=list(labels), source="card")


POOLS = 64
"""Pools' odds kept: a dealing at the start asks for the same pool three times a card
(the request, its check, the resolve), and 50 tables start at once."""


@functools.lru_cache(maxsize=POOLS)
def _pool(commons: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
    """The pool's cards, their counts and names, from its instances (immutable, so
    kept by value: they were most of a table's start, counted a hundred cards each
    time)."""
    counts = Counter(card_id(i) for i in commons)
    return tuple(counts), tuple(counts.values()), tuple(draw_label(o) for o in counts)


@functools.cache
def draw_label(cid: str) -> str:
    """What a drawn card is called in public: a physical Common by its kind only. Kept
    per card (the catalogue is fixed): a draw's request names every card it may be."""
    if cid in LABELS:
        return LABELS[cid]
    if cid.startswith("tome"):
        tome = catalogue().tome(cid)
        return tome.name.split(":")[0] if tome is not None else cid
    card = catalogue().card(cid) or catalogue().combat(cid)
    return card.name if card is not None else cid


def take(d: Dungeon, seg: Segment | None, cid: str) -> str:
    """Remove the drawn card `cid` from `seg` (or the pool) and return its instance."""
    if seg is not None and seg.tome is not None and card_id(seg.tome) == cid:
        inst, seg.tome = seg.tome, None
        return inst
    for pool, attr in ((d.combat, "combat"), (d.commons, "commons")):
        for i, inst in enumerate(pool):
            if card_id(inst) == cid:
                pool.pop(i)
                if seg is not None:
                    setattr(seg, attr, getattr(seg, attr) - 1)
                return inst
    raise KeyError(cid)


def combat_card(cid: str) -> CombatCard | None:
    return catalogue().combat(PHYSICAL_COMBAT_AS.get(cid, cid))


def is_instant(inst: str) -> bool:
    """Location, Tome, Combat and Showdown cards are Instant (they act when drawn)."""
    cid = card_id(inst)
    cat = catalogue()
    return cat.location(cid) is not None or cat.tome(cid) is not None or \
        combat_card(cid) is not None


def cards_to_next_location(d: Dungeon) -> tuple[int, str] | None:
    """(n, location): the n-th card drawn from the top is that Location."""
    n = len(d.top)
    for seg in d.segments:
        n += seg.cards
        if seg.location:
            return n + 1, card_id(seg.location)
    return None
