"""Physical mode's Instant cards (H6): a Tome or a Combat / Showdown card drawn at a
real table acts as its printed text says, which the bot does not know, so it asks
(never the house card's effect or text); a digital table keeps the house cards."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engines.core.chance import ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.cards import catalogue
from engines.hellbringer.flow import run
from engines.hellbringer.models import Deal, Instants, Spawn
from engines.hellbringer.out import Out
from engines.hellbringer.stats import card_id
from tests.unit.hellbringer.support import fresh, physical_turn, roll

SIDE_A = ("The Maw, Side A", "0", "10", "30", "2D")


def _drawn(state: HellbringerState, cid: str,
           tome: str = "tome_ii") -> tuple[HellbringerState, list[str]]:
    """P1 draws `cid` off the top of the dungeon pile (as at the end of a turn); the
    top pile's Tome is `tome`."""
    state = state.fork()
    state.dungeon.segments[0].tome = f"{tome}#1"
    state.queue[:0] = [Deal(seat=0, count=1), Instants(seat=0)]
    state, events = ENGINE.resolve(state, ChanceOutcome(values=[cid]))
    return state, _said(events)


def _said(events: Sequence[object]) -> list[str]:
    return [str(getattr(e, "text", "")) for e in events]


def _asked(state: HellbringerState) -> ChanceRequest:
    request = ENGINE.chance(state)
    assert request is not None
    return request


def _refused(state: HellbringerState, values: list[str], match: str) -> None:
    """A bad report: one sentence naming the field, and nothing changes."""
    before = state.fork()
    with pytest.raises(RuleError, match=match) as error:
        ENGINE.resolve(state, ChanceOutcome(values=values))
    assert str(error.value).count(". ") == 0, "one sentence"
    assert state == before


def test_a_tome_drawn_at_a_physical_table_is_read_aloud_and_reported_not_the_house_tome() -> None:
    """'Tome: story plus special bonuses' (R:286): the printed text is the table's, so
    the bot prints no house Tome and applies nothing until the table says what it does."""
    state, said = _drawn(physical_turn(), "tome_ii")
    house = catalogue().tome("tome_ii")
    assert house is not None
    assert not any(house.name in line or house.text in line for line in said)
    request = _asked(state)
    assert [i.key for i in request.items] == ["tome_effect", "tome_amount"]
    assert request.reporter == 0 and "Tome II" in request.prompt
    assert "/game correct" in request.prompt
    assert request.items[0].source == "card", "a card from the box is always reported"
    assert set(request.items[0].options) == {"none", "draw", "collect", "resurrect",
                                             "weaken_demon"}
    assert "tome_ii#1" in state.dungeon.removed


def test_a_tome_read_aloud_with_nothing_to_track_changes_nothing_but_its_replacement() -> None:
    """H6: the Tome is Removed and replaced by one card from under the Common pile."""
    state, _ = _drawn(physical_turn(), "tome_ii")
    hand = len(state.heroes[0].hand)
    state, events = ENGINE.resolve(state, ChanceOutcome(values=["none", ""]))
    assert "Tome II: nothing for the bot to track." in _said(events)
    assert len(state.heroes[0].hand) == hand + 1, "the card from under replaces it"
    assert not state.shrine and not state.seal_armor
    assert ENGINE.chance(state) is None


def test_a_tome_each_player_in_play_draws_the_amount_reported() -> None:
    state, _ = _drawn(physical_turn(2), "tome_ii")
    hands = [len(h.hand) for h in state.heroes]
    state = roll(state, "draw", "2")
    for _ in range(2):
        request = _asked(state)
        assert [i.key for i in request.items][:2] == ["card", "card2"], "one form each draw"
        state = roll(state, "common", "common", *[""] * (len(request.items) - 2))
    assert [len(h.hand) for h in state.heroes] == [hands[0] + 3, hands[1] + 2], \
        "two each, and P1's card from under for the Tome"


def test_a_tome_each_player_in_play_collects_from_the_common_discard() -> None:
    state, _ = _drawn(physical_turn(), "tome_iii", "tome_iii")
    state.dungeon.discard = ["common#150", "common#151", "common#152"]
    hand = len(state.heroes[0].hand)
    state, events = ENGINE.resolve(state, ChanceOutcome(values=["collect", ""]))
    assert "P1 collects a card from the Common discard." in _said(events), \
        "unshown cards are alike: the bot does not ask which"
    assert len(state.heroes[0].hand) == hand + 1 + 1, "one collected (blank: 1), one from under"
    assert state.dungeon.discard == ["common#150", "common#151"]


def test_a_tome_resurrects_the_eliminated_at_the_end_of_the_next_enemies_turn() -> None:
    state, _ = _drawn(physical_turn(), "tome_iv", "tome_iv")
    assert not state.shrine
    assert roll(state, "resurrect", "").shrine


