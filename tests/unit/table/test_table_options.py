"""Options a host types when opening a table."""

from __future__ import annotations

import pytest

from bot import table_options
from engines.core.errors import RuleError
from engines.hellboy_dice import ENGINE as HELLBOY
from engines.hellraiser import ENGINE as HELLRAISER


def test_key_value_pairs_become_options() -> None:
    assert table_options.parse(HELLBOY, "target=20, always-ask-x2=on") == {
        "target": "20",
        "always_ask_x2": "on",
    }
    assert table_options.parse(HELLBOY, None) == {}


def test_file_paths_are_never_a_players_option() -> None:
    """A path typed in Discord must not make the bot read a file on its host."""
    assert "deck_path" not in table_options.settable(HELLBOY)
    with pytest.raises(RuleError, match="no option 'deck_path'"):
        table_options.parse(HELLBOY, "deck_path=/etc/passwd")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("mode=physical", "`mode` option"),
        ("target", "key=value"),
        ("=3", "key=value"),
        ("colour=red", "no option 'colour'"),
        (" ".join(f"target={i}" for i in range(20)), "At most 12"),
    ],
)
def test_bad_options_are_refused_politely(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        table_options.parse(HELLBOY, text)


def test_a_pack_is_chosen_by_name_where_the_game_takes_packs() -> None:
    """`pack=<name>` names one of the server's packs; the table embeds the pack itself."""
    assert "this server's packs" in table_options.settable(HELLBOY)["pack"]
    assert table_options.parse(HELLBOY, "pack=ourbox target=20") == {
        "pack": "ourbox", "target": "20"}
    assert "pack" not in table_options.settable(HELLRAISER)
    with pytest.raises(RuleError, match="no option 'pack'"):
        table_options.parse(HELLRAISER, "pack=ourbox")
