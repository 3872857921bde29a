"""Damage, healing, and what a statistic or a whole group at 0 does to a figure.

"For each point of damage, the player determines which statistic within that
category is lowered. No statistic can be reduced below 0 - the other statistic
in that category must be reduced if this is the case." When the split is
forced, it happens at once; otherwise the figure's player owes a `Choice`.

Most stat-zero states are read off the numbers whenever they matter (a Human
with Speed 0 cannot move; Willpower 0 hands control to the Leviathan player),
so a statistic healed back above 0 ends them. The one-off consequences happen
here, when a statistic *reaches* 0: dropping every item at Strength 0, a
Cenobite's stun, and the group-zero casualties.
"""

from __future__ import annotations

from engines.hellraiser.models import Casualty as CasualtyEvent
from engines.hellraiser.models import (
    Choice,
    Continue,
    Damage,
    DamageDealt,
    Figure,
    FloorItem,
    HellraiserState,
    Item,
    Role,
    RoleChanged,
    StatZero,
)
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import (
    Out,
    carrying_limit,
    cat,
    decider_for,
    find,
    has_stat,
    in_personal_hell,
    update,
)
from engines.hellraiser.stats import (
    CENOBITE_STAT,
    GROUP_STATS,
    GROUPS,
    INDEX,
    LABEL,
    Group,
    Stats,
    get,
    with_stat,
)
from engines.hellraiser.tiles import STATS, Stat

FULL_CENOBITE: Stats = (CENOBITE_STAT, 0, CENOBITE_STAT, CENOBITE_STAT, CENOBITE_STAT,
                        CENOBITE_STAT)


def damageable(fig: Figure) -> bool:
    if fig.square is None:
        return False
    if fig.kind == "human":
        return fig.condition in ("alive", "skinned")
    return fig.condition == "board"


def queue(s: HellraiserState, *items: Damage | Choice) -> None:
    """Put damage (or a choice) at the front of the queue, in the order given."""
    s.pending[0:0] = list(items)


def deal(s: HellraiserState, d: Damage, out: Out) -> None:
    """Deal `d` now, or ask the figure's player how to split it."""
    fig = find(s, d.target)
    if not damageable(fig):
        return
    if fig.kind == "creature" and d.group != "physical":
        return  # "Only physical attacks affect a Creature."
    stats = [st for st in GROUP_STATS[d.group] if has_stat(fig, st)]
    total = sum(get(fig.stats, st) for st in stats)
    points = d.points
    if d.group == "physical" and in_personal_hell(s, fig):
        points = min(points, total - 1)  # Personal Hell: they cannot be killed physically
    points = min(points, total)
    if points <= 0:
        return
    if len(stats) == 1:
        allocate(s, fig.id, {stats[0]: points}, d.source, out)
        return
    first, second = stats
    low = max(0, points - get(fig.stats, second))
    high = min(points, get(fig.stats, first))
    if low == high:
        allocate(s, fig.id, {first: low, second: points - low}, d.source, out)
        return
    options = tuple(str(k) for k in range(low, high + 1))
    labels = tuple(
        f"{LABEL[first]} −{k}, {LABEL[second]} −{points - k}" for k in range(low, high + 1)
    )
    queue(s, Choice(purpose="damage", seat=decider_for(s, fig), figure=fig.id, options=options,
                    labels=labels, group=d.group, points=points, source=d.source))


def choose_split(s: HellraiserState, choice: Choice, option: str, out: Out) -> None:
    assert choice.group is not None and choice.figure is not None
    first, second = GROUP_STATS[choice.group]
    k = int(option)
    allocate(s, choice.figure, {first: k, second: choice.points - k}, choice.source, out)


def allocate(
    s: HellraiserState, fid: str, points: dict[Stat, int], source: str | None, out: Out
) -> None:
    fig = find(s, fid)
    before = fig.stats
    stats = before
    for stat, n in points.items():
        stats = with_stat(stats, stat, max(0, get(stats, stat) - n))
    update(s, fid, stats=stats)
    if not out.quiet:
        group = next(g for g in GROUPS if set(points) <= set(GROUP_STATS[g]))
        out.add(DamageDealt(
            figure=fid, group=group, points=sum(points.values()),
            stats={st: get(stats, st) for st in points},
            text=f"{fig.name} takes {sum(points.values())} {group.capitalize()} damage.",
        ))
    settle(s, fid, before, source, out)


