"""What players see of seeded Hellbringer games, step by step, as short digests: the
board (embed and components, custom ids included) and each seat's panel (its line, its
hand and its components). Kept in `layout_pin.json`, so a change that makes the board
cheaper to lay out is checked to show exactly what it showed before.

    .venv/bin/python -m tests.unit.hellbringer.layout_pin --update
rewrites the file: only for a change players are meant to see, said in its commit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from bot.frontend import install
from bot.games import GAMES
from bot.models import GameRow, SeatRow
from bot.presenting import board_embed, board_view, panel_message
from engines.core.chance import sample
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from tests.unit.hellbringer.support import physical_turn

PINNED = Path(__file__).with_name("layout_pin.json")
GAMES_PLAYED = (("digital", 4, 11), ("digital", 4, 21), ("digital", 3, 12),
                ("digital", 2, 13), ("physical", 3, 14))
"""(mode, players, seed) of each game played."""
STEPS = 90


def _game(mode: str, players: int, version: int) -> GameRow:
    return GameRow(id=31, guild_id=1, channel_id=2, game="hellbringer", mode=mode,
                   status="active", host_id=10, rng_seed=0, version=version,
                   seats=[SeatRow(user_id=10 + i, name=f"P{i + 1}") for i in range(players)])


def _shown(game: GameRow, state: HellbringerState) -> str:
    """One version as the bot shows it: the board, then every seat's panel."""
    seen: list[Any] = [board_embed(game, state).to_dict(),
                       board_view(game, state).to_components()]
    for seat in range(len(game.seats)):
        panel = panel_message(game, state, seat)
        seen += [panel["content"], [e.to_dict() for e in panel["embeds"]],
                 panel["view"].to_components()]
    text = json.dumps(seen, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2s(text.encode(), digest_size=6).hexdigest()


def played(mode: str, players: int, seed: int) -> list[str]:
    """A seeded game of random legal moves (any seat that may act), a digest a version;
    a physical game stops where only a report from the group's box would go on."""
    rng = random.Random(seed)
    state = physical_turn(players) if mode == "physical" else ENGINE.setup(
        [Seat(index=i, name=f"P{i + 1}") for i in range(players)], HellbringerOptions())
    found: list[str] = []
    for version in range(1, 4 * STEPS):
        if len(found) == STEPS:
            break
        request = ENGINE.chance(state)
        if request is not None:
            if any(item.open_hint is not None for item in request.items):
                break
            state = ENGINE.resolve_quiet(state, sample(request, rng))
            continue
        if ENGINE.result(state) is not None:
            break
        found.append(_shown(_game(mode, players, version), state))
        movers = [s for s in range(players)
                  if ENGINE.may_act(state, s) and ENGINE.legal_actions(state, s)]
        if not movers:
            break
        seat = rng.choice(movers)
        state = ENGINE.apply_quiet(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    return found


def pinned() -> dict[str, list[str]]:
    return {f"{mode} {players} {seed}": played(mode, players, seed)
            for mode, players, seed in GAMES_PLAYED}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()
    install(GAMES)
    found = pinned()
    if args.update:
        PINNED.write_text(json.dumps(found, indent=1) + "\n")
    print({key: len(digests) for key, digests in found.items()})


if __name__ == "__main__":
    main()
