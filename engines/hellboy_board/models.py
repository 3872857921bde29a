"""The typed surface of the companion: options, the state and its parts, events.

The state is a plain mutable pydantic model; `apply` works on a deep copy, so
an input state is never changed. It is small (a few agents and enemies), so the
copy costs nothing a player could notice.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.packs import ChosenPack
from engines.core.protocol import Event
from engines.dice.model import Die
from engines.hellboy_board.cards import EnemyCard, ThreatCard
from engines.hellboy_board.pack import HBBoardPack
from engines.hellboy_board.roller import Colour

Skill = Literal["fight", "shoot", "explore", "defend"]
SKILLS: tuple[Skill, ...] = ("fight", "shoot", "explore", "defend")
Phase = Literal["setup", "enemy", "agent", "rest", "doom", "end", "over"]
ROUND: tuple[Phase, ...] = ("enemy", "agent", "rest", "doom", "end")
"""A round's phases in order (public, H)."""
CUBES_PER_ROUND = 3
MAX_AGENTS = 8
MAX_ENEMIES = 40
MAX_INFO = 99
UNNAMED_START = "starting area"
"""The starting area until `set_up_case` names it; said as "the starting area"."""
NAME = Field(min_length=1, max_length=40)
AREA = Field(min_length=1, max_length=40)


class HBBoardOptions(BaseModel):
    """Table options; docs/games/hellboy-board.md explains each."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["digital", "physical"] = "digital"
    leave_discard: Literal["each", "may"] = Field(
        default="each",
        description="K4, unclear word on the card: agents in an area Krampus leaves 'each'"
        " discard a cube (the seed's reading), or 'may' (each may decline)",
    )
    wild_melee: int | None = Field(
        default=None, ge=0, le=99,
        description="K6: the melee value of a threat's enemy that runs wild; None = as"
        " transcribed on the threat card (8 for Krampus, the same as printed: a warning shows)",
    )
    dice_path: str | None = Field(default=None, description="a group's own dice faces")
    pack: ChosenPack[HBBoardPack] | None = Field(
        default=None,
        description="a pack of this server's (`/game pack list`): enemy and threat cards laid"
        " over the built-in presets, dice faces",
    )


class Weapon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: str = NAME
    ranged: bool = False
    tags: tuple[str, ...] = Field(default=(), description="e.g. 'pistol' (Harmless Man-Toys)")


class Agent(BaseModel):
    id: str
    name: str
    seat: int = Field(description="the player who runs this agent and reports its dice")
    skills: dict[Skill, Colour] = Field(default_factory=dict)
    health: int | None = Field(default=None, description="damage slots on the agent card")
    damage: int = 0
    cubes: int = 0
    stunned: bool = False
    knocked_out: bool = False
    area: str | None = None
    weapons: tuple[Weapon, ...] = ()


class Enemy(BaseModel):
    id: str
    card: str
    area: str | None = None
    damage: int = 0
    brought_by: str | None = Field(
        default=None, description="the threat that put it in play (U9 discards it with it)"
    )


class BehaviourDeck(BaseModel):
    """A Boss's Behaviour deck (U6): the group builds it; the companion counts draws."""

    size: int | None = None
    drawn: int = 0
    last: str | None = None


class Threat(BaseModel):
    id: str
    card: str
    enemy: str = Field(description="the enemy in play it refers to")
    brought: tuple[str, ...] = Field(default=(), description="enemies it put in play (U5, U9)")
    trigger_marker: bool = False
    marked: str | None = Field(default=None, description="the agent with the reaction marker")
    runs_wild: bool = False
    boss: bool | None = None
    behaviour: BehaviourDeck | None = None
    awaiting: bool = Field(default=False, description="waiting for the players' choices (K2, U6)")


class DoomDeck(BaseModel):
    """The Deck of Doom tracked abstractly: the cards are the group's; the companion
    knows how many there are, how many were drawn, and whether an unseen threat is in."""

    size: int | None = None
    drawn: int = 0
    threat_inside: bool = False
    threat_drawn: bool = False

    @property
    def left(self) -> int | None:
        return None if self.size is None else self.size - self.drawn


class Tracks(BaseModel):
    doom: int = 0
    doom_length: int | None = None
    info: int = 0
    priority: tuple[str, ...] = Field(default=(), description="agent ids, front first")


