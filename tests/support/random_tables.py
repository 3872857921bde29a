"""Random games of any game in `GAMES`, played by its engine with the row its
presenters read, and every public message of a step as Discord would show it: for
the secrecy tests (issue 21) and for tests that need a seeded game's states."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.games import GAMES
from bot.models import GameRow, SeatRow
from bot.presenting import board_embed, board_view
from bot.render.games import PicturePresenter, presenter_for
from bot.secrecy import message_payload
from bot.table import bot_draws
from bot.ui.report import ReportModal
from engines.core.chance import ChanceOutcome, ChanceRequest, sample
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.registry import AnyEngine
from tests.property.test_hellboy_dice_props import physical_report as hellboy_report
from tests.property.test_hellbringer_menus_props import physical_report as hellbringer_report

Reporter = Callable[[ChanceRequest, Any, random.Random], list[str]]


def _typed(request: ChanceRequest, state: Any, rng: random.Random) -> list[str]:
    """A plausible report for any game: a listed option, else the form's suggestion."""
    return [rng.choice(i.options) if i.options else (i.suggested or "1") for i in request.items]


REPORTERS: dict[str, Reporter] = {
    "hellboy-dice": hellboy_report,
    "hellbringer": lambda request, state, rng: list(hellbringer_report(state, request, rng).values),
}


def _ends_early(engine: AnyEngine, action: Any) -> bool:
    """A move that ends the game on the spot (the companion's "the case ends"): rare,
    or a random session is over before it shows anything."""
    data = engine.dump_action(action)
    return isinstance(data, dict) and data.get("type") == "end_case"


class Table:
    """A game played by its engine, with the row its presenters read."""

    def __init__(self, key: str, mode: str, players: int, ai: int, seed: int) -> None:
        self.engine: AnyEngine = next(g.engine for g in GAMES if g.key == key)
        players = max(self.engine.min_seats, min(players, self.engine.max_seats))
        ai = min(ai, players - 1) if self.engine.supports_ai and mode == "digital" else 0
        self.rng = random.Random(seed)
        seats = [SeatRow(user_id=None if i >= players - ai else 10 + i, name=f"P{i}",
                         ai=i >= players - ai) for i in range(players)]
        options = self.engine.parse_options({"mode": mode})
        self.state = self.engine.setup(
            [Seat(index=i, name=s.name, ai=s.ai) for i, s in enumerate(seats)], options)
        self.game = GameRow(id=1, guild_id=1, channel_id=2, game=key, mode=mode,
                            status="active", host_id=10, rng_seed=seed, seats=seats,
                            options={"mode": mode})

    def step(self) -> list[Event] | None:
        """One random step (a roll, a report, a move); None when the game is over or
        the random report was refused (the table would ask again)."""
        engine, rng, state = self.engine, self.rng, self.state
        if engine.result(state) is not None:
            return None
        request = engine.chance(state)
        try:
            if request is not None:
                if bot_draws(self.game, request) or all(i.open_hint is None
                                                        for i in request.items):
                    outcome = sample(request, rng)
                else:
                    report = REPORTERS.get(self.game.game, _typed)
                    outcome = ChanceOutcome(values=report(request, state, rng))
                self.state, events = engine.resolve(state, outcome)
            else:
                legal_of = {s: engine.legal_actions(state, s) for s in range(len(self.game.seats))
                            if engine.may_act(state, s)}
                acting = [s for s, legal in legal_of.items() if legal]
                if not acting:
                    return None
                seat = rng.choice(acting)
                legal = [a for a in legal_of[seat] if not _ends_early(engine, a) or
                         rng.random() < 0.01] or legal_of[seat]
                clever = self.game.seats[seat].ai or rng.random() < 0.5
                action = (engine.ai_action(state, seat)
                          if clever and engine.supports_ai and seat in engine.to_move(state)
                          else rng.choice(legal))
                self.state, events = engine.apply(state, seat, action)
        except RuleError:
            return None
        self.game = self.game.model_copy(update={"version": self.game.version + 1})
        if engine.result(self.state) is not None:
            result = engine.result(self.state)
            assert result is not None
            self.game = self.game.model_copy(
                update={"status": "finished", "result": result.model_dump()})
        return events

    def public(self, events: list[Event], picture: bool) -> list[tuple[str, dict[str, Any]]]:
        """Every public message of this step, by what it is."""
        game, state = self.game, self.state
        presenter = presenter_for(game.game)
        shown: list[tuple[str, dict[str, Any]]] = [
            ("the board", message_payload(embeds=[board_embed(game, state).to_dict()],
                                          components=board_view(game, state).to_components())),
            *[("an event line", message_payload(content=line))
              for line in presenter.event_lines(game, events)],
        ]
        if picture and isinstance(presenter, PicturePresenter):
            drawn = presenter.board_picture(game, state)
            if drawn is not None:
                shown.append(("the picture", message_payload(files=[(drawn.filename, None)])))
        request = self.engine.chance(state)
        if game.status == "active" and request is not None and not bot_draws(game, request):
            modal = ReportModal(game.game, request, game.id, game.version)
            shown.append(("the report form", modal.to_dict()))
        return shown
