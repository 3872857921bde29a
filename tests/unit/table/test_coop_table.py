"""The table with a co-operative game (Vigil, tests/support/vigil.py): several or
every seat may act, reactions out of turn, a physical table whose dice the bot
rolls beside cards it reports, owned reports, GM corrections through undo and
replay, several seats per member, characters, and reminders per `waiting_for`."""

from __future__ import annotations

from typing import Any

import pytest

from bot.log_lines import ChanceLine, CorrectionLine
from bot.models import Mode
from bot.replay import replay
from bot.storage import Storage
from bot.table import Actor, TableService, plan_timers, stalled_seats
from bot.table_settings import TableSettings
from engines.core.errors import RuleError
from tests.support.vigil import ENGINE as VIGIL
from tests.unit.table.conftest import ALICE, BOB, CAROL, DAVE, MOD, FakeClock

CH = 200
SEED = 99


@pytest.fixture
def table(storage: Storage, clock: FakeClock, vigil: None) -> TableService:
    return TableService(storage, clock=clock, seed=SEED, verify=True)


async def _open(
    table: TableService,
    *members: Actor,
    mode: Mode = "digital",
    options: dict[str, Any] | None = None,
    start: bool = True,
) -> int:
    out = await table.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="vigil", mode=mode, options=options
    )
    for member in members:
        await table.join(CH, member)
    if start:
        out = await table.start(CH, ALICE, 1)
    return out.game.id


async def _state(table: TableService) -> Any:
    current = await table.current(CH)
    assert current is not None
    return current.state


async def _to_trial(table: TableService) -> None:
    await table.act(CH, BOB, {"type": "next_phase"})


async def test_any_seat_acts_in_a_free_form_phase(table: TableService) -> None:
    """Council rule: anyone may chant, in any order, and anyone calls the next phase."""
    await _open(table, BOB, CAROL)
    await table.act(CH, CAROL, {"type": "chant"})
    await table.act(CH, BOB, {"type": "chant"})
    await table.act(CH, CAROL, {"type": "chant"})
    assert (await _state(table)).chants == 3
    with pytest.raises(RuleError, match="not seated"):
        await table.act(CH, DAVE, {"type": "chant"})
    await table.act(CH, CAROL, {"type": "next_phase"})
    assert (await _state(table)).phase == "trial"


async def test_several_seats_to_move_in_any_order(table: TableService) -> None:
    """Trial rule: every seat yet to roll may roll, the last one first if it likes."""
    await _open(table, BOB, CAROL)
    await _to_trial(table)
    await table.act(CH, CAROL, {"type": "roll"})
    await table.act(CH, ALICE, {"type": "roll"})
    state = await _state(table)
    assert state.acted == [True, False, True]
    with pytest.raises(RuleError, match="isn't something you can do"):
        await table.act(CH, CAROL, {"type": "roll"})


async def test_out_of_turn_reaction_through_may_act(table: TableService) -> None:
    """Ward rule: a seat that has rolled (so is not to move) may still ward, once."""
    await _open(table, BOB, CAROL)
    await table.correct(CH, ALICE, 1, {"type": "set_doom", "value": 3})
    await _to_trial(table)
    await table.act(CH, ALICE, {"type": "roll"})
    state = await _state(table)
    assert 0 not in VIGIL.to_move(state) and VIGIL.may_act(state, 0)
    await table.act(CH, ALICE, {"type": "ward"})
    assert (await _state(table)).doom == state.doom - 1
    with pytest.raises(RuleError, match="not your turn; waiting for Bob, Carol"):
        await table.act(CH, ALICE, {"type": "ward"})
    with pytest.raises(RuleError, match="isn't something you can do"):
        await table.act(CH, BOB, {"type": "ward"})


async def test_physical_table_lets_the_bot_roll_dice_but_reports_cards(
    table: TableService, storage: Storage
) -> None:
    """dice=bot: the trial's d6 is rolled by the bot even at a physical table; the
    omen card (a card from the box) is still reported; the log says which was which,
    and the whole mix replays exactly from the seed."""
    game_id = await _open(table, BOB, mode="physical", options={"dice": "bot"})
    await _to_trial(table)
    await table.act(CH, ALICE, {"type": "roll"})
    out = await table.act(CH, BOB, {"type": "roll"})
    assert out.state.phase == "omen" and VIGIL.chance(out.state) is not None
    with pytest.raises(RuleError, match="Only a seated player or a GM"):
        await table.report(CH, DAVE, ["crow"])
    with pytest.raises(RuleError, match="not a possible result"):
        await table.report(CH, BOB, ["raven"])
    done = await table.report(CH, BOB, ["skull"])
    assert done.state.phase == "council"
    log = await storage.log(game_id)
    chances = [e.payload for e in log if isinstance(e.payload, ChanceLine)]
    assert [(c.reported, c.physical, c.counter) for c in chances] == [
        (False, True, 0),
        (False, True, 1),
        (True, False, None),
    ]
    setup = next(e for e in log if e.kind == "setup")
    rebuilt = replay(VIGIL, setup.payload, log, seed=SEED)
    assert rebuilt.state == done.state and rebuilt.rng_counter == 2


