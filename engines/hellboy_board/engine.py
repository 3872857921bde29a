"""The companion's engine: the protocol surface over the rule modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import TypeAdapter

from engines.core.chance import ChanceOutcome, ChanceRequest
from engines.core.errors import PackError, RuleError
from engines.core.protocol import Engine, Event, GameResult, Seat
from engines.dice.pack import load_dice
from engines.hellboy_board import areas, corrections, flow, query, rules, skill_tests, threats
from engines.hellboy_board.actions import (
    ACTION_ADAPTER,
    CORRECTION_ADAPTER,
    Action,
    AddAgent,
    AddEnemy,
    AdvanceDoom,
    ArmAgent,
    CancelTest,
    DamageAgent,
    DamageEnemy,
    DefineEnemy,
    DiscardThreat,
    DrawBehaviour,
    DrawDoom,
    EnemyAttack,
    GatherInfo,
    HealAgent,
    KnockOut,
    MoveAgent,
    MoveEnemy,
    NextPhase,
    ResolveThreat,
    Revive,
    SetStunned,
    SetUpCase,
    SpendCubes,
    Test,
)
from engines.hellboy_board.cards import builtin_library
from engines.hellboy_board.legal import candidates
from engines.hellboy_board.models import HBBoardOptions, HBBoardState
from engines.hellboy_board.pack import HBBoardPack
from engines.hellboy_board.query import Events, say
from engines.hellboy_board.roller import EFFECT_DIE, LADDER
from engines.hellboy_board.view import board

SETUP_ACTIONS = (SetUpCase, AddAgent, ArmAgent, DefineEnemy, AddEnemy, NextPhase)
"""What may be done before the first round; SetUpCase only then."""


class HBBoardEngine(Engine[HBBoardState, Action, HBBoardOptions]):
    key: ClassVar[str] = "hellboy-board"
    title: ClassVar[str] = "Hellboy: The Board Game (companion)"
    aliases: ClassVar[tuple[str, ...]] = ("hbb", "hellboy board", "board game", "krampus")
    static_state_fields: ClassVar[frozenset[str]] = frozenset(
        {"cards", "threat_cards", "dice", "options"}
    )
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 4
    seats_note: ClassVar[str] = "(A player may run several agents.)"
    late_joining: ClassVar[bool] = True
    cards_from_box: ClassVar[bool] = True
    state_model = HBBoardState
    options_model = HBBoardOptions
    pack_model = HBBoardPack
    action_adapter: TypeAdapter[Action] = ACTION_ADAPTER
    correction_adapter: ClassVar[TypeAdapter[Any] | None] = CORRECTION_ADAPTER

    def setup(self, seats: list[Seat], options: HBBoardOptions) -> HBBoardState:
        self.check_seats(len(seats))
        library = builtin_library() if options.pack is None else options.pack.content.library()
        try:
            dice = load_dice(None if options.dice_path is None else Path(options.dice_path))
        except PackError as exc:
            raise RuleError(f"The game's dice pack can't be used: {exc}") from None
        if options.pack is not None:
            dice |= {d.name: d for d in options.pack.content.dice}
        wanted = (*LADDER, EFFECT_DIE)
        return HBBoardState(
            options=options,
            names=tuple(s.name for s in seats),
            cards={c.key: c for c in library.enemies},
            threat_cards={t.key: t for t in library.threats},
            dice={k: dice[k] for k in wanted},
        )

    def to_move(self, state: HBBoardState) -> list[int]:
        """Every seat, whenever the table is not waiting for dice or a card."""
        if state.phase == "over" or self.chance(state) is not None:
            return []
        return list(range(len(state.names)))

    def waiting_for(self, state: HBBoardState) -> list[int]:
        """Only a test's dice belong to someone (the agent's player); everything else
        is shared, and nobody must act."""
        if state.test is not None:
            return [state.agents[state.test.agent].seat]
        return []

    def may_act(self, state: HBBoardState, seat: int) -> bool:
        return seat in self.to_move(state) or self.acts_during_chance(state, seat)

    def legal_actions(self, state: HBBoardState, seat: int) -> list[Action]:
        """A sample of legal actions (the free-text ones can't be listed): each is
        accepted by `apply`."""
        if self.acts_during_chance(state, seat):
            return [CancelTest()]
        if seat not in self.to_move(state):
            return []
        legal = []
        for action in candidates(state, seat):
            try:
                self.apply(state, seat, action)
            except RuleError:
                continue
            legal.append(action)
        return legal

    def apply(
        self, state: HBBoardState, seat: int, action: Action
    ) -> tuple[HBBoardState, list[Event]]:
        self._gate(state, seat, action)
        s = state.fork()
        events: Events = []
        _play(s, seat, areas.settle(s, action), events)
        return s, list(events)

    def _gate(self, state: HBBoardState, seat: int, action: Action) -> None:
        if state.phase == "over":
            raise RuleError("The case is over.")
        if not 0 <= seat < len(state.names):
            raise RuleError("Only seated players can act.")
        pending = self.chance(state)
        if isinstance(action, CancelTest):
            if not self.acts_during_chance(state, seat):
                raise RuleError("Only the player whose test it is (or a GM) can call it off.")
            return
        if pending is not None:
            raise RuleError(f"Waiting first for this: {pending.prompt}.")
        awaiting = next((t for t in state.threats.values() if t.awaiting), None)
        if awaiting is not None and not isinstance(action, ResolveThreat) and not (
                isinstance(action, Revive | AddAgent)
                and threats.nobody_to_choose(state, awaiting)):
            raise RuleError(threats.ask(state, awaiting))
        if isinstance(action, ResolveThreat) and awaiting is None:
            raise RuleError("No Unexpected Threat is waiting for your choices.")
        if state.phase == "setup" and not isinstance(action, SETUP_ACTIONS):
            raise RuleError("The case hasn't started: finish setting up, then Next phase.")
        if isinstance(action, SetUpCase) and state.phase != "setup":
            raise RuleError("The case is already set up; a GM can correct the Deck of Doom.")

    def acts_during_chance(self, state: HBBoardState, seat: int) -> bool:
        """A test's own player may call it off while its dice are awaited (a GM acts
        from that seat); nothing else moves until the dice are in."""
        test = state.test
        return test is not None and test.stage == "roll" and state.agents[test.agent].seat == seat

    def chance(self, state: HBBoardState) -> ChanceRequest | None:
        if state.test is not None:
            return skill_tests.request(state)
        if state.draw is not None:
            return flow.draw_request(state)
        return None

    def resolve(
        self, state: HBBoardState, outcome: ChanceOutcome
    ) -> tuple[HBBoardState, list[Event]]:
        if self.chance(state) is None:
            raise RuleError("Nothing needs rolling or drawing right now.")
        s = state.fork()
        events: Events = []
        if s.test is not None:
            skill_tests.resolve(s, outcome, events)
        else:
            flow.resolve_draw(s, outcome, events)
        return s, list(events)

    def correct(self, state: HBBoardState, correction: Any) -> tuple[HBBoardState, list[Event]]:
        if state.phase == "over":
            raise RuleError("The case is over.")
        s = state.fork()
        events: Events = []
        corrections.correct(s, areas.settle(s, correction), events)
        return s, list(events)

    def read_logged_action(self, logged_action: Any) -> Action:
        """A move logged before a new area had to be confirmed (issue 23) has no
        `new_area`: its areas were taken as typed then, and are again, or an old
        case would stop replaying at its first new tile."""
        if (isinstance(logged_action, dict) and logged_action.get("type") in AREA_MOVES
                and "new_area" not in logged_action):
            logged_action = {**logged_action, "new_area": True}
        return self.parse_action(logged_action)

    def legacy_correction(self, logged_action: Any) -> Any | None:
        """`end_case` was a seat's move until issue 23 made it the GM's correction:
        a case logged before then replays its close as that correction, and is
        undone like one."""
        if isinstance(logged_action, dict) and logged_action.get("type") == "end_case":
            return CORRECTION_ADAPTER.validate_python(logged_action)
        return None

    def late_join(self, state: HBBoardState, seat: Seat) -> tuple[HBBoardState, list[Event]]:
        if len(state.names) >= self.max_seats:
            raise RuleError(f"{self.title} seats at most {self.max_seats} players.")
        s = state.fork()
        s.names = (*s.names, seat.name)
        events: Events = []
        say(events, "setup", f"{seat.name} joins the table: add their agents.")
        return s, list(events)

    def describe_action(self, state: HBBoardState, action: Any) -> str:
        """What an undo took back, in the table's words and names ("Fight against Frog
        Soldier 2", "move of Abe Sapien"), not the action's type ("move agent")."""
        if isinstance(action, Test):
            shown = _enemy_shown(state, action.target or "")
            skill = action.skill.capitalize()
            return f"{skill} against {shown}" if shown else f"{skill} test"
        words = UNDONE_WORDS.get(str(getattr(action, "type", "")))
        if words is None:
            return super().describe_action(state, action)
        agent = getattr(action, "agent", None) or getattr(action, "name", None) or ""
        found = state.agents.get(agent) or state.agents.get(query.slug(agent))
        enemy = str(getattr(action, "enemy", ""))
        return words.format(agent=found.name if found else agent,
                            enemy=_enemy_shown(state, enemy) or enemy)

    def view(self, state: HBBoardState, seat: int | None) -> dict[str, Any]:
        return board(state)

    def result(self, state: HBBoardState) -> GameResult | None:
        if state.result is None:
            return None
        everyone = list(range(len(state.names)))
        if state.result == "won":
            return GameResult(winners=everyone, summary="The agents closed the case.")
        return GameResult(winners=[], summary="The case was lost.")


