"""The Hellboy board game companion under random legal play.

Random sequences of candidate actions (legal or not) and random reports: no step
changes its input state (a refused action changes nothing at all), and after
every step the invariants hold: cubes 0..3, damage never negative, tracks in
range, Target Priority a permutation of the agents, nothing both in play and
discarded, a threat's cards in play while it is, and a knocked-out Wicked Child
never still hunted. A hypothesis test drives games step by step (a failure
shrinks to a short story); a seeded loop plays more, longer games.
"""

from __future__ import annotations

import random
from typing import Literal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellboy_board import ENGINE, HBBoardOptions, HBBoardState
from engines.hellboy_board.actions import Action, AddAgent, AddEnemy, DefineEnemy, SetUpCase
from engines.hellboy_board.legal import SAMPLE_AGENTS, candidates
from engines.hellboy_board.models import CUBES_PER_ROUND, MAX_INFO

SEEDED_GAMES = 80
STEPS = 120
BEHAVIOUR_NAMES = ("Stalk", "Birch Rod", "Chains")


def new(leave: Literal["each", "may"], boss_card: bool) -> HBBoardState:
    seats = [Seat(index=0, name="Ann"), Seat(index=1, name="Bo")]
    s = ENGINE.setup(seats, HBBoardOptions(leave_discard=leave))
    steps: list[Action] = [
        SetUpCase(starting_area="Hall", doom_deck=6, doom_length=8, threat_shuffled_in=True),
        *SAMPLE_AGENTS,
        AddAgent(name="Liz", area="Crypt", seat=1, skills={"fight": "yellow", "defend": "orange"}),
        DefineEnemy(key="frog", name="Frog", move=2, resilience=1, health=3, range=0, ranged=0,
                    melee=3, boss=boss_card),
        AddEnemy(card="frog", area="Crypt"),
    ]
    for action in steps:
        s, _ = ENGINE.apply(s, 0, action)
    return s


def check(s: HBBoardState) -> None:
    for a in s.agents.values():
        assert 0 <= a.cubes <= CUBES_PER_ROUND and a.damage >= 0
    for e in s.enemies.values():
        assert 0 <= e.damage < s.cards[e.card].health
    top = s.tracks.doom_length if s.tracks.doom_length is not None else 99
    assert 0 <= s.tracks.doom <= top and 0 <= s.tracks.info <= MAX_INFO
    assert sorted(s.tracks.priority) == sorted(s.agents)
    assert not set(s.enemies) & set(s.discard) and not set(s.threats) & set(s.discard)
    deck = s.doom_deck
    assert deck.size is None or 0 <= deck.drawn <= deck.size
    assert set(s.behaviour_due) <= set(s.enemies)
    for t in s.threats.values():
        assert set(t.brought) <= set(s.enemies)
        if t.marked is not None and s.agents[t.marked].knocked_out:
            assert t.runs_wild, "a knocked-out Wicked Child leaves the threat hunting"


def step(s: HBBoardState, pick: random.Random) -> HBBoardState:
    """One random report or candidate action; the input state never changes."""
    before = ENGINE.dump_state(s)
    request = ENGINE.chance(s)
    if request is not None:
        values = [pick.choice(BEHAVIOUR_NAMES) if item.open_hint is not None
                  else pick.choice(item.options) for item in request.items]
        after, _ = ENGINE.resolve(s, ChanceOutcome(values=values))
    else:
        seat = pick.randrange(len(s.names))
        action = pick.choice(candidates(s, seat))
        try:
            after, _ = ENGINE.apply(s, seat, action)
        except RuleError as refusal:
            assert refusal.message.strip()
            after = s
    assert ENGINE.dump_state(s) == before, "a step changed its input state"
    return after


def play(seed: int, leave: Literal["each", "may"], boss_card: bool, steps: int) -> HBBoardState:
    pick = random.Random(seed)
    s = new(leave, boss_card)
    for _ in range(steps):
        if s.phase == "over":
            break
        s = step(s, pick)
        check(s)
    assert ENGINE.load_state(ENGINE.dump_state(s)) == s
    return s


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), leave=st.sampled_from(["each", "may"]),
       boss_card=st.booleans(), steps=st.integers(1, 80))
def test_random_play_keeps_the_invariants(
    seed: int, leave: Literal["each", "may"], boss_card: bool, steps: int
) -> None:
    play(seed, leave, boss_card, steps)


def test_seeded_games_reach_the_threat_and_keep_the_invariants() -> None:
    """Many seeded games, and the loop really exercises the card: some draw the
    threat, some see Krampus defeated or his card discarded."""
    drawn = discarded = 0
    for seed in range(SEEDED_GAMES):
        s = play(seed, "each" if seed % 2 else "may", seed % 3 == 0, STEPS)
        drawn += s.doom_deck.threat_drawn
        discarded += "wicked-child" in s.discard
    assert drawn > SEEDED_GAMES // 4 and discarded > 0
