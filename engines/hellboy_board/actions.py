"""Actions any seated player may take, and the GM's corrections.

Agents and enemies are named by id or by name (any case). The co-operative game
has no player order (agents spend cubes in any order across the team), so every
seat may take every action; an agent's seat only says who reports its dice.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.hellboy_board.cards import EnemyStats
from engines.hellboy_board.models import AREA, NAME, Skill, Weapon
from engines.hellboy_board.roller import MAX_DICE, Colour

Ref = Annotated[str, Field(min_length=1, max_length=40)]


class _Action(BaseModel):
    """Names, ids and areas are typed by players: surrounding spaces are dropped, so
    a name of spaces alone is no name (min_length refuses it)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class SetUpCase(_Action):
    """The Case File's setup (U2: did it add an unseen Unexpected Threat?)."""

    type: Literal["set_up_case"] = "set_up_case"
    starting_area: str | None = Field(default=None, min_length=1, max_length=40)
    doom_length: int | None = Field(default=None, ge=1, le=40)
    doom_deck: int | None = Field(default=None, ge=1, le=99, description="cards, threat included")
    threat_shuffled_in: bool | None = None


class AddAgent(_Action):
    type: Literal["add_agent"] = "add_agent"
    name: str = NAME
    seat: int | None = Field(default=None, description="who runs it; default the acting seat")
    skills: dict[Skill, Colour] = Field(default_factory=dict)
    health: int | None = Field(default=None, ge=1, le=30)
    area: str | None = Field(default=None, min_length=1, max_length=40)
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=6)
    new_area: bool = Field(default=False, description="a name no area has yet is meant")


class ArmAgent(_Action):
    type: Literal["arm_agent"] = "arm_agent"
    agent: Ref
    weapon: Weapon


class DefineEnemy(EnemyStats):
    """An Enemy card typed in from the group's own card, and `count` of its figures
    put in play in `area`. The count defaults to none only so that games logged
    before figures came with the card replay as they were played; `/hbboard enemy`
    puts one in play unless told otherwise."""

    type: Literal["define_enemy"] = "define_enemy"
    area: str | None = Field(default=None, min_length=1, max_length=40)
    count: int = Field(default=0, ge=0, le=10)
    new_area: bool = Field(default=False, description="a name no area has yet is meant")


class AddEnemy(_Action):
    type: Literal["add_enemy"] = "add_enemy"
    card: Ref
    area: str | None = Field(default=None, min_length=1, max_length=40)
    count: int = Field(default=1, ge=1, le=10)
    new_area: bool = Field(default=False, description="a name no area has yet is meant")


class NextPhase(_Action):
    type: Literal["next_phase"] = "next_phase"


class SpendCubes(_Action):
    type: Literal["spend_cubes"] = "spend_cubes"
    agent: Ref
    n: int = Field(default=1, ge=1, le=3)
    why: str = Field(default="", max_length=60)


class MoveAgent(_Action):
    type: Literal["move_agent"] = "move_agent"
    agent: Ref
    area: str = AREA
    cubes: int = Field(default=1, ge=0, le=3, description="a Move action costs a cube (P5)")
    new_area: bool = Field(default=False, description="a name no area has yet is meant")


class MoveEnemy(_Action):
    """An enemy moves along `path` (the areas it enters, in order). Agents in each
    area it leaves may owe the threat's toll (K4); `declined` are those who choose
    not to pay under leave_discard=may."""

    type: Literal["move_enemy"] = "move_enemy"
    enemy: Ref
    path: tuple[Annotated[str, Field(min_length=1, max_length=40)], ...] = Field(
        min_length=1, max_length=10
    )
    declined: tuple[Ref, ...] = ()
    new_area: bool = Field(default=False, description="a name no area has yet is meant")


class Test(_Action):
    """A test: `dice` dice of the agent's colour for the skill plus the effect die.
    `upgrades` names who pays each upgrade step (one cube each); `upgrade_dice`
    says which die each step upgrades (default the weakest); `downgrades` counts
    steps the situation imposes. `total` reports a roll of the group's real dice
    (effect already resolved) instead of rolling here."""

    __test__ = False  # not a pytest class

    type: Literal["test"] = "test"
    agent: Ref
    skill: Skill
    target: Ref | None = None
    weapon: Ref | None = None
    dice: int = Field(default=3, ge=1, le=MAX_DICE)
    upgrades: tuple[Ref, ...] = Field(default=(), max_length=9)
    upgrade_dice: tuple[int, ...] | None = None
    downgrades: int | None = Field(
        default=None, ge=0, le=9,
        description="default: a Fight counts one per other enemy in the area (P8), else 0",
    )
    cost: int | None = Field(default=None, ge=0, le=3, description="default: 1, Defend 0")
    total: int | None = Field(default=None, ge=0, le=99)


class CancelTest(_Action):
    """The reporter (or a GM) calls off their pending test before any die is rolled."""

    __test__ = False  # not a pytest class

    type: Literal["cancel_test"] = "cancel_test"


