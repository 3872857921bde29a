"""Hellbringer's menus are laid out once per seat's inputs, not once per version (issue
27: "the legal moves, menus and custom ids of a state are computed once per version and
shared"). In the opening each player in turn picks a class (a class x a Perk x a swap:
100-120 moves), and 50 tables do it at once: a pick lays out the next player's menus
once, for the board, every panel and the decoder of that player's pick alike, and a
version that leaves a seat's inputs alone lays nothing out again. Laying a move out is
counted as working out its parts (`menus.parts`: the names of its class, Starter Card,
Perk and swap)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.hellbringer import menus
from bot.games.hellbringer.menus import parts as uncounted_parts
from bot.games.hellbringer.presenter import PRESENTER
from bot.models import GameRow, SeatRow
from bot.presenting import board_view, panel_message
from bot.render import per_version
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState

PLAYERS = 4


def _game(version: int) -> GameRow:
    return GameRow(id=27, guild_id=1, channel_id=2, game="hellbringer", mode="digital",
                   status="active", host_id=10, rng_seed=0, version=version,
                   seats=[SeatRow(user_id=10 + i, name=f"P{i + 1}") for i in range(PLAYERS)])


def _settled(state: HellbringerState, rng: random.Random) -> HellbringerState:
    while (request := ENGINE.chance(state)) is not None:
        state = ENGINE.resolve_quiet(state, sample(request, rng))
    return state


@pytest.fixture
def parted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The moves laid out (their parts worked out), in order, from a clean start."""
    per_version.forget()
    menus.forget()
    seen: list[Any] = []
    original = menus.parts

    def counted(state: HellbringerState, action: Any) -> Any:
        seen.append(action)
        return original(state, action)

    monkeypatch.setattr(menus, "parts", counted)
    yield seen
    menus.forget()


def _drawn(game: GameRow, state: HellbringerState, picker: int) -> None:
    """A version as the bot shows it: the board, the picker's panel redrawn in place,
    and every seat's "🃏 My turn" panel opened."""
    board_view(game, state)
    panel_message(game, state, picker)
    for seat in range(PLAYERS):
        panel_message(game, state, seat)


def _pick(game: GameRow, state: HellbringerState, seat: int) -> dict[str, Any]:
    """The seat's class pick, decoded from the picks of its combined class menu (its
    parts worked out here are not counted)."""
    action = ENGINE.legal_actions(state, seat)[-1]
    found = uncounted_parts(state, action)
    assert found is not None and found[0] == "c"
    data: dict[str, Any] = PRESENTER.decode(game, state, seat, f"{menus.COMBINED}c0",
                                            [p[0] for p in found[1]])
    return data


def test_a_class_pick_in_the_opening_lays_out_only_the_next_players_menus(
        parted: list[Any]) -> None:
    """Rules 1.2 (setup): players choose their class in turn. Seat 0's pick is decoded
    from the menus already laid out, and the next version lays out seat 1's class
    choice once: its board, each panel and the decoder of seat 1's pick share it. A
    move seat 0 was offered too (a class without a swap) is not worked out again."""
    rng = random.Random(3)
    state = _settled(ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(PLAYERS)],
                                  HellbringerOptions()), rng)
    game = _game(1)
    assert ENGINE.to_move(state) == [0]
    _drawn(game, state, 0)
    first = len(parted)
    assert first == len(ENGINE.legal_actions(state, 0)), "seat 0's choice laid out once"
    pick = _pick(game, state, 0)
    state = _settled(ENGINE.apply_quiet(state, 0, ENGINE.parse_action(pick)), rng)
    game = _game(2)
    assert ENGINE.to_move(state) == [1]
    _drawn(game, state, 0)
    _pick(game, state, 1)
    laid = parted[first:]
    new = [a for a in ENGINE.legal_actions(state, 1) if a not in parted[:first]]
    assert len(laid) == len(new), f"{len(laid)} moves laid out for seat 1's {len(new)} new"
    assert all(a in new for a in laid)


def test_a_version_that_leaves_a_seats_inputs_alone_lays_out_nothing_again(
        parted: list[Any]) -> None:
    """A new version whose state, read back as storage does, gives the seat the same
    moves, hand and names (a change elsewhere at the table, a restart's reload) reuses
    its menus: only the version in the custom ids differs."""
    rng = random.Random(4)
    state = _settled(ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(PLAYERS)],
                                  HellbringerOptions()), rng)
    _drawn(_game(1), state, 0)
    before = len(parted)
    reloaded = ENGINE.load_state(ENGINE.dump_state(state))
    game = _game(2)
    shown = [*board_view(game, reloaded).children,
             *panel_message(game, reloaded, 0)["view"].children]
    assert len(parted) == before, "nothing laid out again"
    ids = [str(getattr(c, "custom_id", "")) for c in shown]
    assert "pd:pan:27:2:0" in ids and "pd:sel:27:2:0:kc0" in ids, "the new version in the ids"
