"""The games the lobby can offer, by key."""

from __future__ import annotations

import difflib
import re
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
    """`get` for a name a player typed: a key, a title or an alias, in any case; an
    unknown or ambiguous name is a polite refusal that suggests the nearest games."""
    engine = _ENGINES.get(key)
    if engine is not None:
        return engine
    wanted = _plain(key)
    exact = [
        e for e in _ENGINES.values() if wanted in {_plain(n) for n in (e.key, e.title, *e.aliases)}
    ]
    if len(exact) == 1:
        return exact[0]
    ranked = _ranked(key)
    sure = [k for score, k in ranked if score >= 0.8]
    if len(sure) == 1:
        return _ENGINES[sure[0]]
    near = [k for _, k in ranked]
    if near:
        names = " or ".join(f"{_ENGINES[k].title} (`{k}`)" for k in near[:3])
        raise RuleError(f"There is no game called '{key[:40]}'. Did you mean {names}?")
    known = ", ".join(sorted(_ENGINES))
    raise RuleError(f"There is no game called '{key[:40]}'. Try one of: {known}.")


def suggest(typed: str, limit: int = 25) -> list[str]:
    """Game keys for what a player is typing, best first: every game for nothing typed,
    then names that contain it, start with it, or are a near miss ("helboy", "hb")."""
    if not _plain(typed):
        return sorted(_ENGINES)[:limit]
    return [key for _, key in _ranked(typed)][:limit]


def _ranked(typed: str) -> list[tuple[float, str]]:
    """(closeness, key) of the games whose key, title or an alias is near `typed`."""
    wanted = _plain(typed)
    scored = []
    for key, engine in _ENGINES.items():
        names = [_plain(n) for n in (key, engine.title, *engine.aliases)]
        best = max(_closeness(wanted, name) for name in names)
        if best >= 0.6:
            scored.append((best, key))
    return sorted(scored, key=lambda pair: (-pair[0], pair[1]))


def _plain(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _closeness(typed: str, name: str) -> float:
    """1 for a name that starts with what was typed, 0.9 for one that contains it,
    else how alike the typed text is to the name's start (a typo)."""
    if name.startswith(typed):
        return 1.0
    if typed in name:
        return 0.9
    return difflib.SequenceMatcher(None, typed, name[: len(typed) + 2]).ratio()


def all_engines() -> dict[str, AnyEngine]:
    return dict(_ENGINES)


def unregister(key: str) -> None:
    """For tests that register a throwaway engine."""
    _ENGINES.pop(key, None)
