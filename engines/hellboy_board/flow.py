"""The case around the rules: setup, the round's phases, cubes, the HQ tracks and
the two decks the companion follows (Deck of Doom, a Boss's Behaviour deck).

The decks are the group's own cards, so a draw is a chance node whose item is a
card (`source='card'`), reported by a player: the companion never draws for the
table. It tracks the Deck of Doom abstractly (size, cards drawn, whether the
unseen threat is still inside), which is enough for the odds of the next card.
"""

from __future__ import annotations

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, validate_outcome
from engines.core.errors import RuleError
from engines.hellboy_board import query, threats
from engines.hellboy_board.actions import AddAgent, AddEnemy, DefineEnemy, SetUpCase
from engines.hellboy_board.cards import EnemyCard
from engines.hellboy_board.models import (
    CUBES_PER_ROUND,
    MAX_AGENTS,
    MAX_ENEMIES,
    MAX_INFO,
    ROUND,
    UNNAMED_START,
    Agent,
    Enemy,
    HBBoardState,
    PendingDraw,
)
from engines.hellboy_board.query import Events, say

OTHER = "other"
TYPED_IN = "typed in at the table from the group's card"
THREAT_PREFIX = "threat:"
BEHAVIOUR_HINT = "the Behaviour card's name, as printed"


def set_up_case(s: HBBoardState, action: SetUpCase, events: Events) -> None:
    """U2: the case may add one Unexpected Threat, unseen, to the Deck of Doom. Naming
    the starting area names it for whoever is already there (it is the same area)."""
    if action.starting_area is not None:
        if s.starting_area == UNNAMED_START:
            pieces: list[Agent | Enemy] = [*s.agents.values(), *s.enemies.values()]
            for piece in pieces:
                if piece.area == UNNAMED_START:
                    piece.area = action.starting_area
        s.starting_area = action.starting_area
    if action.doom_length is not None:
        s.tracks.doom_length = action.doom_length
    if action.doom_deck is not None:
        s.doom_deck.size = action.doom_deck
    if action.threat_shuffled_in is not None:
        if action.threat_shuffled_in and not s.threat_cards:
            raise RuleError("There are no Unexpected Threat cards in this table's library.")
        s.doom_deck.threat_inside = action.threat_shuffled_in
    inside = " with one unseen Unexpected Threat shuffled in" if s.doom_deck.threat_inside else ""
    size = f"{s.doom_deck.size} cards" if s.doom_deck.size is not None else "size not given"
    start = ("the starting area is not named" if s.starting_area == UNNAMED_START
             else f"the starting area is {s.starting_area}")
    doom = (f"; Impending Doom has {s.tracks.doom_length} spaces"
            if s.tracks.doom_length is not None else "")
    say(events, "setup", f"Case set up: {start}{doom}; the Deck of Doom has {size}{inside}.",
        rule="U2" if s.doom_deck.threat_inside else None)


def add_agent(s: HBBoardState, seat: int, action: AddAgent, events: Events) -> None:
    a_id = query.slug(action.name)
    if a_id in s.agents:
        raise RuleError(f"There is already an agent called {s.agents[a_id].name}.")
    if len(s.agents) >= MAX_AGENTS:
        raise RuleError(f"A table can follow at most {MAX_AGENTS} agents.")
    owner = seat if action.seat is None else action.seat
    if not 0 <= owner < len(s.names):
        raise RuleError(f"Seat {owner + 1} is not at this table.")
    cubes = CUBES_PER_ROUND if s.phase != "setup" else 0
    area = action.area or s.starting_area
    s.agents[a_id] = Agent(id=a_id, name=action.name, seat=owner, skills=dict(action.skills),
                           health=action.health, area=area, weapons=action.weapons, cubes=cubes)
    s.tracks.priority = (*s.tracks.priority, a_id)
    say(events, "setup", f"{action.name} joins the case in {query.area_words(area)}, run by"
        f" {s.names[owner]}, at the back of Target Priority.", agent=a_id)


def define_enemy(s: HBBoardState, action: DefineEnemy, events: Events) -> None:
    """A card typed in from the group's box, and (usually) its figures put in play."""
    if action.key in s.cards:
        card = s.cards[action.key]
        raise RuleError(f"There is already an enemy card '{action.key}' ({card.name}): put it"
                        " in play with `/hbboard preset`, or choose another key.")
    card = EnemyCard(**action.model_dump(exclude={"type", "area", "count", "new_area"}),
                     source=TYPED_IN, verified=True)
    s.cards[action.key] = card
    if action.count:
        _check_room(s, action.count)
    say(events, "setup", f"Enemy card {action.name} ({action.key}) added.")
    _put_in_play(s, card, action.area, action.count, events)


