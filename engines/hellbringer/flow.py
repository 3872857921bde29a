"""The pending-step queue: deterministic steps run at once, chance steps become a
`ChanceRequest`, decision steps wait for an action.

Every draw, spawn and roll is a chance node: a digital table samples it from
the state's piles (with the exact odds of a shuffled pile), a physical table
reports it ('card' items are always reported; dice the bot may roll).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import cast

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, validate_outcome
from engines.core.errors import RuleError
from engines.dice.chance import die_item
from engines.dice.pack import load_dice
from engines.hellbringer import cardplay, combat, enemies, turns
from engines.hellbringer.abilities import ability_tags
from engines.hellbringer.cards import Face, TomeEffect, catalogue
from engines.hellbringer.models import (
    AttackRoll,
    CardReport,
    Choose,
    CombatReport,
    Deal,
    Enemy,
    EnemyDie,
    HellbringerState,
    Hero,
    HitFace,
    Instants,
    LocationReport,
    PoolRoll,
    Rolled,
    SheetReport,
    Spawn,
    Stage,
    StartTurn,
    Step,
    TomeReport,
)
from engines.hellbringer.out import Out
from engines.hellbringer.physical import (
    CARD,
    DRAWN,
    ENEMY,
    FORM_NAMES,
    LOCATION,
    SHEET,
    SUGGESTED_MONSTERS,
    combat_item,
    drawn_monsters_items,
    open_items,
    parse_combat,
    parse_drawn_monster,
    parse_face,
    parse_form,
    parse_location,
    parse_sheet,
    parse_tome,
    tome_items,
)
from engines.hellbringer.piles import (
    batch_items,
    combat_card,
    draw_item,
    draw_label,
    is_instant,
    pool_item,
    reshuffle,
    take,
    top_segment,
    under_segment,
)
from engines.hellbringer.stats import alive, card_id

MAX_AUTO = 10_000
NO_ARTICLE = {"Hell"}
PILE_NAMES = {"starter": "Starter Monster", "monster": "Monster", "moose": "Moose"}


@cache
def _dice() -> tuple[ChanceItem, ChanceItem, ChanceItem]:
    dice = load_dice()
    return (die_item(dice["damage"], "damage"), die_item(dice["acid"], "acid"),
            die_item(dice["enemy"], "enemy"))


@cache
def dice_request(damage: int, acid: int, prompt: str, reporter: int | None) -> ChanceRequest:
    d, a, _ = _dice()
    items = [d.model_copy(update={"key": f"d{i + 1}", "label": f"damage die {i + 1}"})
             for i in range(damage)]
    items += [a.model_copy(update={"key": f"a{i + 1}", "label": f"acid die {i + 1}"})
              for i in range(acid)]
    return ChanceRequest(prompt=prompt, items=items, reporter=reporter,
                         reporters="seat" if reporter is not None else "any")


@cache
def _enemy_die_request() -> ChanceRequest:
    return ChanceRequest(prompt="Roll the Enemy Die", items=[_dice()[2]], reporters="any")


def request(state: HellbringerState) -> ChanceRequest | None:
    if not state.queue:
        return None
    head = state.queue[0]
    physical = state.options.mode == "physical"
    d = state.dungeon
    if isinstance(head, Deal):
        told = []
        if head.where == "pool":
            items = [pool_item(d)]
        else:
            seg = top_segment(d) if head.where == "top" else under_segment(d)
            assert seg is not None
            items = batch_items(draw_item(d, seg), _batch(state, head, seg.cards))
            if len(items) > 1 and seg.combat:
                told = drawn_monsters_items()
        where = "from under the pile" if head.where == "under" else "from the Common pile"
        cards = "a card" if len(items) == 1 else f"{len(items)} cards"
        items += told
        return ChanceRequest(prompt=f"Draw {cards} {where} for {_dest_name(state, head)}",
                             items=items, reporter=head.seat, reporters="seat")
    if isinstance(head, Spawn):
        if physical or head.pile == "demon":
            return ChanceRequest(
                prompt=_spawn_prompt(state, head),
                items=open_items(ENEMY, "enemy_"), reporter=head.seat, reporters="seat")
        counts = Counter(card_id(i) for i in _pile(state, head.pile))
        cat = catalogue()
        return ChanceRequest(
            prompt=f"Draw a {head.pile} card into play",
            items=[ChanceItem(key="enemy", label=f"{head.pile} card", options=list(counts),
                              weights=list(counts.values()), source="card",
                              labels=[cat.enemy(c).name for c in counts])],
            reporter=head.seat, reporters="seat")
    if isinstance(head, LocationReport):
        where = card_id(head.location)
        extra = " (the Demon comes too: its enemies are the Monsters that come with it)" \
            if where == "tomb" else ""
        return ChanceRequest(
            prompt=f"Read the {where.capitalize()} Location card{extra}",
            items=open_items(LOCATION, "location_"), reporter=head.seat, reporters="seat")
    if isinstance(head, TomeReport):
        return ChanceRequest(
            prompt=f"Read {draw_label(card_id(head.tome))} aloud and report what it does (the"
                   " GM applies anything else with `/game correct`)",
            items=tome_items(), reporter=head.seat, reporters="seat")
    if isinstance(head, CombatReport):
        what = draw_label(card_id(head.card)).removeprefix("a ")
        return ChanceRequest(
            prompt=f"Read the {what} and report how many Monsters it brings into play",
            items=[combat_item(card_id(head.card))], reporter=head.seat, reporters="seat")
    if isinstance(head, SheetReport):
        return ChanceRequest(prompt=f"{state.names[head.seat]}: report your hero sheet",
                             items=open_items(SHEET, "sheet_"), reporter=head.seat,
                             reporters="seat")
    if isinstance(head, CardReport):
        return ChanceRequest(
            prompt=f"{state.names[head.seat]}: report {FORM_NAMES[head.form]} you hold",
            items=open_items(CARD[head.form], f"{head.form}_"), reporter=head.seat,
            reporters="seat")
    if isinstance(head, AttackRoll):
        return dice_request(head.damage, head.acid, "Roll the attack", head.seat)
    if isinstance(head, EnemyDie):
        return _enemy_die_request()
    if isinstance(head, PoolRoll):
        return dice_request(head.damage, head.acid, "Roll the enemies' combined dice", None)
    return None


def _batch(state: HellbringerState, head: Deal, left: int) -> int:
    """How many cards of one draw a physical table reports on one form: all of them
    down to the end of the pile over the next Location (its odds change there)."""
    if state.options.mode != "physical" or head.where != "top":
        return 1
    return max(1, min(head.count, left))


def _spawn_prompt(state: HellbringerState, head: Spawn) -> str:
    if head.pile == "demon":
        if state.dungeon.demon_side == "B":
            return "Turn the Demon card over and report its Side B"
        seal = f" as printed (the bot takes off the {state.seal_armor} Armor of the cracked" \
            " seal)" if state.seal_armor else ""
        return f"Reveal the Demon and report its Side A{seal}"
    left = f" ({head.count} to come)" if head.count > 1 else ""
    return f"Draw the next {PILE_NAMES[head.pile]} and report it{left}"


def _dest_name(state: HellbringerState, deal: Deal) -> str:
    if deal.dest == "hand":
        return state.names[deal.seat]
    return "the Mule" if deal.dest == "mule" else "the middle of the table"


def _pile(state: HellbringerState, pile: str) -> list[str]:
    d = state.dungeon
    return {"starter": d.starters, "monster": d.monsters, "moose": d.moose,
            "demon": d.demon}[pile]


def resolve(state: HellbringerState, outcome: ChanceOutcome, out: Out) -> None:
    req = request(state)
    if req is None:
        raise RuleError("Nothing needs rolling or drawing right now.")
    validate_outcome(req, outcome)
    head = state.queue[0]
    values = outcome.values
    if isinstance(head, Deal) and len(values) > 1:
        told = {i.key: v for i, v in zip(req.items, values, strict=True) if i.key in DRAWN}
        _batch_dealt(state, head, values[:len(values) - len(told)], told, out)
    elif isinstance(head, Deal):
        _dealt(state, head, values[0], out)
    elif isinstance(head, Spawn):
        _spawned(state, head, values, out)
    elif isinstance(head, SheetReport):
        _sheet(state, head, values, out)
    elif isinstance(head, CardReport):
        _shown(state, head, values, out)
    elif isinstance(head, LocationReport):
        bonus, spawn = parse_location(values)
        state.queue.pop(0)
        loc = card_id(head.location)
        state.dungeon.location_bonus[loc] = bonus
        state.dungeon.location_spawns[loc] = spawn
        out.say(f"{loc.capitalize()}: Sight +{bonus}, {spawn} enem{'y' if spawn == 1 else 'ies'}"
                " to draw.")
        _location_spawns(state, loc, spawn, head.seat)
    elif isinstance(head, TomeReport):
        _tome_read(state, head, values, out)
    elif isinstance(head, CombatReport):
        count = parse_combat(values[0])
        state.queue.pop(0)
        state.queue[:0] = _combat_steps(head.card, count, head.seat, out)
    elif isinstance(head, AttackRoll | PoolRoll):
        _dice_rolled(state, head, values, out)
    elif isinstance(head, EnemyDie):
        state.queue.pop(0)
        out.add(Rolled(text=f"Enemy Die: {values[0]}", purpose="enemy", faces=values))
        face: HitFace = values[0]  # type: ignore[assignment]
        enemies.die_rolled(state, face, out)
    run(state, out)


def _dice_rolled(state: HellbringerState, head: AttackRoll | PoolRoll, values: list[str],
                 out: Out) -> None:
    """An attack's or the enemies' dice; no dice (a flat attack, enemies that only
    have abilities) is no roll at all, so nothing is asked or said."""
    state.queue.pop(0)
    damage = [int(v) for v in values[:head.damage]]
    acid = [int(v) for v in values[head.damage:]]
    if isinstance(head, AttackRoll):
        if values:
            out.add(Rolled(text=f"Attack roll: {' '.join(values)}", purpose="attack",
                           faces=values))
        combat.rolled(state, damage, acid, out)
        _portal_check(state, out)
        return
    if values:
        out.add(Rolled(text=f"The enemies roll: {' '.join(values)}", purpose="pool",
                       faces=values))
    enemies.pool_rolled(state, damage, acid)


def _dealt(state: HellbringerState, head: Deal, cid: str, out: Out) -> str:
    d = state.dungeon
    if head.where == "pool":
        inst = take(d, None, cid)
    else:
        seg = top_segment(d) if head.where == "top" else under_segment(d)
        inst = take(d, seg, cid)
    if state.options.mode == "physical" and head.where != "pool":
        out.say(f"Revealed: {draw_label(cid)}." if head.dest == "middle" else
                f"{_dest_name(state, head)} draws {draw_label(cid)}.")
    _place(state, head, inst)
    return inst


def _batch_dealt(state: HellbringerState, head: Deal, values: list[str], told: dict[str, str],
                 out: Out) -> None:
    """The cards of one draw reported together, in the order drawn; a set the bot's pile
    cannot hold is refused whole (the GM puts the pile right with `set_pile`). `told`
    is how many Monsters each Combat card among them brings (blank: as printed) and
    the first of them, by item key; a told value that can't be read refuses it all."""
    d = state.dungeon
    seg = top_segment(d)
    assert seg is not None
    said = Counter(values)
    combat = {card_id(i) for i in d.combat}
    pool = Counter(card_id(i) for i in [*d.commons, *d.combat])
    commons = sum(n for cid, n in said.items() if cid not in combat and not
                  cid.startswith("tome"))
    fights = sum(n for cid, n in said.items() if cid in combat)
    tomes = sum(n for cid, n in said.items() if cid.startswith("tome"))
    if commons > seg.commons or fights > seg.combat or tomes > (1 if seg.tome else 0) or any(
            n > pool[cid] for cid, n in said.items() if not cid.startswith("tome")):
        tome = "its Tome" if seg.tome else "no Tome"
        raise RuleError(f"The bot's pile holds {seg.commons} Common, {seg.combat} Combat or"
                        f" Showdown and {tome}; if it holds something else, the GM puts it"
                        " right with `/game correct set_pile`.")
    many = told.get(DRAWN[0], "")
    monsters = parse_combat(many) if many.strip() else None
    if monsters is not None and not fights:
        raise RuleError("Monsters per Combat card: you drew none; leave it blank.")
    face = parse_drawn_monster(told.get(DRAWN[1], ""))
    if face is not None and (not fights or monsters == 0):
        raise RuleError("The Monster it brings: your draw brings none; leave it blank.")
    for cid in values:
        inst = _dealt(state, head, cid, out)
        if cid in combat and head.instants:
            state.monsters_told[inst] = SUGGESTED_MONSTERS.get(cid, 1) if monsters is None \
                else monsters
            if face is not None:
                state.monster_told[inst], face = face, None


