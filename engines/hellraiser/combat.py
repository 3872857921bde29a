"""Attacks.

"The difficulty for an attack is 4." Hand to hand, "the attacker and the
defender roll the amount of dice as the statistic used"; "the total of the
successes (attacker-defend) is the damage caused. If the defender exceeds the
attacker in successes, the attacker takes damage." Ranged and thrown attacks,
and attacks on room items, count the attacker's successes only ("the defender
cannot injure the attacker").

House readings, where the text is silent:
- hand to hand reaches the same square or a neighbouring square with no wall
  between (Pinhead's chains reach any figure he sees, the Channard Cenobite's
  tentacles anything in his tile); guns and thrown items need line of sight;
- a thrown item's distance is counted in squares along the line of sight;
- each Cenobite and each Creature attacks at most once a round, across all the
  Leviathan players (like their moves);
- a corpse can be destroyed by any physical success: its soul is dragged to
  Hell (a "dragged to Hell" counter stays on the square).
"""

from __future__ import annotations

from engines.hellraiser.board import (
    PlacedFurniture,
    clear_doorway,
    edge,
    furniture_at,
    in_sight,
    room_furniture,
)
from engines.hellraiser.cards import SearchCard
from engines.hellraiser.checks import (
    adjacent_or_same,
    character_turn,
    extras_free,
    figure_on_board,
    leviathan_turn,
    require,
)
from engines.hellraiser.damage import damageable, discard_item, queue
from engines.hellraiser.dice import successes
from engines.hellraiser.models import (
    Attack,
    Damage,
    Figure,
    FloorItem,
    HellraiserState,
    Item,
    Note,
    Roll,
)
from engines.hellraiser.models import FigureChanged as Changed
from engines.hellraiser.query import (
    Out,
    board,
    cat,
    effective,
    effects,
    find,
    has_stat,
    holds,
    same_tile,
    square_of,
    stunned,
    turn_figure,
    update,
)
from engines.hellraiser.skinned import drain
from engines.hellraiser.stats import ATTACK_STATS, LABEL, get, group_of
from engines.hellraiser.tiles import Stat


def leviathan_side(fig: Figure) -> bool:
    return fig.kind == "cenobite" or (fig.kind == "creature" and fig.seat is None)


def attacker_for(s: HellraiserState, seat: int, a: Attack) -> Figure:
    if turn_figure(s) is not None:
        fig = character_turn(s, seat)
        if a.attacker is None or a.attacker == fig.id:
            return fig
        creature = find(s, a.attacker)
        require(creature.kind == "creature" and creature.condition == "board"
                and creature.seat == s.turn, "You can attack with your character or a"
                " Creature you control.")
        return creature
    leviathan_turn(s, seat)
    require(a.attacker is not None, "Name the Cenobite or Creature that attacks.")
    assert a.attacker is not None
    fig = find(s, a.attacker)
    require(fig.condition == "board" and leviathan_side(fig),
            "Leviathan players attack with a Cenobite or a Creature on the map.")
    return fig


def melee_reach(s: HellraiserState, att: Figure, target: Figure) -> bool:
    a, t = square_of(att), square_of(target)
    if att.power == "chains":
        return in_sight(board(s), a, t)
    if att.power == "tentacles" and same_tile(a, t):
        return True
    return adjacent_or_same(s, a, t)


def attack_stats(att: Figure) -> tuple[Stat, ...]:
    return ATTACK_STATS[att.kind]


def weapon_of(att: Figure, card: str) -> SearchCard:
    require(any(i.card == card for i in att.items), "You don't carry that item.")
    found = cat().search[card]
    require(found.effect in ("ranged", "thrown"), f"{found.name} is not a weapon you can aim.")
    return found


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def darkness_blinds(s: HellraiserState, fig: Figure) -> bool:
    return any(effects(s, "darkness")) and not holds(fig, "torch")