def _play(s: HBBoardState, seat: int, action: Action, events: Events) -> None:
    if isinstance(action, SetUpCase):
        flow.set_up_case(s, action, events)
    elif isinstance(action, AddAgent):
        flow.add_agent(s, seat, action, events)
    elif isinstance(action, ArmAgent):
        a = query.agent(s, action.agent)
        if any(w.name.lower() == action.weapon.name.lower() for w in a.weapons):
            raise RuleError(f"{a.name} already has {action.weapon.name}.")
        a.weapons = (*a.weapons, action.weapon)
        say(events, "setup", f"{a.name} carries {action.weapon.name}.", agent=a.id)
    elif isinstance(action, DefineEnemy):
        flow.define_enemy(s, action, events)
    elif isinstance(action, AddEnemy):
        flow.add_enemy(s, action, events)
    elif isinstance(action, NextPhase):
        flow.next_phase(s, events)
    elif isinstance(action, SpendCubes):
        flow.spend(s, query.agent(s, action.agent), action.n, action.why, events)
    elif isinstance(action, MoveAgent):
        flow.move_agent(s, query.agent(s, action.agent), action.area, action.cubes, events)
    elif isinstance(action, MoveEnemy):
        flow.check_minions_may_act(s)
        declined = {query.agent(s, ref).id for ref in action.declined}
        rules.move_enemy(s, query.enemy(s, action.enemy), action.path, declined, events)
    elif isinstance(action, Test):
        skill_tests.declare(s, action, events)
    elif isinstance(action, EnemyAttack):
        flow.check_minions_may_act(s)
        e = query.enemy(s, action.enemy)
        target = rules.attack_target(s, e, action.target, action.exclude, events)
        rules.enemy_attack(s, e, target, action.damage, action.melee, action.knocked_out, events)
    elif isinstance(action, DamageEnemy):
        rules.hurt_enemy(s, query.enemy(s, action.enemy), action.amount, action.attack,
                         action.weapon_tags, events)
    else:
        _play_more(s, action, events)


