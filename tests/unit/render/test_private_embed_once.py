"""Issue 27, bot CPU per click: a seat's private embed (its hand) is made once per
version and seat, since its panel is drawn after each of its moves and again from the
board's "🃏 My turn", and each caller gets its own copy of the same embed."""

from __future__ import annotations

from typing import Any

import pytest

from bot.models import GameRow, SeatRow
from bot.presenting import panel_message, private_embed, private_embeds
from bot.render import per_version
from bot.render.games import presenter_for
from engines import registry
from engines.core.protocol import Seat


def _table(key: str = "hellbringer") -> tuple[GameRow, Any]:
    seats = [SeatRow(user_id=100 + i, name=f"P{i + 1}") for i in range(2)]
    game = GameRow(id=7, guild_id=1, channel_id=2, game=key, mode="digital", status="active",
                   host_id=100, version=3, seats=seats, rng_seed=7)
    engine = registry.get(key)
    state = engine.setup([Seat(index=i, name=s.name) for i, s in enumerate(seats)],
                         engine.parse_options({}))
    return game, state


def _counted(monkeypatch: pytest.MonkeyPatch, key: str) -> list[int]:
    kind: Any = type(presenter_for(key))
    made: list[int] = []
    private = kind.private

    def counting(self: Any, game: GameRow, state: Any, seat: int) -> Any:
        made.append(seat)
        return private(self, game, state, seat)

    monkeypatch.setattr(kind, "private", counting)
    return made


def test_a_panel_drawn_twice_in_one_version_makes_its_hand_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    per_version.forget()
    made = _counted(monkeypatch, "hellbringer")
    game, state = _table()
    first = panel_message(game, state, 0)
    again = panel_message(game, state, 0)
    assert made == [0], "the hand is made once for the version and seat"
    assert first["embeds"][0].to_dict() == again["embeds"][0].to_dict()
    private_embed(game, state, 1)
    assert made == [0, 1], "another seat's hand is its own"
    newer = game.model_copy(update={"version": game.version + 1})
    private_embed(newer, state, 0)
    assert made == [0, 1, 0], "the next version makes it afresh"


def test_each_caller_gets_a_copy_it_may_change() -> None:
    per_version.forget()
    game, state = _table()
    made = presenter_for("hellbringer").private(game, state, 0)  # type: ignore[attr-defined]
    headed = private_embeds(game, state, [0, 1])[0]
    assert headed.author.name, "several seats: each embed is headed"
    headed.add_field(name="changed", value="by a caller")
    assert private_embed(game, state, 0).to_dict() == made.to_dict(), \
        "the kept embed is the presenter's, untouched by what a caller did to its copy"
