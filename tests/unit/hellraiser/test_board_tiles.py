"""The house tile pack: 36 tiles of the Channard Institute, checked when it is loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from engines.core.errors import PackError
from engines.hellraiser.tiles import (
    BUILTIN_TILES_PATH,
    FURNITURE_USES,
    STATS,
    load_tiles,
    tile_defs,
)


def test_the_house_pack_has_36_rooms_and_corridors_with_both_portals() -> None:
    """'There are 36 map tiles. The tiles are either Room tiles ... or corridor tiles';
    'The entry portals are the Stairs, the Elevators, the gateway to Hell'."""
    pack = load_tiles()
    assert len(pack.tiles) == 36
    kinds = [t.kind for t in pack.tiles]
    assert kinds.count("room") >= 12 and kinds.count("corridor") >= 6
    portals = [t.portal.kind for t in pack.tiles if t.portal]
    assert "stairs" in portals and "elevator" in portals
    assert sum(t.power is not None for t in pack.tiles) >= 5


def test_every_tile_is_labelled_house_data_and_the_pack_credits_curufea() -> None:
    pack = load_tiles()
    assert all(t.source == "house data (Pandemonium)" and not t.verified for t in pack.tiles)
    assert "curufea" in pack.credit and "CC BY-NC-SA 2.5 AU" in pack.credit
    assert "Channard Institute" in pack.credit


def test_rooms_can_be_searched_and_corridors_cannot() -> None:
    """'Each room (but not corridor) can be searched'; 'Each room requires a particular
    statistic to search and has a difficulty number.'"""
    for tile in tile_defs().values():
        if tile.kind == "room":
            assert tile.search is not None and tile.search.stat in STATS
            assert 2 <= tile.search.difficulty <= 6
        else:
            assert tile.search is None and not tile.furniture and tile.power is None
    stats = {t.search.stat for t in tile_defs().values() if t.search}
    assert stats == set(STATS), "every statistic is needed somewhere"


def test_furniture_uses_follow_the_rules_lists() -> None:
    """'Bookshelf, wardrobe, steel cabinet and the tall mirror can be Tipped or used as
    Obstacles. Desk, water cooler, pot plants, beds and chairs can be used as Obstacles.
    Carpets, rugs, curtains and sheets can be used as Restraints.'"""
    assert FURNITURE_USES["tall mirror"] == ("tip", "obstacle")
    assert FURNITURE_USES["water cooler"] == ("obstacle",)
    assert FURNITURE_USES["sheets"] == ("restraint",)
    used_kinds = {f.kind for t in tile_defs().values() for f in t.furniture}
    assert used_kinds == set(FURNITURE_USES), "every kind in the rules appears on the map"
    for tile in tile_defs().values():
        for item in tile.furniture:
            assert item.uses == FURNITURE_USES[item.kind]


def raw_pack() -> dict[str, Any]:
    data = yaml.safe_load(BUILTIN_TILES_PATH.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def broken(tmp_path: Path, change: Any) -> str:
    data = raw_pack()
    change(data)
    path = tmp_path / "tiles.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(PackError) as info:
        load_tiles(path)
    message = str(info.value)
    assert str(path) in message
    return message


def test_a_room_without_a_search_is_refused_naming_the_field(tmp_path: Path) -> None:
    def drop_search(data: dict[str, Any]) -> None:
        del data["tiles"][0]["search"]

    assert "tiles.0" in broken(tmp_path, drop_search)


def test_furniture_outside_the_tile_is_refused(tmp_path: Path) -> None:
    def move_out(data: dict[str, Any]) -> None:
        data["tiles"][0]["furniture"][0]["square"] = [3, 0]

    message = broken(tmp_path, move_out)
    assert "tiles.0.furniture.0.square" in message and "outside" in message


def test_furniture_not_in_the_rules_lists_is_refused(tmp_path: Path) -> None:
    def sofa(data: dict[str, Any]) -> None:
        data["tiles"][0]["furniture"][0]["kind"] = "piano"

    assert "tiles.0.furniture.0.kind" in broken(tmp_path, sofa)


def test_a_tile_with_no_exit_is_refused(tmp_path: Path) -> None:
    """A tile with no exit could never connect to another, so no map could use it."""

    def wall_up(data: dict[str, Any]) -> None:
        data["tiles"][0]["exits"] = {}

    assert "at least one exit" in broken(tmp_path, wall_up)


def test_inner_walls_that_seal_off_a_square_are_refused(tmp_path: Path) -> None:
    def seal(data: dict[str, Any]) -> None:
        data["tiles"][0]["inner_walls"] = [[[0, 0], [1, 0]], [[0, 0], [0, 1]]]

    assert "cut the tile in two" in broken(tmp_path, seal)


def test_a_pack_needs_36_unique_tiles_and_both_portals(tmp_path: Path) -> None:
    def duplicate(data: dict[str, Any]) -> None:
        data["tiles"][1]["id"] = data["tiles"][0]["id"]

    assert "unique" in broken(tmp_path, duplicate)

    def no_lifts(data: dict[str, Any]) -> None:
        for tile in data["tiles"]:
            if tile.get("portal", {}).get("kind") == "elevator":
                del tile["portal"]

    assert "elevator" in broken(tmp_path, no_lifts)

    def short(data: dict[str, Any]) -> None:
        data["tiles"].pop()

    assert "'tiles'" in broken(tmp_path, short)