def check_attacker(s: HellraiserState, seat: int, a: Attack) -> Figure:
    """The attacker, if it may attack at all this turn (else a RuleError saying why).
    Apart from `check_attack` so that listing the legal attacks asks it once per
    attacker, not once per target: the Leviathan AI's listing was a quarter of a
    simulated 6-player game."""
    extras_free(s)
    require(not s.flags.attacked, "You already made your attack this turn.")
    att = attacker_for(s, seat, a)
    require(att.pinned == 0, f"{att.name} is pinned down and cannot attack.")
    require(not stunned(s, att), f"{att.name} is stunned.")
    if att.kind == "creature":
        require(get(att.stats, "strength") > 0, "A Creature with Strength 0 cannot attack.")
    if att.kind != "human":
        require(att.attacked_round != s.round, f"{att.name} already attacked this round.")
    return att


def check_attack(s: HellraiserState, seat: int, a: Attack, stats: tuple[Stat, ...] = ()) -> Figure:
    """The attacker, if the attack is legal (else a RuleError saying why)."""
    att = check_attacker(s, seat, a)
    allowed = stats or attack_stats(att)
    require(a.stat in allowed,
            f"{att.name} attacks with {', '.join(LABEL[x] for x in allowed)}.")
    if a.doorway is not None:
        _check_doorway(s, att, a)
        return att
    if a.furniture is not None:
        _check_room_item(s, att, a)
        return att
    target = figure_on_board(s, a.target)
    require(target.id != att.id, "You can't attack yourself.")
    if target.kind == "human" and target.condition == "corpse":
        require(a.stat == "strength" and a.weapon is None and a.drain is None,
                "A corpse can only be destroyed by a hand-to-hand physical attack.")
        require(melee_reach(s, att, target), f"{target.name} is out of reach.")
        return att
    require(damageable(target), f"{target.name} can't be attacked.")
    if leviathan_side(att):
        require(not leviathan_side(target), "Leviathan's servants don't fight each other.")
    if target.kind == "creature":
        require(a.stat == "strength", "Only physical attacks affect a Creature.")
    if a.drain is not None:
        require(att.kind == "human" and att.condition == "skinned",
                "Only a Skinned Human can drain the life out of a Human.")
        require(target.kind == "human" and target.condition == "alive",
                "Only a living Human can be drained.")
        require(a.weapon is None, "Draining is a hand-to-hand attack.")
    if a.weapon is not None:
        _check_weapon(s, att, target, a)
        return att
    require(melee_reach(s, att, target), f"{target.name} is out of reach: hand-to-hand"
            " attacks need the same square or a neighbouring one with no wall between.")
    return att


def _check_doorway(s: HellraiserState, att: Figure, a: Attack) -> None:
    assert a.doorway is not None
    require(a.target is None and a.furniture is None, "Attack either a figure or a doorway.")
    _physical_on_items(att, a)
    e = edge(*a.doorway)
    require(any(b.edge == e for b in board(s).blocked_doorways),
            "No Obstacle blocks that doorway.")
    require(square_of(att) in e, "Stand beside the blocked doorway to smash the Obstacle.")


def _physical_on_items(att: Figure, a: Attack) -> None:
    require(a.stat == "strength" and a.weapon is None and a.drain is None,
            "Only physical attacks affect a room item.")
    if att.kind == "human":
        require(get(att.stats, "strength") > 0, "With Strength 0 you cannot affect any item.")


def room_item_here(s: HellraiserState, att: Figure, fid: str) -> PlacedFurniture:
    """An unused room item on the attacker's square: 'Only physical attacks will affect a
    room item ... it is also the amount of damage it can sustain' — not only an Obstacle
    already in a doorway. Smashed, it counts as used (it can never be used again)."""
    here = square_of(att)
    item = next((f for f in furniture_at(board(s), here) if f.furniture.id == fid), None)
    require(item is not None, "Stand on the room item's square to smash it.")
    assert item is not None
    require((item.tile, fid) not in s.used_furniture,
            f"The {item.furniture.name} is already used or broken.")
    return item


def _check_room_item(s: HellraiserState, att: Figure, a: Attack) -> None:
    assert a.furniture is not None
    require(a.target is None, "Attack either a figure or a room item.")
    _physical_on_items(att, a)
    room_item_here(s, att, a.furniture)


