"""Every legal action of a seat, for buttons, AI seats and random-play tests.

Candidates are generated from what is on the map and in the hand, then kept
only if the same check `apply` runs accepts them, so the list and the rules
cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from itertools import product
from typing import Any, TypeVar

from engines.core.errors import RuleError
from engines.hellraiser import (
    cardplay,
    cenobites,
    combat,
    furniture,
    items,
    movement,
    powers,
    search,
    specials,
)
from engines.hellraiser.board import (
    SIZE,
    Edge,
    doorways,
    furniture_at,
    room_furniture,
    tile_index,
    walls_between_tiles,
)
from engines.hellraiser.cards import DECKS, DeckName
from engines.hellraiser.decks import hand_cards
from engines.hellraiser.models import (
    Action,
    Attack,
    BreakFree,
    Choice,
    Choose,
    Convert,
    CreateCharacter,
    DrawCard,
    Drop,
    EndTurn,
    Figure,
    HellraiserState,
    Move,
    MoveFigure,
    PickUp,
    PlayCard,
    RollMovement,
    Search,
    Skin,
    SolvePuzzle,
    UseFurniture,
    UseItem,
    UsePower,
)
from engines.hellraiser.query import (
    board,
    can_move_self,
    cat,
    effective,
    find,
    role,
    square_of,
    turn_controller,
    turn_figure,
)
from engines.hellraiser.stats import CREATION_MAX, CREATION_MIN, CREATION_POINTS, GROUP_STATS
from engines.hellraiser.tiles import STATS
from engines.hellraiser.turns import check_draw, waiting_seat

A = TypeVar("A")


def _keep(check: Callable[[Any], object], candidates: Iterable[A]) -> list[A]:
    kept = []
    for c in candidates:
        try:
            check(c)
        except RuleError:
            continue
        kept.append(c)
    return kept


def actions(s: HellraiserState, seat: int) -> list[Action]:
    if s.phase == "create":
        if 0 <= seat < s.seats and s.created[seat] is None:
            return list(_creations())
        return []
    if waiting_seat(s) != seat:
        return []
    if s.pending:
        head = s.pending[0]
        assert isinstance(head, Choice)
        return [Choose(option=o) for o in head.options]
    if turn_figure(s) is not None:
        return character_actions(s, seat)
    return leviathan_actions(s, seat)


@cache
def _creations() -> tuple[CreateCharacter, ...]:
    """Every legal character: 18 points over six statistics, each 1 to 6 (3,431 of them)."""
    spreads = (p for p in product(range(CREATION_MIN, CREATION_MAX + 1), repeat=len(STATS))
               if sum(p) == CREATION_POINTS)
    return tuple(CreateCharacter(**dict(zip(STATS, p, strict=True))) for p in spreads)


def character_actions(s: HellraiserState, seat: int) -> list[Action]:
    fig = turn_figure(s)
    assert fig is not None and turn_controller(s) == seat
    out: list[Action] = [EndTurn()]
    if s.flags.main is None and can_move_self(fig):
        out += [Move(to=sq) for sq in movement.destinations(s, fig, movement.speed(s, fig))]
    out += _keep(lambda a: search.check(s, seat, a),
                 [Search(deck="search"), Search(deck="action")])
    out += _keep(lambda a: furniture.check(s, seat, a), _furniture_candidates(s, fig, None))
    out += _keep(lambda a: specials.check_solve(s, seat, a), [SolvePuzzle()])
    out += _keep(lambda a: specials.check_skin(s, seat, a),
                 [Skin(corpse=c.id) for c in _corpses_here(s, fig)])
    out += _keep(lambda a: specials.check_break_free(s, seat, a), [BreakFree()])
    attackers = [fig, *(f for f in s.figures if f.kind == "creature"
                        and f.condition == "board" and f.seat == s.turn)]
    out += attacks(s, seat, attackers)
    if fig.seat == seat:
        out += card_plays(s, seat, "action")
    power_cards: list[str | None] = [None, *dict.fromkeys(hand_cards(s, seat, "action"))]
    out += _keep(lambda a: powers.check(s, seat, a), [UsePower(card=c) for c in power_cards])
    out += _keep(lambda a: items.check_use(s, seat, a),
                 [UseItem(item=c) for c in dict.fromkeys(i.card for i in fig.items)])
    here = fig.square
    floor = dict.fromkeys(f.item.card for f in s.floor if f.square == here)
    out += _keep(lambda a: items.check_pick_up(s, seat, a), [PickUp(item=c) for c in floor])
    out += [Drop(item=c) for c in dict.fromkeys(i.card for i in fig.items)]
    for creature in attackers[1:]:
        out += figure_moves(s, seat, creature)
    return out


def leviathan_actions(s: HellraiserState, seat: int) -> list[Action]:
    out: list[Action] = [EndTurn(), *main_options(s, seat)]
    servants = servants_of_leviathan(s)
    for fig in servants:
        out += figure_moves(s, seat, fig)
        if fig.kind == "cenobite":
            out += _keep(lambda a: furniture.check(s, seat, a),
                         _furniture_candidates(s, fig, fig.id))
    out += attacks(s, seat, servants)
    out += card_plays(s, seat, "leviathan")
    out += converts(s, seat, servants)
    return out


def main_options(s: HellraiserState, seat: int) -> list[Action]:
    """Rolling the Cenobites' movement and drawing a Leviathan card, where legal."""
    out: list[Action] = []
    out += _keep(lambda a: movement.check_cenobite_roll(s, seat), [RollMovement()])
    out += _keep(lambda a: check_draw(s, seat), [DrawCard()])
    return out


