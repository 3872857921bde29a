"""The simulation tables in docs/games/*.md, made from the runs they name.

A table in a game's page sits between two comments that say how it was made:

    <!-- simulate hellraiser --players 2,3,4,5,6 --games 1000 --seed 1 -->
    | players | ... |
    <!-- end simulate -->

(`--option key=value` may follow, as for `python -m bot simulate`). Each row is one
player count of that seeded run, so `python -m bot simulate GAME --players N --games
M --seed S` prints the same figures. `python -m tests.support.docs_sims --update`
rewrites every table (the long runs take minutes: `--jobs 2` shares them out) and
prints each run's whole report; `--check` says which tables differ. With `--players
2,5` only those counts are played and the other rows are kept as the page has them (for
a change that cannot move the other counts: show that it does not first). The unit test
`tests/unit/test_docs_sims.py` runs the cheap tables on every test run.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from engines.core.simulation import rate
from engines.hellboy_dice import simulate as hellboy
from engines.hellboy_dice.models import HellboyOptions
from engines.hellraiser import simulate as hellraiser
from engines.hellraiser.models import HellraiserOptions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
PAGES = ("hellraiser.md", "hellboy-dice.md")
BLOCK = re.compile(r"(<!-- simulate (?P<args>[^>]*?) -->\n)(?P<table>.*?)(<!-- end simulate -->)",
                   re.S)


@dataclass(frozen=True)
class Run:
    game: str
    players: tuple[int, ...]
    games: int
    seed: int
    options: tuple[tuple[str, str], ...]

    @property
    def cost(self) -> int:
        """Roughly how many player-games the run plays (what a cheap test may afford)."""
        return self.games * sum(self.players)


def parse(args: str) -> Run:
    p = argparse.ArgumentParser(prog="simulate", add_help=False)
    p.add_argument("game")
    p.add_argument("--players", required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--option", action="append", default=[])
    ns = p.parse_args(shlex.split(args))
    options = tuple((o.split("=", 1)[0], o.split("=", 1)[1]) for o in ns.option)
    return Run(ns.game, tuple(int(n) for n in ns.players.split(",")), ns.games, ns.seed,
               options)


def _hellraiser_cell(players: int, run: Run) -> tuple[str, str]:
    options = HellraiserOptions(**dict(run.options))
    s = hellraiser.simulate(players, run.games, run.seed, options)
    n = s.games
    limit = sum(s.by_limit.values())
    row = (f"| {players} | {n} | {run.seed} | {rate(s.outcomes['humans'], n)} |"
           f" {rate(s.outcomes['leviathan'], n)} | {rate(s.outcomes['none'], n)} |"
           f" {s.no_loser} | {rate(s.victim_won, s.gate_opened)} |"
           f" {rate(s.others_won, s.others_games)} | {limit} |"
           f" {statistics.fmean(s.rounds):.1f} |")
    return row, hellraiser.format_stats(s)


HELLRAISER_HEAD = (
    "| players | games | seed | Humans win | Leviathan wins | no winner | games with no loser"
    " | the opener wins | each other seat wins | decided by the round limit | mean rounds |\n"
    "|---:|---:|---:|---|---|---|---:|---|---|---:|---:|\n")


def _hellboy_cell(players: int, run: Run) -> tuple[str, str]:
    options = HellboyOptions(**dict(run.options))
    s = hellboy.simulate(players, run.games, run.seed, options)
    order = ", ".join(f"{hellboy.ORDINALS[i]} {rate(w, s.games)}"
                      for i, w in enumerate(s.by_position))
    row = (f"| {players} | {s.games} | {run.seed} | {statistics.fmean(s.rounds):.2f} |"
           f" {s.knockout_rate:.1%} | {s.clues_per_turn:.2f} | {order} |")
    return row, hellboy.format_stats(s)


HELLBOY_HEAD = (
    "| players | games | seed | rounds (mean) | knocked out | Clues banked per turn"
    " | wins by turn position from the starter (95 % interval) |\n"
    "|---:|---:|---:|---:|---:|---:|---|\n")

GAMES: dict[str, tuple[str, Callable[[int, Run], tuple[str, str]]]] = {
    "hellraiser": (HELLRAISER_HEAD, _hellraiser_cell),
    "hellboy-dice": (HELLBOY_HEAD, _hellboy_cell),
}


PROGRESS = False
"""Say on stderr each run as it is done (set by `main`: the long runs take minutes)."""


def command(players: int, run: Run) -> str:
    options = "".join(f" --option {k}={v}" for k, v in run.options)
    return (f"python -m bot simulate {run.game} --players {players} --games {run.games}"
            f" --seed {run.seed}{options}")


def cell(job: tuple[int, Run]) -> tuple[str, str]:
    players, run = job
    made = GAMES[run.game][1](players, run)
    if PROGRESS:
        print(f"done: {command(players, run)}\n{made[0]}", file=sys.stderr, flush=True)
    return made


def tables(text: str) -> list[tuple[Run, str]]:
    return [(parse(m["args"]), m["table"]) for m in BLOCK.finditer(text)]


Cache = dict[str, tuple[str, str]]
"""Made cells by their command: a long update can be run in parts (`--players`) and
resumed, each part reusing what an earlier one made (`--cache FILE`)."""


def render(runs: list[Run], jobs: int = 1,
           report: Callable[[str, str], None] | None = None, cache: Cache | None = None,
           players: set[int] | None = None, saved: Callable[[], None] = lambda: None,
           kept: Cache | None = None) -> dict[Run, str]:
    """Each run's table whose every row is made (from `cache`, or played now in `jobs`
    processes, the longest first; only `players` counts if given, the others' rows from
    `kept` if there); `report` is handed each played row's command and whole report."""
    kept = {} if kept is None else kept
    cache = {} if cache is None else cache
    cells = [(n, run) for run in runs for n in run.players]
    todo = sorted({c for c in cells if command(*c) not in cache
                   and (players is None or c[0] in players)},
                  key=lambda c: (-c[0] * c[1].games, command(*c)))
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            futures = {pool.submit(cell, c): c for c in todo}
            for future in as_completed(futures):
                cache[command(*futures[future])] = future.result()
                saved()
    else:
        for c in todo:
            cache[command(*c)] = cell(c)
            saved()
    out: dict[Run, str] = {}
    for run in runs:
        rows = [cache.get(command(n, run)) or kept.get(command(n, run)) for n in run.players]
        if all(rows):
            out[run] = GAMES[run.game][0] + "".join(r[0] + "\n" for r in rows if r)
    if report is not None:
        for c in cells:
            if command(*c) in cache:
                report(command(*c), cache[command(*c)][1])
    return out


