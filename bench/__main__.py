"""The benchmarks: `python -m bench` runs every `bench/*_bench.py`, `python -m bench
--list` names them with their first docstring line, and `python -m bench NAME [ARGS…]`
runs one (`storage` or `storage_bench`), handing it the arguments after its name.

The list is read from the folder and each module's docstring without importing it, so
listing stays instant and a new bench needs no registration.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

SUFFIX = "_bench"


def benches() -> dict[str, Path]:
    """Each bench's short name (`storage`) and its file, in name order."""
    found = sorted(Path(__file__).parent.glob(f"*{SUFFIX}.py"))
    return {path.stem.removesuffix(SUFFIX): path for path in found}


def summary(path: Path, width: int = 96) -> str:
    """The docstring's first sentence (its first line often stops mid-sentence)."""
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    paragraph = " ".join(docstring.split("\n\n")[0].split())
    sentence = re.split(r"(?<=\.)\s", paragraph)[0]
    return sentence if len(sentence) <= width else sentence[: width - 1] + "…"


def _run(path: Path, argv: list[str]) -> None:
    module = importlib.import_module(f"bench.{path.stem}")
    print(f"== {path.stem} ==", flush=True)
    module.main(argv)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    known = benches()
    if not args:
        for path in known.values():
            _run(path, [])
        return 0
    if args[0] in ("--list", "-l"):
        width = max(len(name) for name in known)
        for name, path in known.items():
            print(f"{name:<{width}}  {summary(path)}")
        return 0
    if args[0] in ("--help", "-h"):
        print(__doc__)
        return 0
    name = args[0].removesuffix(SUFFIX)
    if name not in known:
        print(f"no bench {args[0]!r}; `python -m bench --list` names them", file=sys.stderr)
        return 2
    _run(known[name], args[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
