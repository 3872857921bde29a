"""Co-op Rules (trading, reactions out of turn, hidden hands), the Secret Portal,
GM corrections through the protocol, and the AI's legality."""

from __future__ import annotations

import random

import pytest

from engines.core.chance import sample
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import (
    MULE,
    Activate,
    Choose,
    Defend,
    EndTurn,
    EnterPortal,
    Equip,
    SetHeroStat,
    Trade,
    TradeReply,
    Window,
)
from engines.hellbringer.stats import stats
from tests.unit.hellbringer.support import act, clear_board, enemy, fresh, give, roll


def test_trading_a_card_with_the_mule_once_per_turn() -> None:
    state = fresh(1)
    give_card, take = state.heroes[0].hand[0], state.dungeon.mule[0]
    state = act(state, 0, Trade(give=give_card, partner=MULE, take=take))
    assert take in state.heroes[0].hand and give_card in state.dungeon.mule
    with pytest.raises(RuleError, match="already traded"):
        ENGINE.apply(state, 0, Trade(give=state.heroes[0].hand[0], partner=MULE,
                                     take=state.dungeon.mule[0]))


def test_trading_a_card_with_a_player_who_answers() -> None:
    state = fresh(2)
    offered = state.heroes[0].hand[0]
    state = act(state, 0, Trade(give=offered, partner=1))
    assert ENGINE.to_move(state) == [1]
    back = state.heroes[1].hand[0]
    state = act(state, 1, TradeReply(give=back))
    assert offered in state.heroes[1].hand and back in state.heroes[0].hand
    assert ENGINE.to_move(state) == [0]


def test_hands_are_hidden_from_other_seats_and_spectators() -> None:
    state = fresh(2)
    view = ENGINE.view(state, 0)
    assert "hand" in view["heroes"][0] and "hand" not in view["heroes"][1]
    assert all("hand" not in h for h in ENGINE.view(state, None)["heroes"])


def _window(players: int = 2) -> HellbringerState:
    """Both heroes attacked by a pool that eliminates them (exact dice)."""
    state = clear_board(fresh(players))
    state.enemies = [enemy(damage=8, sight=9)]
    rng = random.Random(0)
    while not (state.queue and isinstance(state.queue[0], Window)):
        request = ENGINE.chance(state)
        if request is not None:
            if request.prompt == "Roll the Enemy Die":
                state = roll(state, "Player Hit")
            elif request.prompt.startswith("Roll the enemies"):
                state = roll(state, *["10"] * 8)
            else:
                state = ENGINE.resolve(state, sample(request, rng))[0]
            continue
        seat = ENGINE.to_move(state)[0]
        hero = state.heroes[seat]
        extra = max(0, len(hero.hand) - stats(state, hero)["hand"])
        state = act(state, seat, EndTurn(discard=tuple(hero.hand[:extra])))
    return state


def test_defence_window_waits_for_the_attacked_and_lets_allies_act() -> None:
    state = _window()
    assert ENGINE.waiting_for(state) == [0, 1]
    assert ENGINE.may_act(state, 1)
    ward = give(state, 1, "sanctuary_ward")
    card = next(c for c in ward.heroes[1].hand if c.startswith("sanctuary_ward"))
    ward = act(ward, 1, Defend(card=card, target=0))
    assert ward.heroes[0].guard.avoid


def test_a_guard_that_protects_only_you_is_refused_for_an_ally() -> None:
    state = give(_window(), 1, "brace")
    card = next(c for c in state.heroes[1].hand if c.startswith("brace"))
    with pytest.raises(RuleError, match="protects only you"):
        ENGINE.apply(state, 1, Defend(card=card, target=0))


def test_secret_portal_after_the_demon() -> None:
    state = clear_board(fresh(1, secret_portal=True))
    state.dungeon.demon_side = "B"
    state.enemies = [enemy("ember_maw#1", health=5, armor=0)]
    state.enemies[0].face = state.enemies[0].face.model_copy(update={"group": "demon"})
    state = act(state, 0, Equip(card="worn_sword#1"))
    state = act(state, 0, Activate(card="worn_sword#1", target="ember_maw#1"))
    state = roll(state, "5", "0", "0", "0")
    assert isinstance(state.queue[0], Choose) and state.queue[0].what == "portal"
    state = act(state, 0, EnterPortal(enter=True))
    assert state.portal and state.winners is None
    request = ENGINE.chance(state)
    assert request is not None
    state = ENGINE.resolve(state, sample(request, random.Random(0)))[0]
    assert state.enemies[0].face.group == "moose"
    assert state.outcome == "won"


def test_corrections_parse_dump_and_refuse_nonsense() -> None:
    fix = ENGINE.parse_correction({"type": "set_hero_stat", "seat": 0, "stat": "ap", "value": 3})
    assert ENGINE.dump_correction(fix)["value"] == 3
    state = fresh(1)
    with pytest.raises(RuleError, match="no such seat"):
        ENGINE.correct(state, SetHeroStat(seat=5, stat="ap", value=1))
    state = ENGINE.correct(state, fix)[0]
    assert stats(state, state.heroes[0])["ap"] - state.heroes[0].ap_spent == 3


def test_ai_moves_are_legal_and_deterministic() -> None:
    """Every AI move is one `apply` accepts, and the same state gives the same move."""
    state = fresh(2, seed=4)
    rng = random.Random(4)
    for _ in range(400):
        if state.winners is not None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            state = ENGINE.resolve(state, sample(request, rng))[0]
            continue
        seat = ENGINE.to_move(state)[0]
        move = ENGINE.ai_action(state, seat)
        assert move == ENGINE.ai_action(state, seat)
        state = act(state, seat, move)


def test_skip_turn_ends_an_away_players_turn() -> None:
    state = fresh(2, starter_elixir=False, second_starter=False)
    assert len(state.heroes[0].hand) == 5
    state = ENGINE.skip_turn(state, 0)[0]
    assert state.player_turns == 1 and state.last_two == [0]