def page_rows(found: list[tuple[Run, str]], players: set[int]) -> Cache:
    """The rows a page already has for the counts not in `players`, by their command: a
    run of some counts keeps the others as they stand instead of playing them again."""
    rows: Cache = {}
    for run, table in found:
        for line in table.splitlines()[2:]:
            n = int(line.split("|")[1])
            if n not in players:
                rows[command(n, run)] = (line, "kept from the page")
    return rows


def _table(made: dict[Run, str], m: re.Match[str]) -> str:
    run = parse(m["args"])
    return m[1] + made[run] + m[4] if run in made else m[0]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.support.docs_sims")
    p.add_argument("--update", action="store_true", help="rewrite the tables")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--page", action="append", help="only this page (e.g. hellraiser.md)")
    p.add_argument("--players", help="only play these counts now, e.g. 2,3")
    p.add_argument("--cache", type=Path, help="a JSON file of rows already made")
    ns = p.parse_args(argv)
    global PROGRESS
    PROGRESS = True
    cache: Cache = {}
    if ns.cache is not None and ns.cache.exists():
        cache = {k: (v[0], v[1]) for k, v in json.loads(ns.cache.read_text()).items()}

    def save() -> None:
        if ns.cache is not None:
            ns.cache.write_text(json.dumps(cache, indent=1))

    only = {int(n) for n in ns.players.split(",")} if ns.players else None
    stale = 0
    for page in ns.page or PAGES:
        path = DOCS / page
        text = path.read_text(encoding="utf-8")
        found = tables(text)
        made = render([run for run, _ in found], ns.jobs,
                      lambda cmd, full: print(f"$ {cmd}\n{full}\n", flush=True), cache,
                      only, save, page_rows(found, only) if only else None)
        for run, table in found:
            if made.get(run) != table:
                stale += 1
                print(f"differs: {page}: {run}", file=sys.stderr)
        if ns.update:
            path.write_text(BLOCK.sub(partial(_table, made), text), encoding="utf-8")
    return 0 if ns.update or not stale else 1


if __name__ == "__main__":
    sys.exit(main())
