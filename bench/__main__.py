"""Run every benchmark: `python -m bench` calls `main()` of each `bench/*_bench.py`."""

from __future__ import annotations

import importlib
from pathlib import Path


def main() -> None:
    for path in sorted(Path(__file__).parent.glob("*_bench.py")):
        module = importlib.import_module(f"bench.{path.stem}")
        print(f"== {path.stem} ==", flush=True)
        module.main()


if __name__ == "__main__":
    main()