def _check_weapon(s: HellraiserState, att: Figure, target: Figure, a: Attack) -> None:
    assert a.weapon is not None
    require(att.kind == "human", "Only Humans use items.")
    require(get(att.stats, "strength") > 0, "With Strength 0 you cannot use any object.")
    card = weapon_of(att, a.weapon)
    require(a.stat == "strength", "Weapons make physical attacks.")
    require(in_sight(board(s), square_of(att), square_of(target)),
            f"{target.name} is not in sight.")
    if card.effect == "ranged":
        require(not darkness_blinds(s, att), "In the Darkness, no gun can be fired.")
    else:
        d = distance(square_of(att), square_of(target))
        require(effective(s, att, "strength") - d >= 1,
                f"{target.name} is out of throwing range (Strength, −1 per square).")


def start_attack(s: HellraiserState, seat: int, a: Attack, out: Out,
                 stats: tuple[Stat, ...] = ()) -> None:
    att = check_attack(s, seat, a, stats)
    s.flags = s.flags.model_copy(update={"attacked": True})
    if att.kind != "human":
        att = update(s, att.id, attacked_round=s.round)
    cap = s.options.max_dice
    if a.doorway is not None or a.furniture is not None:
        n = min(cap, effective(s, att, "strength"))
        s.pending.insert(0, Roll(
            purpose="attack", seat=seat, groups=(n,), labels=(att.name,), actor=att.id,
            doorway=edge(*a.doorway) if a.doorway is not None else None,
            furniture=a.furniture, square=att.square, stat="strength", ranged=True))
        return
    target = find(s, a.target or "")
    if target.kind == "cenobite" and att.kind == "human":
        update(s, att.id, attacked_cenobite_turn=s.turn_no)
    if a.weapon is not None:
        card = cat().search[a.weapon]
        if card.effect == "ranged":
            assert card.weapon is not None
            s.pending.insert(0, Roll(purpose="shot", seat=seat, groups=(1,), labels=("Shot",),
                                     actor=att.id, target=target.id, item=card.id,
                                     shots=card.weapon.shots, stat="strength"))
            return
        items = list(att.items)
        items.pop(next(i for i, it in enumerate(items) if it.card == card.id))
        update(s, att.id, items=tuple(items))
        n = effective(s, find(s, att.id), "strength") - distance(
            square_of(att), square_of(target))
        s.pending.insert(0, Roll(purpose="attack", seat=seat, groups=(min(cap, max(0, n)),),
                                 labels=(att.name,), actor=att.id, target=target.id,
                                 item=card.id, stat="strength", ranged=True))
        return
    if target.condition == "corpse":
        n = min(cap, effective(s, att, "strength"))
        s.pending.insert(0, Roll(purpose="attack", seat=seat, groups=(n,), labels=(att.name,),
                                 actor=att.id, target=target.id, stat="strength", ranged=True))
        return
    bonus = 2 if att.power == "chattering" else 0
    mine = min(cap, effective(s, att, a.stat) + bonus)
    theirs = min(cap, effective(s, target, a.stat)) if has_stat(target, a.stat) else 0
    s.pending.insert(0, Roll(purpose="attack", seat=seat, groups=(mine, theirs),
                             labels=(att.name, target.name), actor=att.id, target=target.id,
                             stat=a.stat, drain=a.drain))