def _place(state: HellbringerState, head: Deal, inst: str) -> None:
    if head.dest == "hand":
        state.heroes[head.seat].takes_unseen(inst)
    elif head.dest == "middle":
        state.dungeon.middle.append(inst)
    else:
        state.dungeon.mule.append(inst)
    if head.instants and is_instant(inst):
        state.instants.append(inst)
    head.count -= 1
    if head.count <= 0:
        state.queue.pop(0)


def _sheet(state: HellbringerState, head: SheetReport, values: list[str], out: Out) -> None:
    """A hero sheet read off the table (its class is taken by this hero only, H10); the
    Starter Card and, in a Quick Game, the Starter Elixir join the hand unshown."""
    cls, perk, sheet = parse_sheet(values)
    hero = state.heroes[head.seat]
    if any(h.cls == cls for h in state.heroes if h is not hero):
        raise RuleError(f"Class: another hero is the {cls.capitalize()} already; each class"
                        " is taken by one hero.")
    card = catalogue().cls(cls)
    hero.cls = cls
    hero.base = {**sheet, "skill": card.skill, "hand": card.hand,
                 "companions": card.companions}
    hero.printed_perk = perk
    hero.hand.append(f"common#s{hero.seat + 1}")
    if state.options.starter_elixir:
        hero.hand.append(f"common#e{hero.seat + 1}")
    state.queue.pop(0)
    if head.rest:
        state.queue.insert(0, SheetReport(seat=head.rest[0], rest=head.rest[1:]))
    out.say(f"{state.names[head.seat]} plays the {card.name}: Health {sheet['health']},"
            f" Armor {sheet['armor']}, Sight {sheet['sight']}, {sheet['ap']} AP.")
    companions = f"{card.companions} companion{'' if card.companions == 1 else 's'}"
    out.say(f"From the class card: Skill Points {card.skill}, hand limit {card.hand},"
            f" {companions}, Perk {'I' * perk} (once per game). If your card says otherwise,"
            " the GM sets it with `/game correct`.")


