"""Hellboy: The Board Game (companion) in Discord (engine: `engines.hellboy_board`).

`presenter` shows the live board (`board`) and its shared buttons; `forms` are
the report forms for a table that rolls or draws itself; `cog` is `/hbboard`,
with `odds` (a test's exact odds) and `reference` (the rules of the step).
"""

from __future__ import annotations

from bot.frontend import GameFrontend
from bot.games.hellboy_board.cog import HBBoardCog
from bot.games.hellboy_board.forms import FORMS
from bot.games.hellboy_board.presenter import KEY, PRESENTER
from engines.hellboy_board import ENGINE

FRONTEND = GameFrontend(key=KEY, engine=ENGINE, presenter=PRESENTER, forms=FORMS, cog=HBBoardCog)
