"""Hellbringer's private panel (issue 21): "Cards in hand are hidden" (Co-op rules),
so every move that names a card in a hand is made on its player's own ephemeral
panel, and the public board names none. Each test reads the hands straight from
the state (`tests.support.hands`), not through the presenter under test."""

from __future__ import annotations

import random

from bot.games.hellbringer import codes
from bot.games.hellbringer.presenter import OWN_BOX, PRESENTER
from bot.models import GameRow, SeatRow
from bot.presenting import MY_TURN, board_view, panel_view
from bot.render.games import PrivateMoves, private_moves
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import (
    MULE,
    ChooseClass,
    DiscardCard,
    EndTurn,
    Equip,
    Learn,
    ShowCard,
    Trade,
    TradeReply,
)
from tests.support.hands import component_texts, leaks, secret_names
from tests.unit.hellbringer.support import act, clear_board, fresh, physical_turn


def _game(players: int, mode: str = "digital", ai: tuple[int, ...] = ()) -> GameRow:
    return GameRow(id=1, guild_id=1, channel_id=2, game="hellbringer", mode=mode, status="active",
                   host_id=10, rng_seed=0, version=7,
                   seats=[SeatRow(user_id=None if i in ai else 10 + i, name=f"P{i + 1}",
                                  ai=i in ai) for i in range(players)])


def _on_panel(game: GameRow, state: HellbringerState, seat: int) -> set[str]:
    """Every move code the seat's panel offers (buttons and one-pick options)."""
    panel = PRESENTER.private_moves(game, state, seat)
    return {code for _, code in panel.buttons} | {
        str(o.value) for menu in panel.selects for o in menu.options}


def _public_words(game: GameRow, state: HellbringerState) -> list[str]:
    return component_texts(board_view(game, state).children)


def test_cards_in_hand_are_hidden_the_class_choice_is_made_on_each_panel() -> None:
    """Setup: the dealt hands (the Starter swap's candidates) appear on no public
    component; each seat to choose has a "🃏 My turn" button and its panel."""
    game = _game(2)
    state = ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(2)],
                         HellbringerOptions())
    rng = random.Random(0)
    while (request := ENGINE.chance(state)) is not None:
        state = ENGINE.resolve_quiet(state, sample(request, rng))
    assert secret_names(state), "the hands are dealt"
    words = _public_words(game, state)
    assert not leaks(words, state)
    seat = ENGINE.to_move(state)[0]
    assert f"{MY_TURN} (P{seat + 1})" in words
    legal = ENGINE.legal_actions(state, seat)
    assert all(isinstance(a, ChooseClass) for a in legal)
    assert PRESENTER.private_moves(game, state, seat).selects, "the class menu is on the panel"
    assert not PRESENTER.action_selects(game, state), "and not on the board"


def test_cards_in_hand_are_hidden_equip_learn_discard_and_offer_are_on_the_panel() -> None:
    """A turn: every move naming a hand card is on the player's panel and not on the
    board; the board keeps End turn and the My turn button, and names no hand card."""
    game = _game(2)
    state = clear_board(fresh(2))
    seat = ENGINE.to_move(state)[0]
    equip = next(a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Equip))
    state = act(state, seat, equip)
    hand = set(state.heroes[seat].hand)
    board_codes = {code for _, code, _ in PRESENTER.action_buttons(game, state)} | {
        str(o.value) for m in PRESENTER.action_selects(game, state) for o in m.options}
    panel_codes = _on_panel(game, state, seat)
    for index, action in enumerate(ENGINE.legal_actions(state, seat)):
        code = codes.encode(index, action)
        names_hand = any(getattr(action, f, None) in hand for f in ("card", "give"))
        if names_hand:
            assert code not in board_codes, f"{action} is on the public board"
        if isinstance(action, Equip | Learn | DiscardCard) and names_hand:
            assert code in panel_codes, f"{action} is not on the panel"
    assert any(isinstance(a, Trade) and a.partner != MULE
               for a in ENGINE.legal_actions(state, seat)), "a player to trade with"
    words = _public_words(game, state)
    assert not leaks(words, state)
    assert f"{MY_TURN} (P{seat + 1})" in words and "⏭️ End turn" in words