def _shown(state: HellbringerState, head: CardReport, values: list[str], out: Out) -> None:
    """A card a player holds, now known to the bot: it replaces one unreported card."""
    hero = state.heroes[head.seat]
    held = [c for c in hero.hand if card_id(c) == "common"]
    if not held:
        raise RuleError("The bot counts no unreported card in your hand.")
    cid = f"x{state.next_uid}"
    card = parse_form(head.form, values, cid)
    state.next_uid += 1
    state.custom[cid] = card
    hero.hand[hero.hand.index(held[0])] = f"{cid}#1"
    state.queue.pop(0)
    if head.equip:
        _equip_shown(state, hero, f"{cid}#1", card.name, out)
        return
    out.say(f"{state.names[head.seat]} has shown the bot a card from their hand (see 🂠 My"
            " hand); the table sees it when it is played.")


def _equip_shown(state: HellbringerState, hero: Hero, inst: str, name: str, out: Out) -> None:
    """'Show and equip': the equip's own rules (cost, connection points) decide; a card
    they refuse stays in the hand, and the reason is said only if it names no card
    (the card is still hidden)."""
    try:
        cardplay.equip(state, hero, inst, out)
    except RuleError as refused:
        reason = str(refused) if name.lower() not in str(refused).lower() else \
            "it can't be equipped now."
        out.say(f"{state.names[hero.seat]} has shown the bot a card and keeps it in hand"
                f" (see 🂠 My hand): {reason[0].lower()}{reason[1:]}")


