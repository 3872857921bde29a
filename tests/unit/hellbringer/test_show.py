"""Physical mode: showing the bot a card from your real hand (📝 Show …).

A Show may be taken back (↩️ Never mind) while its form waits: only by its player,
and the table is then exactly as it was before the Show. A card may be shown whenever
it may be played, so an Any Time card out of turn too (Any Time: "at any time
during the Player Turn or the Enemies' Turn"; a Resurrection for an eliminated
player, a defence in the defence window), and never when no card of yours may
be played. A wrong player or a wrong time gets one sentence and changes
nothing."""

from __future__ import annotations

import pytest

from bot.games.hellbringer import codes
from bot.games.hellbringer.labels import NEVER_MIND
from bot.games.hellbringer.presenter import PRESENTER
from bot.models import GameRow, SeatRow
from bot.presenting import board_view
from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import (
    CancelShow,
    CardReport,
    Choose,
    Defend,
    EndTurn,
    Said,
    SetEliminated,
    ShowCard,
    Window,
)
from engines.hellbringer.stats import card_id
from tests.unit.hellbringer.support import act, fresh, roll

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


# (a) ↩️ Never mind


def test_never_mind_puts_the_table_back_exactly_as_before_the_show() -> None:
    before = _table(1)
    shown = act(before, 0, ShowCard(form="companion"))
    assert isinstance(shown.queue[0], CardReport) and ENGINE.chance(shown) is not None
    assert ENGINE.legal_actions(shown, 0) == [CancelShow()]
    assert ENGINE.may_act(shown, 0) and ENGINE.acts_during_chance(shown, 0)
    back, events = ENGINE.apply(shown, 0, CancelShow())
    assert back == before
    assert events == [Said(text="P1 shows no card after all.")]
    assert ShowCard(form="gear") in ENGINE.legal_actions(back, 0), "the right form, now"


def test_never_mind_in_the_defence_window_reopens_the_window() -> None:
    """An ally showing a defence in the window (H5) may change their mind: the window
    waits for the attacked player again, and the ally may still show or pass."""
    before = _table(2)
    before.queue.insert(0, Window(waiting=[0]))
    shown = act(before, 1, ShowCard(form="other"))
    assert ENGINE.to_move(shown) == [] and ENGINE.legal_actions(shown, 0) == []
    back = act(shown, 1, CancelShow())
    assert back == before
    assert ENGINE.to_move(back) == [0] and SHOWS[2] in ENGINE.legal_actions(back, 1)


def test_only_the_player_who_showed_may_take_it_back() -> None:
    shown = act(_table(2), 0, ShowCard(form="gear"))
    assert ENGINE.legal_actions(shown, 1) == []
    assert not ENGINE.may_act(shown, 1) and not ENGINE.acts_during_chance(shown, 1)
    _refused(shown, 1, CancelShow(), r"^Only P1 can take back their 📝 Show\.$")


def test_never_mind_without_a_show_waiting_is_refused() -> None:
    """On your turn, or while another report waits (a card drawn, an enemy card), there is
    no Show to take back."""
    turn = _table(1)
    _refused(turn, 0, CancelShow(), r"^No 📝 Show is waiting for its form")
    setup = ENGINE.setup([Seat(index=0, name="P1")], HellbringerOptions(mode="physical"))
    assert ENGINE.chance(setup) is not None and ENGINE.legal_actions(setup, 0) == []
    assert not ENGINE.acts_during_chance(setup, 0)
    _refused(setup, 0, CancelShow(), r"^No 📝 Show is waiting for its form")


def test_the_report_still_waits_for_everything_else() -> None:
    """While a Show's form waits, nobody moves on (the form, or Never mind)."""
    shown = act(_table(2), 0, ShowCard(form="gear"))
    _refused(shown, 0, EndTurn(), r"^Waiting for a result first")
    _refused(shown, 1, ShowCard(form="gear"), r"^Waiting for a result first")


def test_a_digital_table_has_no_show_to_take_back() -> None:
    state = fresh(1)
    assert CancelShow() not in ENGINE.legal_actions(state, 0)
    _refused(state, 0, CancelShow(), r"^No 📝 Show is waiting")


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


def test_any_time_show_out_of_turn_can_be_taken_back() -> None:
    before = _fallen()
    assert act(act(before, 1, ShowCard(form="other")), 1, CancelShow()) == before


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


def test_the_board_offers_never_mind_beside_report_result_to_its_player_only() -> None:
    game = GameRow(guild_id=1, channel_id=2, game="hellbringer", mode="physical",
                   status="active", host_id=10, rng_seed=0,
                   seats=[SeatRow(user_id=10 + i, name=f"P{i + 1}") for i in range(2)])
    shown = act(_table(2), 0, ShowCard(form="companion"))
    assert PRESENTER.action_buttons(game, shown) == [
        (NEVER_MIND, codes.encode(0, CancelShow()), 0)]
    ids = [str(getattr(c, "custom_id", "")) for c in board_view(game, shown).children]
    assert ids[0].startswith("pd:rep:") and ids[1].endswith(f":0:{codes.encode(0, CancelShow())}")
    told = str(PRESENTER.board(game, shown).description)
    assert f"fills in the form, or **{NEVER_MIND}**." in told
    assert codes.decode(game, shown, 0, codes.encode(0, CancelShow())) == CancelShow()
    with pytest.raises(RuleError, match="no longer matches"):
        codes.decode(game, shown, 1, codes.encode(0, CancelShow()))


MAUL = ["Great Maul", "1", "single 2D+10", "", "red"]


def test_show_and_equip_equips_the_gear_card_once_its_form_is_in() -> None:
    """Issue 22, point 5 (fewer presses): '📝 Show a gear card and equip it' is offered
    only on one's own turn; once the form is in, the item is equipped by the equip
    rule itself (its AP cost is paid) and the line names no card."""
    state = _table(2)
    assert ShowCard(form="gear", equip=True) in ENGINE.legal_actions(state, 0)
    assert ShowCard(form="gear", equip=True) not in ENGINE.legal_actions(state, 1)
    state = act(state, 0, ShowCard(form="gear", equip=True))
    state, events = ENGINE.resolve(state, ChanceOutcome(values=MAUL))
    hero = state.heroes[0]
    assert list(hero.equipped) == ["red"] and card_id(hero.equipped["red"]).startswith("x")
    assert hero.ap_spent == 1
    assert [e.text for e in events] == ["P1 equips Great Maul."]


def test_show_and_equip_keeps_a_card_the_equip_rule_refuses_in_hand() -> None:
    """Card use (J1, the AP cost): a shown item whose cost is more than the AP left
    stays in the hand; the one line says why without naming it (it is still hidden)."""
    state = _table(1)
    state = act(state, 0, ShowCard(form="gear", equip=True))
    dear = ["Great Maul", "5", "single 2D+10", "", "red"]
    state, events = ENGINE.resolve(state, ChanceOutcome(values=dear))
    hero = state.heroes[0]
    assert not hero.equipped and hero.ap_spent == 0
    assert any(card_id(c).startswith("x") for c in hero.hand)
    (line,) = [e.text for e in events]
    assert "keeps it in hand" in line and "that costs 5 Action Point(s); you have 2." in line
    assert "Maul" not in line


def test_show_and_equip_is_refused_out_of_turn_and_for_other_forms() -> None:
    """A wrong form or a wrong time gets one sentence and changes nothing."""
    state = _table(2)
    _refused(state, 0, ShowCard(form="companion", equip=True), "own turn")