def test_a_tome_that_weakens_the_demon_takes_the_reported_armor_off_side_a() -> None:
    """The table reports Side A as printed; the bot takes off what the Tome said."""
    state, _ = _drawn(physical_turn(), "tome_v", "tome_v")
    state = roll(state, "weaken_demon", "15")
    assert state.seal_armor == 15
    state = state.fork()
    state.queue.insert(0, Spawn(pile="demon", count=1, seat=0))
    assert "15 Armor" in _asked(state).prompt
    state, events = ENGINE.resolve(state, ChanceOutcome(values=list(SIDE_A)))
    demon = next(e for e in state.enemies if e.face.group == "demon")
    assert demon.face.armor == 15
    assert "The cracked seal takes 15 Armor off The Maw, Side A." in _said(events)


@pytest.mark.parametrize(("values", "match"), [
    (["draw", "two"], r"^Cards each must be a whole number"),
    (["collect", "4"], r"^Cards each must be from 1 to 3, not 4\.$"),
    (["weaken_demon", ""], r"^How many: write the Armor the Demon loses"),
    (["weaken_demon", "12"], r"^The Armor the Demon loses comes in fives"),
    (["none", "3"], r"^How many: that Tome has no amount"),
    (["teleport", ""], r"is not a possible result for the Tome's effect"),
])
def test_a_bad_tome_report_names_the_field_and_changes_nothing(
        values: list[str], match: str) -> None:
    state, _ = _drawn(physical_turn(), "tome_ii")
    _refused(state, values, match)


@pytest.mark.parametrize(("cid", "suggested"), [("combat", "1"), ("showdown", "2")])
def test_a_combat_card_asks_how_many_monsters_it_draws_from_the_monster_draw_pile(
        cid: str, suggested: str) -> None:
    """R:166's example Combat card: 'draw one card from the Monster Draw Pile and add it
    to the Enemy Board, remove the Combat Card'. The printed count is the table's; the
    form suggests the example's one (a Showdown, its bigger variant: two)."""
    state, said = _drawn(physical_turn(), cid)
    assert not any(w in line for line in said for w in ("enters play", "enter play")), \
        "nothing spawned yet"
    request = _asked(state)
    assert [i.key for i in request.items] == ["combat_monsters"]
    assert request.items[0].suggested == suggested and request.items[0].source == "card"
    assert f"{cid}#" in " ".join(state.dungeon.removed)
    state = roll(state, "3")
    names = []
    for n in range(3):
        request = _asked(state)
        assert request.items[0].key == "enemy_name", request.prompt
        assert "Monster" in request.prompt
        state = roll(state, f"Imp {n}", "0", "5", "0", "1D")
        names.append(f"Imp {n}")
    assert [e.face.name for e in state.enemies if e.face.group == "monster"] == names


def test_a_combat_card_that_brings_no_monster_spawns_none() -> None:
    state, _ = _drawn(physical_turn(), "combat")
    state, events = ENGINE.resolve(state, ChanceOutcome(values=["0"]))
    assert "Combat: no Monster enters play." in _said(events)
    assert not any(e.face.group == "monster" for e in state.enemies)
    assert ENGINE.chance(state) is None


@pytest.mark.parametrize(("typed", "match"), [
    ("5", r"^Monsters it brings into play must be from 0 to 4, not 5\.$"),
    ("many", r"^Monsters it brings into play must be a whole number"),
])
def test_a_bad_combat_count_names_the_field_and_changes_nothing(typed: str, match: str) -> None:
    state, _ = _drawn(physical_turn(), "showdown")
    _refused(state, [typed], match)


def test_digital_tomes_and_combat_cards_stay_the_house_cards() -> None:
    """Digital: Tome II (house) says its text and deals each player one card; the house
    Ambush brings its one Monster; Tome V's cracked seal takes 20 Armor off Side A."""
    state, said = _drawn(fresh(1), "tome_ii")
    house = catalogue().tome("tome_ii")
    assert house is not None
    assert f"{house.name}. {house.text}" in said
    assert _asked(state).items[0].key == "card", "the house Tome deals a card, asks nothing"

    state, said = _drawn(fresh(1), "ambush")
    assert "Combat: 1 Monster enters play." in said
    assert _asked(state).items[0].key == "enemy"

    state, _ = _drawn(fresh(1), "tome_v", "tome_v")
    assert state.seal_armor == 20
    state.queue.insert(0, Spawn(pile="demon", count=1, seat=0))
    run(state, Out())
    demon = catalogue().enemies.demon
    entered = next(e for e in state.enemies if card_id(e.uid) == demon.id)
    assert entered.face.armor == max(0, demon.side_a.armor - 20)


def test_a_game_saved_with_the_old_cracked_seal_flag_keeps_its_weakened_demon() -> None:
    """Saved before the seal had an amount, a game said `seal_cracked: true` (the house
    Tome V, 20 Armor); a restart must not lose it."""
    saved = physical_turn().model_dump(mode="json")
    saved.pop("seal_armor")
    assert HellbringerState.model_validate({**saved, "seal_cracked": True}).seal_armor == 20
    assert HellbringerState.model_validate({**saved, "seal_cracked": False}).seal_armor == 0