def set_stats(s: HellraiserState, fid: str, stats: Stats, source: str | None, out: Out) -> None:
    """Change statistics outright (cards, drains, healing) and apply the consequences."""
    before = find(s, fid).stats
    update(s, fid, stats=stats)
    settle(s, fid, before, source, out)


def settle(s: HellraiserState, fid: str, before: Stats, source: str | None, out: Out) -> None:
    """The consequences of statistics that have just reached 0."""
    fig = find(s, fid)
    fallen = [st for st in STATS if has_stat(fig, st)
              and get(before, st) > 0 and get(fig.stats, st) == 0]
    for stat in fallen:
        if not out.quiet:
            out.add(StatZero(figure=fid, stat=stat, text=_zero_text(fig, stat)))
        if fig.kind == "human" and stat == "strength":
            drop_all(s, fid)
    if fig.kind == "cenobite":
        if fallen:
            stun(s, fid, out)
        return
    if fig.kind == "creature":
        if get(fig.stats, "strength") == 0 and get(fig.stats, "speed") == 0:
            update(s, fid, condition="dead", square=None)
            if not out.quiet:
                out.add(CasualtyEvent(figure=fid, how="killed", text=f"{fig.name} dies."))
        return
    if fig.condition not in ("alive", "skinned"):
        return
    for group in GROUPS:
        a, b = GROUP_STATS[group]
        if get(fig.stats, a) == 0 and get(fig.stats, b) == 0:
            if group == "physical":
                kill(s, fid, source, out)
            elif group == "mental":
                go_mad(s, fid, source, out)
            else:
                become_cenobite(s, fid, source, out)
            return
    if get(fig.stats, "strength") < get(before, "strength"):
        # The carrying limit follows Strength however it fell: damage, a drain, Plaything.
        check_carry(s, fid)


_HUMAN_ZERO: dict[Stat, str] = {
    "strength": "drops everything and can no longer pick up, use or affect any item",
    "speed": "is paralysed and cannot move",
    "creativity": "is insane: the Leviathan player controls them every other turn",
    "wits": "is a braindead vegetable and cannot move",
    "morality": "is degenerate: they only move on a roll of 4, 5 or 6",
    "willpower": "is a robot: the Leviathan player controls them during their turns",
}


def _zero_text(fig: Figure, stat: Stat) -> str:
    if fig.kind == "cenobite":
        return f"{fig.name}'s {LABEL[stat]} falls to 0: stunned for their next turn."
    if fig.kind == "creature":
        what = "cannot attack" if stat == "strength" else "is paralysed"
        return f"{fig.name}'s {LABEL[stat]} falls to 0: it {what}."
    return f"{fig.name}'s {LABEL[stat]} falls to 0: {fig.name} {_HUMAN_ZERO[stat]}."


def stun(s: HellraiserState, fid: str, out: Out) -> None:
    """'The Cenobite spends the next turn stunned ... next turn it is back at full health.'
    House: stunned for the rest of this round and all of the next."""
    fig = update(s, fid, stunned_until=max(find(s, fid).stunned_until, s.round + 1))
    if not out.quiet:
        out.add(Changed(figure=fid, change="stunned", text=f"{fig.name} is stunned."))


def recover(s: HellraiserState, out: Out) -> None:
    """At the start of a round, Cenobites whose stun is over are back at full health."""
    for fig in list(s.figures):
        if fig.kind == "cenobite" and 0 < fig.stunned_until < s.round:
            update(s, fig.id, stunned_until=0, stats=FULL_CENOBITE)
            if not out.quiet:
                out.add(Changed(figure=fig.id, change="recovered",
                                text=f"{fig.name} is back at full strength."))


# Items leaving a character


def drop_all(s: HellraiserState, fid: str) -> None:
    fig = find(s, fid)
    if fig.square is not None and fig.items:
        s.floor.extend(FloorItem(square=fig.square, item=i) for i in fig.items)
        update(s, fid, items=())


