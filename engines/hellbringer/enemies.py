"""The Enemies' Turn: 2.1 (no enemies: reveal five), 2.2 (the Enemy Die, one
combined pool, abilities, damage per target) and 2.3 (end, resurrection, defeat).

House rule H4: one Enemy Die and one combined pool roll per Enemies' Turn;
each attacked target compares the same dice, after its own ignores, with its
own threshold. 2.2 in the rulebook's order: the Enemy Die, then each enemy's
ability on the attacked targets, then the pool. Any Time cards answer 'the
damage and/or abilities ... during any of these steps', so H5 opens a defence
window before the abilities land and another once the pool is rolled; with
`response_window=smart` each opens only when its answer could change something.
"""

from __future__ import annotations

from engines.hellbringer.abilities import on_hit
from engines.hellbringer.combat import finish
from engines.hellbringer.models import (
    Choose,
    Deal,
    Enemy,
    EnemyDie,
    GuardState,
    HellbringerState,
    Hero,
    HeroEliminated,
    HitFace,
    Instants,
    PoolRoll,
    Stage,
    StartTurn,
    Step,
    Window,
)
from engines.hellbringer.out import Out
from engines.hellbringer.piles import combat_card
from engines.hellbringer.stats import alive, card_id, divide, need_card, threshold

REVEAL = 5


def attacked(state: HellbringerState, last_two: list[int]) -> list[int]:
    """2.2 in co-op: 'the last two players who completed their Player Turn', those
    still in play (H4: a skipped turn still counts toward the two)."""
    return [s for s in dict.fromkeys(last_two) if not state.heroes[s].eliminated]


def begin(state: HellbringerState, out: Out) -> None:
    state.phase = "enemies"
    for hero in state.heroes:
        hero.used = []
    state.targets = attacked(state, state.last_two)
    if not state.enemies:
        out.say("No enemies in play: five cards are revealed from the Common Draw Pile.")
        decider = state.last_two[-1] if state.last_two else 0
        state.queue[:0] = [Deal(seat=decider, count=REVEAL, dest="middle", instants=False),
                           Stage(name="reveal_check", seat=decider)]
        return
    state.queue.insert(0, Stage(name="strike"))


def reveal_check(state: HellbringerState, seat: int) -> None:
    """'If at least one Combat / Showdown Card and one Location card are revealed,
    players may return as many Combat / Showdown Cards as they want on top.'"""
    middle = state.dungeon.middle
    has_combat = any(combat_card(card_id(c)) is not None for c in middle)
    has_location = any(card_id(c) in _LOCATION_IDS for c in middle)
    steps: list[Step] = []
    if has_combat and has_location:
        steps.append(Choose(what="return_combat", seat=seat))
    state.instants = list(middle)
    steps.append(Instants(seat=seat, dest="middle"))
    order = [s for s in _after(state, seat) if not state.heroes[s].eliminated]
    if order:
        steps.append(Choose(what="pick", seat=order[0], rest=order[1:]))
    steps.append(Stage(name="after_reveal"))
    state.queue[:0] = steps


_LOCATION_IDS = {"crypt", "cave", "hell", "tomb", "portal", "graveyard"}


def _after(state: HellbringerState, seat: int) -> list[int]:
    n = state.players
    return [(seat + 1 + i) % n for i in range(n)]


def after_reveal(state: HellbringerState) -> None:
    """The rest of the reveal is discarded; then 2.2 if enemies came (H7)."""
    state.dungeon.discard.extend(state.dungeon.middle)
    state.dungeon.middle = []
    if state.enemies and state.options.reveal_then_attack:
        state.targets = attacked(state, state.last_two)
        state.queue.insert(0, Stage(name="strike"))
    else:
        state.queue.insert(0, Stage(name="end_enemies"))


def strike(state: HellbringerState) -> None:
    if not state.enemies or not state.targets:
        state.queue.insert(0, Stage(name="end_enemies"))
        return
    state.had_companion = [s for s in state.targets if state.heroes[s].companions]
    state.queue.insert(0, EnemyDie())


def pool_size(state: HellbringerState, face: HitFace) -> tuple[int, int]:
    damage = sum(e.face.damage for e in state.enemies) + state.omen
    acid = sum(e.face.acid for e in state.enemies)
    if face == "Global Hit":
        damage += sum(e.face.ability.global_extra for e in state.enemies)
    return damage, acid


def die_rolled(state: HellbringerState, face: HitFace, out: Out) -> None:
    state.enemy_face = face
    if face == "Miss":
        out.say("Miss: the enemies do not attack; each attacked player discards 2 cards.")
        steps: list[Step] = [
            Choose(what="miss_discard", seat=s, count=min(2, len(state.heroes[s].hand)))
            for s in state.targets if state.heroes[s].hand]
        steps.append(Stage(name="end_enemies"))
        state.queue[:0] = steps
        return
    damage, acid = pool_size(state, face)
    state.omen = 0
    steps = [Stage(name="abilities"), PoolRoll(damage=damage, acid=acid)]
    struck = [s for s in state.targets if hero_hit(state, s)]
    if struck and (state.options.response_window == "always" or any(
            _lands(state, e) for e in state.enemies)):
        steps.insert(0, Window(waiting=list(state.targets), step="abilities"))
    state.queue[:0] = steps


def _lands(state: HellbringerState, enemy: Enemy) -> bool:
    """Whether an enemy's ability does something to a struck hero (H5 smart)."""
    a = enemy.face.ability
    return bool(a.sap or a.blind or a.discard or a.other)