def servants_of_leviathan(s: HellraiserState) -> list[Figure]:
    return [f for f in s.figures if f.condition == "board"
            and (f.kind == "cenobite" or (f.kind == "creature" and f.seat is None))]


def card_plays(s: HellraiserState, seat: int, deck: DeckName,
               skip: frozenset[str] = frozenset()) -> list[Action]:
    """Every legal play of every card in the hand (effects in `skip` left out)."""
    out: list[Action] = []
    for card in dict.fromkeys(hand_cards(s, seat, deck)):
        effect = (cat().leviathan[card].effect if deck == "leviathan"
                  else cat().action[card].effect)
        if effect in skip:
            continue
        if effect == "surprise_attack" and deck == "leviathan":
            out += _surprises(s, seat, card)
        else:
            out += _keep(lambda a: cardplay.check(s, seat, a), _card_candidates(s, seat, card))
    return out


def converts(s: HellraiserState, seat: int, servants: list[Figure]) -> list[Action]:
    out: list[Action] = []
    for c in (f for f in servants if f.kind == "cenobite" and f.watch is not None):
        casualty = find(s, c.watch or "")
        low, high = cenobites.creature_split(cenobites.creature_points(s, casualty))
        out += _keep(lambda a: cenobites.check_convert(s, seat, a),
                     [Convert(cenobite=c.id, casualty=casualty.id, strength=n)
                      for n in range(low, high + 1)])
    return out


def _corpses_here(s: HellraiserState, fig: Figure) -> list[Figure]:
    return [f for f in s.figures if f.kind == "human" and f.condition == "corpse"
            and f.square == fig.square]


def _furniture_candidates(s: HellraiserState, fig: Figure, by: str | None) -> list[UseFurniture]:
    if fig.square is None or s.flags.main is not None:
        return []
    b = board(s)
    tile = tile_index(fig.square)
    out: list[UseFurniture] = []
    for placed in room_furniture(b, tile):
        if placed.square != fig.square:
            continue
        fid = placed.furniture.id
        for use in placed.furniture.uses:
            if use == "obstacle":
                out += [UseFurniture(tile=tile, furniture=fid, use=use, doorway=e, by=by)
                        for e in doorways(b, tile)]
            else:
                out += [UseFurniture(tile=tile, furniture=fid, use=use, target=t.id, by=by)
                        for t in s.figures if t.square is not None and t.id != fig.id]
    return out


def attacks(s: HellraiserState, seat: int, attackers: list[Figure]) -> list[Action]:
    if s.flags.attacked:
        return []
    out: list[Action] = []
    b = board(s)
    for att in attackers:
        if att.square is None or not _keep(lambda a: combat.check_attacker(s, seat, a),
                                           [Attack(attacker=att.id)]):
            continue
        candidates: list[Attack] = []
        for target in s.figures:
            if target.square is None or target.id == att.id:
                continue
            for stat in combat.attack_stats(att):
                candidates.append(Attack(attacker=att.id, target=target.id, stat=stat))
            if att.kind == "human":
                candidates += [Attack(attacker=att.id, target=target.id, weapon=i.card)
                               for i in att.items
                               if cat().search[i.card].effect in ("ranged", "thrown")]
                if att.condition == "skinned":
                    candidates += [Attack(attacker=att.id, target=target.id, drain=st)
                                   for st in STATS]
        doors: list[Edge] = [x.edge for x in b.blocked_doorways if att.square in x.edge]
        candidates += [Attack(attacker=att.id, doorway=e) for e in doors]
        candidates += [Attack(attacker=att.id, furniture=f.furniture.id)
                       for f in furniture_at(b, att.square)]
        out += _keep(lambda a: combat.check_attack(s, seat, a), dict.fromkeys(candidates))
    return out


