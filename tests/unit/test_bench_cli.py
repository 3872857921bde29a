"""`python -m bench --list` and `python -m bench NAME` (issue 25 point 6), and the
multi-process storage bench's throughput counted by the wall clock over the window
all processes share, not as the sum of each one's own rate."""

from __future__ import annotations

from pathlib import Path

import pytest

import bench.__main__ as bench_cli
from bench.storage_bench import aggregate_rate, own_rate


def test_list_names_every_bench_with_its_first_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_cli.main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [line.split()[0] for line in lines]
    folder = Path(bench_cli.__file__).parent
    files = sorted(p.stem.removesuffix("_bench") for p in folder.glob("*_bench.py"))
    assert names == files
    storage = next(line for line in lines if line.startswith("storage "))
    assert "Durable actions per second" in storage


def test_a_name_runs_that_bench_alone_with_the_arguments_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(bench_cli, "_run", lambda path, argv: ran.append((path.stem, argv)))
    assert bench_cli.main(["storage", "--tables", "8"]) == 0
    assert bench_cli.main(["dice_bench"]) == 0
    assert ran == [("storage_bench", ["--tables", "8"]), ("dice_bench", [])]


def test_an_unknown_name_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_cli.main(["nope"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "--list" in line


def test_aggregate_throughput_counts_only_the_window_every_process_shares() -> None:
    """Process A runs alone for 1 s at 100/s, then both share 2 s at 50/s each; B then
    runs alone. Each one's own rate is (100 + 100)/3 ≈ 67/s, summing to 133/s; together
    they did 100/s while both ran."""
    a = (0.0, [i / 100 for i in range(1, 101)] + [1 + i / 50 for i in range(1, 101)])
    b = (1.0, [1 + i / 50 for i in range(1, 101)] + [3 + i / 100 for i in range(1, 101)])
    rate, window = aggregate_rate([a, b])
    assert window == pytest.approx(2.0)
    assert rate == pytest.approx(100, rel=0.02)
    assert own_rate(*a) + own_rate(*b) == pytest.approx(133.3, rel=0.01)


def test_bursts_that_never_overlap_are_refused() -> None:
    with pytest.raises(ValueError, match="did not overlap"):
        aggregate_rate([(0.0, [1.0]), (2.0, [3.0])])
