"""Computer players: simple, legal, and good enough to fill a table.

Pure and deterministic given the state (ties broken by the order candidates are
listed), so AI turns replay exactly. Every move is picked from the legal
candidates the rules modules accept.

- Humans: search unsearched rooms until the gateway opens; afterwards gather
  items for the Puzzle Solution, walk to the gateway's room and work the puzzle
  once their dice stand a chance; shoot Cenobites in sight, heal when hurt,
  keep useful items and drop harmful ones.
- A Human steered by Leviathan (robot, insane) walks towards the nearest
  Cenobite.
- Skinned Humans hunt a corpse to skin, drain the living, then go for the gate.
- Leviathan: play the most useful card, convert watched casualties, roll and
  walk Cenobites and Creatures towards the nearest Human, and attack with the
  statistic the victim defends worst.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache, lru_cache

from engines.core.errors import RuleError
from engines.hellraiser import items, legal, movement, powers, search, specials
from engines.hellraiser.balance import balance, tie_goes
from engines.hellraiser.board import Board, Square, graph, tile_at, tile_index, tile_squares
from engines.hellraiser.cards import SearchCard
from engines.hellraiser.decks import hand_cards
from engines.hellraiser.gateway import current_difficulty, in_gateway_tile
from engines.hellraiser.models import (
    Action,
    Attack,
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
    UseItem,
    UsePower,
)
from engines.hellraiser.query import (
    board,
    can_move_self,
    carrying_limit,
    cat,
    effective,
    find,
    gate_open,
    living_targets,
    stunned,
    turn_figure,
)
from engines.hellraiser.skinned import corpses_here
from engines.hellraiser.stats import GROUP_STATS, Group, get
from engines.hellraiser.tiles import STATS, TILE_COUNT

AI_STATS = (3, 4, 2, 4, 2, 3)
"""The AI's character: quick and sharp (rooms are searched with every statistic)."""

LEVIATHAN_CARD_ORDER = (
    "summon", "abomination", "torn_to_shreds", "trapped", "degeneracy", "drag", "tome",
    "plaything", "just_deserts", "insanity", "relentless", "darkness", "conversion",
)


def choose(s: HellraiserState, seat: int) -> Action:
    if s.phase == "create":
        return CreateCharacter(**dict(zip(STATS, AI_STATS, strict=True)))
    if s.pending:
        head = s.pending[0]
        assert isinstance(head, Choice)
        return Choose(option=_decide(s, head))
    fig = turn_figure(s)
    if fig is None:
        return _leviathan(s, seat)
    if fig.seat != seat:
        return _puppet(s, seat, fig)
    if fig.condition == "skinned":
        return _skinned(s, seat, fig)
    return _human(s, seat, fig)


# Decisions


def _decide(s: HellraiserState, head: Choice) -> str:
    if head.purpose == "damage":
        fig = find(s, head.figure or "")
        assert head.group is not None
        a, b = GROUP_STATS[head.group]
        # Keep both statistics above 0 as long as possible: spread the damage.
        return max(head.options, key=lambda k: min(get(fig.stats, a) - int(k),
                                                   get(fig.stats, b) - (head.points - int(k))))
    if head.purpose == "drop":
        fig = find(s, head.figure or "")
        cards = [cat().search[i.card] for i in fig.items]
        if s.puzzle is None and fig.condition == "alive":
            # Before the gateway opens, keep what is likeliest to open it: the opener
            # becomes the first Leviathan player.
            return max(head.options, key=lambda i: (
                _opening_chance(fig, [c for j, c in enumerate(cards) if j != int(i)]),
                -_worth(cards[int(i)], s)))
        return min(head.options, key=lambda i: _worth(cards[int(i)], s))
    return head.options[0]


def _opening_chance(fig: Figure, cards: list[SearchCard]) -> float:
    """The chance the next Hell number check opens the gateway with these items."""
    best = 0.0
    for stat in STATS:
        number = sum(c.modifier(stat) for c in cards)
        if number > 0:
            best = max(best, win_chance(number, get(fig.stats, stat)))
    return best


