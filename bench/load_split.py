"""Where the bot's own CPU goes, by part (`python -m bench.load_bench --split`).

The floor (`bench.load_floor`) says what the calls alone cost; this says how the rest
divides. An extra run of today's bot, whose child wraps the entry points of three
parts and counts each one's exclusive CPU time, on every thread:

- **rules**: every method of the engines' protocol (`engines.core.protocol.Engine`);
- **picture**: the presenters' `board_picture`;
- **layouts**: every other method of the presenters, and the functions of
  `bot.presenting` and `bot.render.games` (embeds, components, panels, decoding).

A part called inside another is counted in the inner one (the legal moves a layout
asks for are rules). The storage thread is counted by thread (`BotFigures.threads`),
and the rest of the click is what is left: discord.py, aiohttp, the event loop and
the table's path between the parts.

Wrapping costs time too, charged to the parts that were running, so the run says how
many wrapped calls a click makes and what one costs here; its CPU per click is not
compared with anything. Why a probe of our own and not a profiler: a click's work is
spread over the loop, the worker pool and SQLite's thread, and cProfile on Python 3.12
sees every thread through one stack; these wrappers keep a stack per thread.
"""

from __future__ import annotations

import functools
import inspect
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

RULES = "rules"
LAYOUTS = "layouts"
PICTURE = "picture"
PARTS = (RULES, LAYOUTS, PICTURE)

LAYOUT_MODULES = ("bot.presenting", "bot.render.games")
"""Modules whose plain functions are layouts: the presenters' callers, which turn a
presenter's words into discord.py's embeds and components."""

WRAPPED = "__load_split_part__"
"""Set on a wrapper, so nothing is wrapped twice."""


class _Tally:
    """Each thread's exclusive CPU seconds by part, and its wrapped calls. A thread
    writes only its own, so no lock is taken per call; the totals read them all."""

    def __init__(self, ident: int) -> None:
        self.ident = ident
        self.seconds: dict[str, float] = dict.fromkeys(PARTS, 0.0)
        self.calls: dict[str, int] = dict.fromkeys(PARTS, 0)
        self.marked: tuple[dict[str, float], dict[str, int]] = (
            dict.fromkeys(PARTS, 0.0), dict.fromkeys(PARTS, 0))
        """Its seconds and calls at the last `mark`."""
        self.stack: list[list[float]] = []
        """Per running wrapped call: its start and the time its wrapped callees took."""

    def since(self) -> tuple[dict[str, float], dict[str, int]]:
        seconds, calls = self.marked
        return ({part: self.seconds[part] - seconds[part] for part in PARTS},
                {part: self.calls[part] - calls[part] for part in PARTS})


_LOCAL = threading.local()
_TALLIES: list[_Tally] = []
_TALLIES_LOCK = threading.Lock()
_ON = [False]
_COST = [0.0]


def _tally() -> _Tally:
    found: _Tally | None = getattr(_LOCAL, "tally", None)
    if found is None:
        found = _LOCAL.tally = _Tally(threading.get_ident())
        with _TALLIES_LOCK:
            _TALLIES.append(found)
    return found


def timed(fn: Callable[..., Any], part: str,
          clock: Callable[[], float] = time.thread_time) -> Callable[..., Any]:
    """`fn`, its exclusive thread CPU time counted in `part` (read on `clock`)."""
    if getattr(fn, WRAPPED, None) is not None:
        return fn

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        tally = _tally()
        frame = [clock(), 0.0]
        tally.stack.append(frame)
        try:
            return fn(*args, **kwargs)
        finally:
            spent = clock() - frame[0]
            tally.stack.pop()
            tally.seconds[part] += spent - frame[1]
            tally.calls[part] += 1
            if tally.stack:
                tally.stack[-1][1] += spent

    setattr(wrapper, WRAPPED, part)
    return wrapper


def _tallies() -> list[_Tally]:
    with _TALLIES_LOCK:
        return list(_TALLIES)


