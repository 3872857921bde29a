"""The luck report (`bot.luck`, issue 28): the odds of every roll and draw in words, each
roll's mid-rank percentile, a player's luck over their rolls, and hidden draws kept
hidden, on hand-built logs whose answers are known."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.game_media import luck_of, retell
from bot.log_lines import ActionLine, ChanceLine
from bot.luck import chance_steps, combined, luck_report, odds_words, roll_percentile
from bot.models import LogEntry
from bot.replay import ReplayStep
from bot.secrecy import find_leaks
from bot.table_settings import TableSettings, parse_value
from engines.core.chance import ChanceItem, ChanceRequest
from tests.support.ai_log import ai_log
from tests.support.pig import PigEngine, PigState

NAMES = ["alice", "bob"]


class Told(PigEngine):
    """A game whose state *is* the pending request: each step of a hand-built log
    says which dice or cards it resolved, so every answer can be worked out by hand."""

    key = "told"
    hidden_information = False

    def chance(self, state: Any) -> ChanceRequest | None:
        return state if isinstance(state, ChanceRequest) else None

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {}


class Hidden(Told):
    """The same, where seat 1 holds the Tome unseen."""

    hidden_information = True

    def secrets(self, state: PigState) -> dict[int, frozenset[str]]:
        return {1: frozenset({"Tome"})}


def die(faces: int = 6, key: str = "d") -> ChanceItem:
    return ChanceItem(key=key, label="die", options=[str(i) for i in range(1, faces + 1)])


def roll(request: ChanceRequest, *values: str) -> ReplayStep:
    entry = LogEntry(payload=ChanceLine(values=list(values)))
    return ReplayStep(entry, request, request, 0)


def attack(*items: ChanceItem, seat: int = 0) -> ChanceRequest:
    return ChanceRequest(prompt="Attack", items=list(items), reporter=seat)


def test_a_certain_outcome_is_exactly_average_luck() -> None:
    """Rule: the mid-rank percentile of an outcome with probability 1 is 50."""
    certain = attack(ChanceItem(key="d", label="die", options=["3"]))
    (step,) = chance_steps(Told(), [roll(certain, "3")], NAMES, reveal=False)
    assert step.odds == 1 and step.percentile == 50 and "a certain roll" in step.words
    (overall, _) = luck_report([step], NAMES)
    assert overall.percentile == 50


def test_a_max_roll_of_a_d6_is_in_the_top_8_percent() -> None:
    """Rule: percentile = 100 × (P(total < t) + P(total = t) / 2): a 6 is 100 × 11/12."""
    (step,) = chance_steps(Told(), [roll(attack(die()), "6")], NAMES, reveal=False)
    assert step.odds == Fraction(1, 6)
    assert step.percentile is not None and abs(step.percentile - 100 * 11 / 12) < 1e-9
    assert step.words == "Step 1 · Attack (alice): 6 — a 1-in-6 roll, top 8 % of luck"


def test_a_min_roll_of_two_dice_counts_by_its_total() -> None:
    """Rule: dice are counted by their total: snake eyes is 1 in 36, a 7 is 1 in 6."""
    two = attack(die(key="a"), die(key="b"))
    low, seven = chance_steps(Told(), [roll(two, "1", "1"), roll(two, "3", "4")], NAMES,
                              reveal=False)
    assert low.odds == Fraction(1, 36) and "1, 1 (total 2) — a 1-in-36 roll" in low.words
    assert low.percentile is not None and abs(low.percentile - 100 / 72) < 1e-9
    assert "bottom 1 % of luck" in low.words
    assert seven.odds == Fraction(1, 6) and seven.percentile == 50


def test_a_draw_has_odds_but_no_luck() -> None:
    """Rule: a card is not better or worse by itself: its odds are told, no percentile."""
    deck = ChanceRequest(prompt="Draw", items=[ChanceItem(
        key="card", label="card", options=["Key", "Lamp"], weights=[1, 3], source="card")],
        reporter=1)
    key, lamp = chance_steps(Told(), [roll(deck, "Key"), roll(deck, "Lamp")], NAMES,
                             reveal=False)
    assert key.words == "Step 1 · Draw (bob): Key — a 1-in-4 draw" and key.percentile is None
    assert lamp.odds == Fraction(3, 4) and "a 75 % draw" in lamp.words
    assert luck_report([key, lamp], NAMES) == []


def test_hidden_draws_stay_hidden_until_revealed() -> None:
    """Rule: a draw naming what a seat holds says only "a hidden card" (and no odds,
    which would tell copies apart) unless the game is over with reveal_after_end on."""
    deck = ChanceRequest(prompt="Draw", items=[ChanceItem(
        key="card", label="card", options=["Tome", "Lamp"], weights=[1, 5], source="card")],
        reporter=1)
    (hidden,) = chance_steps(Hidden(), [roll(deck, "Tome")], NAMES, reveal=False)
    assert hidden.words == "Step 1 · Draw (bob): a hidden card" and hidden.odds is None
    (shown,) = chance_steps(Hidden(), [roll(deck, "Tome")], NAMES, reveal=True)
    assert "Tome — a 1-in-6 draw" in shown.words
    (lamp,) = chance_steps(Hidden(), [roll(deck, "Lamp")], NAMES, reveal=False)
    assert "Lamp" in lamp.words, "a card nobody holds unseen is named"


class Holding(Told):
    """Seat 1 holds the Tome once the state says "held" (a move after the draw)."""

    hidden_information = True

    def secrets(self, state: Any) -> dict[int, frozenset[str]]:
        return {1: frozenset({"Tome"})} if state == "held" else {}


def test_a_draw_is_hidden_if_it_is_held_at_the_end_of_the_replay() -> None:
    """Rule: the words are checked against the hands after the draw and after the
    replay's last step, a move later than the last draw included."""
    deck = ChanceRequest(prompt="Draw", items=[ChanceItem(
        key="card", label="card", options=["Tome", "Lamp"], source="card")], reporter=1)
    keep = ReplayStep(
        LogEntry(seat=1, payload=ActionLine(action={"type": "keep"})), deck, "held", 0)
    (drawn,) = chance_steps(Holding(), [roll(deck, "Tome"), keep], NAMES, reveal=False)
    assert drawn.words == "Step 1 · Draw (bob): a hidden card"