def _worth(card: SearchCard, s: HellraiserState) -> float:
    """How much a Human wants to carry an item."""
    value = float(sum(card.modifiers.values()))
    if s.puzzle is not None:
        value += 2 * card.modifier(s.puzzle.stat)
    if card.effect in ("ranged", "heal"):
        value += 2.5
    if card.effect in ("thrown", "torch"):
        value += 1
    return value


# Humans


def _human(s: HellraiserState, seat: int, fig: Figure) -> Action:
    found = _housekeeping(s, seat, fig)
    if found is not None:
        return found
    if gate_open(s):
        shot = _shoot(s, seat, fig)
        if shot is not None:
            return shot
    main = s.flags.main
    if main is None:
        if _ready_for_puzzle(s, fig):
            return SolvePuzzle()
        if _can(s, seat, Search()):
            return Search()
        goal = _goal(s, fig)
        if goal is not None:
            card = _move_card(s, seat, fig, goal)
            if card is not None:
                return card
            step = _wary_step(s, fig, goal,
                              movement.destinations(s, fig, movement.speed(s, fig)))
            if step is not None:
                return Move(to=step)
    return EndTurn()


DANGER = 3
"""A Human keeps more than this many squares (walking) from Leviathan's servants when it
can, unless it is on its way to work the puzzle."""


def _wary_step(s: HellraiserState, fig: Figure, goal: set[Square],
               options: dict[Square, int]) -> Square | None:
    """Like `_step`, but out of the hunters' reach first, then towards the goal."""
    hunters = {f.square for f in s.figures if f.square is not None and f.condition == "board"
               and (f.kind == "cenobite" or (f.kind == "creature" and f.seat is None))
               and not stunned(s, f)}
    gate = board(s).gateway
    to_puzzle = gate is not None and not goal.isdisjoint(tile_squares(tile_index(gate)))
    if not hunters or fig.square is None or to_puzzle:
        return _step(s, fig, goal, options)
    danger = _distances(s, hunters)
    dist = _distances(s, goal)

    def score(sq: Square) -> tuple[bool, int, int]:
        return danger.get(sq, 99) <= DANGER, dist.get(sq, 10_000), options.get(sq, 0)

    best = min([*options, fig.square], key=score)
    return None if best == fig.square else best


def _housekeeping(s: HellraiserState, seat: int, fig: Figure) -> Action | None:
    """Free and extra actions worth doing before the main one."""
    items = cat().search
    for i in fig.items:
        card = items[i.card]
        if _worth(card, s) < 0 and i.card not in s.flags.dropped:
            return Drop(item=i.card)
    if s.flags.main is None and len(fig.items) < carrying_limit(fig):
        for f in s.floor:
            if f.square == fig.square and _worth(items[f.item.card], s) > 0 \
                    and _can(s, seat, PickUp(item=f.item.card)):
                return PickUp(item=f.item.card)
    if not s.flags.item:
        for i in fig.items:
            card = items[i.card]
            if card.heal is not None and _hurt(fig, card.heal) >= 2 \
                    and _can(s, seat, UseItem(item=i.card)):
                return UseItem(item=i.card)
    if not s.flags.power and s.flags.main not in ("search",) \
            and _can(s, seat, UsePower()) and _power_helps(s, fig):
        return UsePower()
    return None


def _hurt(fig: Figure, group: Group) -> int:
    return sum(get(fig.start, st) - get(fig.stats, st) for st in GROUP_STATS[group])


def _power_helps(s: HellraiserState, fig: Figure) -> bool:
    tile = tile_at(board(s), fig.square or (0, 0))
    power = tile.power.id if tile.power is not None else None
    wants: dict[str, Group] = {
        "sanctuary": "spiritual", "medicine": "mental", "soothing_baths": "physical"}
    if power in wants:
        return _hurt(fig, wants[power]) >= 1
    if power == "shock_treatment":
        return _hurt(fig, "mental") >= 2 and get(fig.stats, "strength") + get(
            fig.stats, "speed") >= 4
    # The Reference books never help the AI: its Wits tests are searches, and a search
    # must be the turn's only activity, so using a power first would forbid it. Steam
    # with nobody to scald would forbid the search too, every turn (the old freeze).
    return power == "scalding_steam" and _servants_in_room(s, fig)


