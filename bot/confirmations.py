"""Confirmation buttons whose answer is code the bot holds, kept by a token.

A few answers ask "are you sure?" with a button whose press runs what was asked
(the Hellboy companion's "Yes, a new area" and "Close the case"). Such a button was a
discord.py View with a callback, routed from discord.py's store, which it fills only
once the reply carrying the View has been read back: a press whose gateway event the
bot read first found no View and was never answered ("This interaction failed"; the
load bench saw two in 34 such presses once). Here the button is one of our routed
components (`bot.ui.components.ConfirmButton`, `pd:ok:<token>`), and what it runs is
kept under its token for `CONFIRM_SECONDS`, so every press is answered: by the action,
or, once it has lapsed (or the bot restarted), by one sentence.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import discord

Confirmed = Callable[[discord.Interaction[Any]], Awaitable[None]]
"""What a press of the confirmation runs, with the press's interaction."""

CONFIRM_SECONDS = 600.0
"""How long a confirmation's button answers (it is not kept across a restart)."""
KEPT = 1000
"""The most confirmations kept at once; past it the oldest lapses first."""
TOKEN_BYTES = 8
"""A token's bytes (16 hex digits in the custom id): unguessable, so a forged id
finds nothing."""
LAPSED = (f"That confirmation is no longer kept (one lasts {CONFIRM_SECONDS / 60:.0f} minutes,"
          " and not across a restart of the bot); run the command again.")


class Confirmations:
    """The confirmations asked and not yet lapsed, by token."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic,
        seconds: float = CONFIRM_SECONDS, kept: int = KEPT,
    ) -> None:
        self._clock = clock
        self._seconds = seconds
        self._kept = kept
        self._asked: OrderedDict[str, tuple[float, Confirmed]] = OrderedDict()

    def ask(self, confirmed: Confirmed) -> str:
        """Keep `confirmed` and return the token its button carries."""
        self._lapse()
        token = secrets.token_hex(TOKEN_BYTES)
        self._asked[token] = (self._clock() + self._seconds, confirmed)
        while len(self._asked) > self._kept:
            self._asked.popitem(last=False)
        return token

    def answer(self, token: str) -> Confirmed | None:
        """What the confirmation runs (it may be pressed again, as its button stays
        on the message), or None once it has lapsed."""
        self._lapse()
        kept = self._asked.get(token)
        return None if kept is None else kept[1]

    def __len__(self) -> int:
        return len(self._asked)

    def _lapse(self) -> None:
        now = self._clock()
        while self._asked:
            token, (until, _) = next(iter(self._asked.items()))
            if until > now:
                break
            del self._asked[token]
