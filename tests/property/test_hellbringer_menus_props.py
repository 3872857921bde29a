"""Hellbringer's board menus under random play: every legal move of every seat that
may act is reachable through the buttons and menus built for that state (no
`/hellbringer do` needed), within Discord's limits (5 rows, 25 components, 25
options a menu, 100-character labels and values).

Moves that name a card in the seat's hand are on its private panel ('🃏 My turn'),
which counts like the board, and no public component names a hand card. A move
is reachable when its button or one-pick option decodes to it, or when its parts
are options of one combined menu whose pick count allows them and those
picks decode to it. At a physical table a player now and then shows a card (📝
Show …), and while its form waits the board must offer ↩️ Never mind beside
Report result."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.games.hellbringer import codes
from bot.games.hellbringer.menus import COMBINED, parts
from bot.games.hellbringer.presenter import PRESENTER
from bot.models import GameRow, SeatRow
from bot.presenting import board_view, panel_view
from engines.core.chance import ChanceOutcome, sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import ShowCard
from engines.hellbringer.physical import DRAWN
from tests.support.hands import component_texts, leaks
from tests.support.hellbringer_play import drawn

STEPS = 400
CROWDED = 20
"""States with more legal moves than this are always checked; others now and then."""


def _row(players: int, mode: str) -> GameRow:
    return GameRow(guild_id=1, channel_id=2, game="hellbringer", mode=mode,
                   status="active", host_id=10, rng_seed=0,
                   seats=[SeatRow(user_id=10 + i, name=f"P{i}") for i in range(players)])


def _reachable(game: GameRow, state: HellbringerState, seat: int, rng: random.Random) -> None:
    legal = ENGINE.legal_actions(state, seat)
    panel = PRESENTER.private_moves(game, state, seat)
    buttons = [c for _, c, s in PRESENTER.action_buttons(game, state) if s == seat]
    buttons += [c for _, c in panel.buttons]
    menus = [m for m in PRESENTER.action_selects(game, state) if m.seat == seat]
    menus += panel.selects
    offered = set(buttons)
    for menu in menus:
        values = [str(o.value) for o in menu.options]
        assert len(values) == len(set(values)) <= 25, menu.placeholder
        assert all(len(o.label) <= 100 and len(v) <= 100 and len(o.description or "") <= 100
                   for o, v in zip(menu.options, values, strict=True))
        assert 1 <= menu.min_values <= menu.max_values <= len(values)
        if not menu.code.startswith(COMBINED):
            offered |= set(values)
            first = PRESENTER.decode(game, state, seat, menu.code, values[:1])
            assert first == ENGINE.dump_action(codes.decode(game, state, seat, values[0]))
    named: dict[tuple[str, frozenset[str]], Any] = {}
    for index, action in enumerate(legal):
        if codes.encode(index, action) in offered:
            continue
        found = parts(state, action)
        assert found is not None, f"not on the board: {action}"
        family, picked = found
        values = [p[0] for p in picked]
        combined = next((m for m in menus if m.code.startswith(f"{COMBINED}{family}") and
                         set(values) <= {str(o.value) for o in m.options}), None)
        assert combined is not None, f"no combined menu for {action}"
        assert combined.min_values <= len(values) <= combined.max_values
        key = (family, frozenset(values))
        assert named.setdefault(key, action) == action, "two moves share the same picks"
        if rng.random() < 0.1:
            assert PRESENTER.decode(game, state, seat, combined.code, values) == \
                ENGINE.dump_action(action)


def _check_board(game: GameRow, state: HellbringerState, rng: random.Random) -> None:
    acting = [s for s in range(state.players) if ENGINE.may_act(state, s)]
    crowded = any(len(ENGINE.legal_actions(state, s)) > CROWDED for s in acting)
    taking_back = any(ENGINE.acts_during_chance(state, s) for s in acting)
    if not crowded and not taking_back and rng.random() > 0.1:
        return
    view = board_view(game, state)  # discord.py refuses a layout past 5 rows
    assert len(view.children) <= 25
    for seat in acting:
        assert len(panel_view(game, state, seat).children) <= 25
    assert not leaks(component_texts(view.children), state), "a hand card on the board"
    if taking_back:
        ids = [str(getattr(c, "custom_id", "")) for c in view.children]
        assert any(i.startswith("pd:rep:") for i in ids), "the form stays one press away"
    for seat in acting:
        _reachable(game, state, seat, rng)


def _step(state: HellbringerState, rng: random.Random) -> HellbringerState:
    request = ENGINE.chance(state)
    if request is not None:
        back = [s for s in range(state.players) if ENGINE.acts_during_chance(state, s)]
        if back and rng.random() < 0.5:
            return ENGINE.apply_quiet(state, back[0], ENGINE.legal_actions(state, back[0])[0])
        if any(i.open_hint for i in request.items) or _several_drawn(request):
            return ENGINE.resolve_quiet(state, physical_report(state, request, rng))
        return ENGINE.resolve_quiet(state, sample(request, rng))
    acting = [s for s in range(state.players) if ENGINE.may_act(state, s)]
    seat = ENGINE.to_move(state)[0]
    if rng.random() < 0.1 and ENGINE.legal_actions(state, reacting := rng.choice(acting)):
        seat = reacting
    legal = ENGINE.legal_actions(state, seat)
    plain = [a for a in legal if not isinstance(a, ShowCard)]
    action: Any = rng.choice(legal if rng.random() < 0.1 else plain or legal)
    if rng.random() < 0.5 and state.options.mode == "digital" and seat in ENGINE.to_move(state):
        action = ENGINE.ai_action(state, seat)
    return ENGINE.apply_quiet(state, seat, action)


def _several_drawn(request: Any) -> bool:
    """A physical draw of several cards reported on one form: its cards are picked to
    fit the pile (`drawn`), not sampled one by one, as a set the pile cannot hold (its
    one Tome twice) is refused whole. A pile with Combat cards adds open items (the
    Monsters each brings); one without has none, and was sampled (seed 1876 below)."""
    return len(request.items) > 1 and request.items[1].key == "card2"


def physical_report(state: HellbringerState, request: Any, rng: random.Random) -> ChanceOutcome:
    """What a physical table reports: a draw of several cards on one form (with its
    blank "Monsters per Combat card"), else whatever the form asks."""
    if _several_drawn(request):
        told = [""] * len([i for i in request.items if i.key in DRAWN])
        return ChanceOutcome(values=drawn(state, request) + told)
    return _report(request, rng)


def _report(request: Any, rng: random.Random) -> ChanceOutcome:
    """Physical: what a table would type for an open request (a sheet, a card, what a
    Tome or a Combat card drawn does)."""
    keys = [i.key for i in request.items]
    if keys == ["tome_effect", "tome_amount"]:
        effect = rng.choice(request.items[0].options)
        return ChanceOutcome(values=[effect, "10" if effect == "weaken_demon" else ""])
    typed = {"combat_monsters": str(rng.randint(0, 4)),
             "sheet_class": ["warrior", "hunter", "sorcerer", "paladin"][request.reporter or 0],
             "sheet_health": "30", "sheet_armor": "10", "sheet_sight": str(rng.randint(1, 4)),
             "sheet_ap": "2", "location_bonus": "1", "location_spawn": "2",
             "enemy_name": "Rat", "enemy_sight": str(rng.randint(0, 4)), "enemy_health": "5",
             "enemy_armor": "10", "enemy_dice": "1D1A"}
    card = {"name": "Club", "cost": "1", "attack": "single 1D", "stats": "", "points": "red",
            "body": "10/10", "kind": "skill", "effect": "single 1D"}
    return ChanceOutcome(values=[typed.get(k) or card.get(k.split("_", 1)[1], "") for k in keys])


@pytest.mark.slow(16)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(1, 4),
       mode=st.sampled_from(["digital", "digital", "physical"]))
@example(seed=1876, players=1, mode="physical")
def test_every_legal_move_is_reachable_from_the_board_or_the_panel(seed: int, players: int,
                                                      mode: str) -> None:
    rng = random.Random(seed)
    game = _row(players, mode)
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         HellbringerOptions(mode=mode, max_rounds=12))
    for _ in range(STEPS):
        if state.winners is not None:
            return
        if ENGINE.chance(state) is None or any(
                ENGINE.acts_during_chance(state, s) for s in range(players)):
            _check_board(game, state, rng)
        state = _step(state, rng)