class EnemyAttack(_Action):
    """An enemy attacks: the target is the hunted agent, the one named, or the front
    eligible agent on Target Priority (who then goes to the back). The damage is
    what the players' Defend test left (the formula is not public)."""

    type: Literal["enemy_attack"] = "enemy_attack"
    enemy: Ref
    target: Ref | None = None
    damage: int = Field(ge=0, le=30)
    melee: bool = True
    knocked_out: bool = False
    exclude: tuple[Ref, ...] = Field(default=(), description="agents not eligible as targets")


class DamageEnemy(_Action):
    type: Literal["damage_enemy"] = "damage_enemy"
    enemy: Ref
    amount: int = Field(ge=1, le=99)
    attack: Literal["fight", "shoot", "other"] = "other"
    weapon_tags: tuple[str, ...] = ()


class DamageAgent(_Action):
    type: Literal["damage_agent"] = "damage_agent"
    agent: Ref
    amount: int = Field(ge=1, le=30)


class HealAgent(_Action):
    type: Literal["heal_agent"] = "heal_agent"
    agent: Ref
    amount: int = Field(ge=1, le=30)


class KnockOut(_Action):
    type: Literal["knock_out"] = "knock_out"
    agent: Ref
    by: Ref | None = Field(default=None, description="the enemy that did it, if one did")


class SetStunned(_Action):
    type: Literal["set_stunned"] = "set_stunned"
    agent: Ref
    stunned: bool


class Revive(_Action):
    type: Literal["revive"] = "revive"
    agent: Ref


class DrawDoom(_Action):
    type: Literal["draw_doom"] = "draw_doom"


class DrawBehaviour(_Action):
    type: Literal["draw_behaviour"] = "draw_behaviour"
    enemy: Ref


class ResolveThreat(_Action):
    """The players' choices for a drawn threat: the lead agent (K2) and, when the
    card does not say, whether its enemy is a Boss (U6)."""

    type: Literal["resolve_threat"] = "resolve_threat"
    lead_agent: Ref | None = None
    boss: bool | None = None
    behaviour_cards: int | None = Field(default=None, ge=1, le=40)


class DiscardThreat(_Action):
    type: Literal["discard_threat"] = "discard_threat"
    threat: Ref


class AdvanceDoom(_Action):
    type: Literal["advance_doom"] = "advance_doom"
    steps: int = Field(ge=-40, le=40)


class GatherInfo(_Action):
    type: Literal["gather_info"] = "gather_info"
    steps: int = Field(ge=-99, le=99)


Action = Annotated[
    SetUpCase | AddAgent | ArmAgent | DefineEnemy | AddEnemy | NextPhase | SpendCubes
    | MoveAgent | MoveEnemy | Test | EnemyAttack | DamageEnemy | DamageAgent | HealAgent
    | KnockOut | SetStunned | Revive | DrawDoom | DrawBehaviour | ResolveThreat
    | DiscardThreat | AdvanceDoom | GatherInfo | CancelTest,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


# --- GM corrections: set a value outright, with no rule applied -----------------------


class SetTrack(_Action):
    type: Literal["set_track"] = "set_track"
    track: Literal["doom", "info", "round"]
    value: int = Field(ge=0, le=99)


class SetAgent(_Action):
    type: Literal["set_agent"] = "set_agent"
    agent: Ref
    damage: int | None = Field(default=None, ge=0, le=30)
    cubes: int | None = Field(default=None, ge=0, le=3)
    stunned: bool | None = None
    knocked_out: bool | None = None
    area: str | None = Field(default=None, min_length=1, max_length=40)


class PlaceEnemy(_Action):
    """Put an enemy in an area without moving it (no leave-area toll)."""

    type: Literal["place_enemy"] = "place_enemy"
    enemy: Ref
    area: str = AREA


class SetEnemyDamage(_Action):
    type: Literal["set_enemy_damage"] = "set_enemy_damage"
    enemy: Ref
    damage: int = Field(ge=0, le=999)


class RemoveEnemy(_Action):
    type: Literal["remove_enemy"] = "remove_enemy"
    enemy: Ref


class SetPriority(_Action):
    type: Literal["set_priority"] = "set_priority"
    order: tuple[Ref, ...] = Field(min_length=1, max_length=8)


class SetDoomDeck(_Action):
    type: Literal["set_doom_deck"] = "set_doom_deck"
    size: int | None = Field(default=None, ge=0, le=99)
    drawn: int | None = Field(default=None, ge=0, le=99)
    threat_inside: bool | None = None


class EndCase(_Action):
    """Closing the case ends the evening for everyone, so it is the GM's (a
    correction: the table checks who asks, and undo takes it back), never a seat's
    move (issue 23: one stray command by any player lost the case for good)."""

    type: Literal["end_case"] = "end_case"
    won: bool


Correction = Annotated[
    SetTrack | SetAgent | PlaceEnemy | SetEnemyDamage | RemoveEnemy | SetPriority | SetDoomDeck
    | EndCase,
    Field(discriminator="type"),
]
CORRECTION_ADAPTER: TypeAdapter[Correction] = TypeAdapter(Correction)
