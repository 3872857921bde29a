"""Games as manifests: the list installs each game's engine, presenter and forms by its
key; a manifest must name its own engine; physical report forms are looked up by the
game's key, so one game's form never claims another game's request; and
`python -m bot simulate` runs the simulator a manifest declares."""

from __future__ import annotations

import gc
from dataclasses import replace

import pytest

from bot import frontend
from bot.cli import main
from bot.frontend import GameFrontend, install
from bot.games import GAMES
from bot.games.hellraiser.forms import DICE_FORM
from bot.render.games import GenericPresenter, presenter_for, unregister_presenter
from bot.ui.report import form_for
from engines import registry
from engines.core.chance import ChanceItem, ChanceRequest
from tests.support.pig import ENGINE as PIG

SIX = [str(face) for face in range(1, 7)]
TWO_D6 = ChanceRequest(prompt="Roll two dice", items=[
    ChanceItem(key=f"g0d{i}", label=f"Pig die {i + 1}", options=SIX, weights=[1] * 6)
    for i in range(2)
])
"""A roll of two six-sided dice, shaped exactly like a Hellraiser test's dice."""


def test_the_list_installs_every_game_by_its_key() -> None:
    install(GAMES)
    for game in GAMES:
        assert registry.get(game.key) is game.engine
        assert presenter_for(game.key) is game.presenter


def test_a_manifest_must_name_its_own_engine() -> None:
    with pytest.raises(ValueError, match="declares the engine 'pig'"):
        GameFrontend(key="hellraiser", engine=PIG, presenter=GenericPresenter())


def test_two_games_with_one_key_are_refused() -> None:
    with pytest.raises(ValueError, match="two games share the key 'hellraiser'"):
        install([GAMES[1], replace(GAMES[1])])


def test_a_form_is_found_by_the_game_not_by_the_request_shape() -> None:
    """The same 2d6 request: Hellraiser's dice form for a Hellraiser table, and the
    generic layout for any other game, whose requests Hellraiser's forms never claim."""
    install(GAMES)
    assert form_for("hellraiser", TWO_D6) is DICE_FORM
    assert form_for("pig", TWO_D6) is None
    assert form_for("hellboy-dice", TWO_D6) is None


def test_simulate_runs_the_manifests_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "hellboy-dice", "--players", "2", "--games", "3"]) == 0
    assert capsys.readouterr().out.startswith("Hellboy: The Dice Game — 3 AI games, 2 players")


def test_what_a_warm_up_built_is_kept_out_of_the_collectors_full_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27, bot CPU: a warm-up's tables live as long as the process, and a full
    garbage collection walked all of them (41-43 ms for Hellboy's odds) on the event
    loop; after start-up they are frozen out of its reach."""
    built: list[dict[str, int]] = []

    def warm_up() -> None:
        built.extend({"n": n} for n in range(5000))

    pig = GameFrontend(key="pig", engine=PIG, presenter=GenericPresenter(), warm_up=warm_up)
    monkeypatch.setattr(frontend, "_WARMED", set())
    gc.unfreeze()
    try:
        install([pig])
    finally:
        registry.unregister("pig")
        unregister_presenter("pig")
    assert built, "the warm-up ran"
    assert gc.get_freeze_count() >= len(built), "its tables are frozen"
