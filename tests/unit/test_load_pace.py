"""The load bench's machine pace (`bench.load_pace`): each bot process times a fixed
piece of work, its CPU is kept out of the bot's, and a comparison names the runs made
at another pace. The clocks are turned by hand: no time is measured."""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Callable

import pytest

from bench import load_figures, load_pace
from bench.load_before import Figures, compared
from bench.load_figures import BotFigures


def _clock(*readings: float) -> Callable[[], float]:
    values = iter(readings)
    return lambda: next(values)


def test_a_timing_is_the_works_cpu_in_ms_and_a_mark_starts_afresh() -> None:
    pace = load_pace.Pace(clock=_clock(1.0, 1.0006, 2.0, 2.0008))
    assert pace.sample() == pytest.approx(0.6)
    assert pace.sample() == pytest.approx(0.8)
    samples, spent = pace.since()
    assert samples == pytest.approx([0.6, 0.8])
    assert spent == pytest.approx(0.0014)
    samples.append(99.0)
    assert len(pace.since()[0]) == 2, "since() hands out a copy"
    pace.mark()
    assert pace.since() == ([], 0.0)


def test_the_work_is_the_same_every_time() -> None:
    assert load_pace.work() == load_pace.work() > 0


def test_a_parts_pace_line_gives_the_median_and_the_spread() -> None:
    samples = [0.6, 0.7, 0.5, 0.65, 0.9, 0.62, 0.61, 0.63, 0.64, 0.66]
    assert load_pace.pace_line("hellraiser steady", samples) == (
        "hellraiser steady: machine pace: the fixed work took p50 0.64 ms of CPU"
        " (p10 0.60, p90 0.90; 10 timings)")
    assert load_pace.pace_line("pig opening", []) == (
        "pig opening: machine pace: no timing of the fixed work")


def test_a_run_more_than_a_tenth_off_the_median_is_named() -> None:
    assert load_pace.off_pace([12.6, 13.0, 19.8, 12.7]) == [False, False, True, False]
    assert load_pace.off_pace([12.6, 11.0, 13.9]) == [False, True, True]
    assert load_pace.off_pace([math.nan, 12.0]) == [False, False]
    assert load_pace.off_pace([math.nan]) == [False]


def _runs(*pairs: tuple[float, float]) -> list[Figures]:
    return [Figures(cpu, 1.0, 2.0, 30.0, 50.0, pace) for cpu, pace in pairs]


def test_a_comparison_names_the_runs_at_another_pace_and_gives_the_ratio_without() -> None:
    lines = compared("hellraiser", "abc123",
                     _runs((12.6, 19.8), (10.8, 13.1), (9.2, 12.6)),
                     _runs((7.8, 13.3), (7.2, 12.6), (7.2, 12.7)))
    assert lines[0] == ("hellraiser: bot CPU per click now / before (abc123) 0.67x: 7.2"
                        " against 10.8 ms (runs now 7.8, 7.2, 7.2; before 12.6, 10.8, 9.2)")
    assert lines[-2] == (
        "hellraiser: machine pace by run (ms of CPU for the fixed work, median): now"
        " 13.30, 12.60, 12.70; before 19.80*, 13.10, 12.60 (* more than 10% off the"
        " median of all, 12.90)")
    assert lines[-1] == ("hellraiser: bot CPU per click now / before (abc123), the runs at"
                         " the others' pace only, 0.72x: 7.2 against 10.0 ms")


def test_a_comparison_at_one_pace_only_lists_it() -> None:
    lines = compared("pig", "abc123", _runs((6.0, 0.6), (5.0, 0.62)),
                     _runs((3.0, 0.61), (3.2, 0.6)))
    assert lines[-1].startswith("pig: machine pace by run (ms of CPU for the fixed work,"
                                " median): now 0.61, 0.60; before 0.60, 0.62 (")
    assert len(lines) == 6


def test_no_ratio_without_a_run_left_on_each_side() -> None:
    lines = compared("pig", "abc123", _runs((6.0, 2.0)), _runs((3.0, 1.0), (3.0, 1.05)))
    assert "*" in lines[-1], lines[-1]
    assert "the others' pace only" not in "\n".join(lines)


def test_the_pace_threads_cpu_is_not_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process's CPU since the mark, less what the pace's timings took."""
    pace = load_pace.Pace(clock=_clock(5.0, 5.5))
    monkeypatch.setattr(load_pace, "PACE", pace)
    readings = itertools.chain([10.0], itertools.repeat(12.0))
    monkeypatch.setattr(time, "process_time", lambda: next(readings))
    figures = BotFigures()
    figures.mark()
    pace.sample()
    cpu, threads, timings = figures.cpu_since()
    assert cpu == pytest.approx(1.5)
    assert timings == [pytest.approx(500.0)]
    assert set(threads) == {"loop", "workers", "storage", "other"}


def test_the_pace_thread_is_a_kind_of_its_own() -> None:
    """So no kind of the bot's threads (`BotFigures.threads`) counts its CPU."""
    thread = threading.Thread(name=load_pace.THREAD_NAME)
    assert load_figures.thread_kind(thread) == load_figures.PACE_KIND
    assert load_figures.thread_kind(threading.Thread(name="other")) == "other"