AREA_MOVES = frozenset({"add_agent", "define_enemy", "add_enemy", "move_agent", "move_enemy"})
"""The moves that name an area and carry `new_area` (areas.py)."""

UNDONE_WORDS: dict[str, str] = {
    "set_up_case": "setup of the Case File", "add_agent": "new agent {agent}",
    "arm_agent": "new weapon for {agent}", "define_enemy": "Enemy card",
    "add_enemy": "enemy put in play", "next_phase": "move to the next phase",
    "spend_cubes": "cubes spent by {agent}", "move_agent": "move of {agent}",
    "move_enemy": "move of {enemy}", "cancel_test": "calling off of the test",
    "enemy_attack": "attack by {enemy}", "damage_enemy": "damage to {enemy}",
    "damage_agent": "damage to {agent}", "heal_agent": "healing of {agent}",
    "knock_out": "knock-out of {agent}", "set_stunned": "stun marker of {agent}",
    "revive": "revival of {agent}", "draw_doom": "Doom card draw",
    "draw_behaviour": "Behaviour card draw for {enemy}",
    "resolve_threat": "choices for the threat", "discard_threat": "discard of the threat",
    "advance_doom": "move of Impending Doom", "gather_info": "move of Information Gathered",
    "set_track": "setting of a track", "set_agent": "correction of {agent}",
    "place_enemy": "placing of {enemy}", "set_enemy_damage": "damage set on {enemy}",
    "remove_enemy": "removal of {enemy}", "set_priority": "order of Target Priority",
    "set_doom_deck": "correction of the Deck of Doom", "end_case": "closing of the case",
}
"""Each move and correction as an undo names it ("Undid: Bob's move of Abe Sapien.")."""