def test_trading_a_card_the_partner_is_told_the_offer_on_their_panel_only() -> None:
    """Co-op 'Trading a Card': the channel reads only that a trade is offered; the
    partner's panel names the offered card and holds every answer."""
    game = _game(2)
    state = clear_board(fresh(2))
    offered = state.heroes[0].hand[0]
    state, events = ENGINE.apply(state, 0, Trade(give=offered, partner=1))
    said = PRESENTER.event_lines(game, events)
    assert said == ["P1 offers P2 a trade."]
    assert not leaks(said, state)
    words = _public_words(game, state)
    assert not leaks(words, state) and f"{MY_TURN} (P2)" in words
    panel = PRESENTER.private_moves(game, state, 1)
    assert "P1 offers you **" in panel.note
    answers = [a for a in ENGINE.legal_actions(state, 1) if isinstance(a, TradeReply)]
    assert len(_on_panel(game, state, 1)) == len(answers), "every answer, on the panel"
    assert PRESENTER.private_moves(game, state, 0) == PrivateMoves(), "not the offerer's"
    back = state.heroes[1].hand[0]
    state, events = ENGINE.apply(state, 1, TradeReply(give=back))
    said = PRESENTER.event_lines(game, events)
    assert said == ["P2 and P1 trade a card."]


def test_discard_and_draw_cards_the_end_of_turn_pick_is_on_the_panel() -> None:
    """1.3 with a hand over the limit: the discard multi-pick lists the hand, so it is
    on the panel; the board names none of the cards."""
    game = _game(1)
    state = clear_board(fresh(1))
    panel = PRESENTER.private_moves(game, state, 0)
    assert any("end turn, discarding" in m.placeholder for m in panel.selects)
    assert not any(isinstance(a, EndTurn) and a.discard
                   for a in (codes.decode(game, state, 0, c) for _, c, _ in
                             PRESENTER.action_buttons(game, state)))
    assert not leaks(_public_words(game, state), state)


def test_a_physical_show_is_on_the_panel() -> None:
    """At a physical table, 📝 Show … says what kind of card one holds: the panel's."""
    game = _game(1, "physical")
    state = physical_turn(1)
    shows = [codes.encode(i, a) for i, a in enumerate(ENGINE.legal_actions(state, 0))
             if isinstance(a, ShowCard)]
    assert shows and set(shows) <= _on_panel(game, state, 0)
    assert not set(shows) & {c for _, c, _ in PRESENTER.action_buttons(game, state)}


def test_no_panel_for_an_ai_seat_a_waiting_seat_or_a_game_without_the_hook() -> None:
    state = clear_board(fresh(2))
    seat = ENGINE.to_move(state)[0]
    assert private_moves(_game(2, ai=(seat,)), state, seat) == PrivateMoves()
    assert private_moves(_game(2), state, 1 - seat) == PrivateMoves()
    pig = _game(2).model_copy(update={"game": "pig"})
    assert private_moves(pig, state, seat) == PrivateMoves()


def test_the_panel_carries_the_tables_version_like_the_board() -> None:
    """A panel's components use the board's custom ids, so the table checks them."""
    game = _game(1)
    state = act(clear_board(fresh(1)), 0, Equip(card="worn_sword#1"))
    ids = [str(getattr(c, "custom_id", "")) for c in panel_view(game, state, 0).children]
    assert ids and all(i.startswith(("pd:mv:1:7:0:", "pd:sel:1:7:0:")) for i in ids)


def test_my_hand_lists_the_hand_once_and_never_calls_it_shown() -> None:
    """A player's own hand is theirs to see, not "shown" to the table (the public board
    says "Hand shown" only of a revealed hand); a physical table's is its own box, and
    its Show is on the panel, where the player finds it."""
    digital = PRESENTER.private(_game(2), fresh(2), 0)
    assert digital.description and "•" in digital.description
    assert "Hand shown" not in str(digital.to_dict())
    physical = PRESENTER.private(_game(1, "physical"), physical_turn(1), 0)
    assert "Hand shown" not in str(physical.to_dict())
    assert physical.footer.text == OWN_BOX
    assert "your panel (🃏 My turn)" in (physical.description or "")
