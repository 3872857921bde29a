"""Physical mode: showing the bot a card from your real hand (📝 Show …).

A card may be shown whenever it may be played, so an Any Time card out of turn
too (Any Time: "at any time during the Player Turn or the Enemies' Turn"; a
Resurrection for an eliminated player, a defence in the defence window), and
never when no card of yours may be played. A wrong player or a wrong time gets
one sentence and changes nothing."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import (
    Choose,
    Defend,
    SetEliminated,
    ShowCard,
)
from engines.hellbringer.stats import card_id
from tests.unit.hellbringer.support import act, roll

CLASSES = ("warrior", "sorcerer", "paladin")
PHOENIX = ("Phoenix Down", "potion", "0", "resurrect any")
"""A Resurrection card as a table reports it on the 'other' form (free, Any Time)."""
SHOWS = [ShowCard(form="gear"), ShowCard(form="companion"), ShowCard(form="other")]


def _table(players: int) -> HellbringerState:
    """A physical table at P1's turn: sheets, the Graveyard and its one Rat reported."""
    state = ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)],
                         HellbringerOptions(mode="physical"))
    for cls in CLASSES[:players]:
        state = roll(state, cls, "30", "10", "2", "2")
    state = roll(roll(state, "0", "1"), "Rat", "0", "5", "5", "1A")
    assert state.phase == "player" and state.active == 0 and ENGINE.chance(state) is None
    return state


def _fallen(players: int = 3) -> HellbringerState:
    """P1's turn while P3 is eliminated, so a Resurrection may be played out of turn."""
    return ENGINE.correct(_table(players), SetEliminated(seat=players - 1, eliminated=True))[0]


def _refused(state: HellbringerState, seat: int, action: object, match: str) -> None:
    """One sentence, and nothing changes."""
    before = state.model_copy(deep=True)
    with pytest.raises(RuleError, match=match) as refused:
        ENGINE.apply(state, seat, action)  # type: ignore[arg-type]
    assert str(refused.value).count(". ") == 0, "one sentence"
    assert state == before


# (b) Any Time cards shown out of turn


def test_any_time_a_resurrection_held_out_of_turn_can_be_shown_and_played() -> None:
    """Any Time: a card with the Resurrect icon is played during another player's turn,
    so its holder shows it then, and plays it for the eliminated player."""
    state = _fallen()
    assert ENGINE.may_act(state, 1)
    legal = ENGINE.legal_actions(state, 1)
    assert legal[:3] == SHOWS
    state = act(state, 1, ShowCard(form="other"))
    request = ENGINE.chance(state)
    assert request is not None and request.reporter == 1, "P2 reports it"
    state = roll(state, *PHOENIX)
    phoenix = next(c for c in state.heroes[1].hand if card_id(c) != "common")
    assert Defend(card=phoenix, target=2) in ENGINE.legal_actions(state, 1)
    assert state.active == 0 and ENGINE.to_move(state) == [0], "still P1's turn"
    state = act(state, 1, Defend(card=phoenix, target=2))
    assert state.heroes[2].resurrect


def test_no_any_time_play_out_of_turn_no_show() -> None:
    """During another player's turn with nobody eliminated no card of yours may be
    played (a defence waits for the window), so no card is shown either."""
    state = _table(2)
    assert ENGINE.legal_actions(state, 1) == []
    _refused(state, 1, ShowCard(form="other"),
             r"^Show a card when you can play it: on your turn, a defence in the defence"
             r" window, or a Resurrection while a player is eliminated\.$")


def test_an_eliminated_player_shows_no_card() -> None:
    """Elimination: an eliminated player is affected by nothing but a Resurrection, and
    plays no card."""
    state = _fallen()
    assert ENGINE.legal_actions(state, 2) == []
    _refused(state, 2, ShowCard(form="other"), r"^Show a card when you can play it")


def test_no_show_out_of_turn_while_a_choice_is_owed() -> None:
    """While someone owes a decision (here P1 places an Attribute Point) no Any Time card
    is offered, so no card is shown out of turn either."""
    state = _fallen()
    state.queue.insert(0, Choose(what="place_point", seat=0, enemy="rat#1"))
    assert ENGINE.legal_actions(state, 1) == []
    _refused(state, 1, ShowCard(form="other"), r"^Show a card when you can play it")


def test_a_hand_the_bot_knows_has_nothing_to_show_out_of_turn() -> None:
    state = _fallen()
    state.heroes[1].hand = [c for c in state.heroes[1].hand if card_id(c) != "common"]
    assert not any(isinstance(a, ShowCard) for a in ENGINE.legal_actions(state, 1))
    _refused(state, 1, ShowCard(form="gear"), r"^The bot knows every card in your hand")