def _spawned(state: HellbringerState, head: Spawn, values: list[str], out: Out) -> None:
    pile = _pile(state, head.pile)
    if state.options.mode == "physical" or head.pile == "demon":
        face = parse_face(values, head.pile)
        inst = pile.pop(0)
        if head.pile == "demon" and state.dungeon.demon_side == "sealed":
            state.dungeon.demon_side = "A"
            face = _side_a(state, face, out)
    else:
        inst = next(i for i in pile if card_id(i) == values[0])
        pile.remove(inst)
        card = catalogue().enemy(values[0])
        face = Face(**card.model_dump(include=set(Face.model_fields)))
    _enter(state, Enemy(uid=inst, face=face), head, out)


def _enter(state: HellbringerState, enemy: Enemy, head: Spawn, out: Out) -> None:
    state.enemies.append(enemy)
    tags = ability_tags(enemy.face.ability)
    out.say(f"{enemy.face.name} enters play{f' ({tags})' if tags else ''}.")
    head.count -= 1
    if head.count <= 0 or not _pile(state, head.pile):
        state.queue.pop(0)


def _demon(state: HellbringerState, head: Spawn, out: Out) -> None:
    """Digital: the house Demon's side comes from the pack, no chance involved."""
    d = state.dungeon
    demon = catalogue().enemies.demon
    inst = d.demon.pop(0)
    if d.demon_side == "sealed":
        d.demon_side = "A"
        face = _side_a(state, demon.side_a)
    else:
        face = demon.side_b
    _enter(state, Enemy(uid=inst, face=face), head, out)


