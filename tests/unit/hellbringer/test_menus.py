"""Hellbringer's board at the end of a turn (rule 1.3 Discard & Draw Cards): the
plain End turn button on the board, and one multi-pick of the hand for any number
of discards on the player's private panel, so every legal set of cards is
reachable within Discord's limits."""

from __future__ import annotations

import pytest

from bot.games.hellbringer.menus import COMBINED
from bot.games.hellbringer.presenter import PRESENTER
from bot.models import GameRow, SeatRow
from bot.render.games import SelectChoice
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import EndTurn, Equip
from tests.unit.hellbringer.support import act, clear_board, fresh, physical_turn

END = f"{COMBINED}e"


def _game(mode: str = "digital") -> GameRow:
    return GameRow(guild_id=1, channel_id=2, game="hellbringer", mode=mode, status="active",
                   host_id=10, rng_seed=0, seats=[SeatRow(user_id=10, name="Ann")])


def _discards(game: GameRow, state: HellbringerState) -> SelectChoice:
    """The discard multi-pick, on the seat's private panel (it lists the hand)."""
    return next(m for m in PRESENTER.private_moves(game, state, 0).selects
                if m.code.startswith(END))


def test_discard_and_draw_cards_a_full_hand_picks_any_number_to_discard() -> None:
    """1.3: with a full hand of five, the board keeps the End turn button and offers
    one menu of the five cards taking one to five picks; three picks end the turn
    discarding exactly those three."""
    game = _game()
    state = act(clear_board(fresh(1)), 0, Equip(card="worn_sword#1"))
    hand = state.heroes[0].hand
    assert len(hand) == 5
    assert "⏭️ End turn" in [text for text, _, _ in PRESENTER.action_buttons(game, state)]
    menu = _discards(game, state)
    assert menu.placeholder == "Ann: end turn, discarding: pick up to 5"
    assert (menu.min_values, menu.max_values) == (1, 5)
    values = [str(o.value) for o in menu.options]
    assert len(values) == 5
    three = [values[0], values[2], values[4]]
    assert PRESENTER.decode(game, state, 0, menu.code, three) == \
        ENGINE.dump_action(EndTurn(discard=(hand[0], hand[2], hand[4])))


def test_discard_and_draw_cards_over_the_limit_asks_at_least_the_excess() -> None:
    """1.3: a hand of six over a limit of five must lose one card and may lose more:
    no End turn button, and a menu of one to six picks."""
    game = _game()
    state = clear_board(fresh(1))
    assert len(state.heroes[0].hand) == 6
    assert "⏭️ End turn" not in [text for text, _, _ in PRESENTER.action_buttons(game, state)]
    menu = _discards(game, state)
    assert menu.placeholder == "Ann: end turn, discarding: pick up to 6"
    assert (menu.min_values, menu.max_values) == (1, 6)


def test_discard_and_draw_cards_unshown_cards_are_alike_in_the_menu() -> None:
    """1.3 at a physical table: the bot has not seen the six cards (a Quick Game's
    Starter Elixir counted), so any two picks of them name the one move 'discard two
    unshown cards'; the menu names no card the bot knows, so it is on the board, not
    the panel (issue 22: one press fewer)."""
    game = _game("physical")
    state = physical_turn(1)
    hand = state.heroes[0].hand
    assert not any(m.code.startswith(END)
                   for m in PRESENTER.private_moves(game, state, 0).selects)
    menu = next(m for m in PRESENTER.action_selects(game, state) if m.code.startswith(END))
    assert (menu.min_values, menu.max_values) == (1, 6)
    values = [str(o.value) for o in menu.options]
    assert PRESENTER.decode(game, state, 0, menu.code, [values[4], values[2]]) == \
        ENGINE.dump_action(EndTurn(discard=(hand[0], hand[1])))


def test_discard_and_draw_cards_a_stale_pick_is_one_sentence() -> None:
    """A pick of a card no longer in the hand (an old board) is refused in one sentence."""
    game = _game()
    state = act(clear_board(fresh(1)), 0, Equip(card="worn_sword#1"))
    menu = _discards(game, state)
    with pytest.raises(RuleError, match=r"^Pick only cards in your hand, as many as the menu "
                                        r"allows\.$"):
        PRESENTER.decode(game, state, 0, menu.code, [str(menu.options[0].value), "x:rat#9"])
