"""Player's Turn order and its edges: 1.1 Action Points, 1.3 discard and draw,
1.4 the co-op cadence, Respawn at the start of an eliminated player's turn.

Seed, 1.4: in solo the Enemies' Turn follows every Player's Turn; in co-op it
follows every two Player's Turns, the pairs rotating round the table (P1 P2 /
P3 P1 / P2 P3 with three). An eliminated player keeps their turn (to Respawn or
skip it), so a skipped turn still counts in the cadence (H4).
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.hellbringer import enemies
from engines.hellbringer.models import (
    Choose,
    Deal,
    HellbringerState,
    Instants,
    Stage,
    StartTurn,
    Step,
)
from engines.hellbringer.out import Out
from engines.hellbringer.stats import attribute_cards, stats


def start_turn(state: HellbringerState, seat: int, out: Out) -> None:
    state.phase = "player"
    state.active = seat
    hero = state.heroes[seat]
    hero.used, hero.primed, hero.fed, hero.traded = [], [], [], False
    if hero.eliminated:
        if can_respawn(state):
            state.queue.insert(0, Choose(what="respawn", seat=seat))
        else:
            out.say(f"{state.names[seat]} is eliminated and cannot Respawn: the turn is skipped.")
            finish_turn(state, seat, out)
        return
    hero.ap_spent = 0
    out.say(f"{state.names[seat]}'s turn: {stats(state, hero)['ap']} Action Points.")


def can_respawn(state: HellbringerState) -> bool:
    """'All players must remove a card from their Attribute Point section. If this
    action cannot be performed by one of the players, the eliminated player will
    not be able to reappear.' Solo never respawns: the game is already lost."""
    return state.players > 1 and all(attribute_cards(h) > 0 for h in state.heroes)


def respawn(state: HellbringerState, seat: int, yes: bool, out: Out) -> None:
    if not yes:
        out.say(f"{state.names[seat]} waits to be Resurrected; the turn is skipped.")
        finish_turn(state, seat, out)
        return
    if not can_respawn(state):
        raise RuleError("Every player needs an Attribute Point card to remove for a Respawn.")
    order = [(seat + i) % state.players for i in range(state.players)]
    state.queue[:0] = [Choose(what="remove_point", seat=order[0], rest=order[1:]),
                       Stage(name="respawned", seat=seat)]


def respawned(state: HellbringerState, seat: int, out: Out) -> None:
    hero = state.heroes[seat]
    hero.eliminated = False
    hero.hand_shown = False
    hero.ap_spent = 0
    out.say(f"{state.names[seat]} Respawns and begins their turn.")


def end_turn(state: HellbringerState, seat: int, discard: tuple[str, ...], out: Out) -> None:
    """1.3: discard any cards, then draw (or discard) to exactly the hand limit;
    Instants drawn act only once the hand is full, in the order drawn."""
    hero = state.heroes[seat]
    limit = stats(state, hero)["hand"]
    if len(set(discard)) != len(discard) or any(c not in hero.hand for c in discard):
        raise RuleError("Discard only cards in your hand, each once.")
    left = len(hero.hand) - len(discard)
    if left > limit:
        raise RuleError(f"Your hand limit is {limit}: discard {left - limit} more card(s).")
    for card in discard:
        hero.hand.remove(card)
        state.dungeon.discard.append(card)
    state.attack = None
    name, draws = state.names[seat], max(0, limit - left)
    if discard:
        out.say(f"{name} discards {len(discard)} and "
                + (f"draws {draws}." if draws else "ends the turn."))
    else:
        out.say(f"{name} ends the turn and draws {draws}." if draws else
                f"{name} ends the turn.")
    steps: list[Step] = []
    if limit > left:
        steps.append(Deal(seat=seat, count=limit - left))
        steps.append(Instants(seat=seat))
    steps.append(Stage(name="end_turn", seat=seat))
    state.queue[:0] = steps


def finish_turn(state: HellbringerState, seat: int, out: Out) -> None:
    """1.4: temporary effects end; the token passes, or the enemies strike."""
    hero = state.heroes[seat]
    hero.boosts = [b for b in hero.boosts if b.until != "turn"]
    state.dungeon.discard.extend(hero.temporary)
    hero.temporary = []
    hero.used, hero.primed, hero.fed = [], [], []
    state.attack = None
    state.player_turns += 1
    state.last_two = [*state.last_two, seat][-2:]
    state.in_pair += 1
    if state.players == 1 or state.in_pair >= 2:
        state.in_pair = 0
        enemies.begin(state, out)
        return
    state.queue.insert(0, StartTurn(seat=(seat + 1) % state.players))
