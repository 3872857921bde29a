"""The load bench's floor (`bench.load_floor`): a real run's calls, grouped per
interaction, replayed by a bot that builds nothing, click for click. Times are
never asserted: what is checked is that the floor makes the calls it was given."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.load_bench import FLOOR, Load, main, measure
from bench.load_floor import (
    CALLBACK,
    CLICKABLE,
    EDIT,
    FOLLOW_UP,
    ORIGINAL,
    Call,
    clickable,
    edits_answer,
    floor_lines,
    lines_on_board,
    varied,
)

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


DEFER = Call(CALLBACK, {"with_response": "1"}, {"type": 6})
BOARD = Call(ORIGINAL, {}, {"embeds": [{"title": "Board"}]}, (("0", "board.png", b"png"),))
LINE = Call(FOLLOW_UP, {"wait": "0"}, {"content": "Ana rolled a 6."})
SECRET = Call(FOLLOW_UP, {}, {"content": "Your hand changed.", "flags": 64})
PANEL = Call(FOLLOW_UP, {}, {"content": "Pick", "components": [{"type": 1}]})
REPOSTED = Call(EDIT, {}, {"content": "board"})


def test_an_edit_after_a_deferral_becomes_the_answer() -> None:
    """Type 7 with the edit's body and files, the rest in their order."""
    merged, *rest = edits_answer([DEFER, BOARD, LINE, REPOSTED])
    assert merged == Call(CALLBACK, {}, {"type": 7, "data": BOARD.body}, BOARD.files)
    assert rest == [LINE, REPOSTED]
    ephemeral_reply = Call(CALLBACK, {}, {"type": 4, "data": {"flags": 64}})
    assert edits_answer([ephemeral_reply, BOARD]) == [ephemeral_reply, BOARD], (
        "only a deferred update is answered by its edit")
    assert edits_answer([DEFER, LINE]) == [DEFER, LINE], "no edit, nothing merged"


def test_lines_on_the_board_drop_only_public_plain_follow_ups() -> None:
    assert lines_on_board([DEFER, BOARD, LINE, SECRET, PANEL]) == [DEFER, BOARD, SECRET, PANEL]


def test_a_variant_changes_every_interaction_of_the_script() -> None:
    script = [[DEFER, BOARD, LINE], [DEFER, LINE]]
    assert varied(script, "as-sent") == script
    assert [len(calls) for calls in varied(script, "both")] == [1, 1]


def test_a_variants_floor_is_named_and_set_against_the_older_bot() -> None:
    lines = floor_lines("hellbringer", [1.5], [4.0], [6.0], "abc", "edits-answer")
    assert lines[0] == ("hellbringer: floor edits-answer (its calls alone) CPU per click"
                        " 1.5 ms, 0.38x of today's bot (4.0 ms; runs 1.5)")
    assert lines[1].startswith("hellbringer: floor edits-answer / before (abc) 0.25x")


def test_an_unknown_variant_is_refused_before_any_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--floor", "as-sent,fewer"])
    captured = capsys.readouterr()
    assert "--floor: no variant fewer; there are as-sent, edits-answer" in captured.err
    assert captured.out == "", "nothing ran"
