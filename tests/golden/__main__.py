"""`python -m tests.golden --update` rewrites the snapshots; without it, lists what differs."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.frontend import install
from bot.games import GAMES
from tests.golden.boards import CASES, difference


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
    return 0 if update or not stale else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m tests.golden")
    parser.add_argument("--update", action="store_true", help="rewrite the stored snapshots")
    sys.exit(asyncio.run(main(parser.parse_args().update)))