async def test_physical_table_rolling_its_own_dice_reports_them(table: TableService) -> None:
    """dice=ours (the default): the d6 waits for its seat's report; another player is
    told in one sentence who reports it."""
    await _open(table, BOB, CAROL, mode="physical")
    await _to_trial(table)
    out = await table.act(CH, BOB, {"type": "roll"})
    assert out.state.rolling == 1
    with pytest.raises(RuleError, match=r"^Bob reports this one \(or a GM\)\.$"):
        await table.report(CH, CAROL, ["4"])
    with pytest.raises(RuleError, match="Bob reports this one"):
        await table.report(CH, DAVE, ["4"])
    await table.report(CH, BOB, ["4"])
    assert (await _state(table)).power == 1


async def test_no_move_while_a_report_is_pending(table: TableService) -> None:
    """The table waits for a report: a move, even by the seat that reports, gets one
    sentence and changes nothing, unless the engine lets that seat take back what asked
    for it (`Engine.acts_during_chance`, which Vigil doesn't)."""
    await _open(table, BOB, CAROL, mode="physical")
    await _to_trial(table)
    out = await table.act(CH, BOB, {"type": "roll"})
    assert VIGIL.chance(out.state) is not None
    for who in (BOB, CAROL):
        with pytest.raises(RuleError, match=r"^The table is waiting for a roll or a card to"
                                            r" be reported first\.$"):
            await table.act(CH, who, {"type": "chant"})
    after = await table.current(CH)
    assert after is not None and after.game.version == out.game.version


async def test_a_gm_only_report(table: TableService) -> None:
    """omen_reporter=gm: only a GM reports the omen card, even a seated player can't."""
    await _open(table, BOB, mode="physical", options={"dice": "bot", "omen_reporter": "gm"})
    await _to_trial(table)
    await table.act(CH, ALICE, {"type": "roll"})
    await table.act(CH, BOB, {"type": "roll"})
    with pytest.raises(RuleError, match="Only a GM reports this one"):
        await table.report(CH, BOB, ["crow"])
    out = await table.report(CH, MOD, ["crow"])
    assert out.state.phase == "council"


async def test_digital_tables_never_ask(table: TableService) -> None:
    await _open(table, BOB)
    await _to_trial(table)
    out = await table.act(CH, ALICE, {"type": "roll"})
    out = await table.act(CH, BOB, {"type": "roll"})
    assert VIGIL.chance(out.state) is None, "the die and the omen were both drawn"
    with pytest.raises(RuleError, match="Nothing needs reporting"):
        await table.report(CH, ALICE, ["crow"])


async def test_gm_correction_survives_undo_and_replay(
    table: TableService, storage: Storage
) -> None:
    """A correction is its own log kind, marked gm; undoing a later step keeps it,
    and the log replays through it."""
    game_id = await _open(table, BOB)
    with pytest.raises(RuleError, match="Only the host"):
        await table.correct(CH, BOB, 1, {"type": "set_doom", "value": 2})
    fixed = await table.correct(CH, ALICE, 1, {"type": "set_power", "value": 4})
    assert fixed.state.power == 4 and fixed.events[0].text == "The power is set to 4."
    await table.act(CH, BOB, {"type": "chant"})
    undone = await table.undo(CH, ALICE, 1)
    assert undone.state.power == 4 and undone.state.chants == 0
    log = await storage.log(game_id, include_undone=False)
    (line,) = [e for e in log if e.kind == "correction"]
    assert line.gm and line.user_id == ALICE.user_id
    assert isinstance(line.payload, CorrectionLine)
    assert line.payload.correction == {"type": "set_power", "value": 4}
    setup = next(e for e in log if e.kind == "setup")
    assert replay(VIGIL, setup.payload, log, seed=SEED).state == undone.state
    again = await table.undo(CH, ALICE, 1)
    assert again.state.power == 0, "undo right after a correction takes the correction back"


async def test_bad_corrections_change_nothing(table: TableService) -> None:
    await _open(table, BOB)
    before = await table.current(CH)
    assert before is not None
    with pytest.raises(RuleError, match=r"doesn.t fit Vigil: `set_doom\.value` is at most"):
        await table.correct(CH, ALICE, 1, {"type": "set_doom", "value": 99})
    with pytest.raises(RuleError, match="doesn't fit Vigil"):
        await table.correct(CH, ALICE, 1, {"type": "teleport"})
    after = await table.current(CH)
    assert after is not None and after.game.version == before.game.version


