"""The load bench's machinery on a tiny load, each game and the bare baseline: the
players find a move on every table from the messages alone (menus, panels, forms,
the companion's commands), every interaction is answered in time, each answer is
the move carried out, a "step behind", or one polite sentence, and the report names
every figure the issue's targets ask for. Times are never asserted."""

from __future__ import annotations

import random

import pytest

from bench.load_before import ROOT, Figures, NoSuchCode, code_at, compared
from bench.load_bench import BARE, GAMES, Load, Part, carried_out, main, measure
from bench.load_players import filled, picks
from tests.support.pig import ENGINE as PIG

TINY = Load(tables=2, rate=6.0, seconds=2.5, seed=3)
FIGURES = ("interactions", "unanswered", "stale answers", "refused", "ack p50", "p95",
           "p99", "ack by kind", "bot CPU", "ms per click", "% of a core", "ack split",
           "commit", "loop lag", "bot errors logged", "machine pace")
"""What every part reports, one labelled line each."""
STEADY = ("board shown p50", "bot / bare ack p50", "REST calls per click")
TRACES = ("Traceback", "pydantic", "validation error", "Field required", "Input should")


def _polite(part: Part) -> None:
    """Every interaction answered in time, and a refusal is one clean sentence."""
    assert part.clicks > 0, f"{part.game} {part.part}: the players found nothing to press"
    assert part.unanswered == 0, f"{part.game} {part.part}: {part.unanswered} unanswered"
    assert len(part.acks) == part.clicks
    for record in part.records:
        data = (record.response or {}).get("data") or {}
        text = str(data.get("content") or "")
        assert not any(t in text for t in TRACES), f"a player saw {text!r}"
        if not carried_out(record) and text and not data.get("components"):
            assert text.rstrip("`*_").endswith((".", "?", "!", ")")), text


@pytest.mark.slow(12)
@pytest.mark.parametrize("game", [*GAMES, PIG.key])
async def test_every_game_is_driven_and_every_click_answered(game: str) -> None:
    """Each game: an opening and a steady part, both wholly answered with no error
    logged by the bot; the steady part carries moves out (boards shown), and the
    figures are all on the report."""
    run = await measure(game, TINY)
    bare = run.steady  # the ratio's line is there; the bare bot has its own test
    assert run.opening is not None, "a game's opening is reported apart"
    assert run.opening.clicks >= 3 * TINY.tables, "every table opened, joined and started"
    for part in (run.opening, run.steady):
        _polite(part)
        text = "\n".join(part.lines(bare))
        for figure in FIGURES:
            assert figure in text, f"{game} {part.part} does not report {figure!r}:\n{text}"
    for part in (run.opening, run.steady):
        assert sum(map(len, part.acks_by_kind.values())) == len(part.acks), "each ack once"
        assert not part.bot.errors, f"{game} {part.part}: the bot logged {part.bot.errors}"
    assert "command /game" in run.opening.acks_by_kind, "the lobby's command has its own kind"
    if game == "hellboy-board":
        assert "command /hbboard" in run.opening.acks_by_kind, run.opening.acks_by_kind.keys()
    steady = run.steady
    assert steady.shown, f"{game}: no click was ever shown on the board"
    assert steady.bot.cpu_seconds > 0
    assert steady.bot.pace, "the machine's pace was timed through the steady part"
    assert "pace" not in steady.bot.threads, "the pace thread's CPU is not the bot's"
    text = "\n".join(steady.lines(bare))
    assert all(figure in text for figure in STEADY), text
    assert set(steady.kinds) <= {
        "button", "menu", "panel button", "private button", "private menu", "report button",
        "form", "command", "rematch button"}, steady.kinds


@pytest.mark.slow(8)
async def test_the_bare_bot_only_acknowledges_by_editing() -> None:
    """The baseline's every answer is an edit of the clicked message (type 7)."""
    part = (await measure(BARE, TINY)).steady
    _polite(part)
    assert {(r.response or {}).get("type") for r in part.records} == {7}
    assert part.calls == {"POST /interactions/{interaction_id}/{interaction_token}/callback":
                          part.clicks}, "one call a click, each the click's answer"


