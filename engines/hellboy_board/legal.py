"""Candidate actions for `legal_actions`: a representative sample the engine then
filters by trying each. Areas and names are free text, so no list can be complete;
this one covers every kind of action with the areas and agents already in play."""

from __future__ import annotations

from engines.hellboy_board.actions import (
    Action,
    AddAgent,
    AddEnemy,
    AdvanceDoom,
    DamageEnemy,
    DrawBehaviour,
    DrawDoom,
    EnemyAttack,
    GatherInfo,
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
from engines.hellboy_board.models import SKILLS, HBBoardState, Weapon

SAMPLE_AGENTS = (
    AddAgent(name="Hellboy", skills={"fight": "red", "shoot": "orange", "explore": "yellow",
                                     "defend": "red"}, health=6,
             weapons=(Weapon(name="Samaritan", ranged=True, tags=("pistol",)),)),
    AddAgent(name="Abe Sapien", skills={"fight": "orange", "shoot": "yellow",
                                        "explore": "red", "defend": "orange"}, health=5),
)


def candidates(s: HBBoardState, seat: int) -> list[Action]:
    areas = sorted({s.starting_area, "Crypt", *(a.area for a in s.agents.values() if a.area)})
    out: list[Action] = []
    if any(t.awaiting for t in s.threats.values()):
        for a in s.agents.values():
            out += [ResolveThreat(lead_agent=a.id, boss=b) for b in (None, False, True)]
        out += [ResolveThreat(boss=b) for b in (False, True)]
        return out + [Revive(agent=a) for a in s.agents] + list(SAMPLE_AGENTS[:1])
    out += [NextPhase(), DrawDoom(), AdvanceDoom(steps=1), GatherInfo(steps=1)]
    if s.phase == "setup":
        out += [*SAMPLE_AGENTS, AddEnemy(card="krampus", area="Crypt"),
                SetUpCase(doom_deck=6, threat_shuffled_in=True)]
    for e in s.enemies.values():
        out += [MoveEnemy(enemy=e.id, path=(area,)) for area in areas]
        out += [EnemyAttack(enemy=e.id, damage=d, knocked_out=ko)
                for d in (0, 1, 4) for ko in (False, True)]
        out += [DrawBehaviour(enemy=e.id), DamageEnemy(enemy=e.id, amount=3)]
        out += [KnockOut(agent=a, by=e.id) for a in s.agents]
    for a in s.agents.values():
        out += [SpendCubes(agent=a.id), KnockOut(agent=a.id), Revive(agent=a.id),
                SetStunned(agent=a.id, stunned=not a.stunned)]
        out += [MoveAgent(agent=a.id, area=area) for area in areas]
        for skill in SKILLS:
            targets = [None, *s.enemies] if skill in ("fight", "shoot") else [None]
            for target in targets:
                out.append(Test(agent=a.id, skill=skill, target=target))
                out.append(Test(agent=a.id, skill=skill, target=target, upgrades=(a.id,),
                                total=5))
    return out
