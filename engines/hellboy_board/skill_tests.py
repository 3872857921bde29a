"""A test from declaration to damage: the pool and its cubes, the dice as a chance
node (rolled by the bot or reported from the group's dice), the effect die, and
the damage against the target's Resilience with its caps."""

from __future__ import annotations

from collections import Counter

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, validate_outcome
from engines.core.errors import RuleError
from engines.dice.chance import die_item, face_of
from engines.dice.model import Die
from engines.hellboy_board import query, roller, rules
from engines.hellboy_board.actions import Test
from engines.hellboy_board.models import Agent, HBBoardState, PendingTest, TestReport, Weapon
from engines.hellboy_board.query import Events, say

ACTION_COST = {"fight": 1, "shoot": 1, "explore": 1, "defend": 0}
"""Basic actions cost a cube (P5); a Defend test answers an attack and costs none."""
MAX_PIPS = 9
"""A house-data die's report takes any pip count up to this: its printed faces are
not public, so the group's real die may show what the house faces lack."""
TOTAL = "total:"
"""A reported test's effect slot may carry the whole total instead ("total:7"), the
group having added up their real dice and resolved the effect themselves."""
MAX_TOTAL = 99


def declare(s: HBBoardState, action: Test, events: Events) -> None:
    a = query.agent(s, action.agent)
    colour = a.skills.get(action.skill)
    if colour is None:
        raise RuleError(f"{a.name}'s dice colour for {action.skill.title()} is not set yet:"
                        " give the agent its skills from the card.")
    target = None
    if action.skill in ("fight", "shoot"):
        if action.target is None:
            raise RuleError(f"A {action.skill.title()} test needs a target enemy.")
        target = query.enemy(s, action.target)
    elif action.target is not None:
        raise RuleError("Only Fight and Shoot tests target an enemy.")
    weapon = _weapon(a, action)
    if target is not None and a.area is not None and target.area is not None:
        same = a.area == target.area
        if action.skill == "fight" and not same:
            raise RuleError(f"A Fight targets an enemy in {a.name}'s area ({a.area}).")
        if action.skill == "shoot" and same:
            raise RuleError("A Shoot targets an enemy in another area: Fight it here instead.")
    payers = [_payer(s, a, ref, action) for ref in action.upgrades]
    cost = ACTION_COST[action.skill] if action.cost is None else action.cost
    need = Counter({a.id: cost}) + Counter(p.id for p in payers)
    for a_id, n in need.items():
        payer = s.agents[a_id]
        if payer.cubes < n:
            raise RuleError(f"{payer.name} has {query.count_of(payer.cubes, 'action cube')} left;"
                            f" this test needs {n}.")
    if action.upgrade_dice is None:
        chosen = roller.default_upgrades(colour, action.dice, len(payers))
    elif len(action.upgrade_dice) != len(payers):
        raise RuleError("Name one die to upgrade per cube paid for upgrades.")
    else:
        chosen = tuple(i - 1 for i in action.upgrade_dice)  # players count dice from 1
    downgrades = action.downgrades
    if downgrades is None:
        downgrades = _crowd(s, a, target.id if target else None, action, events)
    pool = roller.build_pool(colour, action.dice, chosen, downgrades)
    for a_id, n in need.items():
        if n:
            s.agents[a_id].cubes -= n
            spent = query.count_of(n, "action cube")
            say(events, "cubes", f"{s.agents[a_id].name} spends {spent} on the test.",
                agent=a_id, amount=n)
    notes = ("house: a downgrade below yellow is lost",) if pool.clamped else ()
    pending = PendingTest(agent=a.id, skill=action.skill, pool=pool.colours,
                          target=target.id if target else None,
                          weapon=weapon.name if weapon else None,
                          paid={k: n for k, n in need.items() if n})
    if action.total is not None:
        finish(s, pending, action.total, (), None, (*notes, "total reported"), events)
    else:
        s.test = pending


def _crowd(s: HBBoardState, a: Agent, target: str | None, action: Test, events: Events) -> int:
    """P8: other enemies in the agent's area downgrade Fight dice. How many steps each
    is not public: the companion counts one per other enemy, and says so."""
    if action.skill != "fight" or a.area is None:
        return 0
    others = sum(1 for e in s.enemies.values() if e.area == a.area and e.id != target)
    if others:
        where = query.area_words(a.area)
        say(events, "test", f"{others} other enem{'y' if others == 1 else 'ies'} in {where}:"
            f" {query.count_of(others, 'downgrade')} (one step each is the companion's reading;"
            " give downgrades to change it).", agent=a.id, amount=others)
    return others


def _weapon(a: Agent, action: Test) -> Weapon | None:
    if action.weapon is not None:
        for w in a.weapons:
            if w.name.lower() == action.weapon.lower():
                break
        else:
            names = ", ".join(w.name for w in a.weapons) or "none yet"
            raise RuleError(f"{a.name} has no weapon '{action.weapon}' (weapons: {names}).")
    elif action.skill == "shoot":
        ranged = [w for w in a.weapons if w.ranged]
        if len(ranged) != 1:
            raise RuleError(f"A Shoot needs a ranged weapon: name one of {a.name}'s"
                            " (or give the agent one first).")
        w = ranged[0]
    else:
        return None
    if action.skill == "shoot" and not w.ranged:
        raise RuleError(f"{w.name} is not a ranged weapon: a Shoot needs one.")
    return w


