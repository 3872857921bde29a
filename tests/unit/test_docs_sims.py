"""The simulation tables in the games' pages are the runs they name.

Every table between `<!-- simulate … -->` and `<!-- end simulate -->` is checked
here if it is cheap (a few dozen games); the long tuning tables are checked and
rewritten by `python -m tests.support.docs_sims --check` / `--update` (minutes).
"""

from __future__ import annotations

from tests.support.docs_sims import DOCS, PAGES, page_rows, parse, render, tables

CHEAP = 300
"""Player-games a table may cost to be re-run on every test run (about 2 s)."""


def test_each_page_names_the_runs_of_its_tables_and_one_is_cheap() -> None:
    for page in PAGES:
        found = tables((DOCS / page).read_text(encoding="utf-8"))
        assert found, f"{page} has no simulation table"
        assert any(run.cost <= CHEAP for run, _ in found), f"{page}: no cheap table to check"


def test_the_cheap_tables_match_a_seeded_run() -> None:
    for page in PAGES:
        found = [(run, table) for run, table in tables((DOCS / page).read_text(encoding="utf-8"))
                 if run.cost <= CHEAP]
        made = render([run for run, _ in found])
        for run, table in found:
            assert made[run] == table, (
                f"{page}: the table of `{run}` is stale: run"
                " `python -m tests.support.docs_sims --update --page " + page + "`")


def test_the_marker_reads_like_the_simulate_command() -> None:
    run = parse("hellraiser --players 2,3 --games 20 --seed 7 --option preset=as_written")
    assert (run.game, run.players, run.games, run.seed) == ("hellraiser", (2, 3), 20, 7)
    assert run.options == (("preset", "as_written"),) and run.cost == 100


def test_a_run_of_some_counts_keeps_the_other_rows_as_the_page_has_them() -> None:
    """`--players 2` re-plays the 2-player row only: the 3-player row stays as written,
    even when it is not what a run would make (the caller showed it cannot move)."""
    page = (DOCS / "hellraiser.md").read_text(encoding="utf-8")
    run, table = next((r, t) for r, t in tables(page) if r.cost <= CHEAP)
    head, two, three = table.splitlines()[:2], table.splitlines()[2], table.splitlines()[3]
    odd = three.replace("| 8 |", "| 9 |", 1)
    found = [(run, "\n".join([*head, "| 2 | stale |", odd]) + "\n")]
    made = render([run], players={2}, kept=page_rows(found, {2}))
    assert made[run].splitlines()[2:] == [two, odd]
