"""Issue 27: laying Hellbringer's board out more cheaply must not change what players
see. Seeded games are drawn version by version (the board, its components and custom
ids, every seat's panel and hand) and compared with what the layout drew before
(`layout_pin.json`), from a clean start and again with every kept layout warm."""

from __future__ import annotations

import json

from bot.games.hellbringer import menus
from bot.render import per_version
from tests.unit.hellbringer.layout_pin import PINNED, pinned


def test_seeded_games_show_what_they_showed_before_cold_and_warm() -> None:
    expected = json.loads(PINNED.read_text())
    per_version.forget()
    menus.forget()
    cold = pinned()
    assert cold == expected, "a board or panel differs from the pinned one"
    assert pinned() == expected, "kept layouts served another board or panel"