def _side_a(state: HellbringerState, face: Face, out: Out | None = None) -> Face:
    """The Demon's Side A as it enters: less the Armor a Tome's cracked seal took (a
    physical table reports the printed side, so the bot says what it took off)."""
    if not state.seal_armor:
        return face
    if out is not None:
        out.say(f"The cracked seal takes {state.seal_armor} Armor off {face.name}.")
    return face.model_copy(update={"armor": max(0, face.armor - state.seal_armor)})


def run(state: HellbringerState, out: Out) -> None:
    """Run deterministic steps until a chance node or a decision is at the head."""
    for _ in range(MAX_AUTO):
        if state.winners is not None or not state.queue:
            return
        head = state.queue[0]
        if isinstance(head, Deal):
            if not _deal_auto(state, head, out):
                if _single(state, out):
                    continue
                return
        elif isinstance(head, Spawn):
            if not _pile(state, head.pile):
                state.queue.pop(0)
                out.say(f"The {head.pile} pile is empty: no enemy enters.")
            elif head.face is not None:
                face, head.face = head.face, None
                _enter(state, Enemy(uid=_pile(state, head.pile).pop(0), face=face), head, out)
            elif head.pile == "demon" and state.options.mode == "digital":
                _demon(state, head, out)
            elif not _single(state, out):
                return
        elif isinstance(head, AttackRoll | PoolRoll):
            if head.damage + head.acid:
                return
            _dice_rolled(state, head, [], out)
        elif isinstance(head, Instants):
            _instants(state, head, out)
        elif isinstance(head, Stage):
            state.queue.pop(0)
            _stage(state, head, out)
        elif isinstance(head, StartTurn):
            state.queue.pop(0)
            turns.start_turn(state, head.seat, out)
        elif isinstance(head, Choose) and _moot(state, head):
            next_choice(state, head)
        elif isinstance(head, Choose) and _unseen_collect(state, head):
            if cardplay.collect(state, state.heroes[head.seat], head, state.dungeon.discard[-1],
                                out):
                next_choice(state, head)
        else:
            return
    raise RuntimeError("the Hellbringer queue did not settle")


def next_choice(state: HellbringerState, head: Choose) -> None:
    """A decision made: the next seat that owes the same one (`rest`) is asked."""
    state.queue.pop(0)
    if head.rest:
        state.queue.insert(0, head.model_copy(update={"seat": head.rest[0],
                                                       "rest": head.rest[1:]}))


