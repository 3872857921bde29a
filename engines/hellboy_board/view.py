"""The board as a plain dict: everything is public in this co-operative game."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engines.hellboy_board import flow, query, skill_tests, threats
from engines.hellboy_board.cards import EnemyCard, ThreatCard
from engines.hellboy_board.models import HBBoardState
from engines.hellboy_board.unknowns import unknowns_for


def prompt(s: HBBoardState) -> str | None:
    """What the table is waiting for, if anything."""
    if s.phase == "over":
        return None
    if s.test is not None:
        return skill_tests.request(s).prompt
    if s.draw is not None:
        return flow.draw_request(s).prompt
    for t in s.threats.values():
        if t.awaiting:
            return threats.ask(s, t)
    if s.phase == "enemy" and s.behaviour_due:
        names = ", ".join(query.card_of(s, s.enemies[e]).name for e in s.behaviour_due)
        return f"Draw {names}'s Behaviour card before any minion acts"
    return None


def next_doom_is_threat(s: HBBoardState) -> Fraction | None:
    """One unseen card, uniformly shuffled: the next card is it with chance 1/left."""
    deck = s.doom_deck
    if not deck.threat_inside or deck.threat_drawn or not deck.left:
        return None
    return Fraction(1, deck.left)


def warnings(s: HBBoardState) -> list[str]:
    """K6's caveat once an enemy runs wild, when the value matters; until then it is
    one of `/hbboard rules`'s transcription doubts, not two lines on every update."""
    found = (query.wild_warning(s, query.threat_card(s, t)) for t in s.threats.values()
             if t.runs_wild)
    return [w for w in found if w is not None]


def origin(s: HBBoardState, card: EnemyCard | ThreatCard) -> str:
    """Where a table's card comes from: the server's pack, typed in, or built in."""
    pack = s.options.pack
    listed = (pack.content.enemies if isinstance(card, EnemyCard) else pack.content.threats
              ) if pack is not None else ()
    if pack is not None and any(c.key == card.key for c in listed):
        return f"pack {pack.name}"
    if card.source == flow.TYPED_IN:
        return "typed in"
    return "built-in"


def presets(s: HBBoardState) -> list[dict[str, Any]]:
    """The table's library, enemies then threats: what `/hbboard preset` lists."""
    rows = [{"kind": "enemy", "key": c.key, "name": c.name, "origin": origin(s, c),
             "source": c.source, "verified": c.verified, "boss": c.boss}
            for c in s.cards.values()]
    rows += [{"kind": "threat", "key": t.key, "name": t.name, "origin": origin(s, t),
              "source": t.source, "verified": t.verified, "enemy": t.enemy}
             for t in s.threat_cards.values()]
    return rows


def board(s: HBBoardState) -> dict[str, Any]:
    marked = {t.marked: t for t in s.threats.values() if t.marked is not None}
    agents = []
    for a in s.agents.values():
        t = marked.get(a.id)
        title = query.threat_card(s, t).marks_lead_agent if t is not None else None
        agents.append({
            "id": a.id, "name": a.name, "seat": a.seat, "player": s.names[a.seat],
            "area": a.area, "cubes": a.cubes, "damage": a.damage, "health": a.health,
            "stunned": a.stunned, "knocked_out": a.knocked_out, "skills": dict(a.skills),
            "weapons": [w.model_dump() for w in a.weapons], "marked": title,
        })
    enemies = []
    for e in s.enemies.values():
        card = query.card_of(s, e)
        found = query.threat_of(s, e.id)
        prey = query.hunted(s, e.id)
        enemies.append({
            "id": e.id, "card": card.key, "name": card.name, "area": e.area, "damage": e.damage,
            "health": card.health, "left": card.health - e.damage, "move": card.move,
            "resilience": card.resilience, "range": card.range, "ranged": card.ranged,
            "melee": query.melee_of(s, e), "printed_melee": card.melee,
            "boss": found[0].boss if found is not None else card.boss,
            "hunting": prey.name if prey is not None else None,
            "runs_wild": bool(found and found[0].runs_wild),
            "threat": found[1].name if found else None,
            "keywords": [kw.name or kw.kind for kw in card.keywords], "text": card.text,
            "source": card.source, "verified": card.verified, "origin": origin(s, card),
        })
    threat_rows = []
    for t in s.threats.values():
        tcard = query.threat_card(s, t)
        threat_rows.append({
            "id": t.id, "name": tcard.name, "enemy": t.enemy, "trigger_marker": t.trigger_marker,
            "marked": s.agents[t.marked].name if t.marked in s.agents else None,
            "title": tcard.marks_lead_agent, "runs_wild": t.runs_wild, "boss": t.boss,
            "behaviour": t.behaviour.model_dump() if t.behaviour is not None else None,
            "awaiting": t.awaiting, "nobody_to_choose": threats.nobody_to_choose(s, t),
            "text": tcard.text, "caveats": list(tcard.caveats),
        })
    chance = next_doom_is_threat(s)
    dice = [s.dice[k] for k in ("yellow", "orange", "red", "black", "effect")]
    return {
        "round": s.round, "phase": s.phase, "starting_area": s.starting_area,
        "tracks": {
            "doom": s.tracks.doom, "doom_length": s.tracks.doom_length, "info": s.tracks.info,
            "priority": [s.agents[a].name for a in s.tracks.priority],
        },
        "agents": agents, "enemies": enemies, "threats": threat_rows,
        "doom_deck": {
            **s.doom_deck.model_dump(), "left": s.doom_deck.left,
            "next_is_threat": str(chance) if chance is not None else None,
        },
        "prompt": prompt(s),
        "last_test": s.last_test.model_dump() if s.last_test is not None else None,
        "options": {"leave_discard": s.options.leave_discard,
                    "wild_melee": s.options.wild_melee},
        "warnings": warnings(s),
        "unknowns": [u.model_dump() for u in unknowns_for(s)],
        "house_dice": any(not d.verified for d in dice),
        "result": s.result,
    }
