"""The load bench's instrumented run (`--split`, `bench.load_split`): today's bot,
driven through the fake Discord, counts its CPU by part. Times are never asserted:
what is checked is that each part is reached, and that a run without `--split`
counts nothing."""

from __future__ import annotations

import pytest

from bench.load_bench import Load, measure
from bench.load_split import LAYOUTS, PARTS, PICTURE, PROBE, REST, RULES, STORAGE

TINY = Load(tables=2, rate=6.0, seconds=2.5, seed=3)


@pytest.mark.slow(20)
async def test_an_instrumented_run_counts_the_rules_the_layouts_and_the_picture() -> None:
    run = await measure("hellraiser", TINY, split=True)
    steady = run.steady
    assert steady.clicks > 0 and steady.unanswered == 0
    assert not steady.bot.errors, f"the instrumented bot logged errors: {steady.bot.errors}"
    calls = steady.bot.wrapped_calls
    assert all(calls[part] > 0 for part in PARTS), f"each part was reached: {calls}"
    split = steady.parts_per_click()
    assert set(split) == {*PARTS, STORAGE, PROBE, REST}
    assert split[RULES] > 0 and split[LAYOUTS] > 0 and split[PICTURE] > 0
    assert "bot CPU by part (ms per click): rules" in "\n".join(steady.lines(None))
    by_thread = steady.bot.parts_by_thread
    assert by_thread["loop"][RULES] > 0, f"the rules run on the loop: {by_thread}"
    assert by_thread["workers"][PICTURE] > 0, f"the picture is drawn in the pool: {by_thread}"

    plain = (await measure("hellboy-dice", TINY)).steady
    assert plain.clicks > 0
    assert plain.bot.parts == {} and plain.bot.wrapped_calls == {}
    assert "by part" not in "\n".join(plain.lines(None))
