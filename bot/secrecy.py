"""The secrecy guarantee, checked on what is sent: no public message names what a seat
holds unseen.

Each engine says what is secret in a state (`Engine.secrets`); this module reads a
public payload as Discord shows it (the message JSON: content, embeds, components,
attachments; or a modal opened from a public button) and finds every secret the
public view (`view(state, None)`) does not show anyway. The table runs it on every
public message when it verifies (`verify=True`, `PANDEMONIUM_VERIFY_STORAGE`: on in
every table and end-to-end test), and the property and end-to-end tests run it on
every step of random games, so a game cannot leak a hand by a button label, a menu
option or a picture's name and pass its tests. Ephemeral answers are not checked:
they go only to the member who asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.models import GameRow
from engines import registry
from engines.registry import AnyEngine

_TEXT_KEYS = ("content", "title", "description", "label", "placeholder", "text", "name",
              "value", "filename")
"""Message JSON keys whose strings a member reads: `value` is an embed field's text (or
a form's preset answer), `name` an embed field's or author's title, `text` a footer's."""

_UNREAD_UNDER = frozenset({"options"})
"""Keys under which `value` is a machine code (a select option's), never shown."""


class SecretLeak(AssertionError):
    """A public message named a seat's secret: the guarantee broke (loudly, in tests)."""


@dataclass(frozen=True)
class Leak:
    """One secret of one seat, found in one public string."""

    seat: int
    secret: str
    text: str

    def __str__(self) -> str:
        return f"seat {self.seat + 1}'s secret {self.secret!r} in {self.text!r}"


@lru_cache(maxsize=4096)
def _word(secret: str) -> re.Pattern[str]:
    """A secret as a whole word or phrase, any case: "Tome" is not found in "Tomes"."""
    return re.compile(rf"(?<!\w){re.escape(secret)}(?!\w)", re.IGNORECASE)


def payload_texts(payload: Any, *, under: str = "") -> Iterator[str]:
    """Every string a member reads in a message or modal JSON (Discord's shape): the
    content; embeds' title, description, fields, footer and author; components' labels,
    placeholders and select options' labels and descriptions; modal titles and input
    labels; attachments' file names and descriptions (a picture's alt text). Custom ids,
    URLs and option values are not shown to anyone and are skipped."""
    if isinstance(payload, Mapping):
        for key, value in payload.items():
            if isinstance(value, str):
                if key in _TEXT_KEYS and not (key == "value" and under in _UNREAD_UNDER):
                    yield value
            else:
                yield from payload_texts(value, under=key)
    elif isinstance(payload, list | tuple):
        for item in payload:
            yield from payload_texts(item, under=under)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def unshown_secrets(engine: AnyEngine, state: Any) -> dict[int, frozenset[str]]:
    """Each seat's secrets less those the public view shows anyway (an equipped copy of a
    card in hand, a Vision's card also on the floor): those cannot be told apart."""
    secrets = engine.secrets(state)
    if not secrets:
        return {}
    public = "\n".join(_strings(engine.view(state, None)))
    return {seat: frozenset(s for s in words if s.strip() and not _word(s).search(public))
            for seat, words in secrets.items()}


def find_leaks(engine: AnyEngine, state: Any, texts: Iterable[str]) -> list[Leak]:
    """Every secret of every seat found in the public `texts`."""
    secrets = unshown_secrets(engine, state)
    if not any(secrets.values()):
        return []
    found: list[Leak] = []
    for text in texts:
        for seat, words in sorted(secrets.items()):
            named: dict[str, str] = {}
            for word in sorted(words):
                if _word(word).search(text):
                    named.setdefault(word.casefold(), word)
            found += [Leak(seat, w, text) for w in named.values()]
    return found


def message_payload(
    *,
    content: str | None = None,
    embeds: Iterable[Mapping[str, Any]] = (),
    components: Iterable[Mapping[str, Any]] = (),
    files: Iterable[tuple[str, str | None]] = (),
) -> dict[str, Any]:
    """A message as Discord receives it, from what the bot builds (embeds' `to_dict()`,
    a view's `to_components()`, attachments' (file name, description))."""
    return {
        "content": content or "",
        "embeds": list(embeds),
        "components": list(components),
        "attachments": [{"filename": name, "description": alt or ""} for name, alt in files],
    }


class SecrecyGuard:
    """The runtime check: with `enabled` (the table's `verify`), every public message
    about a game is read against its state's secrets before it is sent; a leak is
    recorded in `leaks` and raised as `SecretLeak`, so the e2e fixture (which fails on
    any recorded leak) turns every end-to-end test into a leak check."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.leaks: list[str] = []

    def check(self, game: GameRow, state: Any, payload: Mapping[str, Any], where: str) -> None:
        if not self.enabled or state is None:
            return
        found = find_leaks(registry.get(game.game), state, payload_texts(payload))
        if found:
            message = f"game {game.id} v{game.version} ({game.game}), {where}: " + "; ".join(
                map(str, found)
            )
            self.leaks.append(message)
            raise SecretLeak(message)

