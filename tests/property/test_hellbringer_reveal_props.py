"""2.1 (D7) over random piles and choices: whatever the five revealed cards are,
whichever Combat cards go back, each player in play takes exactly one card (while
the cards last), the rest leave the middle, and a returned card waits on top unresolved."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.chance import sample
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import Choose, Pick, ReturnCombat
from tests.unit.hellbringer.audit import full_hand_end
from tests.unit.hellbringer.support import clear_board, fresh


def _to_reveal(players: int, seed: int) -> HellbringerState:
    state = clear_board(fresh(players, seed=seed))
    for seat in range(min(players, 2)):
        state = ENGINE.apply(state, seat, full_hand_end(state, seat))[0]
    return state


@settings(max_examples=30, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_d7_each_player_in_play_takes_one_revealed_card(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = _to_reveal(players, seed)
    assert state.phase == "enemies" and not state.enemies
    picked: list[int] = []
    available = 0
    returned: tuple[str, ...] = ()
    for _ in range(200):
        request = ENGINE.chance(state)
        head = state.queue[0] if state.queue else None
        if request is not None:
            state = ENGINE.resolve(state, sample(request, rng))[0]
        elif isinstance(head, Choose) and head.what == "return_combat":
            options = [a for a in ENGINE.legal_actions(state, head.seat)
                       if isinstance(a, ReturnCombat)]
            choice = rng.choice(options)
            returned = choice.cards
            state = ENGINE.apply(state, head.seat, choice)[0]
        elif isinstance(head, Choose) and head.what == "pick":
            before = list(state.dungeon.middle)
            available = available or len(before)
            pick = rng.choice(ENGINE.legal_actions(state, head.seat))
            assert isinstance(pick, Pick) and pick.card in before
            state = ENGINE.apply(state, head.seat, pick)[0]
            picked.append(head.seat)
            assert pick.card in state.heroes[head.seat].hand
        else:
            break
    assert len(set(picked)) == len(picked) == min(players, available), "one card each"
    assert state.dungeon.middle == []
    for card in returned:
        assert card in state.dungeon.top or card in state.dungeon.removed