def test_a_combined_menu_gets_one_pick_of_each_kind() -> None:
    """Hellbringer's trade menu asks for a card and a player ("2 picks"): a player
    ticks one of each, not two cards."""
    menu = {"options": [{"value": v} for v in ("g:1", "g:2", "g:3", "p:1")],
            "min_values": 2, "max_values": 2}
    for seed in range(20):
        chosen = picks(random.Random(seed), menu)
        assert sorted(v[0] for v in chosen) == ["g", "p"], chosen


def test_a_plain_menu_gets_a_count_within_its_limits() -> None:
    menu = {"options": [{"value": str(v)} for v in range(6)], "min_values": 1,
            "max_values": 4}
    counts = {len(picks(random.Random(seed), menu)) for seed in range(60)}
    assert counts == {1, 2, 3, 4}, "every count within min and max, and only those"


def test_a_form_is_filled_from_its_hints() -> None:
    """The generic form's "one of:" list, the companion's Doom card ("another, or a
    threat: …"), a die's listed faces, a dice count in the label; an optional field
    without a hint stays empty."""
    modal = {"components": [{"type": 1, "components": [field]} for field in (
        {"custom_id": "a", "label": "Die", "placeholder": "one of: Skull, Blank"},
        {"custom_id": "b", "label": "What did you draw?",
         "placeholder": "another, or a threat: What a Wicked Child!"},
        {"custom_id": "c", "label": "Effect die", "placeholder": "Skull, Blank, 1"},
        {"custom_id": "d", "label": "3 coloured dice, in order", "placeholder": "pips"},
        {"custom_id": "e", "label": "Notes", "placeholder": "anything", "required": False},
    )]}
    answers = filled(random.Random(1), modal)
    assert answers["a"] in ("Skull", "Blank")
    assert answers["b"] in ("another", "What a Wicked Child!")
    assert answers["c"] in ("Skull", "Blank", "1")
    assert len(answers["d"].split()) == 3
    assert "e" not in answers


@pytest.mark.slow(10)
async def test_an_older_bot_runs_from_its_own_code() -> None:
    """`--before`: the bot of a commit (here HEAD, read with `git archive`) runs in the
    child from the folder it was read into, not from the working tree, and is driven
    like today's."""
    try:
        with code_at("HEAD") as code:
            run = await measure(PIG.key, TINY, code)
    except NoSuchCode as exc:
        pytest.skip(f"not a git checkout: {exc}")
    assert run.steady.bot.code == str(code.resolve()), "the old code was imported"
    _polite(run.steady)
    assert run.steady.shown, "its clicks were carried out"
    today = await measure(PIG.key, TINY)
    assert today.steady.bot.code == str(ROOT), "today's bot, from the working tree"


@pytest.mark.parametrize("argv", [["--rounds", "3"], ["--before", "HEAD", "--rounds", "0"]])
def test_rounds_without_an_older_bot_are_refused_before_any_run(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    captured = capsys.readouterr()
    assert "--rounds counts the runs of each bot with --before" in captured.err
    assert captured.out == "", "nothing ran"


def test_a_commit_git_cannot_read_is_one_clear_error() -> None:
    with pytest.raises(NoSuchCode, match="nosuchcommit"), code_at("nosuchcommit"):
        pass


def test_now_and_before_compare_the_medians_of_alternated_runs() -> None:
    """Each figure's line: the medians of each side's runs, their ratio, every run."""
    def runs(*cpu: float) -> list[Figures]:
        return [Figures(c, 1.0 + c, 2.0, 30.0, 50.0) for c in cpu]

    lines = compared("hellbringer", "abc123", runs(6.0, 5.0, 7.0), runs(3.5, 2.5, 3.0))
    assert lines[0] == ("hellbringer: bot CPU per click now / before (abc123) 0.50x: 3.0"
                        " against 6.0 ms (runs now 3.5, 2.5, 3.0; before 6.0, 5.0, 7.0)")
    assert lines[1].startswith("hellbringer: steady ack p50 now / before (abc123) 0.57x:")
    assert [line.split(":")[1].split(" now")[0] for line in lines] == [
        " bot CPU per click", " steady ack p50", " steady ack p99", " board shown p99",
        " opening ack p99"]
