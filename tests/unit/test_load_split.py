"""The load bench's split of the bot's own CPU by part (`bench.load_split`). The
wrappers are read on a clock the tests turn by hand; no time is measured."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

import bot.game_media
import bot.presenting
from bench import load_split
from bench.load_split import LAYOUTS, PICTURE, PROBE, REST, RULES, STORAGE, timed
from bot.games.hellraiser.presenter import HellraiserPresenter
from engines.core.protocol import Engine, Seat
from engines.hellbringer import ENGINE, HellbringerOptions
from engines.hellbringer.engine import HellbringerEngine


def hand_clock(*readings: float) -> Callable[[], float]:
    it: Iterator[float] = iter(readings)
    return lambda: next(it)


def test_a_part_called_inside_another_is_counted_in_the_inner_one() -> None:
    """A layout that asks for the legal moves spends 6 s, 2 of them in the rules."""
    clock = hand_clock(10.0, 11.0, 13.0, 16.0)
    rules = timed(lambda: "moves", RULES, clock)

    def lay_out() -> str:
        return str(rules())

    layout = timed(lay_out, LAYOUTS, clock)
    load_split.mark()
    assert layout() == "moves"
    seconds, calls = load_split.since()
    assert seconds == {RULES: 2.0, LAYOUTS: 4.0, PICTURE: 0.0}
    assert calls == {RULES: 1, LAYOUTS: 1, PICTURE: 0}


def test_a_call_that_raises_is_counted_and_the_stack_unwinds() -> None:
    clock = hand_clock(0.0, 5.0, 7.0, 9.0)

    def refuse() -> None:
        raise ValueError("illegal")

    failing = timed(refuse, RULES, clock)
    plain = timed(lambda: None, LAYOUTS, clock)
    load_split.mark()
    with pytest.raises(ValueError, match="illegal"):
        failing()
    plain()
    seconds, _ = load_split.since()
    assert seconds[RULES] == 5.0
    assert seconds[LAYOUTS] == 2.0, "the failed call left nothing on the stack"


def test_each_thread_keeps_its_own_count() -> None:
    """Rules on this thread and a picture on another are told apart by thread."""
    here = timed(lambda: None, RULES, hand_clock(0.0, 2.0))
    there = timed(lambda: None, PICTURE, hand_clock(0.0, 3.0))
    load_split.mark()
    here()
    worker = threading.Thread(target=there)
    worker.start()
    worker.join()
    by_thread = load_split.by_thread()
    assert by_thread[threading.get_ident()] == {RULES: 2.0, LAYOUTS: 0.0, PICTURE: 0.0}
    assert worker.ident is not None
    assert by_thread[worker.ident] == {RULES: 0.0, LAYOUTS: 0.0, PICTURE: 3.0}
    assert load_split.since()[0] == {RULES: 2.0, LAYOUTS: 0.0, PICTURE: 3.0}


def test_a_threads_rest_is_what_no_part_ran() -> None:
    line = load_split.threads_line(
        "hellraiser steady",
        {"loop": {RULES: 0.004, LAYOUTS: 0.002, PICTURE: 0.0}, "workers": {PICTURE: 0.006}},
        {"loop": 0.03, "workers": 0.008, "storage": 0.005, "other": 1e-6}, clicks=10)
    assert line == (
        "hellraiser steady: bot CPU by thread and part (ms per click): loop 3.00 (rules"
        " 0.40, layouts 0.20, the rest 2.40); workers 0.80 (picture 0.60, the rest 0.20);"
        " storage 0.50 (the rest 0.50)")


def test_nothing_is_wrapped_twice() -> None:
    once = timed(len, RULES)
    assert timed(once, LAYOUTS) is once


def test_a_click_splits_into_the_parts_less_the_probe_and_the_rest() -> None:
    """10 clicks: 0.05 s of CPU in all, 40 wrapped calls at 10 µs each."""
    split = load_split.per_click(
        cpu=0.05, parts={RULES: 0.008, LAYOUTS: 0.0063, PICTURE: 0.004},
        calls={RULES: 20, LAYOUTS: 15, PICTURE: 5}, storage=0.006, cost=1e-5, clicks=10)
    assert split == pytest.approx({RULES: 0.78, LAYOUTS: 0.615, PICTURE: 0.395,
                                   STORAGE: 0.6, PROBE: 0.04, REST: 2.57})


def test_the_parts_are_weighed_against_the_floor_and_the_older_bot() -> None:
    run = {RULES: 0.6, LAYOUTS: 0.7, PICTURE: 0.0, STORAGE: 0.5, PROBE: 0.1, REST: 2.6}
    slower = {**run, RULES: 0.8, REST: 3.0}
    lines = load_split.split_lines("hellbringer", [run, slower, run], [2.0, 1.8], [6.0, 6.4],
                                   "abc")
    assert lines == [
        "hellbringer: by part, medians of 3 instrumented run(s) (ms per click): rules 0.60,"
        " layouts 0.70, picture 0.00, storage thread 0.50, the rest 2.60",
        "hellbringer: the calls (floor 1.9), the rules, the storage thread and the picture as"
        " they cost today: 3.0 ms per click",
        "hellbringer: that is 0.48x of before (abc, 6.2 ms); half of before would leave 0.1 ms"
        " per click for the layouts and the table's path beyond the calls (today 1.4)"]
    assert len(load_split.split_lines("pig", [run], [], [], "")) == 1, "no floor, no sum"


def test_instrumenting_wraps_the_parts_where_the_bot_looks_them_up_and_restores() -> None:
    """The engines' protocol is rules, a presenter's picture is the picture and its
    other methods layouts; a layout function is wrapped in the modules that imported
    it by name. Restoring leaves every class and module as it was."""
    apply, picture = HellbringerEngine.apply, HellraiserPresenter.board_picture
    embed = bot.presenting.board_embed
    inherited = [name for name in ("dump_state", "may_act", "secrets", "acts_during_chance")
                 if name not in vars(HellbringerEngine)]
    assert inherited, "some of the protocol's methods are the base class's"
    load_split.instrument()
    try:
        assert load_split.instrumented()
        assert getattr(HellbringerEngine.apply, load_split.WRAPPED) == RULES
        assert getattr(HellraiserPresenter.board_picture, load_split.WRAPPED) == PICTURE
        assert getattr(HellraiserPresenter.decode, load_split.WRAPPED) == LAYOUTS
        assert getattr(vars(bot.game_media)["board_embed"], load_split.WRAPPED) == LAYOUTS
        assert vars(bot.game_media)["board_embed"] is bot.presenting.board_embed
        assert load_split.cost() > 0
        assert all(getattr(HellbringerEngine, name) is not getattr(Engine, name)
                   for name in inherited), "an inherited method is wrapped on the engine"
        state = ENGINE.setup([Seat(index=i, name=f"p{i}") for i in range(2)],
                             HellbringerOptions())
        load_split.mark()
        ENGINE.to_move(state)
        _, calls = load_split.since()
        assert calls == {RULES: 1, LAYOUTS: 0, PICTURE: 0}
    finally:
        load_split.restore()
    assert not load_split.instrumented()
    assert HellbringerEngine.apply is apply and HellraiserPresenter.board_picture is picture
    assert bot.presenting.board_embed is embed and vars(bot.game_media)["board_embed"] is embed
    assert all(name not in vars(HellbringerEngine) for name in inherited), (
        "an inherited method is the base class's again")