def drop_item(s: HellraiserState, fid: str, index: int) -> None:
    """Drop one item where the character stands. A character no longer on the map (sucked
    into Hell while deciding what to drop) keeps everything: it went 'with all their
    items'."""
    fig = find(s, fid)
    if fig.square is None:
        return
    items = list(fig.items)
    s.floor.append(FloorItem(square=fig.square, item=items.pop(index)))
    update(s, fid, items=tuple(items))


def discard_item(s: HellraiserState, item: Item) -> None:
    """A spent or destroyed item goes to the Search discard pile."""
    pile = s.decks["search"].discard
    pile[item.card] = pile.get(item.card, 0) + 1


def check_carry(s: HellraiserState, fid: str) -> None:
    """'If a Human's Strength drops below the number of items they are carrying, they
    must immediately drop items until the number again matches their Strength.'"""
    fig = find(s, fid)
    if fig.kind != "human" or fig.condition not in ("alive", "skinned"):
        return
    limit = carrying_limit(fig)
    if len(fig.items) <= limit:
        return
    if limit == 0:
        drop_all(s, fid)
        return
    names = cat().search
    s.pending.insert(0, Choice(
        purpose="drop", seat=decider_for(s, fig), figure=fid,
        options=tuple(str(i) for i in range(len(fig.items))),
        labels=tuple(names[i.card].name for i in fig.items),
    ))


# Healing


def heal(s: HellraiserState, fid: str, group: Group, points: int, out: Out) -> int:
    """Heal points in a group, never above the starting scores; each point goes to the
    statistic furthest below its start (house: no choice to make). Returns points healed."""
    fig = find(s, fid)
    stats = fig.stats
    healed = 0
    for _ in range(points):
        gaps = [(get(fig.start, st) - get(stats, st), -INDEX[st], st)
                for st in GROUP_STATS[group] if has_stat(fig, st)]
        gap, _, stat = max(gaps)
        if gap <= 0:
            break
        stats = with_stat(stats, stat, get(stats, stat) + 1)
        healed += 1
    if healed:
        update(s, fid, stats=stats)
        if not out.quiet:
            out.add(DamageDealt(figure=fid, group=group, points=-healed,
                                stats={st: get(stats, st) for st in GROUP_STATS[group]},
                                text=f"{fig.name} heals {healed} {group.capitalize()}."))
    return healed


# Casualties


def credit(s: HellraiserState, source: str | None) -> None:
    """Count a Human casualty for the Skinned Humans' victory condition."""
    if source is None:
        return
    if source == "leviathan":
        s.leviathan_kills += 1
        return
    killer = next((f for f in s.figures if f.id == source), None)
    if killer is None:
        return
    if killer.kind in ("cenobite", "creature"):
        s.leviathan_kills += 1
    elif killer.condition == "skinned" and killer.seat is not None:
        s.skinned_kills[killer.seat] = s.skinned_kills.get(killer.seat, 0) + 1


def _by_cenobite(s: HellraiserState, source: str | None) -> bool:
    killer = next((f for f in s.figures if f.id == source), None)
    return source == "leviathan" or (killer is not None and killer.kind == "cenobite")


def kill(s: HellraiserState, fid: str, source: str | None, out: Out, torn: bool = False) -> None:
    """Physical group at 0: 'Character dies. Turn the figure face down it is now a
    corpse.' A Skinned Human's body falls apart and they go back to Hell (house).
    'When a Cenobite kills a Human or Skinned Human, their souls are taken into Hell.'"""
    fig = find(s, fid)
    drop_all(s, fid)
    soul = torn or _by_cenobite(s, source)
    if fig.condition == "skinned":
        update(s, fid, condition="hell", square=None, soul_in_hell=True, skin=False)
    else:
        update(s, fid, condition="corpse", died_round=s.round, soul_in_hell=soul,
               stats=with_stat(with_stat(fig.stats, "strength", 0), "speed", 0))
        credit(s, source)
    if not out.quiet:
        how = "torn" if torn else "died"
        out.add(CasualtyEvent(figure=fid, how=how, text=f"{fig.name} is dead."))
    lose_player(s, fig, out)