def on_shot(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    """One shot: 'd6 per shot: 5 out of ammo, 6 misfire' (Reload ignores the first)."""
    assert roll.actor is not None and roll.item is not None
    shooter = find(s, roll.actor)
    card = cat().search[roll.item]
    weapon = card.weapon
    assert weapon is not None
    face = dice[0][0]
    trouble = face in weapon.out_of_ammo or face in weapon.misfire
    reload = next(effects(s, "reload", shooter.id), None)
    if trouble and reload is not None:
        s.effects.remove(reload)
        trouble = False
        if not out.quiet:
            out.add(Note(text=f"{shooter.name} reloads in time."))
    if trouble:
        _lose_gun(s, shooter.id, card.id)
        if face in weapon.misfire:
            if not out.quiet:
                out.add(Note(text=f"{shooter.name}'s {card.name} misfires and is destroyed."))
            queue(s, Damage(target=shooter.id, group="physical", points=weapon.misfire_damage))
        elif not out.quiet:
            out.add(Note(text=f"{shooter.name}'s {card.name} is out of ammo."))
        return
    target = find(s, roll.target or "")
    if not damageable(target):
        return
    more: list[Roll] = []
    if roll.shots > 1:
        more.append(roll.model_copy(update={"shots": roll.shots - 1}))
    s.pending[0:0] = [
        Roll(purpose="attack", seat=roll.seat, groups=(min(s.options.max_dice, weapon.strength),),
             labels=(card.name,), actor=shooter.id, target=target.id, item=card.id,
             stat="strength", ranged=True),
        *more,
    ]


def _lose_gun(s: HellraiserState, fid: str, card: str) -> None:
    fig = find(s, fid)
    items = list(fig.items)
    index = next(i for i, it in enumerate(items) if it.card == card)
    discard_item(s, items.pop(index))
    update(s, fid, items=tuple(items))


def on_attack(s: HellraiserState, roll: Roll, dice: list[list[int]], out: Out) -> None:
    assert roll.actor is not None and roll.stat is not None
    hits = successes(dice[0])
    if roll.doorway is not None:
        _smash(s, roll.doorway, hits, out)
        return
    if roll.furniture is not None:
        _smash_item(s, roll, hits, out)
        return
    target = find(s, roll.target or "")
    if roll.item is not None and cat().search[roll.item].effect == "thrown":
        landing = target.square or find(s, roll.actor).square
        if landing is not None:
            s.floor.append(FloorItem(square=landing, item=Item(card=roll.item)))
    if target.condition == "corpse":
        if hits and target.square is not None:
            s.dragged.append(target.square)
            update(s, target.id, condition="hell", square=None, soul_in_hell=True)
            if not out.quiet:
                out.add(Changed(figure=target.id, change="destroyed",
                                text=f"{target.name}'s corpse is destroyed and dragged to Hell."))
        return
    group = group_of(roll.stat)
    if roll.ranged:
        if hits and damageable(target):
            queue(s, Damage(target=target.id, group=group, points=hits, source=roll.actor,
                            attack=True))
        return
    diff = hits - successes(dice[1])
    att = find(s, roll.actor)
    if diff > 0 and damageable(target):
        points = diff + (1 if att.power == "exquisite_pain" else 0)
        if group != "physical" and any(effects(s, "personal_hell", target.id)):
            points += 1
        if roll.drain is not None:
            drain(s, att.id, target.id, roll.drain, points, out)
        else:
            queue(s, Damage(target=target.id, group=group, points=points, source=att.id,
                            attack=True))
    elif diff < 0 and damageable(att):
        queue(s, Damage(target=att.id, group=group, points=-diff, source=target.id,
                        attack=True))


def _smash_item(s: HellraiserState, roll: Roll, hits: int, out: Out) -> None:
    """A room item standing in its room takes the successes; at its number it breaks."""
    assert roll.square is not None and roll.furniture is not None
    item = next((f for f in furniture_at(board(s), roll.square)
                 if f.furniture.id == roll.furniture), None)
    if item is None or hits == 0 or (item.tile, item.furniture.id) in s.used_furniture:
        return
    key = f"{item.tile}:{item.furniture.id}"
    taken = s.obstacle_damage.get(key, 0) + hits
    if taken >= item.furniture.number:
        s.obstacle_damage.pop(key, None)
        s.used_furniture.append((item.tile, item.furniture.id))
        if not out.quiet:
            out.add(Note(text=f"The {item.furniture.name} is smashed to pieces."))
    else:
        s.obstacle_damage[key] = taken
        if not out.quiet:
            out.add(Note(text=f"The {item.furniture.name} takes {hits} damage"
                              f" ({item.furniture.number - taken} left)."))


def _smash(s: HellraiserState, doorway: tuple[tuple[int, int], tuple[int, int]], hits: int,
           out: Out) -> None:
    """'Every success with Strength reduces the health of the item.'"""
    b = board(s)
    blocked = next((x for x in b.blocked_doorways if x.edge == doorway), None)
    if blocked is None or hits == 0:
        return
    number = next(f.furniture.number for f in room_furniture(b, blocked.tile)
                  if f.furniture.id == blocked.furniture)
    key = f"{doorway[0][0]},{doorway[0][1]}-{doorway[1][0]},{doorway[1][1]}"
    taken = s.obstacle_damage.get(key, 0) + hits
    if taken >= number:
        s.obstacle_damage.pop(key, None)
        s.board = clear_doorway(b, *doorway)
        if not out.quiet:
            out.add(Note(text="The Obstacle in the doorway is smashed to pieces."))
    else:
        s.obstacle_damage[key] = taken
