"""The smaller points of issue 22 (point 7), each as a player meets it: whose
buttons these are, the rules of the defence windows, a physical table's footer,
gear named once, a line when a turn ends, the odds for both targets, and the 2nd
player's class choice in one menu."""

from __future__ import annotations

import random

from bot.games.hellbringer.menus import COMBINED
from bot.games.hellbringer.presenter import CREDIT, OWN_BOX, PRESENTER
from bot.games.hellbringer.rules import step_rules
from bot.models import GameRow, SeatRow
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.cards import catalogue
from engines.hellbringer.models import ChooseClass, Enchant, EndTurn, Equip, Stage, Window
from engines.hellbringer.odds import strike_now
from tests.unit.hellbringer.support import clear_board, enemy, fresh, give


def _game(mode: str = "digital", players: int = 2) -> GameRow:
    seats = [SeatRow(user_id=10 + i, name=n) for i, n in enumerate(("Ann", "Bob")[:players])]
    return GameRow(guild_id=1, channel_id=2, game="hellbringer", mode=mode, status="active",
                   host_id=10, rng_seed=0, seats=seats)


def _window(state: HellbringerState) -> HellbringerState:
    s = state.fork()
    s.phase = "enemies"
    s.enemies = [enemy(damage=5, sight=9)]
    s.targets = [0, 1]
    s.enemy_face = "Player Hit"
    s.pool, s.pool_split = [10] * 5, 5
    s.queue[:0] = [Window(waiting=[0, 1], step="damage"), Stage(name="settle")]
    return s


def test_defence_window_buttons_name_their_player() -> None:
    """Two attacked players each get a Pass: 'Those buttons are for alice' must not
    be what bob learns by pressing one."""
    state = _window(clear_board(fresh(2)))
    texts = [text for text, _, _ in PRESENTER.action_buttons(_game(), state)]
    assert "✋ Pass (Ann)" in texts and "✋ Pass (Bob)" in texts


def test_the_board_says_what_a_defence_window_waits_for_in_words() -> None:
    """The turn line reads as a sentence: 'waiting for Ann, Bob to defend or pass', not
    'to defence window'."""
    embed = PRESENTER.board(_game(), _window(clear_board(fresh(2))))
    assert "Enemies' turn: waiting for Ann, Bob to defend or pass." in str(embed.description)


def test_a_lone_players_buttons_keep_their_short_label() -> None:
    state = clear_board(fresh(1))
    texts = [text for text, _, _ in PRESENTER.action_buttons(_game(players=1), state)]
    assert "✋ Pass" not in texts and not any("(Ann)" in t for t in texts)


def test_rules_of_the_defence_window_say_when_it_opens() -> None:
    text = str(step_rules(_window(clear_board(fresh(2)))).description)
    assert "after the Enemy Die, before the enemies' abilities land" in text
    assert "once the pool is rolled" in text
    assert "before the pool is rolled, each attacked player" not in text


def test_a_physical_tables_footer_is_not_house_cards() -> None:
    assert PRESENTER.footer(_game("physical")) == OWN_BOX
    assert "House cards" not in OWN_BOX
    assert PRESENTER.footer(_game("digital")) == CREDIT


def test_a_two_handed_item_is_named_once_among_the_gear() -> None:
    """The Great Maul takes the red and the green point: 'Equipped: Great Maul'."""
    state = give(clear_board(fresh(1)), 0, "great_maul")
    maul = next(c for c in state.heroes[0].hand if c.startswith("great_maul#"))
    state = ENGINE.apply(state, 0, Equip(card=maul))[0]
    fields = [str(f.value) for f in PRESENTER.board(_game(players=1), state).fields]
    assert any("Equipped: Great Maul\n" in f for f in fields)
    assert not any("Great Maul, Great Maul" in f for f in fields)


def test_discard_and_draw_cards_ending_a_turn_posts_a_line() -> None:
    """1.3: the channel reads 'P1 discards 2 and draws 2.' (how many, never which)."""
    state = clear_board(fresh(1))
    hand = state.heroes[0].hand
    _, events = ENGINE.apply(state, 0, EndTurn(discard=tuple(hand[:3])))
    assert "P1 discards 3 and draws 2." in [e.text for e in events]
    full = ENGINE.apply(state, 0, EndTurn(discard=tuple(hand[:1])))[1]
    assert "P1 discards 1 and ends the turn." in [e.text for e in full]


def test_if_the_enemies_struck_now_counts_the_player_whose_turn_it_is() -> None:
    """2.2 co-op: they strike the last two who played. During the 2nd player's turn,
    those are both players, not only the 1st."""
    state = clear_board(fresh(2))
    state.enemies = [enemy(damage=12, acid=12, sight=9)]
    hand = state.heroes[0].hand
    state = ENGINE.apply(state, 0, EndTurn(discard=tuple(hand[:1])))[0]
    rng = random.Random(0)
    while (request := ENGINE.chance(state)) is not None:
        state = ENGINE.resolve(state, sample(request, rng))[0]
    assert state.active == 1 and state.phase == "player"
    assert set(strike_now(state)) == {"P1", "P2"}


def test_the_second_players_class_choice_is_one_combined_menu() -> None:
    """Five classes x two Perks x a swap were 100 one-pick options in four menus."""
    state = ENGINE.setup([Seat(index=0, name="Ann"), Seat(index=1, name="Bob")],
                         HellbringerOptions())
    rng = random.Random(1)
    while (request := ENGINE.chance(state)) is not None:
        state = ENGINE.resolve(state, sample(request, rng))[0]
    cls = catalogue().cls("warrior")
    state = ENGINE.apply(state, 0, ChooseClass(
        cls="warrior", starter=cls.starters[0], perk=catalogue().perks_of("warrior")[0].id))[0]
    while (request := ENGINE.chance(state)) is not None:
        state = ENGINE.resolve(state, sample(request, rng))[0]
    assert ENGINE.to_move(state) == [1] and len(ENGINE.legal_actions(state, 1)) == 100
    menus = PRESENTER.private_moves(_game(), state, 1).selects
    assert [m.code for m in menus] == [f"{COMBINED}c0"]


def test_an_enchantment_in_play_is_on_the_board() -> None:
    """T.9 puts 'Discard Rune of Fire' on the public board, so the board shows the
    enchantment it names: it is face up under its item."""
    state = give(clear_board(fresh(1)), 0, "rune_of_fire")
    hero = state.heroes[0]
    rune = next(c for c in hero.hand if c.startswith("rune_of_fire#"))
    state = ENGINE.apply(state, 0, Equip(card="worn_sword#1"))[0]
    state = ENGINE.apply(state, 0, Enchant(card=rune, item="worn_sword#1"))[0]
    fields = [str(f.value) for f in PRESENTER.board(_game(players=1), state).fields]
    assert any("Enchantments: Rune of Fire" in f for f in fields)