def _unseen_collect(state: HellbringerState, head: Choose) -> bool:
    """Physical: a Collect from a discard pile of unshown cards, which are all alike
    to the bot; the player takes the card they like from the real pile, and asking
    which would be one more click for nothing."""
    return head.what == "collect" and all(card_id(c) == "common" for c in state.dungeon.discard)


def _moot(state: HellbringerState, head: Choose) -> bool:
    """A decision nobody can make: pick from an empty middle, discard from an empty
    hand ('If you have no more cards to discard, ignore any remaining discard effects')."""
    if head.what == "pick":
        return not state.dungeon.middle
    if head.what == "collect":
        return not state.dungeon.discard or state.heroes[head.seat].eliminated
    if head.what == "miss_discard":
        hand = state.heroes[head.seat].hand
        head.count = min(head.count, len(hand))
        return head.count == 0 or state.heroes[head.seat].eliminated
    return False


def _single(state: HellbringerState, out: Out) -> bool:
    """A chance node with one possible outcome resolves itself (nothing to ask)."""
    req = request(state)
    if req is None or not req.items or any(
            item.open_hint is not None or len(item.options) != 1 for item in req.items):
        return False
    resolve(state, ChanceOutcome(values=[item.options[0] for item in req.items]), out)
    return True


def _deal_auto(state: HellbringerState, head: Deal, out: Out) -> bool:
    """True when this draw needed no chance (a known card, a Location, an empty pile)."""
    d = state.dungeon
    if head.count <= 0:
        state.queue.pop(0)
        return True
    if head.where == "pool":
        if not d.commons:
            state.queue.pop(0)
            return True
        return False
    if head.where == "top" and d.top:
        _place(state, head, d.top.pop())
        return True
    seg = top_segment(d) if head.where == "top" else under_segment(d)
    if seg is None:
        if reshuffle(d):
            out.say("The Common Draw Pile is empty: the discard pile is shuffled into a new one.")
            return True
        state.queue.pop(0)
        out.say("The Common Draw Pile and its discard pile are empty: no card is drawn.")
        return True
    if seg.cards == 0 and seg.location is not None:
        inst = seg.location
        seg.location = None
        d.segments.remove(seg)
        _place(state, head, inst)
        return True
    return False


def _instants(state: HellbringerState, head: Instants, out: Out) -> None:
    """Instant cards act one by one in the order drawn; each is replaced by one
    card from under the Common Draw Pile (H6), which is itself checked."""
    holder = state.heroes[head.seat].hand if head.dest == "hand" else state.dungeon.middle
    for i, inst in enumerate(state.instants):
        if inst not in holder or not is_instant(inst):
            continue
        state.instants.pop(i)
        holder.remove(inst)
        steps = _instant(state, inst, head.seat, out)
        if state.options.instant_replacement:
            steps.append(Deal(seat=head.seat, count=1, dest=head.dest, where="under"))
        state.queue[:0] = steps
        return
    held = {c for h in state.heroes for c in h.hand} | set(state.dungeon.middle)
    state.instants = [c for c in state.instants if c in held and is_instant(c)]
    state.queue.pop(0)


def _instant(state: HellbringerState, inst: str, seat: int, out: Out) -> list[Step]:
    cat = catalogue()
    d = state.dungeon
    cid = card_id(inst)
    location = cat.location(cid)
    if location is not None:
        d.locations.append(inst)
        out.say(f"The party reaches {'' if location.name in NO_ARTICLE else 'the '}"
                f"{location.name}.")
        if state.options.mode == "physical":
            return [LocationReport(location=inst, seat=seat)]
        count = location.spawns[state.players - 1]
        return _location_steps(state, cid, count, seat)
    tome = cat.tome(cid)
    physical = state.options.mode == "physical"
    if tome is not None:
        d.removed.append(inst)
        if physical:
            return [TomeReport(tome=inst, seat=seat)]
        out.say(f"{tome.name}. {tome.text}")
        return _tome(state, tome.effect, tome.amount, seat)
    card = combat_card(cid)
    assert card is not None
    d.removed.append(inst)
    if physical and inst in state.monsters_told:
        steps = _combat_steps(inst, state.monsters_told.pop(inst), seat, out)
        face = state.monster_told.pop(inst, None)
        return [s.model_copy(update={"face": face}) for s in steps]
    if physical:
        return [CombatReport(card=inst, seat=seat)]
    state.omen += card.omen
    return _combat_steps(inst, card.spawn, seat, out)


