"""Issue 14, small writes: a stored snapshot refers to its game's static data (deck,
dice) by digest, kept once in `static_blobs`, and so do its options to a chosen
pack; loading puts the exact text back, and rows written whole before this load
as they always did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import storage as storage_interface
from bot.static_parts import (
    MIN_SPLIT,
    MissingStaticBlob,
    Splitter,
    join,
    join_options,
    option_references,
    references,
    split,
    split_options,
)
from bot.storage import Storage
from bot.table import TableService
from engines.hellboy_dice import ENGINE as HELLBOY
from tests.unit.table.conftest import ALICE, BOB, MOD


async def _hellboy(storage: Storage, channel: int) -> TableService:
    service = TableService(storage, seed=5, verify=True)
    await service.new_game(
        channel_id=channel, guild_id=1, host=ALICE, game_key=HELLBOY.key, mode="digital"
    )
    await service.join(channel, BOB)
    await service.start(channel, ALICE, 1)
    return service


async def _move(service: TableService, channel: int) -> None:
    """The host's AI move (the host is seat 0 and moves first)."""
    current = await service.current(channel)
    assert current is not None
    action = HELLBOY.ai_action(current.state, HELLBOY.to_move(current.state)[0])
    await service.act(channel, ALICE, HELLBOY.dump_action(action))


async def _raw_states(storage: Storage) -> dict[int, str]:
    columns, rows = await storage.dump_table("games")
    at = columns.index("id"), columns.index("state")
    return {r[at[0]]: r[at[1]] for r in rows}


def test_split_cuts_out_the_exact_text_and_join_puts_it_back() -> None:
    big = {"cards": list(range(200))}
    text = json.dumps({"a": 1, "deck": big, "b": [1, 2]}, separators=(",", ":"))
    compact, blobs = split(text, {"deck"})
    assert len(compact) < len(text) // 4
    assert list(blobs.values()) == [json.dumps(big, separators=(",", ":"))]
    assert references(compact) == set(blobs)
    assert join(compact, blobs) == text


def test_a_small_field_or_text_that_is_no_object_stays_inline() -> None:
    small = json.dumps({"deck": [1, 2, 3]})
    assert split(small, {"deck"}) == (small, {})
    assert split("[1, 2]", {"deck"}) == ("[1, 2]", {})
    assert split("not json", {"deck"}) == ("not json", {})


def test_a_missing_blob_is_an_error_not_a_silent_hole() -> None:
    compact, _ = split(json.dumps({"deck": "x" * MIN_SPLIT}), {"deck"})
    with pytest.raises(MissingStaticBlob):
        join(compact, {})


@given(
    st.dictionaries(
        st.text(max_size=5),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=300),
            lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=4), inner),
            max_leaves=40,
        ),
        max_size=6,
    ),
    st.booleans(),
)
def test_split_then_join_is_the_identity_on_any_object(
    value: dict[str, object], pretty: bool
) -> None:
    """Whatever the text holds (a player's name looking like a reference included),
    joining the split gives back the same bytes."""
    value["name"] = '{"$static":"' + "0" * 64 + '"}'
    text = json.dumps(value, indent=1 if pretty else None)
    compact, blobs = split(text, set(value))
    assert join(compact, blobs) == text


async def test_hellboy_rows_hold_references_and_load_whole(storage: Storage) -> None:
    first = await _hellboy(storage, 1)
    second = await _hellboy(storage, 2)
    await _move(first, 1)
    await _move(second, 2)
    raw = await _raw_states(storage)
    assert all(references(text) for text in raw.values())
    _, blobs = await storage.dump_table("static_blobs")
    assert len(blobs) == 1, "the deck and dice, stored once for both games"
    for game_id, text in raw.items():
        loaded = await storage.game(game_id)
        assert loaded is not None and loaded.state is not None
        assert not references(loaded.state) and len(loaded.state) > 4 * len(text)
        HELLBOY.load_state(loaded.state)
    assert first.persistence_failures == second.persistence_failures == []


async def test_a_snapshot_stored_whole_still_loads(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows written before static data was referenced hold the whole state."""
    monkeypatch.setattr(storage_interface, "static_fields", lambda key: frozenset())
    service = await _hellboy(storage, 3)
    live = await storage.live_game(3)
    assert live is not None and live.state is not None
    (raw,) = (await _raw_states(storage)).values()
    assert raw == live.state and not references(raw)
    monkeypatch.undo()
    later = TableService(storage, seed=5, verify=True)
    current = await later.current(3)
    assert current is not None and current.state == HELLBOY.load_state(raw)
    await _move(later, 3)
    assert later.persistence_failures == [] and service.persistence_failures == []


def test_the_splitter_finds_remembered_texts_and_follows_a_change() -> None:
    """The second split of the same deck is a substring search; a state with another
    deck (a field play did change, or another pack) is split by its own text."""
    splitter = Splitter()
    deck = {"cards": [f"card-{i}" for i in range(60)]}
    first = json.dumps({"turn": 1, "deck": deck}, separators=(",", ":"))
    compact, blobs = splitter.split(first, frozenset({"deck"}), "g")
    again = json.dumps({"turn": 2, "deck": deck}, separators=(",", ":"))
    compact_again, same = splitter.split(again, frozenset({"deck"}), "g")
    assert same == blobs and join(compact_again, same) == again
    deck["cards"].append("one-more")
    changed = json.dumps({"turn": 3, "deck": deck}, separators=(",", ":"))
    compact_changed, other = splitter.split(changed, frozenset({"deck"}), "g")
    assert set(other).isdisjoint(blobs) and join(compact_changed, other) == changed
    assert references(compact) != references(compact_changed)


PACK = (Path(__file__).parents[3] / "docs" / "packs" / "hellboy-dice.yaml").read_bytes()


async def _hellboy_with_pack(storage: Storage, channel: int) -> TableService:
    service = TableService(storage, seed=5, verify=True)
    await service.upload_pack(guild_id=1, channel_id=channel, actor=MOD, name="box", data=PACK)
    await service.new_game(
        channel_id=channel, guild_id=1, host=ALICE, game_key=HELLBOY.key, mode="digital",
        options={"pack": "box"},
    )
    await service.join(channel, BOB)
    await service.start(channel, ALICE, 1)
    return service


async def test_a_chosen_pack_is_stored_by_reference_not_in_every_row(storage: Storage) -> None:
    """The pack embedded in a game's options is stored once, so a click does not
    rewrite it; the game reads back with the whole pack, even from a cold cache."""
    service = await _hellboy_with_pack(storage, 4)
    await _move(service, 4)
    columns, rows = await storage.dump_table("games")
    (raw,) = [json.loads(r[columns.index("options")]) for r in rows]
    assert option_references(raw) and len(json.dumps(raw)) < MIN_SPLIT
    storage._blob_cache = None
    live = await storage.live_game(4)
    assert live is not None and live.options["pack"]["name"] == "box"
    assert live.options["pack"]["content"] and not option_references(live.options)
    assert service.persistence_failures == []


def test_options_without_references_load_as_they_are() -> None:
    """Options written whole (before packs were referenced) are the options."""
    whole = {"mode": "digital", "pack": {"name": "box", "content": {"dice": ["x" * MIN_SPLIT]}}}
    assert join_options(whole, {}) is whole
    compact, blobs = split_options(whole)
    assert compact["pack"].keys() == {"$static"} and join_options(compact, blobs) == whole
    small = {"pack": {"name": "tiny"}}
    assert split_options(small) == (small, {})