def _servants_in_room(s: HellraiserState, fig: Figure) -> bool:
    here = tile_index(fig.square or (0, 0))
    return any(f.kind in ("cenobite", "creature") and f.condition == "board"
               and f.square is not None and tile_index(f.square) == here for f in s.figures)


def _shoot(s: HellraiserState, seat: int, fig: Figure) -> Action | None:
    if s.flags.attacked:
        return None
    options = [a for a in legal.attacks(s, seat, [fig])
               if isinstance(a, Attack) and a.weapon is not None and a.target is not None
               and find(s, a.target).kind in ("cenobite", "creature")]
    return options[0] if options else None


@cache
def _totals(dice: int) -> tuple[float, ...]:
    """The exact distribution of the sum of `dice` six-sided dice (index = total)."""
    dist = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(dist) + 6)
        for total, p in enumerate(dist):
            for face in range(1, 7):
                nxt[total + face] += p / 6
        dist = nxt
    return tuple(dist)


@cache
def win_chance(mine: int, theirs: int, pips: int = 0) -> float:
    """P(the sum of `mine` dice beats the sum of `theirs` plus `pips`, never below 0):
    the puzzle's odds."""
    a, b = _totals(mine), _totals(theirs)
    if pips:
        shifted = [0.0] * (len(b) + max(0, pips))
        for total, p in enumerate(b):
            shifted[max(0, total + pips)] += p
        b = tuple(shifted)
    below = 0.0
    chance = 0.0
    for total, p in enumerate(a):
        chance += p * below
        if total < len(b):
            below += b[total]
    return chance


def _puzzle_odds(s: HellraiserState, fig: Figure) -> float:
    assert s.puzzle is not None
    cap = s.options.max_dice
    rules = balance(s)
    pips = rules.difficulty_pips - (tie_goes(rules, s.round) == "humans")  # an even roll wins too
    return win_chance(min(cap, effective(s, fig, s.puzzle.stat)),
                      min(cap, current_difficulty(s)), pips)


def _gate_distance(s: HellraiserState, sq: Square) -> int:
    gate = board(s).gateway
    assert gate is not None
    return _distances(s, {gate}).get(sq, 99)


def _ready_for_puzzle(s: HellraiserState, fig: Figure) -> bool:
    """Work the puzzle when the odds are fair, or when a failure only pulls one step."""
    if s.puzzle is None or fig.square is None or not in_gateway_tile(s, fig) \
            or not _can(s, fig.seat or 0, SolvePuzzle()):
        return False
    odds = _puzzle_odds(s, fig)
    late = s.round >= s.options.max_rounds - 2
    return odds >= 0.5 or late or (odds >= 0.2 and _gate_distance(s, fig.square) >= 2)


def _goal(s: HellraiserState, fig: Figure) -> set[Square] | None:
    """Where the Human heads: the gateway's room (its squares furthest from the gateway)
    when the puzzle's odds are worth it, else an unsearched room."""
    b = board(s)
    ready = s.puzzle is not None and b.gateway is not None and (
        _puzzle_odds(s, fig) >= 0.2 or s.round >= s.options.max_rounds - 8)
    if ready and b.gateway is not None:
        room = tile_squares(tile_index(b.gateway))
        far = {sq for sq in room if _gate_distance(s, sq) >= 2}
        return far or set(room)
    rooms = {sq for i in _rooms(b) if i not in fig.searched for sq in tile_squares(i)}
    return rooms or None


def _step(s: HellraiserState, fig: Figure, goal: set[Square],
          options: dict[Square, int]) -> Square | None:
    """The reachable square closest (by walking) to the goal; None if none helps."""
    if not options or fig.square is None:
        return None
    dist = _distances(s, goal)
    here = dist.get(fig.square, 10_000)
    best = min(options, key=lambda sq: (dist.get(sq, 10_000), options[sq]))
    return best if dist.get(best, 10_000) < here else None


