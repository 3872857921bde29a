"""Rules audit (issue 22, point 8) at a physical table: the 2.1 reveal with the
group's own cards reported by kind (the rule is the same as digital's; the cards
are placeholders the players show later)."""

from __future__ import annotations

from engines.hellbringer import ENGINE
from engines.hellbringer.models import Choose, EndTurn, Pick, ReturnCombat
from tests.unit.hellbringer.audit import draw, play, rolls
from tests.unit.hellbringer.support import clear_board, physical_turn


def test_d7_2_1_reveal_at_a_physical_table_return_then_one_card_each() -> None:
    """2.1 (D7), physical: five cards revealed, the Combat card may go back on top
    with a Location among them, Instants resolve, then each player takes one."""
    state = clear_board(physical_turn(2))
    seg = state.dungeon.segments[0]
    seg.commons, seg.combat = 3, 1
    assert seg.tome is not None
    state.dungeon.removed.append(seg.tome)
    seg.tome = None
    for seat in (0, 1):
        state, _ = play(state, seat, EndTurn(discard=tuple(state.heroes[seat].hand[:2])))
        state, _ = draw(state, "common")
    state, said = draw(state, "common", "combat", "common", "common")
    assert said == ["Revealed: a Common card.", "Revealed: a Combat card.",
                    "Revealed: a Common card.", "Revealed: a Common card."]
    middle = state.dungeon.middle
    assert len(middle) == 5 and "crypt#1" in middle and "combat#1" in middle
    head = state.queue[0]
    assert isinstance(head, Choose) and head.what == "return_combat"
    state, said = play(state, head.seat, ReturnCombat(cards=("combat#1",)))
    assert state.dungeon.top == ["combat#1"]
    assert "The party reaches the Crypt." in said
    state, said = rolls(state, "1", "0")
    assert said[0] == "Crypt: Sight +1, 0 enemies to draw."
    assert len(state.dungeon.middle) == 4, "five minus the one returned"
    assert ENGINE.to_move(state) == [0]
    hands = [len(h.hand) for h in state.heroes]
    first, second = state.dungeon.middle[:2]
    state, _ = play(state, 0, Pick(card=first))
    assert ENGINE.to_move(state) == [1]
    state, _ = play(state, 1, Pick(card=second))
    assert [len(h.hand) for h in state.heroes] == [hands[0] + 1, hands[1] + 1]
    assert state.dungeon.middle == [] and state.dungeon.top == ["combat#1"]
