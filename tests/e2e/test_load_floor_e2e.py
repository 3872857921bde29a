"""The load bench's floor (`bench.load_floor`): a real run's calls, grouped per
interaction, replayed by a bot that builds nothing, click for click. Times are
never asserted: what is checked is that the floor makes the calls it was given."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.load_bench import FLOOR, Load, measure
from bench.load_floor import CALLBACK, CLICKABLE, clickable, floor_lines

TINY = Load(tables=2, rate=6.0, seconds=2.5, seed=5)


@pytest.mark.slow(16)
async def test_the_floor_answers_each_click_with_the_next_interactions_calls() -> None:
    """Hellbringer's steady calls (panels, board edits, event lines) are grouped per
    interaction, each group with its one answer; the floor answers its n-th click as
    the real bot answered its n-th interaction, and makes no call of another route."""
    run = await measure("hellbringer", TINY)
    steady = run.steady
    script = run.script
    assert len(script) == steady.clicks
    assert [sum(c.route == CALLBACK for c in calls) for calls in script] == [1] * len(script)
    replayed = Counter(c.route for calls in script for c in calls)
    assert replayed + run.unreplayed == steady.calls, "every call of the run is accounted for"
    assert len(replayed) > 2, f"more than answers and event lines: {replayed}"
    threads = steady.bot.threads
    assert all(threads[kind] > 0 for kind in ("loop", "workers", "storage")), (
        f"each of the bot's kinds of thread is told apart: {threads}")
    assert "bot CPU by thread (ms per click): loop" in "\n".join(steady.lines(None))

    floor = (await measure(FLOOR, TINY, script=script)).steady
    assert floor.clicks > 0 and floor.unanswered == 0
    assert not floor.bot.errors, f"the fake refused replayed calls: {floor.bot.errors}"
    answered = [int((r.response or {}).get("type", 0)) for r in floor.records]
    scripted = [int(next(c.body for c in script[n % len(script)] if c.route == CALLBACK)["type"])
                for n in range(floor.clicks)]
    assert answered == scripted, "each click answered as the real bot answered its own"
    assert floor.calls[CALLBACK] == floor.clicks
    assert set(floor.calls) <= set(replayed), "no call the real bot did not make"


def test_a_body_that_empties_the_components_leaves_something_to_press() -> None:
    assert clickable({"content": "x", "components": []}) == {
        "content": "x", "components": CLICKABLE}
    assert clickable({"type": 7, "data": {"components": []}}) == {
        "type": 7, "data": {"components": CLICKABLE}}
    kept = {"components": [{"type": 1, "components": []}]}
    assert clickable(kept) is kept
    assert clickable(None) is None
    assert clickable({"content": "an event line"}) == {"content": "an event line"}


def test_the_floor_is_set_against_todays_and_the_older_bots_medians() -> None:
    lines = floor_lines("hellraiser", [2.0, 3.0, 2.5], [5.0, 4.0, 6.0], [8.0, 9.0, 10.0], "abc")
    assert lines == [
        "hellraiser: floor (its calls alone) CPU per click 2.5 ms, 0.50x of today's bot"
        " (5.0 ms; runs 2.0, 3.0, 2.5); the bot's own work 2.5 ms per click",
        "hellraiser: floor / before (abc) 0.28x: with these calls, no work of the bot's can"
        " take it under 0.28x of 9.0 ms"]
    assert len(floor_lines("pig", [1.0], [2.0], [], "")) == 1, "no older bot, no ratio to it"

