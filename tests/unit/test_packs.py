"""Data packs: a broken pack is refused at start-up with its file and field named."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core.errors import PackError
from engines.core.packs import load_pack, require_unique
from engines.dice.model import DicePack
from engines.hellboy_dice.cards import DeckPack

ROOT = Path(__file__).resolve().parents[2]


def test_require_unique_names_the_repeats() -> None:
    require_unique("ids", ["a", "b"])
    with pytest.raises(ValueError, match="ids must be unique: a, c"):
        require_unique("ids", ["a", "c", "a", "b", "c"])


def _die(name: str) -> str:
    return (
        f"  - {{name: {name}, title: T, kind: number, source: us, verified: false,"
        " faces: [{label: '1', symbol: '1'}, {label: '2', symbol: '2'}]}\n"
    )


def test_a_dice_pack_with_a_repeated_name_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "ours.yaml"
    pack.write_text("dice:\n" + _die("bone") + _die("bone"))
    with pytest.raises(PackError, match=r"ours\.yaml.*dice names must be unique: bone"):
        load_pack(pack, DicePack)


def test_a_deck_with_a_repeated_card_id_is_refused(tmp_path: Path) -> None:
    builtin = (ROOT / "engines/hellboy_dice/data/deck.yaml").read_text(encoding="utf-8")
    assert "id: boiler-room-frogs" in builtin
    pack = tmp_path / "deck.yaml"
    pack.write_text(builtin.replace("id: boiler-room-frogs", "id: loading-bay-frog"))
    with pytest.raises(PackError, match=r"deck\.yaml.*card ids must be unique: loading-bay-frog"):
        load_pack(pack, DeckPack)
