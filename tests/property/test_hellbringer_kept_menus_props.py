"""Hellbringer's seats' menus are kept across versions while the seat's inputs are
equal (`bot.games.hellbringer.menus`, issue 27): under random legal play, now and
then a seat renamed (a character taken), the moves the kept layouts give each
version (the board's buttons and menus, every panel, the decoder of a combined
menu's picks) are the ones laid out from scratch for it. The property fails when the
key of the kept layouts misses an input their labels, split or codes read."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.hellbringer import menus
from bot.games.hellbringer.presenter import PRESENTER
from bot.models import GameRow, SeatRow
from bot.render.games import PrivateMoves
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from tests.property.test_hellbringer_menus_props import _step

STEPS = 150
CHARACTERS = ("Vesper", "Mordecai", None)


def _row(players: int, mode: str, game_id: int) -> GameRow:
    return GameRow(id=game_id, guild_id=1, channel_id=2, game="hellbringer", mode=mode,
                   status="active", host_id=10, rng_seed=0,
                   seats=[SeatRow(user_id=10 + i, name=f"P{i}") for i in range(players)])


def _renamed(game: GameRow, rng: random.Random) -> GameRow:
    """The same table with one seat playing under another character name."""
    seats = list(game.seats)
    seat = rng.randrange(len(seats))
    seats[seat] = seats[seat].model_copy(update={"character": rng.choice(CHARACTERS)})
    return game.model_copy(update={"seats": seats})


def _decoded(game: GameRow, state: HellbringerState, seat: int) -> list[Any]:
    """What the decoder makes of every legal move's combined picks (or its refusal)."""
    out: list[Any] = []
    for action in ENGINE.legal_actions(state, seat):
        found = menus.parts(state, action)
        if found is None:
            continue
        try:
            out.append(menus.decode_combined(game, state, seat, f"{menus.COMBINED}{found[0]}0",
                                             [p[0] for p in found[1]]))
        except RuleError as refused:
            out.append(str(refused))
    return out


def _plain(panel: PrivateMoves) -> tuple[Any, ...]:
    """A panel as Discord receives it (discord.py's options do not compare)."""
    return (panel.buttons, panel.note, [
        (s.code, s.seat, s.placeholder, [o.to_dict() for o in s.options], s.min_values,
         s.max_values) for s in panel.selects])


def _shown(game: GameRow, state: HellbringerState) -> tuple[Any, ...]:
    acting = menus.acting(game, state)
    return (menus.moves(game, state),
            [_plain(PRESENTER.private_moves(game, state, seat)) for seat in range(len(game.seats))],
            [_decoded(game, state, seat) for seat in acting])


def _fresh(game: GameRow, state: HellbringerState) -> tuple[Any, ...]:
    """The same, laid out with nothing kept: an empty store of seats' layouts, and
    another game id, so the per-version memo holds nothing of it either."""
    kept = menus._SEATS
    menus._SEATS = {}
    try:
        return _shown(game.model_copy(update={"id": -1 - (game.id or 0)}), state)
    finally:
        menus._SEATS = kept


@pytest.mark.slow(12)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4),
       mode=st.sampled_from(["digital", "digital", "physical"]))
def test_kept_menus_are_the_ones_laid_out_afresh(seed: int, players: int, mode: str) -> None:
    menus.forget()
    rng = random.Random(seed)
    game = _row(players, mode, seed)
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         HellbringerOptions(mode=mode, max_rounds=8))
    for version in range(STEPS):
        if state.winners is not None:
            return
        game = game.model_copy(update={"version": version})
        if rng.random() < 0.05:
            game = _renamed(game, rng)
        assert _shown(game, state) == _fresh(game, state), f"version {version}"
        state = _step(state, rng)