def add_enemy(s: HBBoardState, action: AddEnemy, events: Events) -> None:
    card = s.cards.get(action.card) or s.cards.get(query.slug(action.card))
    if card is None:
        raise RuleError(f"There is no enemy card '{action.card}' (cards: {', '.join(s.cards)}).")
    _check_room(s, action.count)
    _put_in_play(s, card, action.area, action.count, events)


def _check_room(s: HBBoardState, count: int) -> None:
    if len(s.enemies) + count > MAX_ENEMIES:
        raise RuleError(f"A table can follow at most {MAX_ENEMIES} enemies at once"
                        f" ({len(s.enemies)} in play).")


def _put_in_play(s: HBBoardState, card: EnemyCard, area: str | None, count: int,
                 events: Events) -> None:
    for _ in range(count):
        e = Enemy(id=query.new_id(s, card.key, s.enemies), card=card.key, area=area)
        s.enemies[e.id] = e
        where = f" in {query.area_words(e.area)}" if e.area else " (not placed yet)"
        say(events, "setup", f"{card.name} ({e.id}) comes into play{where}.", enemy=e.id)


def next_phase(s: HBBoardState, events: Events) -> None:
    if s.phase == "setup":
        if not s.agents:
            raise RuleError("Add at least one agent before the first round.")
        _start_round(s, events)
        return
    if s.phase == "enemy" and s.behaviour_due:
        raise RuleError(f"Draw {_names(s, s.behaviour_due)}'s Behaviour card first: a Boss acts"
                        " before the minions, and the phase can't end without it.")
    if s.phase == "end":
        _start_round(s, events)
        return
    s.phase = ROUND[ROUND.index(s.phase) + 1]
    say(events, "phase", f"Round {s.round}: {s.phase.title()} phase.")


def _start_round(s: HBBoardState, events: Events) -> None:
    """P4: each agent takes 3 action cubes at the start of a round (unspent cubes
    are lost: an inference). A knocked-out agent takes none (house)."""
    s.round += 1
    s.phase = "enemy"
    for a in s.agents.values():
        a.cubes = 0 if a.knocked_out else CUBES_PER_ROUND
    say(events, "phase", f"Round {s.round}: Enemy phase. Every agent takes"
        f" {CUBES_PER_ROUND} action cubes.")
    s.behaviour_due = tuple(
        t.enemy for t in s.threats.values()
        if t.behaviour is not None and t.enemy in s.enemies
    )
    if s.behaviour_due:
        say(events, "behaviour", f"Draw {_names(s, s.behaviour_due)}'s Behaviour card before"
            " any minion acts.", rule="U7")


def _names(s: HBBoardState, enemy_ids: tuple[str, ...]) -> str:
    return " and ".join(query.card_of(s, s.enemies[e]).name for e in enemy_ids)


def check_minions_may_act(s: HBBoardState) -> None:
    """U7: in the Enemy phase a Boss's Behaviour card is drawn before any minion acts
    (the Boss acts through its card, so it waits for the draw too)."""
    if s.phase == "enemy" and s.behaviour_due:
        raise RuleError(f"Draw {_names(s, s.behaviour_due)}'s Behaviour card first: a Boss"
                        " acts before any minion is activated.")


def spend(s: HBBoardState, a: Agent, n: int, why: str, events: Events) -> None:
    if a.cubes < n:
        raise RuleError(f"{a.name} has {query.count_of(a.cubes, 'action cube')} left.")
    a.cubes -= n
    reason = f" ({why})" if why else ""
    say(events, "cubes", f"{a.name} spends {query.count_of(n, 'action cube')}{reason}.",
        agent=a.id, amount=n)


def move_agent(s: HBBoardState, a: Agent, area: str, cubes: int, events: Events) -> None:
    if a.area == area:
        raise RuleError(f"{a.name} is already in {query.area_words(area)}.")
    if cubes:
        spend(s, a, cubes, "move", events)
    here = [e.id for e in s.enemies.values() if a.area is not None and e.area == a.area]
    if here:
        say(events, "warning", f"Leaving enemies ({', '.join(here)}): dodge and take 1 damage,"
            " or let them follow (move them).", agent=a.id)
    a.area = area
    say(events, "moved", f"{a.name} moves to {query.area_words(area)}.", agent=a.id)


