"""Hellboy: The Dice Game — full AI games per second, and how long the odds take.

Games: 4-player AI games on the house deck, first on the bot's path
(`bench/bot_path.py`: the table's own automation plays every seat, with events,
log lines and the table's RNG; the aim applies to this figure), then through the
engine alone as `engines.hellboy_dice.simulate` plays them (chance nodes sampled
by `engines.core.chance.sample`, quiet event logs), and with events built; one
core, warm odds tables, best of several rounds. Same-run baseline: the very same
games replayed from their recorded moves and outcomes (quiet), so the engine
runs but nothing is decided or sampled; the ratio says what the AI, the chance
requests and the sampling cost. Aim: 200 games per second or more.

Odds: `attack_odds` for every legal attack on a boss, and `draw_risk` for the next
card, cold (every table cleared: the first question of a process) and warm;
median and worst of several runs. Same-run baseline: one attack's odds by brute
force, enumerating the engine's own chance nodes. Aim: under 20 ms.

    .venv/bin/python -m bench.hellboy_dice_bench [--games 100] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

from bench.bot_path import automation, games_per_second
from engines.core.chance import ChanceOutcome, enumerate_outcomes, sample
from engines.core.protocol import Seat
from engines.hellboy_dice import ENGINE, Attack, Explore, HellboyOptions, HellboyState
from engines.hellboy_dice import odds as odds_module
from engines.hellboy_dice.ai import choose
from engines.hellboy_dice.models import Action
from engines.hellboy_dice.odds import attack_odds, draw_risk

Step = tuple[str, Action | ChanceOutcome]
PLAYERS = 4


def _new_game() -> HellboyState:
    seats = [Seat(index=i, name=f"AI {i + 1}", ai=True) for i in range(PLAYERS)]
    return ENGINE.setup(seats, HellboyOptions())


def play_ai(seed: int, record: list[Step] | None = None, events: bool = False) -> HellboyState:
    rng = random.Random(seed)
    state = _new_game()
    while state.winners is None:
        request = ENGINE.chance(state)
        if request is not None:
            outcome = sample(request, rng)
            if record is not None:
                record.append(("chance", outcome))
            state = ENGINE.resolve(state, outcome)[0] if events else ENGINE.resolve_quiet(
                state, outcome)
        else:
            action = choose(state, state.turn)
            if record is not None:
                record.append(("action", action))
            state = ENGINE.apply(state, state.turn, action)[0] if events else ENGINE.apply_quiet(
                state, state.turn, action)
    return state


def replay(steps: list[Step]) -> HellboyState:
    state = _new_game()
    for kind, what in steps:
        if kind == "chance":
            assert isinstance(what, ChanceOutcome)
            state = ENGINE.resolve_quiet(state, what)
        else:
            assert not isinstance(what, ChanceOutcome)
            state = ENGINE.apply_quiet(state, state.turn, what)
    return state


def _rate(fn: Callable[[], object], n: int) -> float:
    started = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - started)


def bench_games(games: int, rounds: int) -> dict[str, float]:
    seeds = list(range(games))
    recorded: list[list[Step]] = []
    for seed in seeds:  # warm the odds tables, and record each game's moves
        steps: list[Step] = []
        play_ai(seed, steps)
        recorded.append(steps)
    ai, evented, replayed = [], [], []
    for _ in range(rounds):
        ai.append(_rate(lambda: [play_ai(s) for s in seeds], 1) * games)
        evented.append(_rate(lambda: [play_ai(s, events=True) for s in seeds], 1) * games)
        replayed.append(_rate(lambda: [replay(r) for r in recorded], 1) * games)
    steps_per_game = statistics.fmean(len(r) for r in recorded)
    bot, _ = games_per_second(automation(), ENGINE, HellboyOptions(), PLAYERS, games, rounds)
    return {"ai": max(ai), "events": max(evented), "replay": max(replayed),
            "steps": steps_per_game, "bot": bot}


def _boss_state() -> HellboyState:
    state = ENGINE.apply_quiet(_new_game(), 0, Explore())
    return ENGINE.resolve_quiet(state, ChanceOutcome(values=["rasputin"]))


def _clear_tables() -> None:
    for table in (odds_module._OUTCOMES, odds_module._POLICY, odds_module._ROOM_KO,
                  odds_module._CARD_VALUES, odds_module._ROLLS):
        table.clear()


def _brute_force_attack(state: HellboyState, dice: Attack) -> Fraction:
    """One attack's chance to win, by walking every outcome of the engine's chance nodes."""
    def walk(s: HellboyState, p: Fraction) -> Fraction:
        request = ENGINE.chance(s)
        if request is None:
            if s.roll is None:
                return p if s.in_play is None else Fraction(0)
            return walk(ENGINE.apply_quiet(s, s.turn, choose(s, s.turn)), p)
        return sum((walk(ENGINE.resolve_quiet(s, o), p * q)
                    for o, q in enumerate_outcomes(request)), Fraction(0))
    return walk(ENGINE.apply_quiet(state, state.turn, dice), Fraction(1))


def _timings(fn: Callable[[], object], runs: int, before: Callable[[], None] | None = None,
             ) -> list[float]:
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def bench_odds(runs: int) -> dict[str, list[float]]:
    state = _boss_state()
    attacks = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Attack)]
    explore = state.model_copy(update={"in_play": None, "phase": "explore",
                                       "first_resolved": True})

    def all_attacks() -> None:
        for a in attacks:
            attack_odds(state, a.dice)

    strongest = Attack(dice=("red", "red", "black"))
    return {
        "attacks_cold": _timings(all_attacks, runs, _clear_tables),
        "attacks_warm": _timings(all_attacks, runs),
        "draw_cold": _timings(lambda: draw_risk(explore), runs, _clear_tables),
        "draw_warm": _timings(lambda: draw_risk(explore), runs),
        "brute": _timings(lambda: _brute_force_attack(state, strongest), max(1, runs // 5)),
        "attacks": [float(len(attacks))],
    }


def _ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.3f} ms, worst {max(times) * 1000:.3f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--odds-runs", type=int, default=20)
    args = parser.parse_args(argv)

    g = bench_games(args.games, args.rounds)
    print(f"4-player AI games, house deck, one core ({g['steps']:.0f} engine steps a game)")
    print(f"  AI games, the bot's path:   {g['bot']:8.1f} games/s (aim >= 200)")
    print(f"  engine alone, quiet:        {g['ai']:8.1f} games/s"
          f" (quiet runs {g['ai'] / g['bot']:.2f}x as fast as the bot's path)")
    print(f"  engine alone, with events:  {g['events']:8.1f} games/s")
    print(f"  baseline, replayed moves:   {g['replay']:8.1f} games/s")
    print(f"  ratio AI / replay:          {g['ai'] / g['replay']:8.2f} "
          f"(AI decisions, chance requests and sampling: {1 - g['ai'] / g['replay']:.0%}"
          " of a game)")

    o = bench_odds(args.odds_runs)
    n = int(o["attacks"][0])
    brute = statistics.median(o["brute"])
    print("Odds (Rasputin in play, full hand; aim < 20 ms)")
    print(f"  all {n} attacks, cold:        {_ms(o['attacks_cold'])}")
    print(f"  all {n} attacks, warm:        {_ms(o['attacks_warm'])}")
    print(f"  next-card Knock Out, cold:  {_ms(o['draw_cold'])}")
    print(f"  next-card Knock Out, warm:  {_ms(o['draw_warm'])}")
    print(f"  baseline, one attack by brute force through the engine: {brute * 1000:.1f} ms")
    print(f"  ratio brute force / all {n} attacks cold: "
          f"{brute / statistics.median(o['attacks_cold']):.1f}x")


if __name__ == "__main__":
    main()
