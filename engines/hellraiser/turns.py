"""The game's sequence: character creation, laying the map, turns and rounds, and
the pending queue that settles rolls, draws, damage and choices in order.

Every action or chance outcome may leave work behind (a roll to make, damage to
split, a card to draw). That work waits in `state.pending`, front first:
automatic steps (damage with a forced split, turn ends) run at once; a roll,
a random draw or a map tile stops for a chance node; a `Choice` stops for the
player who owes it.

A round is every seat's turn in seat order (the house Leviathan of a solo game
last). A Leviathan player has turns only while the gateway is open; a player
out of the game has none. House: at the end of a round Cenobites keep watch
over casualties, pinned figures count down, and the permanently insane wander.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import TypeVar

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, validate_outcome
from engines.core.errors import RuleError
from engines.hellraiser import (
    cardplay,
    cenobites,
    combat,
    furniture,
    gateway,
    items,
    movement,
    powers,
    search,
    specials,
)
from engines.hellraiser.board import Board, Square, tile_at, tile_origin
from engines.hellraiser.checks import leviathan_turn, main_free, require
from engines.hellraiser.damage import (
    check_carry,
    choose_split,
    damageable,
    deal,
    drop_item,
    recover,
)
from engines.hellraiser.decks import can_draw, needs_chance, take_drawn
from engines.hellraiser.dice import read, successes
from engines.hellraiser.mapgen import generate, is_complete, new_layout, place, to_board
from engines.hellraiser.models import (
    Action,
    Attack,
    BreakFree,
    CharacterCreated,
    Choice,
    Choose,
    Continue,
    Convert,
    CreateCharacter,
    Damage,
    DiceRolled,
    Draw,
    DrawCard,
    Drop,
    EndTurn,
    Figure,
    HellraiserState,
    LayMap,
    LayTile,
    MapLaid,
    Move,
    MoveFigure,
    PickUp,
    PlayCard,
    Roll,
    RollMovement,
    Search,
    Skin,
    SolvePuzzle,
    TurnStarted,
    TurnState,
    UseFurniture,
    UseItem,
    UsePower,
)
from engines.hellraiser.query import (
    Out,
    board,
    find,
    gate_open,
    hid,
    maybe,
    order,
    role,
    seat_name,
    turn_controller,
    turn_figure,
    update,
    zero,
)
from engines.hellraiser.stats import check_creation
from engines.hellraiser.tiles import TILE_COUNT
from engines.hellraiser.victory import check as check_victory
from engines.hellraiser.victory import finish, round_limit

START_TILE = "reception"
"""House: every character starts in the middle of the Reception (the way in)."""


# Setup: characters, then the map


def create(s: HellraiserState, seat: int, a: CreateCharacter, out: Out) -> None:
    require(s.phase == "create", "Characters are created before the map is laid.")
    require(0 <= seat < s.seats and s.created[seat] is None,
            "Your character is already created.")
    check_creation(a.stats())
    created = list(s.created)
    created[seat] = a.stats()
    s.created = tuple(created)
    if not out.quiet:
        out.add(CharacterCreated(seat=seat, text=f"{s.names[seat]} creates a character."))
    if all(c is not None for c in s.created):
        begin_map(s)


MAP_NUMBERS = 999
"""Physical mode's map numbers: each names one fixed, connected layout."""


def begin_map(s: HellraiserState) -> None:
    s.phase = "map"
    if s.options.mode == "physical" and s.options.physical_map == "number":
        s.pending = [LayMap()]
        return
    s.layout = new_layout()
    s.pending = [LayTile()]


@cache
def map_request() -> ChanceRequest:
    """House (physical mode): one report — any number 1 to 999, e.g. from three dice or
    a page of a book — picks the layout; the group builds it from the printed tiles as
    the board shows it. Faster than reporting ~40 tiles, and just as random."""
    options = [str(n) for n in range(1, MAP_NUMBERS + 1)]
    return ChanceRequest(
        prompt="Choose a map number (1 to 999) for the Channard Institute",
        items=[ChanceItem(key="map", label="map number", options=options, source="card")],
        reporter=0,
    )