def mark() -> None:
    """Start counting afresh (the bench's `mark` and `take`)."""
    for tally in _tallies():
        tally.marked = (dict(tally.seconds), dict(tally.calls))


def instrumented() -> bool:
    """Whether `instrument` wrapped this process's parts."""
    return _ON[0]


def since() -> tuple[dict[str, float], dict[str, int]]:
    """CPU seconds and wrapped calls by part since the mark."""
    seconds = dict.fromkeys(PARTS, 0.0)
    calls = dict.fromkeys(PARTS, 0)
    for tally in _tallies():
        spent, made = tally.since()
        for part in PARTS:
            seconds[part] += spent[part]
            calls[part] += made[part]
    return seconds, calls


def by_thread() -> dict[int, dict[str, float]]:
    """CPU seconds by part since the mark, per thread (by its identifier)."""
    return {tally.ident: tally.since()[0] for tally in _tallies()}


_MISSING = object()
_REPLACED: list[tuple[Any, str, Any]] = []
"""What `instrument` replaced (owner, name, its own value or `_MISSING` when it was
inherited), for `restore`."""


def _replace(owner: Any, name: str, new: Any) -> None:
    _REPLACED.append((owner, name, vars(owner).get(name, _MISSING)))
    setattr(owner, name, new)


def _methods(kind: type[Any], names: Iterable[str]) -> None:
    for name in names:
        found = inspect.getattr_static(kind, name, None)
        if inspect.isfunction(found) and not inspect.iscoroutinefunction(found) \
                and getattr(found, WRAPPED, None) is None:
            part = PICTURE if name == "board_picture" else (
                RULES if name in _rules_names() else LAYOUTS)
            _replace(kind, name, timed(found, part))


@functools.cache
def _rules_names() -> frozenset[str]:
    from engines.core.protocol import Engine

    return frozenset(name for name, value in vars(Engine).items()
                     if inspect.isfunction(value) and not name.startswith("_"))


def _public(kind: type[Any]) -> list[str]:
    return [name for name in dir(kind) if not name.startswith("_")]


def _functions(module: Any) -> dict[str, Callable[..., Any]]:
    return {name: value for name, value in vars(module).items()
            if inspect.isfunction(value) and value.__module__ == module.__name__
            and not inspect.iscoroutinefunction(value)}


def instrument() -> None:
    """Wrap the parts' entry points in this process (the bot's child, before it logs
    in). Module functions are replaced wherever the bot's modules imported them."""
    import importlib

    from bot.render import games
    from engines import registry

    for engine in registry.all_engines().values():
        _methods(type(engine), _rules_names())
    presenters = {type(p) for p in games._PRESENTERS.values()} | {games.GenericPresenter}
    for kind in presenters:
        _methods(kind, _public(kind))
    replaced: dict[int, Callable[..., Any]] = {}
    for name in LAYOUT_MODULES:
        for fn in _functions(importlib.import_module(name)).values():
            replaced[id(fn)] = timed(fn, LAYOUTS)
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith(("bot.", "cogs.")):
            continue
        for attr, value in list(vars(module).items()):
            wrapper = replaced.get(id(value))
            if wrapper is not None:
                _replace(module, attr, wrapper)
    _COST[0] = probe_cost()
    _ON[0] = True
    mark()


def restore() -> None:
    """Undo `instrument` (tests instrument their own process)."""
    while _REPLACED:
        owner, name, original = _REPLACED.pop()
        if original is _MISSING:
            delattr(owner, name)
        else:
            setattr(owner, name, original)
    _ON[0] = False


def cost() -> float:
    """What one wrapped call costs here (`probe_cost`, measured by `instrument`)."""
    return _COST[0]


