"""`python -m tests.golden --update` rewrites the snapshots; without it, lists what differs."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.frontend import install
from bot.games import GAMES
from tests.golden.boards import CASES, difference
from tests.golden.pictures import CROWDED, crowded_differs, update_crowded


async def main(update: bool) -> int:
    install(GAMES)
    stale = 0
    for case in CASES:
        rendered = await case.render()
        if difference(case, rendered) is None:
            continue
        stale += 1
        if update:
            case.path.write_text(rendered, encoding="utf-8")
            print(f"updated {case.path.name}")
        else:
            print(f"differs: {case.path.name}")
    if crowded_differs() is not None:
        stale += 1
        if update:
            update_crowded()
            print(f"updated {CROWDED.name}")
        else:
            print(f"differs: {CROWDED.name}")
    return 0 if update or not stale else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m tests.golden")
    parser.add_argument("--update", action="store_true", help="rewrite the stored snapshots")
    sys.exit(asyncio.run(main(parser.parse_args().update)))
