"""The per-version memo (`bot.render.per_version`) never serves another state's moves
(issue 27): under random play with undo, reloads and seat changes, the board a
state gets is the one laid out from scratch for it, and the legal actions the memo
gives are the engine's for that state.

Each step is a move (the next version), an undo (an earlier state read back from
its JSON as storage does, at the next version: the same version number never comes
back, but the state it holds is an older one), a reload (the same version, the
state read back again: an equal but new object), or a seat handed to the AI and
back (the same version and state, another row). After each, the memo is asked
first and, once emptied, again: both must agree."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.frontend import install
from bot.games import GAMES
from bot.models import GameRow, SeatRow
from bot.presenting import board_view, panel_view
from bot.render import per_version
from bot.render.games import board_moves
from engines import registry
from engines.core.chance import sample
from engines.core.protocol import Seat

GAMES_PLAYED = ("hellbringer", "hellraiser", "hellboy-dice")
STEPS = 30


def _settled(engine: Any, state: Any, rng: random.Random) -> Any:
    while engine.result(state) is None and (request := engine.chance(state)) is not None:
        state = engine.resolve(state, sample(request, rng))[0]
    return state


def _shown(game: GameRow, state: Any) -> list[Any]:
    """The board's components and each seat's panel, as Discord receives them."""
    return [board_view(game, state).to_components(),
            *(panel_view(game, state, seat).to_components() for seat in range(len(game.seats)))]


def _agrees(engine: Any, game: GameRow, state: Any) -> None:
    """What the memo serves for `state` is what a fresh layout gives it."""
    served = _shown(game, state)
    legal = [per_version.legal_actions(game, state, s) for s in range(len(game.seats))]
    per_version.forget()
    assert served == _shown(game, state), "the memo served another state's board"
    assert legal == [engine.legal_actions(state, s) for s in range(len(game.seats))]


@settings(max_examples=12, deadline=None)
@given(key=st.sampled_from(GAMES_PLAYED), seed=st.integers(0, 2**16),
       steps=st.lists(st.sampled_from(["move", "move", "undo", "reload", "ai"]),
                      min_size=4, max_size=STEPS))
def test_the_memo_never_serves_a_stale_version(key: str, seed: int, steps: list[str]) -> None:
    install(GAMES)
    engine = registry.get(key)
    rng = random.Random(seed)
    seats = [SeatRow(user_id=10 + i, name=f"P{i + 1}") for i in range(2)]
    game = GameRow(id=seed, guild_id=1, channel_id=2, game=key, mode="digital",
                   status="active", host_id=10, version=1, seats=seats, rng_seed=seed)
    state = _settled(engine, engine.setup([Seat(index=i, name=s.name) for i, s in
                                           enumerate(seats)], engine.parse_options({})), rng)
    history = [state]
    for step in steps:
        _agrees(engine, game, state)
        board_moves(game, state)  # the memo holds this version when the step comes
        if engine.result(state) is not None:
            break
        if step == "move":
            movers = [s for s in range(len(seats)) if engine.may_act(state, s)]
            legal = engine.legal_actions(state, movers[0]) if movers else []
            if not legal:
                continue
            state = _settled(engine, engine.apply(state, movers[0], rng.choice(legal))[0],
                             rng)
            history.append(state)
            game = game.model_copy(update={"version": game.version + 1})
        elif step == "undo" and len(history) > 1:
            history.pop()
            state = engine.load_state(history[-1].model_dump_json())
            game = game.model_copy(update={"version": game.version + 1})
        elif step == "reload":
            state = engine.load_state(state.model_dump_json())
        elif step == "ai":
            flipped = [s.model_copy(update={"ai": not s.ai}) if i == 0 else s
                       for i, s in enumerate(game.seats)]
            game = game.model_copy(update={"seats": flipped})
    _agrees(engine, game, state)
