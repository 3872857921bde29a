"""The docs that are generated from code must match the code."""

from __future__ import annotations

from pathlib import Path

from bot.cli import _render_commands

ROOT = Path(__file__).resolve().parents[2]


async def test_commands_md_lists_every_command() -> None:
    expected = await _render_commands()
    actual = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/commands.md is out of date: run `make docs`"


def test_readme_shows_the_two_commands_first() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```")[1]
    assert "make run" in first_block and "make test" in first_block
