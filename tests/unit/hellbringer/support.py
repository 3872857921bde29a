"""Building Hellbringer states for rule tests: a seeded setup, then exact cards,
enemies and dice put where a test needs them."""

from __future__ import annotations

import random
from typing import Any

from engines.core.chance import ChanceOutcome, sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.cards import Face, catalogue
from engines.hellbringer.models import Action, ChooseClass, Enemy

CLASSES = ("warrior", "sorcerer", "paladin", "hunter")


def fresh(players: int = 1, seed: int = 0, **options: Any) -> HellbringerState:
    """Setup through class choice (warrior, sorcerer, ...), to the first player's turn."""
    rng = random.Random(seed)
    state = ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)],
                         HellbringerOptions(**options))
    while state.phase == "setup" or ENGINE.chance(state) is not None:
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve(state, sample(request, rng))[0]
            continue
        seat = ENGINE.to_move(state)[0]
        cls = catalogue().cls(CLASSES[seat])
        perk = catalogue().perks_of(cls.id)[0].id
        state = act(state, seat, ChooseClass(cls=cls.id, starter=cls.starters[0], perk=perk))
    return state


def physical_turn(players: int = 1) -> HellbringerState:
    """A physical table at its first Player Turn: each hero sheet reported (a Warrior,
    a Monk…), the Graveyard bringing one Rat per player."""
    state = ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)],
                         HellbringerOptions(mode="physical"))
    for seat in range(players):
        state = roll(state, ("warrior", "monk", "hunter", "druid")[seat], "35", "10", "2", "2")
    state = roll(state, "0", str(players))
    for _ in range(players):
        state = roll(state, "Rat", "0", "5", "5", "1A")
    assert state.phase == "player" and ENGINE.chance(state) is None
    return state


def act(state: HellbringerState, seat: int, action: Action) -> HellbringerState:
    return ENGINE.apply(state, seat, action)[0]


def roll(state: HellbringerState, *values: str) -> HellbringerState:
    return ENGINE.resolve(state, ChanceOutcome(values=list(values)))[0]


def enemy(uid: str = "ogre#1", sight: int = 0, health: int = 10, armor: int = 30,
          damage: int = 0, acid: int = 0, **ability: Any) -> Enemy:
    name = uid.split("#", maxsplit=1)[0].title()
    face = Face(name=name, group="monster", sight=sight, health=health, armor=armor,
                damage=damage, acid=acid, ability=ability)
    return Enemy(uid=uid, face=face)


def clear_board(state: HellbringerState) -> HellbringerState:
    s = state.fork()
    s.dungeon.removed.extend(e.uid for e in s.enemies)
    s.enemies = []
    return s


def give(state: HellbringerState, seat: int, *cards: str) -> HellbringerState:
    """Move copies of cards from the Common pool into a hand (keeping every card once)."""
    s = state.fork()
    for cid in cards:
        inst = next(i for i in s.dungeon.commons if i.split("#")[0] == cid)
        s.dungeon.commons.remove(inst)
        for seg in reversed(s.dungeon.segments):
            if seg.commons:
                seg.commons -= 1
                break
        s.heroes[seat].hand.append(inst)
    return s

