"""Unexpected Threats: a drawn threat comes into play with its enemy (U3-U6), and
discarding it discards whatever it brought (U9)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellboy_board import query
from engines.hellboy_board.cards import ThreatCard
from engines.hellboy_board.models import BehaviourDeck, Enemy, HBBoardState, Threat
from engines.hellboy_board.query import Events, say


def bring_in(s: HBBoardState, card: ThreatCard, events: Events) -> Threat:
    """U4: the threat card and its Enemy card go into play. U5: an enemy of that card
    already in play (in a minion slot) stays where it is and is not the threat's to
    discard. K1: a threat that says so sets its enemy up in the starting area."""
    enemy_card = s.cards[card.enemy]
    existing = next(
        (e for e in s.enemies.values() if e.card == card.enemy and e.brought_by is None), None
    )
    t_id = query.new_id(s, card.key, s.threats)
    say(events, "threat", f"Unexpected Threat drawn: {card.name} (enemy: {enemy_card.name}).",
        rule="U3")
    if existing is not None:
        e = existing
        brought: tuple[str, ...] = ()
        say(events, "threat", f"{enemy_card.name} is already in play: it stays where it is.",
            rule="U5", enemy=e.id)
    else:
        area = s.starting_area if card.setup_in_starting_area else None
        e = Enemy(id=query.new_id(s, enemy_card.key, s.enemies), card=enemy_card.key,
                  area=area, brought_by=t_id)
        s.enemies[e.id] = e
        brought = (e.id,)
        where = f" in {query.area_words(area)}" if area else ": place it as the card says"
        say(events, "threat", f"{card.name} and {enemy_card.name} are put in play{where}.",
            rule=query.row("K1", card.key) if card.setup_in_starting_area else "U4", enemy=e.id)
    t = Threat(id=t_id, card=card.key, enemy=e.id, brought=brought,
               trigger_marker=card.trigger_marker, boss=enemy_card.boss)
    s.threats[t.id] = t
    if card.trigger_marker:
        say(events, "threat", f"{card.name} is in play with a trigger marker on it.",
            rule=query.row("K2", card.key))
    if enemy_card.boss:
        _make_boss(s, t, None, events)
    t.awaiting = needs_choices(s, t)
    if t.awaiting:
        say(events, "threat", ask(s, t),
            rule=query.row("K2", card.key) if card.marks_lead_agent else "U6")
    return t


def needs_choices(s: HBBoardState, t: Threat) -> bool:
    card = query.threat_card(s, t)
    return (card.marks_lead_agent is not None and t.marked is None) or t.boss is None


def nobody_to_choose(s: HBBoardState, t: Threat) -> bool:
    """The card wants a lead agent and every agent is knocked out (or none is in the
    case yet): the table would wait for a choice nobody can make, so reviving or
    adding an agent is let through the wait (found by random play, issue 23)."""
    card = query.threat_card(s, t)
    return (card.marks_lead_agent is not None and t.marked is None
            and all(a.knocked_out for a in s.agents.values()))


def ask(s: HBBoardState, t: Threat) -> str:
    card = query.threat_card(s, t)
    asks = []
    if card.marks_lead_agent is not None:
        asks.append(f"choose the lead agent (the {card.marks_lead_agent})")
    if t.boss is None:
        name = s.cards[card.enemy].name
        asks.append(f"say whether {name} is a Boss (does the card show Behaviour icons?)")
    first = ("revive an agent or add one, as every agent is knocked out, then "
             if nobody_to_choose(s, t) else "")
    return f"To resolve {card.name}: {first}" + " and ".join(asks) + "."


def resolve_choices(
    s: HBBoardState, t: Threat, lead: str | None, boss: bool | None, size: int | None,
    events: Events,
) -> None:
    """K2: the lead agent, chosen by the players, takes the reaction marker. U6: a
    Boss gets its Behaviour deck."""
    card = query.threat_card(s, t)
    if card.marks_lead_agent is not None:
        if lead is None:
            raise RuleError(f"Choose the lead agent: they become the {card.marks_lead_agent}.")
        chosen = query.agent(s, lead)
        if chosen.knocked_out:
            raise RuleError(f"{chosen.name} is knocked out: choose an agent still in the game.")
        t.marked = chosen.id
        say(events, "hunting",
            f"{chosen.name} takes the reaction marker: they are the {card.marks_lead_agent}.",
            rule=query.row("K2", card.key), agent=chosen.id)
        if card.hunts_marked:
            name = s.cards[card.enemy].name
            say(events, "hunting",
                f"{name} hunts {chosen.name} and ignores all other agents.",
                rule=query.row("K3", card.key), agent=chosen.id, enemy=t.enemy)
    elif lead is not None:
        raise RuleError(f"{card.name} has no lead agent to choose.")
    if t.boss is None:
        if boss is None:
            raise RuleError("Say whether the enemy is a Boss (its card shows Behaviour icons).")
        t.boss = boss
        if boss:
            _make_boss(s, t, size, events)
    elif boss is not None and boss != t.boss:
        raise RuleError("The enemy card already says whether it is a Boss.")
    t.awaiting = False


def _make_boss(s: HBBoardState, t: Threat, size: int | None, events: Events) -> None:
    t.behaviour = BehaviourDeck(size=size)
    name = s.cards[s.enemies[t.enemy].card].name
    say(events, "behaviour",
        f"{name} is a Boss: shuffle the Behaviour cards whose icons match its card into its"
        " Behaviour deck; each Enemy phase one is drawn before any minion acts.",
        rule="U6", enemy=t.enemy)
    if s.phase == "enemy" and t.enemy in s.enemies and t.enemy not in s.behaviour_due:
        s.behaviour_due = (*s.behaviour_due, t.enemy)
        say(events, "behaviour", f"It is the Enemy phase: draw {name}'s Behaviour card before"
            " any minion acts.", rule="U7", enemy=t.enemy)


def discard(s: HBBoardState, t: Threat, why: str, rule: str | None, events: Events) -> None:
    """U9: the threat goes, with every card it put in play (its Behaviour deck too);
    an enemy that was already in play before it stays."""
    card = query.threat_card(s, t)
    del s.threats[t.id]
    s.discard = (*s.discard, t.id)
    gone = [e for e in t.brought if e in s.enemies]
    names = [query.card_of(s, s.enemies[e]).name for e in gone]
    for e_id in gone:
        remove_enemy(s, e_id)
    also = f" with {' and '.join(names)}" if names else ""
    say(events, "discarded", f"{why} {card.name} is discarded{also}.", rule=rule, enemy=t.enemy)


def remove_enemy(s: HBBoardState, e_id: str) -> None:
    del s.enemies[e_id]
    s.discard = (*s.discard, e_id)
    s.behaviour_due = tuple(e for e in s.behaviour_due if e != e_id)