def figure_moves(s: HellraiserState, seat: int, fig: Figure) -> list[Action]:
    if fig.moved_round == s.round or not can_move_self(fig):
        return []
    if fig.kind == "cenobite":
        steps = min(movement.CENOBITE_MAX, s.flags.budget)
        hops = movement.hop_targets(s, fig)
    else:
        steps = effective(s, fig, "speed")
        hops = []
    squares = [*movement.destinations(s, fig, steps), *hops]
    return _keep(lambda a: movement.check_figure_move(s, seat, a),
                 [MoveFigure(figure=fig.id, to=sq) for sq in dict.fromkeys(squares)])


def _card_candidates(s: HellraiserState, seat: int, card: str) -> list[PlayCard]:
    deck = "leviathan" if role(s, seat) == "leviathan" else "action"
    effect = cat().leviathan[card].effect if deck == "leviathan" else cat().action[card].effect
    figures = [f.id for f in s.figures if f.square is not None]
    if effect in ("move", "key"):
        return [PlayCard(card=card, target=t, square=sq)
                for t, sq in _square_targets(s, seat, card, effect)]
    if effect == "surprise_attack":
        return _surprises(s, seat, card)
    if effect == "memories":
        return [PlayCard(card=card, target=f, stat=st)
                for f in figures for st in cardplay.MEMORY_STATS]
    if effect == "tome" and deck == "action":
        return [PlayCard(card=card, stat=a, stat2=b)
                for a in GROUP_STATS["spiritual"] for b in GROUP_STATS["mental"]]
    if effect == "plaything":
        return [PlayCard(card=card, target=f, stat=a, stat2=b)
                for f in figures for a in STATS for b in STATS if a < b]
    if effect == "vision" and deck == "action":
        return [PlayCard(card=card, seat=x) for x in s.leviathans]
    if effect == "vision":
        return [PlayCard(card=card, option=d) for d in DECKS]
    if effect == "clue":
        return [PlayCard(card=card, option=o)
                for o in [None, *sorted(s.decks["action"].discard)]]
    if effect == "think_harder":
        return [PlayCard(card=card, stat=st) for st in GROUP_STATS["mental"]]
    if effect == "summon":
        portal = cat().leviathan[card].portal
        assert portal is not None
        return [PlayCard(card=card, target=c.id, square=sq)
                for c in cenobites.waiting(s, portal) for sq in cenobites.entry_squares(s, portal)]
    if effect in ("resurrection", "conversion", "personal_hell", "trapped", "tome", "drag"):
        return [PlayCard(card=card, target=f) for f in figures]
    return [PlayCard(card=card)]


def _surprises(s: HellraiserState, seat: int, card: str) -> list[PlayCard]:
    """Surprise Attack lists hundreds of squares: each Cenobite is checked once, with
    its first hidden square, and every hidden square follows (they differ in nothing
    the check looks at)."""
    out: list[PlayCard] = []
    by_cenobite: dict[str | None, list[tuple[int, int]]] = {}
    for t, sq in _square_targets(s, seat, card, "surprise_attack"):
        by_cenobite.setdefault(t, []).append(sq)
    for target, squares in by_cenobite.items():
        first = PlayCard(card=card, target=target, square=squares[0])
        if _keep(lambda a: cardplay.check(s, seat, a), [first]):
            out += [PlayCard(card=card, target=target, square=sq) for sq in squares]
    return out


def _square_targets(s: HellraiserState, seat: int, card: str,
                    effect: str) -> list[tuple[str | None, tuple[int, int]]]:
    if effect == "move":
        fig = turn_figure(s)
        if fig is None:
            return []
        steps = movement.human_steps(s, fig, cat().action[card].value)
        return [(None, sq) for sq in movement.destinations(s, fig, steps)]
    b = board(s)
    if effect == "key":
        out: list[tuple[str | None, tuple[int, int]]] = []
        for c in cardplay.active_cenobites(s):
            here = square_of(c)
            for e in walls_between_tiles(b, tile_index(here)):
                if here in e:
                    out.append((None, e[1] if e[0] == here else e[0]))
        return list(dict.fromkeys(out))
    seen = cardplay.watched(s)
    hidden = [(x, y) for y in range(SIZE) for x in range(SIZE) if (x, y) not in seen]
    return [(c.id, sq) for c in cardplay.active_cenobites(s) for sq in hidden]

