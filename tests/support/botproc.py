"""The real bot as a separate process, for tests that stop it (SIGTERM), kill it
(SIGKILL) or run several at once: `python -m tests.support.botproc` with the bot's usual
environment (DISCORD_*, PANDEMONIUM_*). It adds the test game Pig and drops
discord.py's rate-limit waits, which the fake Discord has no use for."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def spawn(
    env: Mapping[str, str], log: Path, wrapper: Sequence[str] = ()
) -> subprocess.Popen[bytes]:
    """Start a bot process, under `wrapper` (a command prefix) if given; its output
    goes to `log` (read it when a test fails)."""
    full = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
            "PANDEMONIUM_WEB_PORT": "off", **env}
    with log.open("ab") as out:
        return subprocess.Popen(
            [*wrapper, sys.executable, "-m", "tests.support.botproc"],
            cwd=ROOT,
            env=full,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def main() -> int:
    from bot.app import create_bot
    from bot.cli import serve_until_stopped
    from bot.settings import Settings
    from engines import registry
    from tests.fakediscord.client import skip_rate_limit_waits
    from tests.support.pig import ENGINE as PIG

    settings = Settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(name)s: %(message)s")
    registry.register(PIG)
    bot = create_bot(settings, board_interval=0.05)
    skip_rate_limit_waits(bot)
    return serve_until_stopped(bot, settings)


if __name__ == "__main__":
    raise SystemExit(main())