class PendingTest(BaseModel):
    agent: str
    skill: Skill
    pool: tuple[Colour, ...]
    target: str | None = None
    weapon: str | None = None
    stage: Literal["roll", "reroll"] = "roll"
    values: tuple[int, ...] = ()
    effect: str | None = None
    reroll: tuple[int, ...] = ()
    paid: dict[str, int] = Field(
        default_factory=dict, description="cubes each agent spent on it (a cancel returns them)")


class PendingDraw(BaseModel):
    deck: Literal["doom", "behaviour"]
    enemy: str | None = None


class TestReport(BaseModel):
    """The last test, for the board: what was rolled and what it did."""

    agent: str
    skill: Skill
    pool: tuple[Colour, ...]
    values: tuple[int, ...] = ()
    effect: str | None = None
    total: int
    reported: bool = False
    target: str | None = None
    damage: int | None = None
    notes: tuple[str, ...] = ()


class HBBoardState(BaseModel):
    options: HBBoardOptions
    names: tuple[str, ...]
    phase: Phase = "setup"
    round: int = 0
    tracks: Tracks = Field(default_factory=Tracks)
    agents: dict[str, Agent] = Field(default_factory=dict)
    cards: dict[str, EnemyCard] = Field(default_factory=dict)
    threat_cards: dict[str, ThreatCard] = Field(default_factory=dict)
    enemies: dict[str, Enemy] = Field(default_factory=dict)
    threats: dict[str, Threat] = Field(default_factory=dict)
    doom_deck: DoomDeck = Field(default_factory=DoomDeck)
    starting_area: str = Field(
        default=UNNAMED_START, description="its name, once the case gives it one")
    areas: tuple[str, ...] = Field(
        default=(), description="every area named so far, as first written (areas.py)")
    dice: dict[str, Die] = Field(default_factory=dict, description="the test dice in use")
    test: PendingTest | None = None
    draw: PendingDraw | None = None
    behaviour_due: tuple[str, ...] = Field(
        default=(), description="bosses whose Behaviour card must be drawn before minions act"
    )
    last_test: TestReport | None = None
    discard: tuple[str, ...] = Field(default=(), description="enemies and threats discarded")
    result: Literal["won", "lost"] | None = None

    @model_validator(mode="before")
    @classmethod
    def _areas_of_an_older_snapshot(cls, data: Any) -> Any:
        """A state stored before areas were recorded (issue 23) names its areas only
        where the case starts and its pieces stand: they become the recorded ones, in
        the order a replay of its log records them, so the stored state and its
        replay agree and a known area is not asked about as new."""
        if not isinstance(data, dict) or "areas" in data or "names" not in data:
            return data
        start = data.get("starting_area", UNNAMED_START)
        pieces = [*dict(data.get("agents") or {}).values(),
                  *dict(data.get("enemies") or {}).values()]
        named = [] if start == UNNAMED_START else [start]
        named += [p["area"] for p in pieces
                  if isinstance(p, dict) and p.get("area") not in (None, "", UNNAMED_START)]
        return {**data, "areas": tuple(dict.fromkeys(named))}

    def fork(self) -> HBBoardState:
        """A copy `apply` may change: the pieces rules mutate are copied, the rest
        (options, cards, dice: never changed in place) is shared. A deep copy cost
        milliseconds, almost all of it in the dice and cards."""
        s = self.model_copy()
        s.agents = {k: a.model_copy() for k, a in self.agents.items()}
        s.enemies = {k: e.model_copy() for k, e in self.enemies.items()}
        s.threats = {k: t.model_copy(update={
            "behaviour": t.behaviour.model_copy() if t.behaviour is not None else None})
            for k, t in self.threats.items()}
        s.cards, s.threat_cards, s.dice = dict(self.cards), dict(self.threat_cards), dict(self.dice)
        s.tracks, s.doom_deck = self.tracks.model_copy(), self.doom_deck.model_copy()
        s.test = self.test.model_copy() if self.test is not None else None
        return s


EventType = Literal[
    "setup", "phase", "cubes", "moved", "test", "damage", "defeated", "threat",
    "discarded", "hunting", "wild", "stunned", "knocked_out", "doom", "behaviour",
    "track", "warning", "correction", "over",
]


class HBEvent(Event):
    """Something that happened; `rule` names the rule row it enforces (U1-U9, K1-K10)."""

    type: EventType
    rule: str | None = None
    agent: str | None = None
    enemy: str | None = None
    amount: int | None = None