def _distances(s: HellraiserState, goal: set[Square]) -> dict[Square, int]:
    """Walking distance to the nearest goal square (a multi-source search)."""
    return _walk(board(s), frozenset(goal))


@lru_cache(maxsize=512)
def _walk(b: Board, goal: frozenset[Square]) -> dict[Square, int]:
    """Memoised per map state (boards are immutable) and goal; callers only read it."""
    g = graph(b)
    dist = dict.fromkeys(goal, 0)
    frontier = deque(goal)
    while frontier:
        sq = frontier.popleft()
        for nxt in g[sq]:
            if nxt not in dist:
                dist[nxt] = dist[sq] + 1
                frontier.append(nxt)
    return dist


@lru_cache(maxsize=64)
def _rooms(b: Board) -> tuple[int, ...]:
    return tuple(i for i in range(TILE_COUNT) if tile_at(b, tile_squares(i)[0]).kind == "room")


def _move_card(s: HellraiserState, seat: int, fig: Figure, goal: set[Square]) -> Action | None:
    """The Move card that brings the character closest to the goal, if any helps."""
    if s.flags.card or not can_move_self(fig):
        return None
    best: tuple[Square, str] | None = None
    dist = _distances(s, goal)
    for card in dict.fromkeys(hand_cards(s, seat, "action")):
        spec = cat().action[card]
        if spec.effect != "move":
            continue
        reach = movement.destinations(s, fig, movement.human_steps(s, fig, spec.value))
        step = _step(s, fig, goal, reach)
        if step is not None and (best is None or dist.get(step, 10_000) < dist.get(
                best[0], 10_000)):
            best = (step, card)
    return PlayCard(card=best[1], square=best[0]) if best is not None else None


def _can(s: HellraiserState, seat: int, action: Action) -> bool:
    """Whether the rules accept `action` now (the same check `apply` runs)."""
    checks: dict[type, Callable[[], object]] = {
        Search: lambda: search.check(s, seat, action),  # type: ignore[arg-type]
        PickUp: lambda: items.check_pick_up(s, seat, action),  # type: ignore[arg-type]
        UseItem: lambda: items.check_use(s, seat, action),  # type: ignore[arg-type]
        UsePower: lambda: powers.check(s, seat, action),  # type: ignore[arg-type]
        SolvePuzzle: lambda: specials.check_solve(s, seat, action),  # type: ignore[arg-type]
    }
    try:
        checks[type(action)]()
    except RuleError:
        return False
    return True


# A Human steered by Leviathan, and Skinned Humans


def _puppet(s: HellraiserState, seat: int, fig: Figure) -> Action:
    if s.flags.main is None:
        cenobites = {c.square for c in s.figures
                     if c.kind == "cenobite" and c.condition == "board" and c.square is not None}
        if cenobites:
            step = _step(s, fig, cenobites,
                         movement.destinations(s, fig, movement.speed(s, fig)))
            if step is not None:
                return Move(to=step)
    return EndTurn()


def _skinned(s: HellraiserState, seat: int, fig: Figure) -> Action:
    found = _housekeeping(s, seat, fig)
    if found is not None:
        return found
    if s.flags.main is None:
        for corpse in corpses_here(s, fig):
            try:
                specials.check_skin(s, seat, Skin(corpse=corpse.id))
            except RuleError:
                continue
            return Skin(corpse=corpse.id)
        if fig.skin and _can(s, seat, SolvePuzzle()):
            return SolvePuzzle()
    drain = [a for a in legal.attacks(s, seat, [fig])
             if isinstance(a, Attack) and a.drain is not None]
    if drain:
        target = find(s, drain[0].target or "")
        best = max(drain, key=lambda a: get(target.stats, a.drain or "strength")
                   if a.target == target.id else -1)
        return best
    if s.flags.main is None:
        corpses = {f.square for f in s.figures if f.kind == "human" and f.condition == "corpse"
                   and not f.skinned_corpse and f.square is not None}
        b = board(s)
        goal: set[Square] | None
        if not fig.skin and corpses:
            goal = corpses
        elif fig.skin and b.gateway is not None:
            goal = set(tile_squares(tile_index(b.gateway)))
        else:
            goal = {h.square for h in living_targets(s)
                    if h.condition == "alive" and h.square is not None} or None
        if goal:
            step = _step(s, fig, goal, movement.destinations(s, fig, movement.speed(s, fig)))
            if step is not None:
                return Move(to=step)
    return EndTurn()


