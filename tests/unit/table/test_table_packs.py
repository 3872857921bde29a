"""A server's own packs: only a GM uploads, a broken pack stores nothing, `pack=<name>` at
/game new embeds the pack, and undo and replay work even after the pack is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.replay import replay
from bot.storage import Storage
from bot.table import TableService
from bot.table_packs import MAX_PACKS
from engines.core.errors import RuleError
from engines.core.pack_text import MAX_PACK_BYTES
from engines.hellboy_dice import ENGINE as HELLBOY
from engines.hellboy_dice import HellboyState
from engines.hellraiser import ENGINE as HELLRAISER
from tests.unit.table.conftest import ALICE, BOB, MOD

ROOT = Path(__file__).parents[3]
EXAMPLE = (ROOT / "docs" / "packs" / "hellboy-dice.yaml").read_bytes()
GUILD, CH = 7, 100
DICE_ONLY = b"""\
dice:
  - name: yellow
    title: Our yellow die
    kind: pips
    source: counted
    verified: true
    faces:
      - {label: "5", symbol: "5", value: 5}
      - {label: "6", symbol: "6", value: 6}
"""


async def _upload(service: TableService, data: bytes = EXAMPLE, name: str = "ourbox") -> None:
    await service.upload_pack(guild_id=GUILD, channel_id=CH, actor=MOD, name=name, data=data)


async def _hellboy(service: TableService, options: dict[str, str]) -> HellboyState:
    await service.new_game(channel_id=CH, guild_id=GUILD, host=ALICE, game_key="hellboy-dice",
                           mode="digital", options=options)
    await service.join(CH, BOB)
    out = await service.start(CH, ALICE, GUILD)
    assert isinstance(out.state, HellboyState)
    return out.state


async def test_a_gm_uploads_a_pack_and_the_server_lists_it(service: TableService) -> None:
    await _upload(service)
    [row] = await service.packs(GUILD)
    assert (row.name, row.game, row.uploader_id) == ("ourbox", "hellboy-dice", MOD.user_id)
    assert row.text == EXAMPLE.decode() and len(row.digest) == 64
    assert await service.packs(GUILD + 1) == [], "packs belong to one server"


async def test_a_member_who_is_no_gm_cannot_upload(service: TableService) -> None:
    with pytest.raises(RuleError, match="Only a table's host"):
        await service.upload_pack(guild_id=GUILD, channel_id=CH, actor=BOB, name="x", data=EXAMPLE)
    assert await service.packs(GUILD) == []


async def test_the_host_of_the_channels_table_may_upload(service: TableService) -> None:
    await service.new_game(channel_id=CH, guild_id=GUILD, host=ALICE, game_key="pig",
                           mode="digital")
    await service.upload_pack(guild_id=GUILD, channel_id=CH, actor=ALICE, name="x", data=EXAMPLE)
    assert [p.name for p in await service.packs(GUILD)] == ["x"]


async def test_a_broken_pack_names_line_and_field_and_stores_nothing(
    service: TableService,
) -> None:
    await _upload(service)
    broken = EXAMPLE.replace(b'value: 4, clue', b'value: four, clue')
    with pytest.raises(RuleError) as caught:
        await _upload(service, broken)
    assert caught.value.message == (
        "That pack can't be stored: line 19, field 'dice.0.faces.5.value': needs a whole"
        " number."
    )
    [row] = await service.packs(GUILD)
    assert row.text == EXAMPLE.decode(), "the stored pack of that name is untouched"


async def test_an_oversize_pack_is_refused_politely(service: TableService) -> None:
    with pytest.raises(RuleError, match="at most 64 KiB"):
        await _upload(service, EXAMPLE + b"#" * MAX_PACK_BYTES)
    assert await service.packs(GUILD) == []


@pytest.mark.parametrize(("data", "message"), [
    (b"game: chess\ndice: []\n", "line 1, field 'game': there is no game called 'chess'"),
    (f"game: {HELLRAISER.key}\n".encode(), "line 1, field 'game': Hellraiser takes no packs"),
    (DICE_ONLY.replace(b"name: yellow", b"name: d6"), "'d6' reads as standard dice notation"),
])
async def test_packs_for_no_known_taker_are_refused(
    service: TableService, data: bytes, message: str
) -> None:
    with pytest.raises(RuleError, match=message):
        await _upload(service, data)
    assert await service.packs(GUILD) == []


async def test_names_are_checked_and_the_count_is_bounded(service: TableService) -> None:
    with pytest.raises(RuleError, match="A pack name is 1 to 32"):
        await _upload(service, name="our box!")
    for i in range(MAX_PACKS):
        await _upload(service, name=f"p{i}")
    await _upload(service, name="p0")
    with pytest.raises(RuleError, match=f"already has {MAX_PACKS} packs"):
        await _upload(service, name="one-more")


async def test_the_uploader_or_a_gm_deletes_a_pack(service: TableService) -> None:
    await _upload(service)
    with pytest.raises(RuleError, match="Only whoever uploaded"):
        await service.delete_pack(guild_id=GUILD, actor=BOB, name="ourbox")
    await service.delete_pack(guild_id=GUILD, actor=MOD, name="OurBox")
    with pytest.raises(RuleError, match="no pack called 'ourbox'"):
        await service.pack(GUILD, "ourbox")


async def test_a_chosen_pack_is_embedded_in_the_games_options(service: TableService) -> None:
    await _upload(service)
    state = await _hellboy(service, {"pack": "ourbox"})
    assert [f.label for f in state.components.dice["yellow"].faces][-1] == "4"
    current = await service.current(CH)
    assert current is not None
    pack, stored = current.game.options["pack"], await service.pack(GUILD, "ourbox")
    assert pack["name"] == "ourbox" and pack["digest"] == stored.digest


async def test_a_dice_only_pack_fits_any_game_that_reads_dice(service: TableService) -> None:
    await _upload(service, DICE_ONLY, name="dice")
    state = await _hellboy(service, {"pack": "dice"})
    assert [f.value for f in state.components.dice["yellow"].faces] == [5, 6]


@pytest.mark.parametrize(("game", "pack", "message"), [
    ("hellboy-dice", "nothing", "no pack called 'nothing'"),
    (HELLRAISER.key, "ourbox", "Hellraiser takes no packs"),
    ("pig", "ourbox", "Pig takes no packs"),
])
async def test_a_pack_that_cannot_be_used_opens_no_table(
    service: TableService, game: str, pack: str, message: str
) -> None:
    await _upload(service)
    with pytest.raises(RuleError, match=message):
        await service.new_game(channel_id=CH, guild_id=GUILD, host=ALICE, game_key=game,
                               mode="digital", options={"pack": pack})
    assert await service.current(CH) is None


async def test_a_dice_only_pack_is_checked_against_the_game_it_is_chosen_for(
    service: TableService,
) -> None:
    await _upload(service, DICE_ONLY.replace(b"name: yellow", b"name: green"), name="green")
    with pytest.raises(RuleError) as caught:
        await service.new_game(channel_id=CH, guild_id=GUILD, host=ALICE,
                               game_key="hellboy-dice", mode="digital", options={"pack": "green"})
    assert caught.value.message.startswith(
        "The pack 'green' doesn't fit Hellboy: The Dice Game: line 2, field 'dice.0.name':")


async def test_undo_and_replay_need_no_stored_pack(
    service: TableService, storage: Storage
) -> None:
    """The pack is part of the game's options, so deleting or replacing it later changes
    nothing for a game that chose it."""
    await _upload(service)
    before = await _hellboy(service, {"pack": "ourbox", "first_seat": "1"})
    await service.delete_pack(guild_id=GUILD, actor=MOD, name="ourbox")
    await _upload(service, DICE_ONLY)
    await service.act(CH, ALICE, {"type": "explore"})
    undone = await service.undo(CH, ALICE, GUILD)
    assert undone.state == before
    current = await service.current(CH)
    assert current is not None
    entries = await storage.log(current.game.id)
    setup = next(e.payload for e in entries if e.kind == "setup")
    again = replay(HELLBOY, setup, entries)
    assert again.state.components.dice["yellow"] == before.components.dice["yellow"]
