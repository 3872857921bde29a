"""`python -m bot`: the contract other tools rely on."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import YOUNG_COLLECTION_EVERY, freeze_start_up, main
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (
        "DISCORD_TOKEN",
        "PANDEMONIUM_DICE_PACK",
        "PANDEMONIUM_DATABASE",
        "PANDEMONIUM_SHARD_IDS",
        "PANDEMONIUM_SHARD_COUNT",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env from the developer's checkout


def test_without_a_token_one_line_and_status_2(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "DISCORD_TOKEN" in done.stderr
    assert done.stdout == ""


def test_a_broken_dice_pack_is_named_with_its_field(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _clean_env(monkeypatch, tmp_path)
    pack = tmp_path / "mydice.yaml"
    pack.write_text(
        "dice:\n  - name: bone\n    title: Bone\n    kind: pips\n"
        "    source: us\n    verified: false\n    faces: [{label: '1'}]\n"
    )
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("PANDEMONIUM_DICE_PACK", str(pack))
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "mydice.yaml" in err and "dice.0.faces" in err


def test_the_token_is_never_in_a_repr(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _clean_env(monkeypatch, tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token-value")
    settings = Settings()
    assert "sekrit" not in repr(settings) and "sekrit" not in str(settings.model_dump())


def test_settings_names_and_shard_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _clean_env(monkeypatch, tmp_path)
    monkeypatch.setenv("PANDEMONIUM_DATABASE", "x/db.sqlite")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:9/api/v10")
    monkeypatch.setenv("DISCORD_GATEWAY_URL", "ws://127.0.0.1:9/")
    monkeypatch.setenv("PANDEMONIUM_SHARD_IDS", "3, 1")
    monkeypatch.setenv("PANDEMONIUM_SHARD_COUNT", "4")
    settings = Settings()
    assert settings.discord_api_base.endswith(":9/api/v10")
    assert settings.shards() == [1, 3]
    assert settings.database_target().target == "x/db.shards-1-3.sqlite"


@pytest.mark.parametrize(
    ("ids", "count", "problem"),
    [("0,4", "4", "below"), ("1", None, "needs PANDEMONIUM_SHARD_COUNT"), ("a", "2", "pattern")],
)
def test_shard_settings_are_checked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ids: str, count: str | None, problem: str
) -> None:
    _clean_env(monkeypatch, tmp_path)
    monkeypatch.setenv("PANDEMONIUM_SHARD_IDS", ids)
    if count is not None:
        monkeypatch.setenv("PANDEMONIUM_SHARD_COUNT", count)
    with pytest.raises(ValueError, match=problem):
        Settings()


def test_create_bot_points_discord_py_at_the_configured_server(tmp_path: Path) -> None:
    import discord

    from bot.app import create_bot

    old = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        create_bot(
            Settings(
                discord_api_base="http://127.0.0.1:1/api/v10",
                discord_gateway_url="ws://127.0.0.1:1/",
                database=tmp_path / "d",
            )
        )
        assert discord.http.Route.BASE == "http://127.0.0.1:1/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:1/"
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old


def test_simulate_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "chess"]) == 2
    assert "no simulator" in capsys.readouterr().err


def test_simulate_a_table_the_game_refuses_answers_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: `--players 7` printed a traceback."""
    assert main(["simulate", "hellboy-dice", "--players", "7", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1 to 6 players" in err
    assert main(["simulate", "hellraiser", "--players", "2", "--games", "1",
                 "--option", "preset=nonsense"]) == 2
    assert capsys.readouterr().err.startswith("simulate hellraiser: option preset:")


def test_start_up_collects_the_young_generation_less_often() -> None:
    """`freeze_start_up`: young passes every `YOUNG_COLLECTION_EVERY` allocations, not
    Python's 700, and the older generations' thresholds as they were."""
    before = gc.get_threshold()
    try:
        freeze_start_up()
        assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, *before[1:])
        assert gc.get_freeze_count() > 0, "start-up's objects are out of the collector's reach"
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