def lay_numbered_map(s: HellraiserState, outcome: ChanceOutcome, out: Out) -> None:
    """The layout a map number names: the map engineer's own tile-by-tile chance nodes,
    resolved from a generator seeded by that number (deterministic, so it replays)."""
    validate_outcome(map_request(), outcome)
    s.board = generate(random.Random(f"hellraiser-map:{outcome.values[0]}"))
    if not out.quiet:
        out.add(MapLaid(tiles=TILE_COUNT,
                        text=f"Map number {outcome.values[0]}: the Institute is laid out."))
    start_play(s, out)


def lay_tile(s: HellraiserState, outcome: ChanceOutcome, out: Out) -> None:
    assert s.layout is not None
    s.layout = place(s.layout, outcome)
    if not is_complete(s.layout):
        s.pending.insert(0, LayTile())
        return
    s.board = to_board(s.layout)
    s.layout = None
    if not out.quiet:
        out.add(MapLaid(tiles=TILE_COUNT, text="The Channard Institute is laid out."))
    start_play(s, out)


def start_square(b: Board) -> Square:
    index = next((i for i, p in enumerate(b.tiles) if p.tile == START_TILE), None)
    if index is None:
        index = next(i for i in range(TILE_COUNT)
                     if tile_at(b, tile_origin(i)).kind == "room")
    x, y = tile_origin(index)
    return x + 1, y + 1


def start_play(s: HellraiserState, out: Out) -> None:
    square = start_square(board(s))
    for seat in range(s.seats):
        stats = s.created[seat]
        assert stats is not None
        s.figures.append(Figure(id=hid(seat), kind="human", name=s.names[seat], seat=seat,
                                condition="alive", square=square, stats=stats, start=stats))
    s.phase = "play"
    s.round = 1
    start_turn(s, 0, out)


# Turns and rounds


def eligible(s: HellraiserState, seat: int) -> bool:
    r = role(s, seat)
    if r == "leviathan":
        return gate_open(s)
    if r in ("human", "skinned"):
        fig = find(s, hid(seat))
        return fig.square is not None and fig.condition in ("alive", "skinned")
    return False


def start_turn(s: HellraiserState, seat: int, out: Out) -> None:
    s.turn = seat
    s.turn_no += 1
    s.flags = TurnState()
    s.effects = [e for e in s.effects
                 if not (e.seat == seat and e.kind in ("darkness", "think_harder"))]
    s.visions.pop(seat, None)
    if not out.quiet:
        out.add(TurnStarted(seat=seat, round=s.round, role=role(s, seat),
                            controller=turn_controller(s),
                            text=f"Round {s.round}: {seat_name(s, seat)}'s turn."))


def end_turn(s: HellraiserState, out: Out) -> None:
    fig = turn_figure(s)
    if fig is not None:
        if zero(fig, "creativity") and fig.condition == "alive":
            update(s, fig.id, insane_turns=fig.insane_turns + 1)
        kept = []
        for e in s.effects:
            if e.kind == "insanity" and e.figure == fig.id:
                if e.turns > 1:
                    kept.append(e.model_copy(update={"turns": e.turns - 1}))
            else:
                kept.append(e)
        s.effects = kept
    s.last_turn[s.turn] = s.turn_no
    seats = order(s)
    position = seats.index(s.turn) if s.turn in seats else -1
    for nxt in seats[position + 1:]:
        if eligible(s, nxt):
            start_turn(s, nxt, out)
            return
    end_round(s)


def end_round(s: HellraiserState) -> None:
    cenobites.keep_watch(s)
    for f in list(s.figures):
        if f.pinned > 0:
            update(s, f.id, pinned=f.pinned - 1)
    wander = movement.wander_roll(s)
    s.pending[0:0] = [wander, Continue(step="next_round")] if wander else \
        [Continue(step="next_round")]


def next_round(s: HellraiserState, out: Out) -> None:
    s.round += 1
    if round_limit(s, out):
        return
    recover(s, out)
    first = next((seat for seat in order(s) if eligible(s, seat)), None)
    if first is None:
        finish(s, (), "Nobody is left to play.", out)
        return
    start_turn(s, first, out)


# Actions

