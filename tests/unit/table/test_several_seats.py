"""A member holding several seats (a GM playing several characters at a physical
table, `/game seat … also:True`): leaving and kicking act on every seat they hold or
on the one named, and say which; "My hand" shows each held seat's hidden view,
labelled; a reminder names such a member once. Wrong member or seat: one sentence,
nothing changed. Run on both storage backends (the `storage` fixture)."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest

from bot.log_lines import GmLine, LobbyLine
from bot.models import GameRow, SeatRow
from bot.presenting import embed_batches, private_embeds
from bot.storage import Storage
from bot.table import TableService
from bot.turn_timers import TurnTimers, member_words, waited_members
from cogs.game_seats import seat_choices, seat_index
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE, BOB, CAROL, DAVE, MOD, FakeClock

CH = 300


@pytest.fixture
def table(storage: Storage, clock: FakeClock, vigil: None) -> TableService:
    return TableService(storage, clock=clock, seed=5, verify=True)


async def _alice_at_two(table: TableService, *, start: bool) -> None:
    """Alice (host) plays Hellboy in seat 1 and Liz in seat 3; Bob plays seat 2."""
    await table.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="vigil", mode="physical",
        options={"dice": "bot"},
    )
    await table.join(CH, BOB)
    await table.join(CH, CAROL)
    await table.assign_seat(CH, ALICE, 1, ALICE, 2, also=True)
    await table.set_character(CH, ALICE, 1, 0, "Hellboy")
    await table.set_character(CH, ALICE, 1, 2, "Liz")
    if start:
        await table.start(CH, ALICE, 1)


async def _version(table: TableService) -> int:
    current = await table.current(CH)
    assert current is not None
    return current.game.version


async def _last_lines(storage: Storage, table: TableService, count: int) -> list[Any]:
    current = await table.current(CH)
    assert current is not None
    return [e.payload for e in (await storage.log(current.game.id))[-count:]]


async def test_leaving_the_lobby_gives_up_every_seat_held(table: TableService) -> None:
    await _alice_at_two(table, start=False)
    out = await table.leave(CH, ALICE)
    assert [s.name for s in out.game.seats] == ["Bob"]
    assert out.notice == "Alice left seats 1 (Hellboy) and 3 (Liz). Bob is the host now."


async def test_leaving_one_named_seat_of_the_lobby_keeps_the_other(
    table: TableService, storage: Storage
) -> None:
    await _alice_at_two(table, start=False)
    out = await table.leave(CH, ALICE, seat=0)
    assert [s.shown for s in out.game.seats] == ["Bob", "Liz (Alice)"]
    assert out.game.host_id == ALICE.user_id, "still seated, so still the host"
    assert out.notice == "Alice left seat 1 (Hellboy). Alice keeps seat 2 (Liz)."
    assert await _last_lines(storage, table, 1) == [
        LobbyLine(op="leave", user_id=ALICE.user_id, seat=0)
    ]


async def test_leaving_one_seat_in_play_leaves_it_vacant_for_a_gm(
    table: TableService, storage: Storage
) -> None:
    """During play the seat stays, with its character, for a GM to play; the member
    keeps the other, and the log says which seat was left."""
    await _alice_at_two(table, start=True)
    out = await table.leave(CH, ALICE, seat=2)
    assert [s.shown for s in out.game.seats] == ["Hellboy (Alice)", "Bob", "Liz (vacant)"]
    assert out.game.seats_of(ALICE.user_id) == [0]
    assert out.notice == (
        "Alice left seat 3 (Liz); a GM can play the seat. Alice keeps seat 1 (Hellboy)."
    )
    assert await _last_lines(storage, table, 1) == [
        LobbyLine(op="leave", user_id=ALICE.user_id, seat=2)
    ]


async def test_leaving_in_play_without_a_seat_leaves_them_all(table: TableService) -> None:
    await _alice_at_two(table, start=True)
    out = await table.leave(CH, ALICE)
    assert out.game.seats_of(ALICE.user_id) == []
    assert out.notice == "Alice left seats 1 (Hellboy) and 3 (Liz); a GM can play the seats."


async def test_a_gm_kicks_a_member_from_one_seat_then_from_the_rest(
    table: TableService, storage: Storage
) -> None:
    await _alice_at_two(table, start=True)
    out = await table.kick(CH, MOD, 1, ALICE.user_id, seat=0)
    assert out.notice == (
        "Alice was removed from seat 1 (Hellboy); a GM can play the seat."
        " Alice keeps seat 3 (Liz)."
    )
    out = await table.kick(CH, MOD, 1, ALICE.user_id)
    assert out.notice == "Alice was removed from seat 3 (Liz); a GM can play the seat."
    assert [s.user_id for s in out.game.seats] == [None, BOB.user_id, None]
    assert await _last_lines(storage, table, 2) == [
        GmLine(op="kick", user_id=ALICE.user_id, seat=0),
        GmLine(op="kick", user_id=ALICE.user_id, seat=2),
    ]


async def test_kicking_in_the_lobby_removes_every_seat_held(table: TableService) -> None:
    await _alice_at_two(table, start=False)
    out = await table.kick(CH, MOD, 1, ALICE.user_id)
    assert [s.name for s in out.game.seats] == ["Bob"]


@pytest.mark.parametrize(
    ("who", "seat", "refusal"),
    [
        ("leave", 1, r"Seat 2 isn't yours; you sit in seats 1 \(Hellboy\) and 3 \(Liz\)\."),
        ("leave", 9, r"Seat 10 isn't yours; you sit in seats 1 \(Hellboy\) and 3 \(Liz\)\."),
        ("kick", 1, r"Seat 2 isn't Alice's; they sit in seats 1 \(Hellboy\) and 3 \(Liz\)\."),
        ("stranger", None, r"You don't have a seat at this table\."),
        ("kick dave", None, r"That member has no seat at this table\."),
        ("kick by bob", 0, r"Only the host, a member with Manage Channels"),
    ],
)
async def test_a_wrong_member_or_seat_is_refused_and_nothing_changes(
    table: TableService, who: str, seat: int | None, refusal: str
) -> None:
    await _alice_at_two(table, start=True)
    before = await table.current(CH)
    assert before is not None
    with pytest.raises(RuleError, match=refusal):
        if who == "leave":
            await table.leave(CH, ALICE, seat=seat)
        elif who == "kick":
            await table.kick(CH, MOD, 1, ALICE.user_id, seat=seat)
        elif who == "stranger":
            await table.leave(CH, DAVE)
        elif who == "kick dave":
            await table.kick(CH, MOD, 1, DAVE.user_id)
        else:
            await table.kick(CH, BOB, 1, ALICE.user_id, seat=seat)
    after = await table.current(CH)
    assert after is not None
    assert (after.game.version, after.game.seats) == (before.game.version, before.game.seats)


async def test_my_hand_shows_every_held_seat_labelled(table: TableService) -> None:
    """One embed per held seat, each headed by its seat and character."""
    await _alice_at_two(table, start=True)
    current = await table.current(CH)
    assert current is not None
    seats = current.game.seats_of(ALICE.user_id)
    embeds = private_embeds(current.game, current.state, seats)
    assert [e.author.name for e in embeds] == ["Seat 1 — Hellboy (Alice)", "Seat 3 — Liz (Alice)"]
    (alone,) = private_embeds(current.game, current.state, [1])
    assert alone.author.name is None, "one seat: shown exactly as before"


def test_hands_are_split_over_messages_by_discords_limits() -> None:
    """Ten embeds and 6,000 characters of them a message, in order."""
    long = [discord.Embed(title=f"{i}", description="x" * 4000) for i in range(3)]
    assert [[e.title for e in b] for b in embed_batches(long)] == [["0"], ["1"], ["2"]]
    small = [discord.Embed(title=f"{i}") for i in range(12)]
    assert [len(b) for b in embed_batches(small)] == [10, 2]


async def test_a_member_waited_for_at_two_seats_is_named_once(
    table: TableService, storage: Storage, clock: FakeClock
) -> None:
    """The trial waits for seats 1 and 3 (both Alice's) once Bob has rolled: the
    reminder names Alice once, with her characters, and never pings twice (turn
    pings are on by default)."""
    await _alice_at_two(table, start=True)
    await table.act(CH, BOB, {"type": "next_phase"})
    out = await table.act(CH, BOB, {"type": "roll"})
    groups = waited_members(out.game, [0, 2])
    assert groups == [[0, 2]]
    assert member_words(out.game, groups[0], set()) == "**Alice** (Hellboy and Liz)"
    assert member_words(out.game, groups[0], {ALICE.user_id}) == "<@1> (Hellboy and Liz)"
    assert [member_words(out.game, g, set()) for g in waited_members(out.game, [1, 2])] == [
        "**Bob**", "**Liz (Alice)**"
    ]
    sent: list[str] = []

    class Channel:
        async def send(self, content: str, **_: Any) -> None:
            sent.append(content)

    timers = TurnTimers(storage, table, lambda _: cast(discord.PartialMessageable, Channel()))
    clock.now += 11 * 60
    assert [t.kind for t in await timers.run_due()] == ["remind"]
    assert sent == ["⏰ <@1> (Hellboy and Liz), it's your turns at Vigil (quiet for 10 min)."]


def _row() -> GameRow:
    seats = [SeatRow(user_id=1, name="Alice", character="Hellboy"), SeatRow(user_id=2, name="Bob"),
             SeatRow(user_id=1, name="Alice", character="Liz Sherman")]
    return GameRow(guild_id=1, channel_id=CH, game="vigil", mode="physical", status="active",
                   host_id=1, seats=seats, rng_seed=0)


def test_the_seat_option_takes_a_number_or_a_characters_name() -> None:
    game = _row()
    assert [seat_index(game, t) for t in ("3", " liz sherman ", "Bob", None, "")] == [
        2, 2, 1, None, None]
    with pytest.raises(RuleError, match="No seat here plays 'Abe'; give a seat number from 1 to 3"):
        seat_index(game, "Abe")


def test_the_seat_option_suggests_the_members_seats_that_fit() -> None:
    game = _row()
    assert [(c.name, c.value) for c in seat_choices(game, "", ALICE.user_id)] == [
        ("Seat 1 — Hellboy (Alice)", "1"), ("Seat 3 — Liz Sherman (Alice)", "3")]
    assert [c.value for c in seat_choices(game, "LIZ", None)] == ["3"]
    assert [c.value for c in seat_choices(game, "", None)] == ["1", "2", "3"]
    assert seat_choices(game, "", DAVE.user_id) == []