def test_a_players_luck_combines_their_rolls_by_kind() -> None:
    """Rule: a player's luck is where the sum of their rolls' percentiles falls; a max
    and a min roll cancel out, and three max rolls are luckier than one."""
    d6 = attack(die())
    search = ChanceRequest(prompt="Search", items=[die()], reporter=0)
    steps = chance_steps(Told(), [roll(d6, "6"), roll(search, "1"), roll(d6, "6"),
                                  roll(d6, "6"), roll(attack(die(), seat=1), "6")],
                         NAMES, reveal=False)
    report = {(r.seat, r.prompt): r for r in luck_report(steps, NAMES)}
    assert report[0, "Attack"].percentile > report[1, None].percentile > 50
    assert report[0, "Search"].percentile < 50
    assert report[0, "Attack"].words.startswith("alice's Attack dice: top ")
    assert report[0, "Attack"].words.endswith("of luck this game (3 rolls)")
    mixed = chance_steps(Told(), [roll(d6, "6"), roll(d6, "1")], NAMES, reveal=False)
    assert abs(combined(mixed) - 50) < 1e-9


def test_odds_in_words() -> None:
    assert odds_words(Fraction(9, 100), "roll") == "a 9 % roll"
    assert odds_words(Fraction(1, 12), "draw") == "a 1-in-12 draw"
    assert odds_words(Fraction(3, 1000), "roll") == "a 1-in-333 roll"


faces = st.lists(st.integers(-3, 12), min_size=1, max_size=6)
weights = st.integers(1, 5)


@st.composite
def dice_rolls(draw: st.DrawFn) -> tuple[ChanceRequest, list[str]]:
    items, values = [], []
    for n in range(draw(st.integers(1, 4))):
        options = sorted({str(f) for f in draw(faces)})
        items.append(ChanceItem(key=f"d{n}", label="die", options=options,
                                weights=[draw(weights) for _ in options]))
        values.append(draw(st.sampled_from(options)))
    return attack(*items), values


@given(dice_rolls())
def test_every_percentile_is_between_0_and_100(rolled: tuple[ChanceRequest, list[str]]) -> None:
    request, values = rolled
    found = roll_percentile(request, values)
    assert found is not None
    percentile, variance = found
    assert 0 <= percentile <= 100 and 0 <= variance <= 0.25
    steps = chance_steps(Told(), [roll(request, *values)], NAMES, reveal=False)
    assert all(0 <= r.percentile <= 100 for r in luck_report(steps, NAMES))


@given(st.integers(2, 12), st.lists(st.integers(0, 11), min_size=1, max_size=8))
def test_mirror_rolls_of_a_fair_die_score_100_minus_each_other(
    sides: int, rolled: list[int]
) -> None:
    """Rule: on a symmetric die, the roll k and the roll sides+1-k are equally far from
    average on either side, one by one and summed over a player's rolls."""
    d = attack(die(sides))
    up = [str(r % sides + 1) for r in rolled]
    down = [str(sides - r % sides) for r in rolled]
    ups = chance_steps(Told(), [roll(d, v) for v in up], NAMES, reveal=False)
    downs = chance_steps(Told(), [roll(d, v) for v in down], NAMES, reveal=False)
    for a, b in zip(ups, downs, strict=True):
        assert a.percentile is not None and b.percentile is not None
        assert abs(a.percentile + b.percentile - 100) < 1e-9
    assert abs(combined(ups) + combined(downs) - 100) < 1e-9


def test_hellbringer_hands_stay_hidden_while_it_runs_and_show_after_if_the_table_lets() -> None:
    """Rule: a live game names no card a seat holds; a finished one does, unless the
    table turned `reveal_after_end` off (it is on by default and set like the others)."""
    game, log = ai_log("hellbringer", seed=2, steps=2000)
    assert game.status == "finished"
    ended = retell(game, log)
    shown, _ = luck_of(ended, reveal=True)
    kept, _ = luck_of(ended, reveal=False)
    assert not any("a hidden card" in s.words for s in shown)
    assert sum("a hidden card" in s.words for s in kept) > 10
    cut = log[:60]
    live = retell(game.model_copy(update={"status": "active"}), cut)
    running, _ = luck_of(live, reveal=True)
    assert any("a hidden card" in s.words for s in running)
    now = live.steps[-1].after
    assert any(live.engine.secrets(now).values())
    assert not find_leaks(live.engine, now, [s.words for s in running])
    assert TableSettings().reveal_after_end is True
    assert parse_value("reveal_after_end", "off") is False
