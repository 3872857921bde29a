"""The simulation tables in the games' pages are the runs they name.

Every table between `<!-- simulate … -->` and `<!-- end simulate -->` is checked
here if it is cheap (a few dozen games); the long tuning tables are checked and
rewritten by `python -m tests.support.docs_sims --check` / `--update` (minutes).
"""

from __future__ import annotations

from tests.support.docs_sims import DOCS, PAGES, parse, render, tables

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
