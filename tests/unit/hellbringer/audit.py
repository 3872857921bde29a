"""Driving Hellbringer as a table would for the rules-audit tests (issue 22, point 8):
every move is checked against the legal moves before it is applied, draws take the
exact cards a test names, and the narration is kept to read the order of events."""

from __future__ import annotations

import random

from engines.core.chance import ChanceOutcome, sample
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.ai import choose
from engines.hellbringer.models import Action, Choose, EndTurn, Enemy, Pass, Window
from engines.hellbringer.physical import DRAWN
from engines.hellbringer.stats import card_id, stats
from tests.unit.hellbringer.support import clear_board, enemy, fresh, give


def board_with(players: int, *foes: Enemy, cards: tuple[str, ...] = (),
               ap: int | None = None) -> HellbringerState:
    """P1's first turn against these enemies, with these cards given to P1; a
    harmless far enemy keeps the Enemies' Turn short when none is named."""
    state = clear_board(fresh(players))
    state.enemies = list(foes) or [enemy("wisp#1", sight=9, damage=1)]
    if ap is not None:
        state.heroes[0].base["ap"] = ap
    return give(state, 0, *cards) if cards else state


def held(state: HellbringerState, seat: int, cid: str) -> str:
    """The copy of card `cid` in the seat's hand."""
    return next(c for c in state.heroes[seat].hand if card_id(c) == cid)


def play(state: HellbringerState, seat: int, action: Action) -> tuple[HellbringerState, list[str]]:
    """A move a player could pick: it must be among the seat's legal moves."""
    assert action in ENGINE.legal_actions(state, seat), f"{action} is not offered"
    state, events = ENGINE.apply(state, seat, action)
    return state, [e.text for e in events]


def draw(state: HellbringerState, *cards: str) -> tuple[HellbringerState, list[str]]:
    """Resolve the next chance nodes with these exact cards, in order: each request
    takes as many as it has card inputs (a physical draw asks a whole draw on one
    form), and its "Monsters per Combat card" input is left blank (as printed)."""
    said: list[str] = []
    left = list(cards)
    while left:
        request = ENGINE.chance(state)
        assert request is not None, f"nothing asks for {left}"
        values = ["" if item.key in DRAWN else left.pop(0)
                  for item in request.items if item.key in DRAWN or left]
        state, events = ENGINE.resolve(state, ChanceOutcome(values=values))
        said += [e.text for e in events]
    return past_abilities_window(state, said)


def past_abilities_window(state: HellbringerState, said: list[str]
                          ) -> tuple[HellbringerState, list[str]]:
    """Every waiting player passes the defence window opened before the enemies'
    abilities land (2.2, H5): these tests play no Any Time card there."""
    while state.queue and isinstance(head := state.queue[0], Window) \
            and head.step == "abilities" and ENGINE.chance(state) is None:
        state, events = ENGINE.apply(state, head.waiting[0], Pass())
        said += [e.text for e in events]
    return state, said


def settle(state: HellbringerState, seed: int = 0) -> tuple[HellbringerState, list[str]]:
    """Resolve every chance node still waiting with a seeded sample."""
    rng = random.Random(seed)
    said: list[str] = []
    while (request := ENGINE.chance(state)) is not None:
        state, events = ENGINE.resolve(state, sample(request, rng))
        said += [e.text for e in events]
    return state, said


def full_hand_end(state: HellbringerState, seat: int) -> EndTurn:
    """End the turn discarding only what the hand limit demands (the first cards)."""
    hero = state.heroes[seat]
    extra = max(0, len(hero.hand) - stats(state, hero)["hand"])
    return EndTurn(discard=tuple(hero.hand[:extra]))


def next_turn(state: HellbringerState, seat: int, seed: int = 0) -> HellbringerState:
    """End `seat`'s turn and play on (dice sampled, decisions by the AI, the defence
    window passed) until it is `seat`'s turn again with nothing pending."""
    rng = random.Random(seed)
    state = ENGINE.apply(state, seat, full_hand_end(state, seat))[0]
    for _ in range(500):
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve(state, sample(request, rng))[0]
            continue
        if state.phase == "player" and state.active == seat and not state.queue:
            return state
        mover = ENGINE.to_move(state)[0]
        head = state.queue[0] if state.queue else None
        if isinstance(head, Choose | Window):
            state = ENGINE.apply(state, mover, choose(state, mover))[0]
        else:
            state = ENGINE.apply(state, mover, full_hand_end(state, mover))[0]
    raise AssertionError("the turn did not come back")


def rolls(state: HellbringerState, *faces: str) -> tuple[HellbringerState, list[str]]:
    """Resolve the next roll (every die of it at once) with these faces."""
    state, events = ENGINE.resolve(state, ChanceOutcome(values=list(faces)))
    return past_abilities_window(state, [e.text for e in events])