Handler = Callable[[HellraiserState, int, Action, Out], None]
A = TypeVar("A", bound=Action)


def act(s: HellraiserState, seat: int, action: Action, out: Out) -> None:
    """Check and carry out one action on `s` (a copy the caller may throw away)."""
    if isinstance(action, CreateCharacter):
        create(s, seat, action, out)
        return
    require(s.phase == "play", "The game is not under way." if s.phase != "over"
            else "The game is over.")
    head = s.pending[0] if s.pending else None
    if isinstance(action, Choose):
        require(isinstance(head, Choice), "There is no decision to make right now.")
        assert isinstance(head, Choice)
        require(head.seat == seat, "This decision isn't yours.")
        require(action.option in head.options,
                f"Choose one of: {', '.join(head.labels)}.")
        s.pending.pop(0)
        choose(s, head, action.option, out)
        return
    if head is not None:
        if isinstance(head, Choice):
            raise RuleError(f"Waiting for {seat_name(s, head.seat)} to decide first.")
        raise RuleError("Waiting for a roll or a card first.")
    require(seat == turn_controller(s), f"It is {seat_name(s, turn_controller(s))}'s turn.")
    HANDLERS[type(action)](s, seat, action, out)


def _end(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
    end_turn(s, out)


def _move(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
    assert isinstance(a, Move)
    fig = movement.check_move(s, seat, a)
    s.flags = s.flags.model_copy(update={"main": "move"})
    movement.start_move(s, seat, fig, a.to, out)


def _roll_movement(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
    movement.start_cenobite_roll(s, seat)


def check_draw(s: HellraiserState, seat: int) -> None:
    leviathan_turn(s, seat)
    main_free(s)
    require(can_draw(s, "leviathan"), "The Leviathan deck is used up.")


def _draw(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
    check_draw(s, seat)
    s.flags = s.flags.model_copy(update={"main": "draw"})
    s.pending.insert(0, Draw(deck="leviathan", seat=seat, purpose="turn"))


def _create(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
    raise RuleError("Characters are created before the map is laid.")


def _choose(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
    raise RuleError("There is no decision to make right now.")


def _rule(kind: type[A], rule: Callable[[HellraiserState, int, A], None]) -> Handler:
    """A rules module's entry point for one action type, as a handler `act` can call."""

    def handle(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
        assert isinstance(a, kind)
        rule(s, seat, a)

    return handle


def _told(kind: type[A], rule: Callable[[HellraiserState, int, A, Out], None]) -> Handler:
    """`_rule` for entry points that report events as they go."""

    def handle(s: HellraiserState, seat: int, a: Action, out: Out) -> None:
        assert isinstance(a, kind)
        rule(s, seat, a, out)

    return handle


HANDLERS: dict[type, Handler] = {
    EndTurn: _end, Move: _move, Search: _rule(Search, search.start),
    UseFurniture: _rule(UseFurniture, furniture.start),
    SolvePuzzle: _rule(SolvePuzzle, specials.solve), Skin: _told(Skin, specials.start_skin),
    BreakFree: _rule(BreakFree, specials.break_free), Attack: _told(Attack, combat.start_attack),
    PlayCard: _told(PlayCard, cardplay.play), UsePower: _told(UsePower, powers.use),
    UseItem: _rule(UseItem, items.use), PickUp: _rule(PickUp, items.pick_up),
    Drop: _rule(Drop, items.drop), RollMovement: _roll_movement,
    MoveFigure: _told(MoveFigure, movement.move_figure), DrawCard: _draw,
    Convert: _told(Convert, cenobites.convert), CreateCharacter: _create, Choose: _choose,
}


def choose(s: HellraiserState, head: Choice, option: str, out: Out) -> None:
    if head.purpose == "damage":
        choose_split(s, head, option, out)
    elif head.purpose == "drop":
        assert head.figure is not None
        drop_item(s, head.figure, int(option))
        check_carry(s, head.figure)
    elif head.purpose == "banish":
        assert head.figure is not None
        gateway.banish(s, option, head.figure, out)
    else:
        powers.order(s, option)


# Chance


def resolve(s: HellraiserState, outcome: ChanceOutcome, out: Out) -> None:
    require(bool(s.pending), "Nothing needs rolling or drawing right now.")
    head = s.pending[0]
    if isinstance(head, LayTile):
        s.pending.pop(0)
        lay_tile(s, outcome, out)
        return
    if isinstance(head, LayMap):
        s.pending.pop(0)
        lay_numbered_map(s, outcome, out)
        return
    if isinstance(head, Draw):
        require(needs_chance(s, head), "Nothing needs drawing right now.")
        card = take_drawn(s, head, outcome)
        s.pending.pop(0)
        search.drawn(s, head, card, out)
        return
    require(isinstance(head, Roll), "Waiting for a decision, not a roll.")
    assert isinstance(head, Roll)
    dice = read(head, outcome)
    s.pending.pop(0)
    rolled(s, head, dice, out)


def rolled(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    if not out.quiet:
        target = roll.number if roll.purpose in ("search", "furniture") else 4
        out.add(DiceRolled(
            purpose=roll.purpose, dice=dice, successes=[successes(d, target) for d in dice],
            totals=[sum(d) for d in dice], labels=list(roll.labels), target=target,
            seat=roll.seat, stat=roll.stat, item=roll.item, ranged=roll.ranged,
            aimed_at=_aimed_at(s, roll),
            against="doorway" if roll.doorway is not None
            else "furniture" if roll.furniture is not None else "figure",
            text=f"{', '.join(roll.labels)}: " + " vs ".join(
                " ".join(str(x) for x in d) or "no dice" for d in dice),
        ))
    ROLLS[roll.purpose](s, roll, dice, out)


def _aimed_at(s: HellraiserState, roll: Roll) -> str:
    """An attack's target by name, for the roll's line (figures only)."""
    target = maybe(s, roll.target) if roll.purpose == "attack" and roll.target else None
    return target.name if target is not None else ""


def _cenobite_roll(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    movement.on_cenobite_roll(s, dice)


ROLLS: dict[str, Callable[[HellraiserState, Roll, list[list[int]], Out], None]] = {
    "search": search.on_roll, "attack": combat.on_attack, "hell": gateway.on_hell,
    "puzzle": gateway.on_puzzle, "furniture": furniture.on_roll,
    "cenobite_move": _cenobite_roll, "degenerate": movement.on_degenerate,
    "shot": combat.on_shot, "heal": items.on_heal, "wander": movement.on_wander,
    "break_free": specials.on_break_free,
}


def run(s: HellraiserState, out: Out) -> None:
    """Settle every automatic step at the front of the queue."""
    while s.pending and s.phase != "over":
        head = s.pending[0]
        if isinstance(head, Choice) and stale(s, head):
            s.pending.pop(0)
            continue
        if isinstance(head, (LayTile, LayMap, Choice)):
            break
        if isinstance(head, Roll):
            if sum(head.groups) > 0:
                break
            s.pending.pop(0)
            rolled(s, head, [[] for _ in head.groups], out)
        elif isinstance(head, Draw):
            s.pending.pop(0)
            if not search.settle_draw(s, head, out):
                s.pending.insert(0, head)
                break
        elif isinstance(head, Damage):
            s.pending.pop(0)
            deal(s, head, out)
        else:
            assert isinstance(head, Continue)
            s.pending.pop(0)
            if head.step == "end_turn":
                end_turn(s, out)
            else:
                next_round(s, out)
        check_victory(s, out)
    check_victory(s, out)


def stale(s: HellraiserState, choice: Choice) -> bool:
    """A decision overtaken by events: the figure left the map or cannot be hurt any
    more (e.g. sucked into Hell while an over-the-limit drop was pending)."""
    if choice.figure is None or choice.purpose not in ("drop", "damage"):
        return False
    return not damageable(find(s, choice.figure))


def waiting_seat(s: HellraiserState) -> int | None:
    """Who must act now (None while a chance node is pending or the game is over)."""
    if s.phase == "create":
        return None
    if s.phase != "play":
        return None
    if s.pending:
        head = s.pending[0]
        return head.seat if isinstance(head, Choice) else None
    return turn_controller(s)

