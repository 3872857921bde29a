"""Hellboy: The Board Game (companion) in Discord: the presenter the table uses.

Every control is shared (seat None): this is a co-operative game with no
player order, so any seated player presses **Next phase**, draws the Doom card
or answers an Unexpected Threat's questions; the engine judges each action.
The board is drawn by `board`; event lines carry the rule row they enforce.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.hellboy_board.board import TITLE
from bot.games.hellboy_board.board import board as board_embed
from bot.models import GameRow
from bot.render.style import COLOUR_PLAY
from engines.core.errors import RuleError
from engines.core.protocol import Event
from engines.hellboy_board import ENGINE, query
from engines.hellboy_board.actions import (
    Action,
    CancelTest,
    DrawBehaviour,
    DrawDoom,
    NextPhase,
    ResolveThreat,
    Test,
)
from engines.hellboy_board.models import ROUND, HBBoardState, HBEvent

KEY = "hellboy-board"
LABEL = 80
MAX_EXPLORE = 4
MAX_FIGHTS = 8
MAX_CODE = 60
"""The code part a board button may carry (bot/ui/components.py)."""
Button = tuple[str, str, int | None]
BOSS_CODES = {"b": True, "n": False, "u": None}


def _next_label(state: HBBoardState) -> str:
    if state.phase == "setup":
        return "Start round 1"
    if state.phase == "end":
        return f"Next phase: round {state.round + 1}"
    return f"Next phase: {ROUND[ROUND.index(state.phase) + 1].title()}"


def _threat_buttons(state: HBBoardState) -> list[Button]:
    t = next((t for t in state.threats.values() if t.awaiting), None)
    if t is None:
        return []
    card = query.threat_card(state, t)
    bosses = ("u",) if t.boss is not None else ("n", "b")
    wording = {"u": "", "n": " · not a Boss", "b": " · a Boss"}
    if card.marks_lead_agent is None:
        return [(f"{state.cards[card.enemy].name}{wording[b]}", f"ch.-.{b}", None)
                for b in bosses]
    return [(f"{a.name} is the {card.marks_lead_agent}{wording[b]}"[:LABEL], f"ch.{a.id}.{b}",
             None)
            for a in state.agents.values() if not a.knocked_out for b in bosses]


def buttons(state: HBBoardState) -> list[Button]:
    test = state.test
    if test is not None and test.stage == "roll":
        return [("Call off the test", "ct", state.agents[test.agent].seat)]
    if state.phase == "over" or ENGINE.chance(state) is not None:
        return []
    chosen = _threat_buttons(state)
    if chosen:
        return chosen
    if state.phase == "enemy" and state.behaviour_due:
        return [(f"Draw {query.card_of(state, state.enemies[e]).name}'s Behaviour card"[:LABEL],
                 f"db.{e}", None) for e in state.behaviour_due]
    out: list[Button] = [(_next_label(state), "np", None)]
    if state.phase == "doom":
        out.append(("Draw a Doom card", "dd", None))
    if state.phase == "agent":
        explorers = [a for a in state.agents.values()
                     if a.cubes and "explore" in a.skills and not a.knocked_out]
        out += [(f"Explore: {a.name}"[:LABEL], f"ex.{a.id}", None)
                for a in explorers[:MAX_EXPLORE]]
        out += _fights(state)
    return out


def _fights(state: HBBoardState) -> list[Button]:
    """A Fight button for each agent with a cube and each enemy in its area (3 dice,
    no upgrades: `/hbboard test` for anything else)."""
    out: list[Button] = []
    for a in state.agents.values():
        if not a.cubes or "fight" not in a.skills or a.knocked_out or a.area is None:
            continue
        for e in state.enemies.values():
            code = f"fi.{a.id}.{e.id}"
            if e.area == a.area and len(code) <= MAX_CODE:
                name = query.card_of(state, e).name
                shown = name if e.id == query.slug(name) else f"{name} ({e.id})"
                out.append((f"Fight: {a.name} → {shown}"[:LABEL], code, None))
    return out[:MAX_FIGHTS]


def decode_code(state: HBBoardState, code: str) -> Action:
    kind, _, rest = code.partition(".")
    if kind == "np":
        return NextPhase()
    if kind == "dd":
        return DrawDoom()
    if kind == "ct":
        return CancelTest()
    if kind == "db" and rest:
        return DrawBehaviour(enemy=rest)
    if kind == "ex" and rest:
        return Test(agent=rest, skill="explore")
    if kind == "fi" and "." in rest:
        agent, _, enemy = rest.partition(".")
        return Test(agent=agent, skill="fight", target=enemy)
    if kind == "ch":
        agent, _, boss = rest.partition(".")
        if boss in BOSS_CODES:
            return ResolveThreat(lead_agent=None if agent == "-" else agent,
                                 boss=BOSS_CODES[boss])
    raise RuleError("That button no longer matches the table; use the newest board.")


def event_line(event: Event) -> str:
    if isinstance(event, HBEvent) and event.rule is not None:
        return f"{event.text} *({event.rule})*"
    return event.text


class HBBoardPresenter:
    """The table's view of a companion game (see bot.render.games.Presenter)."""

    def board(self, game: GameRow, state: Any) -> discord.Embed:
        if not isinstance(state, HBBoardState):
            return discord.Embed(title=TITLE, colour=COLOUR_PLAY)
        return board_embed(game, state)

    def action_buttons(self, game: GameRow, state: Any) -> list[Button]:
        if not isinstance(state, HBBoardState):
            return []
        return buttons(state)

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        if not isinstance(state, HBBoardState):
            raise RuleError("This game hasn't started yet.")
        return ENGINE.dump_action(decode_code(state, code))

    def event_lines(self, game: GameRow, events: list[Event]) -> list[str]:
        return [event_line(e) for e in events if e.text]

    def footer(self, game: GameRow) -> str:
        rules = []
        for key in ("leave_discard", "wild_melee"):
            if key in game.options:
                rules.append(f"{key}={game.options[key]}")
        pack = game.options.get("pack")
        if isinstance(pack, dict) and "name" in pack:
            rules.append(f"pack {pack['name']}")
        return " · ".join(["companion: your box, your rulebook", *rules])


PRESENTER = HBBoardPresenter()