def go_mad(s: HellraiserState, fid: str, source: str | None, out: Out) -> None:
    """Mental group at 0: 'Character goes permanently Insane. Character moves randomly
    for the rest of the game. The character is a casualty.'"""
    fig = find(s, fid)
    drop_all(s, fid)
    if fig.condition == "alive":
        credit(s, source)
    update(s, fid, condition="mad", skin=False)
    if not out.quiet:
        out.add(CasualtyEvent(figure=fid, how="insane",
                              text=f"{fig.name} goes permanently insane."))
    lose_player(s, fig, out)


def become_cenobite(s: HellraiserState, fid: str, source: str | None, out: Out) -> None:
    """Spiritual group at 0: 'Character becomes a Cenobite and the player is now a
    Leviathan player.' The new Cenobite stays on the board where they stood."""
    fig = find(s, fid)
    drop_all(s, fid)
    if fig.condition == "alive":
        credit(s, source)
    update(s, fid, condition="cenobite", square=None, skin=False)
    cenobite = Figure(
        id=f"c{fig.id}", kind="cenobite", name=f"Cenobite {fig.name}", condition="board",
        square=fig.square, stats=FULL_CENOBITE, start=FULL_CENOBITE,
    )
    s.figures.append(cenobite)
    if not out.quiet:
        out.add(CasualtyEvent(figure=fid, how="cenobite",
                              text=f"{fig.name} becomes a Cenobite."))
    if fig.seat is not None:
        join_leviathan(s, fig.seat, out)


def suck_into_hell(s: HellraiserState, fid: str, source: str | None, out: Out) -> None:
    """Sucked through the gateway: a casualty, off the board, with everything carried."""
    fig = find(s, fid)
    if fig.condition == "alive":
        credit(s, source)
    update(s, fid, condition="hell", square=None, soul_in_hell=True, skin=False)
    if not out.quiet:
        out.add(CasualtyEvent(figure=fid, how="sucked",
                              text=f"{fig.name} is sucked into Hell."))
    lose_player(s, fig, out)


def lose_player(s: HellraiserState, fig: Figure, out: Out) -> None:
    """House (option `lost_souls`): a player whose character is lost other than as a
    Cenobite sits out (a Skinned Human's return or a Resurrection may bring them back),
    or, with `lost_souls: leviathan`, joins the Leviathan players."""
    seat = fig.seat
    if seat is None or s.roles[seat] not in ("human", "skinned"):
        return
    if s.options.lost_souls == "leviathan":
        join_leviathan(s, seat, out)
    else:
        set_role(s, seat, "out", out)


def join_leviathan(s: HellraiserState, seat: int, out: Out, first: bool = False) -> None:
    discard_hand(s, seat)
    if seat in s.leviathans:
        s.leviathans.remove(seat)
    if first:
        s.leviathans.insert(0, seat)
    else:
        s.leviathans.append(seat)
    set_role(s, seat, "leviathan", out)


def set_role(s: HellraiserState, seat: int, new: Role, out: Out) -> None:
    if new != "leviathan" and seat in s.leviathans:
        s.leviathans.remove(seat)
        discard_hand(s, seat)
    if s.roles[seat] == new:
        return
    if seat == s.turn and s.roles[seat] in ("human", "skinned") and new in ("leviathan", "out"):
        _end_this_turn(s)
    s.roles[seat] = new
    if not out.quiet:
        out.add(RoleChanged(seat=seat, role=s.roles[seat],
                            text=f"{s.names[seat]} is now {_ROLE_TEXT[new]}."))


def _end_this_turn(s: HellraiserState) -> None:
    """A player whose character is lost or changes side on their own turn has no more
    of that turn: the engine ends it once the work already queued is settled (no End
    turn to press, and no Leviathan actions in a Human's turn)."""
    if not any(isinstance(p, Continue) and p.step == "end_turn" for p in s.pending):
        s.pending.append(Continue(step="end_turn"))


_ROLE_TEXT: dict[str, str] = {
    "human": "a Human player again", "skinned": "a Skinned Human player",
    "leviathan": "a Leviathan player", "out": "out of the game",
}


def discard_hand(s: HellraiserState, seat: int) -> None:
    """Cards in a hand that changes sides: Action cards go to their discard pile,
    Leviathan cards (used once) leave the game."""
    for ref in s.hands.pop(seat, ()):
        deck, card = ref.split(":", 1)
        pile = s.decks[deck].discard if deck == "action" else s.decks[deck].removed
        pile[card] = pile.get(card, 0) + 1

