"""`python -m bot`: run the bot, or one of its tools (see `python -m bot --help`)."""

from __future__ import annotations

from bot.cli import main

raise SystemExit(main())
