"""The games the lobby can offer, by key.

Nothing registers itself on import: the bot fills this from its list of games
(`bot.frontend.install(bot.games.GAMES)`), and tests add a toy engine with
`register` / `unregister`.
"""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleError
from engines.core.protocol import Engine

AnyEngine = Engine[Any, Any, Any]

_ENGINES: dict[str, AnyEngine] = {}


def register(engine: AnyEngine) -> AnyEngine:
    if engine.key in _ENGINES and _ENGINES[engine.key] is not engine:
        raise ValueError(f"two engines share the key {engine.key!r}")
    _ENGINES[engine.key] = engine
    return engine


def get(key: str) -> AnyEngine:
    try:
        return _ENGINES[key]
    except KeyError:
        raise KeyError(f"no game called {key!r}; known: {', '.join(sorted(_ENGINES))}") from None


def find(key: str) -> AnyEngine:
    """`get` for a key a player typed: an unknown game is a polite refusal."""
    engine = _ENGINES.get(key)
    if engine is None:
        known = ", ".join(sorted(_ENGINES))
        raise RuleError(f"There is no game called '{key}'. Try one of: {known}.")
    return engine


def all_engines() -> dict[str, AnyEngine]:
    return dict(_ENGINES)


def unregister(key: str) -> None:
    """For tests that register a throwaway engine."""
    _ENGINES.pop(key, None)