def _enemy_shown(state: HBBoardState, ref: str) -> str | None:
    """An enemy as the table calls it: its card's name and its figure's number."""
    e = state.enemies.get(ref) or state.enemies.get(query.slug(ref))
    if e is None:
        return None
    number = e.id.rsplit("-", 1)[-1]
    return state.cards[e.card].name + (f" {number}" if number.isdigit() else "")


def _play_more(s: HBBoardState, action: Action, events: Events) -> None:
    if isinstance(action, DamageAgent):
        a = query.agent(s, action.agent)
        a.damage += action.amount
        say(events, "damage", f"{a.name} takes {action.amount} damage.", agent=a.id,
            amount=action.amount)
        rules.slots_full(a, events)
    elif isinstance(action, HealAgent):
        a = query.agent(s, action.agent)
        healed = min(a.damage, action.amount)
        a.damage -= healed
        say(events, "damage", f"{a.name} recovers {healed} damage.", agent=a.id, amount=-healed)
    elif isinstance(action, KnockOut):
        by = query.enemy(s, action.by).id if action.by is not None else None
        rules.knock_out(s, query.agent(s, action.agent), by, events)
    elif isinstance(action, SetStunned):
        a = query.agent(s, action.agent)
        if a.stunned == action.stunned:
            raise RuleError(f"{a.name} is {'already' if a.stunned else 'not'} stunned.")
        a.stunned = action.stunned
        say(events, "stunned", f"{a.name} is {'stunned' if a.stunned else 'no longer stunned'}.",
            agent=a.id)
    elif isinstance(action, Revive):
        a = query.agent(s, action.agent)
        if not a.knocked_out:
            raise RuleError(f"{a.name} is not knocked out.")
        a.knocked_out = False
        say(events, "knocked_out", f"{a.name} is back in the case (cubes from the next round).",
            agent=a.id)
    elif isinstance(action, DrawDoom):
        flow.draw_doom(s)
    elif isinstance(action, CancelTest):
        skill_tests.cancel(s, events)
    elif isinstance(action, DrawBehaviour):
        flow.draw_behaviour(s, action.enemy)
    elif isinstance(action, ResolveThreat):
        t = next(t for t in s.threats.values() if t.awaiting)
        threats.resolve_choices(s, t, action.lead_agent, action.boss, action.behaviour_cards,
                                events)
    elif isinstance(action, DiscardThreat):
        t = query.threat(s, action.threat)
        threats.discard(s, t, "As its card says:", "U9", events)
    elif isinstance(action, AdvanceDoom):
        flow.advance_doom(s, action.steps, events)
    else:
        assert isinstance(action, GatherInfo), action
        flow.gather_info(s, action.steps, events)
