"""The games this bot offers: one manifest per game's Discord side, in one list.

This list is the only place the rest of the bot learns which games exist (a
layer test holds it to that): the app, `python -m bot simulate` and the replay
tool install what is listed here. Adding a game is one line here; see
docs/architecture.md for the recipe.
"""

from __future__ import annotations

from bot.frontend import GameFrontend
from bot.games import hellboy_board, hellboy_dice, hellbringer, hellraiser

GAMES: tuple[GameFrontend, ...] = (
    hellboy_dice.FRONTEND,
    hellraiser.FRONTEND,
    hellbringer.FRONTEND,
    hellboy_board.FRONTEND,
)