def probe_cost(calls: int = 20_000) -> float:
    """Seconds of CPU one wrapped call adds here, around a function that does nothing
    (measured in the child at start-up, so the report can say what the probe cost)."""
    def nothing() -> None:
        return None

    wrapped = timed(nothing, RULES)
    started = time.thread_time()
    for _ in range(calls):
        nothing()
    bare = time.thread_time() - started
    started = time.thread_time()
    for _ in range(calls):
        wrapped()
    spent = time.thread_time() - started
    return max(0.0, (spent - bare) / calls)


STORAGE = "storage thread"
REST = "the rest"
PROBE = "the probe"


def per_click(cpu: float, parts: Mapping[str, float], calls: Mapping[str, int],
              storage: float, cost: float, clicks: int) -> dict[str, float]:
    """A run's CPU per click (ms) by part: each part less its wrapped calls' cost
    (`cost` seconds a call), the storage thread, what the probe itself cost, and the
    rest of the click's CPU (`cpu` seconds in all over `clicks`)."""
    ms = 1000.0 / clicks
    out = {part: max(0.0, parts[part] - calls[part] * cost) * ms for part in PARTS}
    out[STORAGE] = storage * ms
    out[PROBE] = sum(calls.values()) * cost * ms
    out[REST] = max(0.0, cpu * ms - sum(out.values()))
    return out


def parts_line(name: str, split: Mapping[str, float], calls: float) -> str:
    return (f"{name}: bot CPU by part (ms per click): "
            + ", ".join(f"{part} {split[part]:.2f}" for part in (*PARTS, STORAGE, REST))
            + f"; the probe's own {split[PROBE]:.2f} ({calls:.0f} wrapped calls a click)")


def split_lines(game: str, splits: Sequence[Mapping[str, float]], floors: Sequence[float],
                before: Sequence[float], commit: str) -> list[str]:
    """The parts' medians over the instrumented runs; with the floor's runs, what the
    calls, the rules, the storage thread and the picture cost together, the parts a
    bot that shows these boards keeps whatever it builds them with; with `--before`,
    that sum against the older bot's CPU per click, and what a half of it would leave
    for the layouts and the table's path (the rest less the calls the floor made)."""
    medians = {key: statistics.median(s[key] for s in splits) for key in splits[0]}
    out = [f"{game}: by part, medians of {len(splits)} instrumented run(s) (ms per click): "
           + ", ".join(f"{part} {medians[part]:.2f}" for part in (*PARTS, STORAGE, REST))]
    if not floors:
        return out
    floor = statistics.median(floors)
    kept = floor + medians[RULES] + medians[STORAGE] + medians[PICTURE]
    out.append(f"{game}: the calls (floor {floor:.1f}), the rules, the storage thread and"
               f" the picture as they cost today: {kept:.1f} ms per click")
    if before:
        was = statistics.median(before)
        left = was / 2 - kept
        path = medians[LAYOUTS] + medians[REST] - floor
        out.append(f"{game}: that is {kept / was:.2f}x of before ({commit}, {was:.1f} ms);"
                   f" half of before would leave {left:.1f} ms per click for the layouts and"
                   f" the table's path beyond the calls (today {path:.1f})")
    return out


def threads_line(name: str, by_thread: Mapping[str, Mapping[str, float]],
                 threads: Mapping[str, float], clicks: int) -> str:
    """Each kind of thread's CPU per click (ms) and the parts it ran, the probe's cost
    in: the rest of a thread is what no wrapped part ran (on the loop, the calls and
    the table's path)."""
    ms = 1000.0 / clicks
    shown = []
    for kind, spent in threads.items():
        if round(spent * ms, 2) <= 0:
            continue
        parts = by_thread.get(kind, {})
        rest = spent - sum(parts.values())
        shown.append(f"{kind} {spent * ms:.2f} (" + ", ".join(
            [*(f"{part} {parts[part] * ms:.2f}" for part in PARTS if parts.get(part)),
             f"the rest {rest * ms:.2f}"]) + ")")
    return f"{name}: bot CPU by thread and part (ms per click): " + "; ".join(shown)