# Leviathan


UNUSED_BY_AI = frozenset({"surprise_attack", "key", "vision", "personal_hell", "justice"})
"""Leviathan cards the AI never plays (no simple sensible use), so it skips listing them."""


def _leviathan(s: HellraiserState, seat: int) -> Action:
    servants = legal.servants_of_leviathan(s)
    options: list[Action] = [*legal.card_plays(s, seat, "leviathan", UNUSED_BY_AI),
                             *legal.converts(s, seat, servants), *legal.main_options(s, seat)]
    for fig in servants:
        options += legal.figure_moves(s, seat, fig)
    options += legal.attacks(s, seat, servants)
    card = _leviathan_card(s, options)
    if card is not None:
        return card
    converts = [a for a in options if isinstance(a, Convert)]
    if converts:
        return max(converts, key=lambda a: a.strength)
    victims = {h.square for h in living_targets(s) if h.square is not None}
    if s.flags.main is None:
        movable = [a for a in options if isinstance(a, MoveFigure)
                   and find(s, a.figure).kind == "cenobite"]
        if RollMovement() in options and _cenobites_can_close_in(s, victims):
            return RollMovement()
        if DrawCard() in options and not movable:
            return DrawCard()
    moves = [a for a in options if isinstance(a, MoveFigure)]
    if moves and victims:
        step = _best_servant_move(s, moves, victims)
        if step is not None:
            return step
    attack = _best_attack(s, options)
    if attack is not None:
        return attack
    if s.flags.main is None and DrawCard() in options:
        return DrawCard()
    return EndTurn()


def _cenobites_can_close_in(s: HellraiserState, victims: set[Square]) -> bool:
    for c in s.figures:
        if c.kind == "cenobite" and c.condition == "board" and c.moved_round != s.round \
                and can_move_self(c) and c.square not in victims:
            return True
    return False


def _best_servant_move(s: HellraiserState, moves: list[MoveFigure],
                       victims: set[Square]) -> Action | None:
    dist = _distances(s, victims)
    best: tuple[int, MoveFigure] | None = None
    for m in moves:
        fig = find(s, m.figure)
        here = dist.get(fig.square or (0, 0), 10_000)
        there = dist.get(m.to, 10_000)
        if there < here and (best is None or (there, -here) < (best[0], 0)):
            best = (there, m)
    return best[1] if best is not None else None


def _best_attack(s: HellraiserState, options: list[Action]) -> Action | None:
    best: tuple[float, Action] | None = None
    for a in options:
        if not isinstance(a, Attack) or a.target is None:
            continue
        att, target = find(s, a.attacker or ""), find(s, a.target)
        if target.condition not in ("alive", "skinned"):
            continue
        mine = effective(s, att, a.stat) + (2 if att.power == "chattering" else 0)
        theirs = effective(s, target, a.stat)
        edge = mine - theirs
        if edge >= 0 and (best is None or edge > best[0]):
            best = (edge, a)
    return best[1] if best is not None else None


def _leviathan_card(s: HellraiserState, options: list[Action]) -> Action | None:
    plays = [(cat().leviathan[a.card].effect, a) for a in options if isinstance(a, PlayCard)]
    for wanted in LEVIATHAN_CARD_ORDER:
        for effect, a in plays:
            if effect != wanted:
                continue
            if wanted == "plaything":
                # Swap a statistic at 0 into place: the victim's other weakness shows.
                target = find(s, a.target or "")
                if a.stat is not None and a.stat2 is not None and (
                        get(target.stats, a.stat) == 0 or get(target.stats, a.stat2) == 0):
                    return a
                continue
            if wanted == "relentless" and s.flags.main not in (None, "cenobites"):
                continue
            return a
    return None