def advance_doom(s: HBBoardState, steps: int, events: Events) -> None:
    """P20: the Impending Doom track; reaching its end starts the Confrontation."""
    top = s.tracks.doom_length if s.tracks.doom_length is not None else 99
    s.tracks.doom = max(0, min(top, s.tracks.doom + steps))
    end = f"/{s.tracks.doom_length}" if s.tracks.doom_length is not None else ""
    say(events, "track", f"Impending Doom: {s.tracks.doom}{end}.", amount=s.tracks.doom)
    if s.tracks.doom_length is not None and s.tracks.doom >= s.tracks.doom_length:
        say(events, "track", "The Impending Doom track is at its end: the Confrontation begins.")


def gather_info(s: HBBoardState, steps: int, events: Events) -> None:
    s.tracks.info = max(0, min(MAX_INFO, s.tracks.info + steps))
    say(events, "track", f"Information Gathered: {s.tracks.info}.", amount=s.tracks.info)


# --- the decks: draws are the group's cards, reported ------------------------------


def draw_doom(s: HBBoardState) -> None:
    if s.doom_deck.left is not None and s.doom_deck.left <= 0:
        raise RuleError(f"The Deck of Doom is empty ({s.doom_deck.drawn} drawn); correct its"
                        " size if that is wrong.")
    s.draw = PendingDraw(deck="doom")


def draw_behaviour(s: HBBoardState, ref: str) -> None:
    e = query.enemy(s, ref)
    found = query.threat_of(s, e.id)
    if found is None or found[0].behaviour is None:
        raise RuleError(f"{query.card_of(s, e).name} has no Behaviour deck (only a Boss does).")
    s.draw = PendingDraw(deck="behaviour", enemy=e.id)


def doom_item(s: HBBoardState) -> ChanceItem:
    """The next Doom card: another card, or one of the threats that may be inside.
    With the deck's size known, the weights make P(threat) = 1 / cards left."""
    deck = s.doom_deck
    keys = sorted(s.threat_cards) if deck.threat_inside and not deck.threat_drawn else []
    left = deck.left if deck.left is not None else 2
    options, weights, labels = [], [], []
    if not keys or left > 1:
        options.append(OTHER)
        weights.append(max(1, len(keys) * (left - 1)) if keys else 1)
        labels.append("another Doom card")
    for key in keys:
        options.append(THREAT_PREFIX + key)
        weights.append(1)
        labels.append(f"Unexpected Threat: {s.threat_cards[key].name}")
    return ChanceItem(key="doom", label="Deck of Doom card", options=options, weights=weights,
                      labels=labels, source="card")


def draw_request(s: HBBoardState) -> ChanceRequest:
    assert s.draw is not None
    if s.draw.deck == "doom":
        item = doom_item(s)
        prompt = "Draw the top card of the Deck of Doom and say what it is"
    else:
        assert s.draw.enemy is not None
        name = query.card_of(s, s.enemies[s.draw.enemy]).name
        item = ChanceItem(key="behaviour", label=f"{name}'s Behaviour card",
                          open_hint=BEHAVIOUR_HINT, source="card")
        prompt = f"Draw {name}'s Behaviour card, resolve it, and name it"
    return ChanceRequest(prompt=prompt, items=[item], reporters="any")


def resolve_draw(s: HBBoardState, outcome: ChanceOutcome, events: Events) -> None:
    validate_outcome(draw_request(s), outcome)
    draw = s.draw
    assert draw is not None
    value = outcome.values[0].strip()
    if draw.deck == "behaviour":
        if not 1 <= len(value) <= 80:
            raise RuleError("Name the Behaviour card in 1 to 80 characters.")
        assert draw.enemy is not None
        found = query.threat_of(s, draw.enemy)
        assert found is not None and found[0].behaviour is not None
        deck = found[0].behaviour
        deck.drawn += 1
        deck.last = value
        s.behaviour_due = tuple(e for e in s.behaviour_due if e != draw.enemy)
        s.draw = None
        say(events, "behaviour", f"Behaviour card drawn: {value}. Resolve it; then the minions"
            " act.", rule="U7", enemy=draw.enemy)
        return
    s.draw = None
    s.doom_deck.drawn += 1
    if value == OTHER:
        say(events, "doom", "A Doom card is drawn: resolve it from the card.", rule="U1")
        return
    s.doom_deck.threat_drawn = True
    threats.bring_in(s, s.threat_cards[value.removeprefix(THREAT_PREFIX)], events)