def abilities(state: HellbringerState, out: Out) -> None:
    """2.2: 'each enemy's ability takes effect on the attacked targets' before the
    pool is rolled, on every struck hero who did not avoid them, each line naming
    the enemy (`abilities.on_hit`). On a Companion Hit they spare companions (H12)."""
    discards: list[Step] = []
    landing = [e for e in state.enemies if _lands(state, e)]
    for seat in state.targets:
        hero = state.heroes[seat]
        if hero.eliminated or not hero_hit(state, seat):
            continue
        if hero.guard.avoid:
            if landing:
                out.say(f"{state.names[seat]} avoids the enemies' abilities.")
            continue
        on_hit(state, hero, landing, discards, out)
    state.queue[:0] = discards


def pool_rolled(state: HellbringerState, damage: list[int], acid: list[int]) -> None:
    state.pool = damage + acid
    state.pool_split = len(damage)
    waiting = list(state.targets)
    if state.options.response_window == "always" or any(in_danger(state, s) for s in waiting):
        state.queue[:0] = [Window(waiting=waiting, step="damage"), Stage(name="settle")]
    else:
        state.queue.insert(0, Stage(name="settle"))


def suffered(state: HellbringerState, guard: GuardState) -> int:
    """The pool's total after a target ignores its chosen dice (the highest); a
    halving defence halves each die type on its own, as Reflect's FAQ reads (M.1)."""
    damage = sum(sorted(state.pool[:state.pool_split], reverse=True)[guard.ignore_damage:])
    acid = sum(sorted(state.pool[state.pool_split:], reverse=True)[guard.ignore_acid:])
    if guard.halve:
        return divide(damage, 2) + divide(acid, 2)
    return damage + acid


def hero_hit(state: HellbringerState, seat: int) -> bool:
    """Whether the player (not only their companions) suffers this face."""
    face = state.enemy_face
    if face == "Companion Hit":
        return seat not in state.had_companion
    return face in ("Player Hit", "Global Hit")


def companions_hit(state: HellbringerState, seat: int) -> bool:
    return state.enemy_face in ("Companion Hit", "Global Hit") and seat in state.had_companion


def in_danger(state: HellbringerState, seat: int) -> bool:
    hero = state.heroes[seat]
    if hero.guard.avoid:
        return False
    if hero_hit(state, seat) and suffered(state, hero.guard) >= threshold(state, hero):
        return True
    if companions_hit(state, seat):
        total = suffered(state, GuardState())
        return any(total >= _companion_threshold(state, c.card) for c in hero.companions)
    return False


def _companion_threshold(state: HellbringerState, card: str) -> int:
    c = need_card(state, card)
    return c.health + c.armor


def settle(state: HellbringerState, out: Out) -> None:
    """The pooled damage, to each attacked target in turn order."""
    for seat in state.targets:
        hero = state.heroes[seat]
        if hero.eliminated:
            continue
        if hero.guard.avoid:
            out.say(f"{state.names[seat]} avoids the enemies' damage and abilities.")
            continue
        if companions_hit(state, seat):
            total = suffered(state, GuardState())
            for comp in list(hero.companions):
                name = need_card(state, comp.card).name
                if total >= _companion_threshold(state, comp.card):
                    hero.companions.remove(comp)
                    state.dungeon.discard.append(comp.card)
                    out.say(f"{name} suffers {total} and is eliminated.")
                else:
                    out.say(f"{name} withstands {total}.")
        if not hero_hit(state, seat):
            continue
        total, needed = suffered(state, hero.guard), threshold(state, hero)
        if total >= needed:
            out.add(HeroEliminated(
                text=f"{state.names[seat]} suffers {total} against {needed} and is eliminated.",
                seat=seat))
            eliminate_hero(state, hero)
            continue
        out.say(f"{state.names[seat]} suffers {total} against {needed} and stands.")
    state.queue.insert(0, Stage(name="end_enemies"))


def eliminate_hero(state: HellbringerState, hero: Hero) -> None:
    """Co-op, Elimination: the hand is revealed, temporary effects end, companions
    are discarded; hand, gear and learned skills stay (H9)."""
    hero.eliminated = True
    hero.hand_shown = True
    hero.boosts = []
    hero.guard = GuardState()
    state.dungeon.discard.extend(c.card for c in hero.companions)
    hero.companions = []
    state.dungeon.discard.extend(hero.temporary)
    hero.temporary = []
    if state.attack is not None and state.attack.seat == hero.seat:
        state.attack = None


def end_enemies(state: HellbringerState, out: Out) -> None:
    """2.3. Defeat is checked before any Resurrection returns (co-op NOTE)."""
    for hero in state.heroes:
        hero.guard = GuardState()
        hero.boosts = [b for b in hero.boosts if b.until != "enemies"]
    state.enemy_face = None
    state.pool = []
    if not alive(state):
        if state.portal:
            finish(state, True, out)
        else:
            state.fell_at = _location_name(state)
            finish(state, False, out)
        return
    for hero in state.heroes:
        if hero.eliminated and (hero.resurrect or state.shrine):
            hero.eliminated = False
            hero.hand_shown = False
            hero.resurrect = False
            out.say(f"{state.names[hero.seat]} is Resurrected.")
    state.shrine = False
    state.round += 1
    if state.round > state.options.max_rounds:
        state.fell_at = _location_name(state)
        finish(state, False, out, f"The dungeon outlasts the party ({state.options.max_rounds}"
                                  " rounds, house limit).")
        return
    nxt = (state.active + 1) % state.players
    state.queue.insert(0, StartTurn(seat=nxt))


def _location_name(state: HellbringerState) -> str:
    if not state.dungeon.locations:
        return "Graveyard"
    return card_id(state.dungeon.locations[-1]).capitalize()

