"""The rules the companion enforces on enemies and agents: damage and its caps
(K9), defeat (U8, K7), an enemy's melee toll (K10), the leave-area toll (K4),
whom an enemy attacks (K3, Target Priority) and knock-outs (K5, K6).

Order within one step, as the card implies: cube payments, then damage, then the
defeat check and the discard cascade, then markers and targets. So a lethal
leave-area payment ends the threat before the move goes on.
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellboy_board import query, threats
from engines.hellboy_board.cards import DamageCap, EnemyCard, MeleeToll
from engines.hellboy_board.models import Agent, Enemy, HBBoardState
from engines.hellboy_board.query import Events, say


def hurt_enemy(
    s: HBBoardState, e: Enemy, amount: int, attack: str, tags: tuple[str, ...], events: Events
) -> int:
    """Damage an enemy, capped by its card (K9), then check for defeat. Returns the
    damage dealt."""
    card = query.card_of(s, e)
    dealt = amount
    kw = cap_for(card, attack, tags)
    if kw is not None and dealt > kw.most:
        say(events, "damage",
            f"{kw.name or card.name}: {card.name} takes at most {kw.most} damage from a"
            f" {attack.title()} with a {kw.weapon_tag} ({dealt} capped to {kw.most}).",
            rule=query.row("K9", card.key), enemy=e.id, amount=kw.most)
        dealt = kw.most
    mark_damage(s, e, dealt, events)
    return dealt


def cap_for(card: EnemyCard, attack: str, tags: tuple[str, ...]) -> DamageCap | None:
    """The lowest damage cap of the card that this attack meets (K9), if any."""
    caps = [kw for kw in card.keywords
            if isinstance(kw, DamageCap) and kw.attack == attack and kw.weapon_tag in tags]
    return min(caps, key=lambda kw: kw.most, default=None)


def mark_damage(s: HBBoardState, e: Enemy, dealt: int, events: Events) -> bool:
    """U8: damage markers on the enemy; at its Health it is defeated. Returns
    whether it was."""
    card = query.card_of(s, e)
    e.damage += dealt
    left = max(0, card.health - e.damage)
    say(events, "damage", f"{card.name} takes {dealt} damage (health {left}/{card.health}).",
        rule="U8", enemy=e.id, amount=dealt)
    if e.damage < card.health:
        return False
    found = query.threat_of(s, e.id)
    threats.remove_enemy(s, e.id)
    say(events, "defeated", f"{card.name} is defeated.", enemy=e.id)
    if found is not None and found[1].discard_on_defeat:
        threats.discard(s, found[0], f"{card.name} is defeated:",
                        query.row("K7", card.key), events)
    elif found is not None:
        say(events, "warning",
            f"{found[1].name} stays in play: follow its card for what happens now.", rule="U9")
    return True


def melee_toll(s: HBBoardState, e: Enemy, target: Agent, dealt: int, events: Events) -> None:
    """K10 (Die Ruten): from `cube_from` damage the target discards a cube if it can;
    from `stun_from` it is stunned instead."""
    card = query.card_of(s, e)
    for kw in card.keywords:
        if not isinstance(kw, MeleeToll):
            continue
        label = kw.name or card.name
        if kw.stun_from is not None and dealt >= kw.stun_from:
            target.stunned = True
            instead = " instead of discarding a cube" if kw.cube_from is not None else ""
            say(events, "stunned", f"{label}: {target.name} is stunned{instead}.",
                rule=query.row("K10", card.key), agent=target.id)
        elif kw.cube_from is not None and dealt >= kw.cube_from:
            if target.cubes > 0:
                target.cubes -= 1
                say(events, "cubes", f"{label}: {target.name} discards an action cube.",
                    rule=query.row("K10", card.key), agent=target.id, amount=1)
            else:
                say(events, "cubes", f"{label}: {target.name} has no action cube to discard.",
                    rule=query.row("K10", card.key), agent=target.id, amount=0)


def move_enemy(
    s: HBBoardState, e: Enemy, path: tuple[str, ...], declined: set[str], events: Events
) -> None:
    """Move along `path`. K4: leaving an area with agents, each of them (who has a
    cube and, under leave_discard=may, does not decline) discards one to deal the
    enemy the threat's damage; payments in one area are simultaneous, damage is
    direct (no Resilience), and a defeat stops the move."""
    card = query.card_of(s, e)
    found = query.threat_of(s, e.id)
    toll = found[1].leave_area_damage if found is not None else None
    if declined and toll is None:
        raise RuleError(f"Leaving an area costs nothing with {card.name}: nobody has to decline.")
    if declined and s.options.leave_discard == "each":
        raise RuleError("This table reads the card as 'they each discard' (option"
                        " leave_discard=each), so no agent may decline.")
    for step in path:
        left = e.area
        if step == left:
            raise RuleError(f"{card.name} is already in {query.area_words(step)}: list only the"
                            " areas it enters.")
        if toll is not None and left is not None and _leave_toll(s, e, left, toll, declined,
                                                                   events):
            return
        e.area = step
    say(events, "moved", f"{card.name} moves to {query.area_words(path[-1])}.", enemy=e.id)


def _leave_toll(
    s: HBBoardState, e: Enemy, left: str, toll: int, declined: set[str], events: Events
) -> bool:
    card = query.card_of(s, e)
    k4 = query.row("K4", card.key)
    here = [a for a in s.agents.values() if a.area == left and not a.knocked_out]
    payers = [a for a in here if a.cubes > 0 and a.id not in declined]
    for a in here:
        if a.cubes == 0:
            say(events, "cubes", f"{a.name} has no action cube to discard as {card.name} leaves.",
                rule=k4, agent=a.id, amount=0)
        elif a.id in declined:
            say(events, "cubes", f"{a.name} chooses not to discard a cube.", rule=k4,
                agent=a.id, amount=0)
    for a in payers:
        a.cubes -= 1
        say(events, "cubes",
            f"{card.name} leaves {query.area_words(left)}: {a.name} discards an action cube to"
            f" deal {card.name} {toll} damage.", rule=k4, agent=a.id, amount=1)
    if not payers:
        return False
    return mark_damage(s, e, toll * len(payers), events)


def attack_target(
    s: HBBoardState, e: Enemy, target: str | None, exclude: tuple[str, ...], events: Events
) -> Agent:
    """K3: a hunting enemy attacks only its prey. Otherwise the named agent, or the
    front eligible agent on Target Priority, whose token then goes to the back."""
    card = query.card_of(s, e)
    prey = query.hunted(s, e.id)
    if prey is not None:
        if target is not None and query.agent(s, target).id != prey.id:
            raise RuleError(
                f"{card.name} is hunting {prey.name} and ignores every other agent.")
        say(events, "hunting", f"{card.name} is hunting {prey.name}.",
            rule=query.row("K3", card.key), agent=prey.id, enemy=e.id)
        return prey
    if target is not None:
        return query.agent(s, target)
    skipped = {query.agent(s, ref).id for ref in exclude}
    order = s.tracks.priority
    for a_id in order:
        a = s.agents[a_id]
        if a.knocked_out or a_id in skipped:
            continue
        s.tracks.priority = (*(x for x in order if x != a_id), a_id)
        say(events, "track",
            f"Target Priority: {a.name} is at the front and is targeted, then moves to the back.",
            agent=a_id)
        return a
    raise RuleError("No agent on the Target Priority track is eligible: name the target.")


def enemy_attack(
    s: HBBoardState, e: Enemy, target: Agent, dealt: int, melee: bool, knocked_out: bool,
    events: Events,
) -> None:
    card = query.card_of(s, e)
    if target.knocked_out:
        raise RuleError(f"{target.name} is knocked out: revive them first if that is wrong.")
    if melee and e.area is not None and target.area is not None and e.area != target.area:
        raise RuleError(f"A melee attack reaches only its own area: {card.name} is in"
                        f" {query.area_words(e.area)}, {target.name} in"
                        f" {query.area_words(target.area)}.")
    kind = "melee" if melee else "ranged"
    target.damage += dealt
    say(events, "damage",
        f"{card.name}'s {kind} attack ({query.melee_of(s, e) if melee else card.ranged})"
        f" deals {target.name} {dealt} damage.", agent=target.id, enemy=e.id, amount=dealt)
    if melee:
        melee_toll(s, e, target, dealt, events)
    if not knocked_out:
        slots_full(target, events)
    if knocked_out:
        knock_out(s, target, e.id, events)


def slots_full(a: Agent, events: Events) -> None:
    """Damage on every slot of the agent's card, however it was dealt: the companion
    does not know the knock-out rule, so it asks the players."""
    if a.health is not None and a.damage >= a.health:
        say(events, "warning",
            f"{a.name}'s damage slots are full: if that knocks them out, say so"
            " (the companion does not know the knock-out rule).", agent=a.id)


def knock_out(s: HBBoardState, a: Agent, by: str | None, events: Events) -> None:
    """K5/K6 for the marked agent of every threat in play."""
    if a.knocked_out:
        raise RuleError(f"{a.name} is already knocked out.")
    a.knocked_out = True
    a.cubes = 0
    cause = f" by {query.card_of(s, s.enemies[by]).name}" if by in s.enemies else ""
    say(events, "knocked_out", f"{a.name} is knocked out{cause}.", agent=a.id)
    for t in list(s.threats.values()):
        if t.marked != a.id or t.runs_wild:
            continue
        card = query.threat_card(s, t)
        enemy = s.enemies.get(t.enemy)
        name = s.cards[card.enemy].name
        if by is not None and by == t.enemy and card.marked_knocked_out_by_enemy == "discard":
            if enemy is not None and enemy.id not in t.brought:
                threats.remove_enemy(s, enemy.id)
            threats.discard(s, t, f"{name} knocked out the {card.marks_lead_agent}: his duty"
                            " is done and he is removed from the board;",
                            query.row("K5", card.key), events)
        elif card.marked_knocked_out_otherwise == "run_wild":
            t.runs_wild = True
            wild = query.wild_melee(s, card)
            say(events, "wild",
                f"The {card.marks_lead_agent} was knocked out another way: {name} runs wild,"
                f" no longer ignores the other agents, and his melee attack is now {wild}.",
                rule=query.row("K6", card.key), enemy=t.enemy, amount=wild)
            warning = query.wild_warning(s, card)
            if warning is not None:
                say(events, "warning", warning, rule=query.row("K6", card.key), enemy=t.enemy)