def _payer(s: HBBoardState, tester: Agent, ref: str, action: Test) -> Agent:
    """Shoot: only the shooter may pay (P9). Other tests: agents in the tester's area
    may help with cubes (P8, Fight; the companion allows it for every test)."""
    p = query.agent(s, ref)
    if p.id == tester.id:
        return p
    if action.skill == "shoot":
        raise RuleError(f"Other agents can't assist a Shoot: only {tester.name} may pay"
                        " for its upgrades.")
    if p.knocked_out or tester.area is None or p.area != tester.area:
        raise RuleError(f"{p.name} must be in {tester.name}'s area to help with the dice.")
    return p


def _dice(s: HBBoardState, t: PendingTest) -> list[Die]:
    return [s.dice[c] for c in t.pool]


def request(s: HBBoardState) -> ChanceRequest:
    t = s.test
    assert t is not None
    a = s.agents[t.agent]
    if t.stage == "roll":
        effect = die_item(s.dice[roller.EFFECT_DIE], "effect")
        items = [effect.model_copy(update={
            "also": [f"{TOTAL}{n}" for n in range(MAX_TOTAL + 1)]})]
        items += [_numbered(d, i) for i, d in enumerate(_dice(s, t))]
        pool = ", ".join(t.pool)
        prompt = f"{a.name}'s {t.skill.title()} test: the effect die and {pool}"
    else:
        items = [_numbered(s.dice[t.pool[i]], i) for i in t.reroll]
        prompt = f"{a.name}'s re-roll: {', '.join(t.pool[i] for i in t.reroll)}"
    return ChanceRequest(prompt=prompt, items=items, reporter=a.seat, reporters="seat")


def _numbered(die: Die, i: int) -> ChanceItem:
    """Dice of one colour look alike in a report form: each is named by its place."""
    item = die_item(die, f"die{i}")
    also = [] if die.verified else [
        str(n) for n in range(MAX_PIPS + 1) if str(n) not in item.options]
    return item.model_copy(update={"label": f"die {i + 1} ({item.label})", "also": also})


def _pips(die: Die, label: str) -> int:
    """A face's pips; a house-data die's report may be any count (see MAX_PIPS)."""
    if any(f.label == label for f in die.faces) or not label.isdigit():
        return face_of(die, label).value
    return int(label)


def cancel(s: HBBoardState, events: Events) -> None:
    """The reporter (or a GM) takes back a test no die has been rolled for: its cubes
    come back. Once rolled (a re-roll is pending), the dice stand."""
    t = s.test
    if t is None:
        raise RuleError("No test is waiting for its dice.")
    if t.stage != "roll":
        raise RuleError("The dice are rolled: report the re-roll.")
    for a_id, n in t.paid.items():
        s.agents[a_id].cubes += n
    s.test = None
    a = s.agents[t.agent]
    back = f"; {query.count_of(sum(t.paid.values()), 'action cube')} back" if t.paid else ""
    say(events, "test", f"{a.name}'s {t.skill.title()} test is called off{back}.", agent=a.id)


def resolve(s: HBBoardState, outcome: ChanceOutcome, events: Events) -> None:
    validate_outcome(request(s), outcome)
    t = s.test
    assert t is not None
    dice = _dice(s, t)
    effect_die = s.dice[roller.EFFECT_DIE]
    if t.stage == "roll":
        if outcome.values[0].startswith(TOTAL):
            total = int(outcome.values[0].removeprefix(TOTAL))
            finish(s, t, total, (), None, ("total reported",), events)
            return
        face = face_of(effect_die, outcome.values[0])
        values = tuple(_pips(d, v) for d, v in zip(dice, outcome.values[1:], strict=True))
        if face.effect == "reroll":
            again = roller.reroll_choice(dice, values)
            if again:
                t.stage, t.values, t.effect, t.reroll = "reroll", values, face.label, again
                say(events, "test",
                    f"Re-roll: the dice showing less than their average are rolled again"
                    f" (house): {', '.join(str(i + 1) for i in again)}.", agent=t.agent)
                return
        total, note = roller.settle(values, face)
        finish(s, t, total, values, face.label, (note,), events)
        return
    rolled = list(t.values)
    for i, label in zip(t.reroll, outcome.values, strict=True):
        rolled[i] = _pips(dice[i], label)
    assert t.effect is not None
    face = face_of(effect_die, t.effect)
    finish(s, t, sum(rolled) + face.value, tuple(rolled), t.effect, ("re-rolled",), events)


def finish(
    s: HBBoardState, t: PendingTest, total: int, values: tuple[int, ...], effect: str | None,
    notes: tuple[str, ...], events: Events,
) -> None:
    s.test = None
    a = s.agents[t.agent]
    report = TestReport(agent=a.id, skill=t.skill, pool=t.pool, values=values, effect=effect,
                        total=total, reported=not values, target=t.target, notes=notes)
    shown = f" ({' + '.join(map(str, values))}, {effect})" if values else ""
    pips = "1 pip" if total == 1 else f"{total} pips"
    say(events, "test", f"{a.name}'s {t.skill.title()} test: {pips}{shown}.",
        agent=a.id, amount=total)
    e = s.enemies.get(t.target) if t.target is not None else None
    if e is not None:
        card = query.card_of(s, e)
        raw = roller.damage(total, card.resilience, None)
        tags: tuple[str, ...] = ()
        if t.weapon is not None:
            weapon = next(w for w in a.weapons if w.name == t.weapon)
            tags = weapon.tags
        if raw == 0:
            say(events, "damage", f"{pips} against Resilience {card.resilience}:"
                f" no damage to {card.name}.", enemy=e.id, amount=0)
            dealt = 0
        else:
            dealt = rules.hurt_enemy(s, e, raw, t.skill, tags, events)
        report = report.model_copy(update={"damage": dealt})
    s.last_test = report
