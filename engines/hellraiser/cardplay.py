"""Playing Action and Leviathan cards.

"Play an appropriate action card" is one of a Human's 'in addition' options
(house: one card a turn, and only by the character's own player — a Leviathan
player steering a robot has no Action cards). A Leviathan player may "play an
appropriate Leviathan card" (one a turn). Each effect checks what it needs
(`check`) before anything changes, then acts (`play`). The card texts and the
house readings are in the deck packs and docs/games/hellraiser.md.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.hellraiser.board import (
    DIRECTIONS,
    Square,
    graph,
    in_bounds,
    in_sight,
    open_key_doorway,
    step_towards,
    tile_index,
    tile_squares,
    walls_between_tiles,
)
from engines.hellraiser.cards import DECKS, ActionCard, DeckName, LeviathanCard
from engines.hellraiser.cenobites import (
    creature_points,
    enter,
    entry_squares,
    make_creature,
    may_enter,
)
from engines.hellraiser.checks import (
    extras_free,
    figure_on_board,
    leviathan_turn,
    main_free,
    own_character_turn,
    require,
)
from engines.hellraiser.combat import check_attack, start_attack
from engines.hellraiser.damage import kill, queue, set_role, set_stats
from engines.hellraiser.decks import can_draw, discard, give, take_from_hand
from engines.hellraiser.models import (
    PHANTOM,
    Attack,
    CardPlayed,
    Damage,
    Draw,
    Effect,
    Figure,
    HellraiserState,
    PlayCard,
    Vision,
)
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.movement import destinations, human_steps, place, start_move
from engines.hellraiser.query import (
    Out,
    alive_humans,
    board,
    cat,
    cenobites_on_map,
    effective,
    effects,
    find,
    hand,
    holds,
    in_personal_hell,
    living_targets,
    role,
    same_tile,
    square_of,
    stunned,
    turn_figure,
    update,
)
from engines.hellraiser.stats import GROUP_STATS, LABEL, RAISED_MAX, get, with_stat
from engines.hellraiser.tiles import STATS, Stat

MEMORY_STATS: tuple[Stat, ...] = ("creativity", "wits", "morality", "willpower")
TOME_POINTS = 2
RESURRECTION_ROUNDS = 2
VISION_CARDS = 3


def deck_of(s: HellraiserState, seat: int) -> DeckName:
    return "leviathan" if role(s, seat) == "leviathan" else "action"


def check(s: HellraiserState, seat: int, a: PlayCard) -> ActionCard | LeviathanCard:
    require(not s.flags.card, "You already played a card this turn.")
    deck = deck_of(s, seat)
    require(f"{deck}:{a.card}" in hand(s, seat), "That card is not in your hand.")
    if deck == "action":
        fig = own_character_turn(s, seat)
        extras_free(s)
        spec = cat().action[a.card]
        require(not spec.on_draw, f"{spec.name} acts when drawn; it is never played.")
        ACTION_CHECKS[spec.effect](s, seat, fig, a)
        return spec
    leviathan_turn(s, seat)
    lev = cat().leviathan[a.card]
    require(not lev.on_draw, f"{lev.name} acts when drawn; it is never played.")
    LEVIATHAN_CHECKS[lev.effect](s, seat, lev, a)
    return lev


def play(s: HellraiserState, seat: int, a: PlayCard, out: Out) -> None:
    spec = check(s, seat, a)
    deck = deck_of(s, seat)
    take_from_hand(s, seat, deck, a.card)
    discard(s, deck, a.card)
    s.flags = s.flags.model_copy(update={"card": True})
    if not out.quiet:
        out.add(CardPlayed(seat=seat, deck=deck, card=a.card, text=f"{spec.name}: {spec.text}"))
    if isinstance(spec, ActionCard):
        fig = turn_figure(s)
        assert fig is not None
        ACTION_EFFECTS[spec.effect](s, seat, fig, spec, a, out)
    else:
        LEVIATHAN_EFFECTS[spec.effect](s, seat, spec, a, out)


# Action cards

ActionCheck = Callable[[HellraiserState, int, Figure, PlayCard], None]
ActionDo = Callable[[HellraiserState, int, Figure, ActionCard, PlayCard, Out], None]


def _value(a: PlayCard) -> int:
    return cat().action[a.card].value


def _check_move(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    steps = human_steps(s, fig, _value(a))
    require(a.square is not None and a.square in destinations(s, fig, steps),
            f"Name a square {fig.name} can reach in {steps} step(s).")


def _do_move(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
             out: Out) -> None:
    assert a.square is not None
    start_move(s, seat, fig, a.square, out)


def _check_before_main(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    main_free(s)


def _do_run(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
            out: Out) -> None:
    s.flags = s.flags.model_copy(update={"run": True})


def _do_surge(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
              out: Out) -> None:
    s.flags = s.flags.model_copy(update={"surge": True})


def _check_reload(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    require(holds(fig, "ranged"), "You carry no gun to reload.")
    require(not any(effects(s, "reload", fig.id)), "Your gun is already reloaded.")


def _do_reload(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
               out: Out) -> None:
    s.effects.append(Effect(kind="reload", seat=seat, figure=fig.id))


def _memories_attack(a: PlayCard) -> Attack:
    return Attack(target=a.target, stat=a.stat or "wits")


def _check_memories(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    target = figure_on_board(s, a.target)
    require(target.kind == "cenobite", "Memories of a past life works against a Cenobite.")
    require(a.stat in MEMORY_STATS,
            "Choose Creativity, Wits, Morality or Willpower for the attack.")
    check_attack(s, seat, _memories_attack(a), MEMORY_STATS)


def _do_memories(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
                 out: Out) -> None:
    start_attack(s, seat, _memories_attack(a), out, MEMORY_STATS)


def _check_tome(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    require(a.stat in GROUP_STATS["spiritual"] and a.stat2 in GROUP_STATS["mental"],
            "Move points from Morality or Willpower to Creativity or Wits.")
    assert a.stat is not None
    require(get(fig.stats, a.stat) > 0, f"Your {LABEL[a.stat]} has no points to move.")


def _do_tome(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
             out: Out) -> None:
    assert a.stat is not None and a.stat2 is not None
    n = min(TOME_POINTS, get(fig.stats, a.stat))
    stats = with_stat(fig.stats, a.stat, get(fig.stats, a.stat) - n)
    stats = with_stat(stats, a.stat2, min(RAISED_MAX, get(stats, a.stat2) + n))
    set_stats(s, fig.id, stats, None, out)


def _check_resurrection(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    corpse = figure_on_board(s, a.target)
    require(corpse.kind == "human" and corpse.condition == "corpse",
            "Resurrection raises a Human corpse.")
    require(corpse.died_round is not None
            and s.round - corpse.died_round <= RESURRECTION_ROUNDS,
            "Too late: Resurrection works within 2 rounds of the death.")


def _do_resurrection(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard,
                     a: PlayCard, out: Out) -> None:
    corpse = find(s, a.target or "")
    stats = corpse.stats
    for dest in ("strength", "speed"):
        donors = [st for st in STATS[2:] if get(stats, st) > 0]
        if donors:
            src = max(donors, key=lambda st: get(stats, st))
            stats = with_stat(stats, src, get(stats, src) - 1)
            stats = with_stat(stats, dest, get(stats, dest) + 1)
    update(s, corpse.id, condition="alive", died_round=None, soul_in_hell=False)
    if not out.quiet:
        out.add(Changed(figure=corpse.id, change="resurrected",
                        text=f"{corpse.name} rises from the dead!"))
    if corpse.seat is not None:
        set_role(s, corpse.seat, "human", out)
    set_stats(s, corpse.id, stats, None, out)
    here = square_of(corpse)
    b = board(s)
    queue(s, *(Damage(target=h.id, group="mental", points=1) for h in alive_humans(s)
               if h.id != corpse.id and h.square is not None and in_sight(b, h.square, here)))


def _check_conversion(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    creature = figure_on_board(s, a.target)
    require(creature.kind == "creature" and creature.condition == "board",
            "Conversion takes a Creature.")
    require(creature.seat != seat, "You already control it.")
    require(same_tile(square_of(creature), square_of(fig)), "The Creature must be in your room.")


def _do_conversion(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
                   out: Out) -> None:
    creature = update(s, a.target or "", seat=seat)
    if not out.quiet:
        out.add(Changed(figure=creature.id, change="controlled",
                        text=f"{s.names[seat]} takes control of {creature.name}."))


def _check_vision(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    require(a.seat is not None and a.seat in s.leviathans, "Name a Leviathan player.")


def _do_vision(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
               out: Out) -> None:
    assert a.seat is not None
    cards = tuple(r.split(":", 1)[1] for r in hand(s, a.seat))
    who = "the house Leviathan" if a.seat == PHANTOM else s.names[a.seat]
    s.visions[seat] = Vision(what=f"{who}'s hand", cards=cards)


def _check_clue(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    if a.option is None:
        require(can_draw(s, "action"), "The Action deck is empty.")
    else:
        require(s.decks["action"].discard.get(a.option, 0) > 0
                and a.option != a.card, "That card is not in the Action discard pile.")


def _do_clue(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
             out: Out) -> None:
    if a.option is None:
        s.pending.insert(0, Draw(deck="action", seat=seat, purpose="clue", actor=fig.id,
                                 count=2))
        return
    pile = s.decks["action"].discard
    pile[a.option] -= 1
    if pile[a.option] == 0:
        del pile[a.option]
    give(s, seat, "action", a.option)


def _check_think(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    require(a.stat in GROUP_STATS["mental"], "Think harder doubles Creativity or Wits.")


def _do_think(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
              out: Out) -> None:
    assert a.stat is not None
    s.effects.append(Effect(kind="think_harder", seat=seat, figure=fig.id, stat=a.stat,
                            amount=effective(s, fig, a.stat)))


def _never(s: HellraiserState, seat: int, fig: Figure, a: PlayCard) -> None:
    require(False, "That card acts when drawn.")


def _nothing(s: HellraiserState, seat: int, fig: Figure, spec: ActionCard, a: PlayCard,
             out: Out) -> None:
    return


ACTION_CHECKS: dict[str, ActionCheck] = {
    "move": _check_move, "run": _check_before_main, "reload": _check_reload,
    "surge": _check_before_main, "memories": _check_memories, "tome": _check_tome,
    "escape": _never, "resurrection": _check_resurrection, "conversion": _check_conversion,
    "vision": _check_vision, "clue": _check_clue, "think_harder": _check_think,
    "hurt_self": _never,
}
ACTION_EFFECTS: dict[str, ActionDo] = {
    "move": _do_move, "run": _do_run, "reload": _do_reload, "surge": _do_surge,
    "memories": _do_memories, "tome": _do_tome, "escape": _nothing,
    "resurrection": _do_resurrection, "conversion": _do_conversion, "vision": _do_vision,
    "clue": _do_clue, "think_harder": _do_think, "hurt_self": _nothing,
}


# Leviathan cards

LevCheck = Callable[[HellraiserState, int, LeviathanCard, PlayCard], None]
LevDo = Callable[[HellraiserState, int, LeviathanCard, PlayCard, Out], None]


def active_cenobites(s: HellraiserState) -> list[Figure]:
    return [c for c in cenobites_on_map(s) if not stunned(s, c)]


def near_cenobite(s: HellraiserState, fig: Figure) -> bool:
    """In a tile with a Cenobite (Degeneracy, Plaything)."""
    return fig.square is not None and any(
        c.square is not None and same_tile(c.square, fig.square) for c in active_cenobites(s))


def seen_by_cenobite(s: HellraiserState, fig: Figure) -> Figure | None:
    b = board(s)
    if fig.square is None:
        return None
    return next((c for c in active_cenobites(s) if c.square is not None
                 and in_sight(b, c.square, fig.square)), None)


def sight_area(s: HellraiserState, start: Square) -> set[Square]:
    """Every square seen from `start` (the same tile, and straight lines up to a wall),
    as `board.in_sight` defines it."""
    g = graph(board(s))
    seen = set(tile_squares(tile_index(start)))
    for dx, dy in DIRECTIONS:
        sq = start
        while True:
            nxt = (sq[0] + dx, sq[1] + dy)
            if nxt not in g[sq]:
                break
            seen.add(nxt)
            sq = nxt
    return seen


def watched(s: HellraiserState) -> set[Square]:
    """Squares some Human or Skinned Human can see."""
    out: set[Square] = set()
    for t in living_targets(s):
        if t.square is not None:
            out |= sight_area(s, t.square)
    return out


def unseen(s: HellraiserState, sq: Square) -> bool:
    return sq not in watched(s)


def key_cenobite(s: HellraiserState, beyond: Square) -> Figure | None:
    """A Cenobite standing beside `beyond` across a wall between two tiles."""
    b = board(s)
    for c in active_cenobites(s):
        assert c.square is not None
        walls = walls_between_tiles(b, tile_index(c.square))
        if any(c.square in e and beyond in e for e in walls):
            return c
    return None


def _victims(s: HellraiserState, seat: int) -> list[Figure]:
    since = s.last_turn.get(seat, 0)
    return [h for h in alive_humans(s) if h.attacked_cenobite_turn > since]


def _l_none(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    return


def _l_degeneracy(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(any(near_cenobite(s, h) for h in alive_humans(s)),
            "No Human shares a tile with a Cenobite.")


def _d_degeneracy(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                  out: Out) -> None:
    queue(s, *(Damage(target=h.id, group="spiritual", points=1, source="leviathan")
               for h in alive_humans(s) if near_cenobite(s, h)))


def _insane(s: HellraiserState) -> list[Figure]:
    return [h for h in alive_humans(s) if get(h.stats, "creativity") == 0]


def _l_insanity(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(bool(_insane(s)), "No Human is insane.")


def _d_insanity(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                out: Out) -> None:
    s.effects.extend(Effect(kind="insanity", seat=seat, figure=h.id, turns=2)
                     for h in _insane(s))


def _d_abomination(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                   out: Out) -> None:
    gate = board(s).gateway
    assert gate is not None
    make_creature(s, "", 6, 3, gate, out)


def _l_surprise(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    cenobite = figure_on_board(s, a.target, "Cenobite")
    require(cenobite.kind == "cenobite" and not stunned(s, cenobite) and cenobite.pinned == 0,
            "Name a Cenobite that can move.")
    require(cenobite.moved_round != s.round, f"{cenobite.name} has already moved this round.")
    require(unseen(s, square_of(cenobite)), f"A Human can see {cenobite.name}.")
    require(a.square is not None and in_bounds(a.square) and a.square != cenobite.square
            and unseen(s, a.square), "Choose a square no Human can see.")


def _d_surprise(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                out: Out) -> None:
    assert a.target is not None and a.square is not None
    update(s, a.target, moved_round=s.round)
    place(s, a.target, a.square, out)


def _d_effect(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
              out: Out) -> None:
    kind = "justice" if spec.effect == "justice" else "darkness"
    s.effects.append(Effect(kind=kind, seat=seat))


def _l_deserts(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(bool(_victims(s, seat)), "No Human attacked a Cenobite since your last turn.")


def _d_deserts(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
               out: Out) -> None:
    for h in _victims(s, seat):
        live = [st for st in STATS if get(h.stats, st) > 0]
        if live:
            low = min(live, key=lambda st: get(h.stats, st))
            set_stats(s, h.id, with_stat(h.stats, low, get(h.stats, low) - 1), "leviathan", out)


def _living_human(s: HellraiserState, a: PlayCard) -> Figure:
    target = figure_on_board(s, a.target)
    require(target.kind == "human" and target.condition == "alive", "Name a living Human.")
    return target


def _l_personal(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    target = _living_human(s, a)
    require(not any(effects(s, "personal_hell", target.id)),
            f"{target.name} is already in a Personal Hell.")


def _d_personal(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                out: Out) -> None:
    s.effects.append(Effect(kind="personal_hell", seat=seat, figure=a.target))


def _deck_named(option: str | None) -> DeckName | None:
    return next((d for d in DECKS if d == option), None)


def _l_vision(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    deck = _deck_named(a.option)
    require(deck is not None, "Name the deck: search, action or leviathan.")
    assert deck is not None
    require(can_draw(s, deck), "That deck is empty.")


def _d_vision(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
              out: Out) -> None:
    deck = _deck_named(a.option)
    assert deck is not None
    s.pending.insert(0, Draw(deck=deck, seat=seat, purpose="peek", count=VISION_CARDS))


def _l_conversion(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    creature = figure_on_board(s, a.target)
    require(creature.kind == "creature" and creature.seat is not None,
            "Name a Creature a Human player controls.")


def _d_conversion(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                  out: Out) -> None:
    creature = update(s, a.target or "", seat=None)
    if not out.quiet:
        out.add(Changed(figure=creature.id, change="controlled",
                        text=f"{creature.name} answers to Leviathan again."))


def _l_plaything(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    target = _living_human(s, a)
    require(near_cenobite(s, target), f"{target.name} is not in a tile with a Cenobite.")
    require(a.stat is not None and a.stat2 is not None and a.stat != a.stat2,
            "Name two different statistics to swap.")


def _d_plaything(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                 out: Out) -> None:
    assert a.stat is not None and a.stat2 is not None
    target = find(s, a.target or "")
    x, y = get(target.stats, a.stat), get(target.stats, a.stat2)
    set_stats(s, target.id, with_stat(with_stat(target.stats, a.stat, y), a.stat2, x),
              "leviathan", out)


def _l_key(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(a.square is not None and key_cenobite(s, a.square) is not None,
            "Name the square beyond a wall between tiles, beside a Cenobite.")


def _d_key(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard, out: Out) -> None:
    assert a.square is not None
    cenobite = key_cenobite(s, a.square)
    assert cenobite is not None and cenobite.square is not None
    s.board = open_key_doorway(board(s), cenobite.square, a.square)


def _chained(s: HellraiserState) -> list[Figure]:
    """The chained who can die: Personal Hell spares its victim being torn apart."""
    return [t for t in living_targets(s) if t.chained and not in_personal_hell(s, t)]


def _l_torn(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(bool(_chained(s)), "Nobody trapped in chains can be torn to shreds.")


def _d_torn(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard, out: Out) -> None:
    for victim in _chained(s):
        kill(s, victim.id, "leviathan", out, torn=True)


def _l_tome(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    corpse = figure_on_board(s, a.target)
    require(corpse.kind == "human" and corpse.condition == "corpse", "Name a corpse.")
    require(any(c.square == corpse.square for c in active_cenobites(s)),
            "A Cenobite must stand on the corpse's square.")


def _d_tome(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard, out: Out) -> None:
    corpse = find(s, a.target or "")
    total = creature_points(s, corpse)
    strength = min(RAISED_MAX, max(1, (total + 1) // 2))
    speed = min(RAISED_MAX, max(1, total - strength))
    make_creature(s, corpse.id, strength, speed, square_of(corpse), out)


def _l_trapped(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    target = figure_on_board(s, a.target)
    require(target.kind == "human" and target.condition in ("alive", "skinned"),
            "Name a Human or Skinned Human.")
    require(not target.chained, f"{target.name} is already in chains.")
    require(seen_by_cenobite(s, target) is not None, f"No Cenobite can see {target.name}.")


def _d_trapped(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
               out: Out) -> None:
    target = update(s, a.target or "", chained=True)
    if not out.quiet:
        out.add(Changed(figure=target.id, change="chained",
                        text=f"Chains lash out of the dark: {target.name} is trapped."))


def _l_summon(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    assert spec.portal is not None
    cenobite = find(s, a.target or "")
    require(may_enter(cenobite, spec.portal),
            f"Name a waiting Cenobite who may use the {spec.portal}.")
    require(a.square in entry_squares(s, spec.portal),
            "Name a portal square they can use (Stairs and Elevators need an empty room).")


def _d_summon(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
              out: Out) -> None:
    assert a.target is not None and a.square is not None
    enter(s, a.target, a.square, out)


def _d_relentless(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
                  out: Out) -> None:
    if s.flags.main == "cenobites":
        s.flags = s.flags.model_copy(update={"budget": s.flags.budget + spec.value})
    else:
        s.flags = s.flags.model_copy(update={"bonus": s.flags.bonus + spec.value})


def _l_drag(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    target = figure_on_board(s, a.target)
    require(target.kind == "human" and target.condition in ("alive", "skinned"),
            "Name a Human or Skinned Human.")
    cenobite = seen_by_cenobite(s, target)
    require(cenobite is not None and cenobite.square != target.square,
            f"No Cenobite sees {target.name} from another square.")


def _d_drag(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard, out: Out) -> None:
    target = find(s, a.target or "")
    cenobite = seen_by_cenobite(s, target)
    assert cenobite is not None and cenobite.square is not None
    place(s, target.id, step_towards(board(s), square_of(target), cenobite.square), out)


def _l_never(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(False, f"{spec.name} acts when drawn.")


def _d_nothing(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard,
               out: Out) -> None:
    return


def _l_gateway(s: HellraiserState, seat: int, spec: LeviathanCard, a: PlayCard) -> None:
    require(board(s).gateway is not None, "The gateway is shut.")


LEVIATHAN_CHECKS: dict[str, LevCheck] = {
    "degeneracy": _l_degeneracy, "insanity": _l_insanity, "abomination": _l_gateway,
    "surprise_attack": _l_surprise, "justice": _l_none, "just_deserts": _l_deserts,
    "personal_hell": _l_personal, "vision": _l_vision, "conversion": _l_conversion,
    "plaything": _l_plaything, "darkness": _l_none, "key": _l_key, "torn_to_shreds": _l_torn,
    "tome": _l_tome, "trapped": _l_trapped, "summon": _l_summon, "relentless": _l_none,
    "drag": _l_drag, "disorder": _l_never,
}
LEVIATHAN_EFFECTS: dict[str, LevDo] = {
    "degeneracy": _d_degeneracy, "insanity": _d_insanity, "abomination": _d_abomination,
    "surprise_attack": _d_surprise, "justice": _d_effect, "just_deserts": _d_deserts,
    "personal_hell": _d_personal, "vision": _d_vision, "conversion": _d_conversion,
    "plaything": _d_plaything, "darkness": _d_effect, "key": _d_key, "torn_to_shreds": _d_torn,
    "tome": _d_tome, "trapped": _d_trapped, "summon": _d_summon, "relentless": _d_relentless,
    "drag": _d_drag, "disorder": _d_nothing,
}