def _combat_steps(inst: str, count: int, seat: int, out: Out) -> list[Step]:
    """A Combat or Showdown card's Monsters, drawn from the Monster pile into play."""
    card = combat_card(card_id(inst))
    assert card is not None
    kind = "Showdown" if card.showdown else "Combat"
    if not count:
        out.say(f"{kind}: no Monster enters play.")
        return []
    out.say(f"{kind}: 1 Monster enters play." if count == 1 else
            f"{kind}: {count} Monsters enter play.")
    return [Spawn(pile="monster", count=count, seat=seat)]


def _location_steps(state: HellbringerState, cid: str, count: int, seat: int) -> list[Step]:
    if cid == "tomb":
        escort: list[Step] = [Spawn(pile="monster", count=count, seat=seat)] if count else []
        return [Spawn(pile="demon", count=1, seat=seat), *escort]
    group = {"portal": "moose", "graveyard": "starter"}.get(cid, "monster")
    return [Spawn(pile=group, count=count, seat=seat)] if count else []


def _location_spawns(state: HellbringerState, cid: str, count: int, seat: int) -> None:
    state.queue[:0] = _location_steps(state, cid, count, seat)


def _tome(state: HellbringerState, effect: TomeEffect, amount: int, seat: int) -> list[Step]:
    """A Tome's effect: the house card's (digital) or the one a table reported."""
    if effect == "draw":
        steps: list[Step] = []
        for s in alive(state):
            steps += [Deal(seat=s, count=amount), Instants(seat=s)]
        return steps
    if effect == "collect":
        order = [s for s in alive(state) if s >= seat] + [s for s in alive(state) if s < seat]
        if order and amount:
            return [Choose(what="collect", seat=order[0], count=amount, rest=order[1:])]
    elif effect == "resurrect":
        state.shrine = True
    elif effect == "weaken_demon":
        state.seal_armor += amount
    return []


TOME_SAID: dict[TomeEffect, str] = {
    "none": "nothing for the bot to track",
    "draw": "each player in play draws {cards}",
    "collect": "each player in play collects {cards} from the Common discard",
    "resurrect": "the eliminated are Resurrected at the end of the next Enemies' Turn",
    "weaken_demon": "the Demon's Side A enters with {n} less Armor",
}


def _tome_read(state: HellbringerState, head: TomeReport, values: list[str], out: Out) -> None:
    """Physical: the printed Tome's effect as the table reported it."""
    effect = cast(TomeEffect, values[0])
    amount = parse_tome(effect, values[1])
    state.queue.pop(0)
    cards = f"{amount} card{'' if amount == 1 else 's'}"
    said = TOME_SAID[effect].format(n=amount, cards=cards)
    out.say(f"{draw_label(card_id(head.tome))}: {said}.")
    state.queue[:0] = _tome(state, effect, amount, head.seat)


def _stage(state: HellbringerState, head: Stage, out: Out) -> None:
    name = head.name
    if name == "reveal_check":
        enemies.reveal_check(state, head.seat)
    elif name == "after_reveal":
        enemies.after_reveal(state)
    elif name == "strike":
        enemies.strike(state)
    elif name == "abilities":
        enemies.abilities(state, out)
    elif name == "settle":
        enemies.settle(state, out)
    elif name == "end_enemies":
        enemies.end_enemies(state, out)
    elif name == "end_turn":
        turns.finish_turn(state, head.seat, out)
    else:
        turns.respawned(state, head.seat, out)


def _portal_check(state: HellbringerState, out: Out) -> None:
    """'If all enemies or all players are eliminated, the effect of Secret Portal ends.'"""
    if state.portal and state.winners is None and not state.enemies and not any(
            isinstance(s, Spawn) for s in state.queue):
        combat.finish(state, True, out)