async def test_games_without_corrections_say_so(
    table: TableService, storage: Storage, clock: FakeClock, pig: None
) -> None:
    await table.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital")
    await table.start(CH, ALICE, 1)
    with pytest.raises(RuleError, match="Pig has no GM corrections"):
        await table.correct(CH, ALICE, 1, {"type": "anything"})


async def test_a_gm_holds_several_seats_at_a_physical_table(table: TableService) -> None:
    """One member, several characters: the seat that may act is picked, and a seat
    can be named explicitly."""
    await _open(table, BOB, CAROL, mode="physical", options={"dice": "bot"}, start=False)
    out = await table.assign_seat(CH, ALICE, 1, ALICE, 2, also=True)
    assert out.game.seats_of(ALICE.user_id) == [0, 2]
    await table.start(CH, ALICE, 1)
    await _to_trial(table)
    await table.act(CH, ALICE, {"type": "roll"})
    out = await table.act(CH, ALICE, {"type": "roll"})
    assert out.state.acted == [True, False, True], "the second roll was seat 3's"
    warded = await table.act(CH, ALICE, {"type": "ward"}, as_seat=2)
    assert warded.state.wards == [True, True, False]


async def test_several_seats_only_at_a_physical_table(table: TableService) -> None:
    await _open(table, BOB, start=False)
    with pytest.raises(RuleError, match="Only at a physical table"):
        await table.assign_seat(CH, ALICE, 1, ALICE, 1, also=True)


async def test_a_seat_plays_a_character(table: TableService) -> None:
    """The engine knows the seat by its character; the table shows who plays it."""
    await _open(table, BOB, start=False)
    with pytest.raises(RuleError, match="Only the host"):
        await table.set_character(CH, BOB, 1, 0, "Hellboy")
    out = await table.set_character(CH, BOB, 1, 1, "Abe Sapien")
    assert out.game.seats[1].shown == "Abe Sapien (Bob)"
    started = await table.start(CH, ALICE, 1)
    assert started.state.names == ["Alice", "Abe Sapien"]
    await _to_trial(table)
    await table.act(CH, ALICE, {"type": "roll"})
    await table.act(CH, ALICE, {"type": "ward"})
    with pytest.raises(RuleError, match=r"waiting for Abe Sapien \(Bob\)"):
        await table.act(CH, ALICE, {"type": "roll"})
    cleared = await table.set_character(CH, ALICE, 1, 1, None)
    assert cleared.game.seats[1].shown == "Bob"


async def test_reminders_chase_waiting_for(table: TableService, clock: FakeClock) -> None:
    """Nobody in the free-form council; every seat yet to roll in the trial; the
    reporter of a die a physical table rolls itself."""
    await _open(table, BOB, CAROL)
    current = await table.current(CH)
    assert current is not None
    settings = TableSettings()
    assert stalled_seats(VIGIL, current.game, current.state) == []
    assert plan_timers(current.game, current.state, settings, clock()) == []
    await _to_trial(table)
    await table.act(CH, BOB, {"type": "roll"})
    current = await table.current(CH)
    assert current is not None
    assert stalled_seats(VIGIL, current.game, current.state) == [0, 2]
    timers = plan_timers(current.game, current.state, settings, clock())
    assert sorted(t.kind for t in timers) == ["afk", "remind"]


async def test_away_seats_are_all_skipped(table: TableService) -> None:
    """Skipping the away players of a co-operative phase skips each seat waited for."""
    await _open(table, BOB, CAROL)
    await _to_trial(table)
    await table.act(CH, BOB, {"type": "roll"})
    current = await table.current(CH)
    assert current is not None
    out = await table.afk(CH, ALICE, 1, "skip", current.game.version)
    assert out.notice == "Alice skipped the turns of Alice and Carol."
    assert VIGIL.chance(out.state) is None and out.state.phase == "council"


async def test_undo_in_a_mixed_game_cannot_fish_for_a_better_roll(table: TableService) -> None:
    """A physical table with bot-rolled dice: undoing a reported card and a bot roll
    restores the RNG counter, so the same roll comes back."""
    await _open(table, BOB, mode="physical", options={"dice": "bot"})
    await _to_trial(table)
    await table.act(CH, ALICE, {"type": "roll"})
    before = await table.current(CH)
    assert before is not None
    rolled = await table.act(CH, BOB, {"type": "roll"})
    await table.report(CH, BOB, ["crow"])
    await table.undo(CH, ALICE, 1)
    undone = await table.undo(CH, ALICE, 1)
    assert undone.state == before.state and undone.game.rng_counter == before.game.rng_counter
    again = await table.act(CH, BOB, {"type": "roll"})
    assert again.state == rolled.state
