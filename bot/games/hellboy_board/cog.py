"""/hbboard: the companion's commands, for what buttons can't carry (names, areas,
numbers typed from the group's cards). Each command builds one engine action and
sends it through the table service exactly like a button, so every rule and
refusal applies; `odds` and `rules` answer only the member who asked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import ChooseFurther
from bot.frontend import Services
from bot.games.hellboy_board.odds import odds_embed, odds_line
from bot.games.hellboy_board.presets import choices, presets_embed
from bot.games.hellboy_board.reference import rules_embed
from bot.interactions import acknowledge_once_accepted, actor_of, channel_id_of
from bot.running import play, running_game
from bot.table import Outcome
from engines.core.errors import RuleError
from engines.hellboy_board import ENGINE, HBBoardState, query
from engines.hellboy_board import actions as act
from engines.hellboy_board.areas import NewArea, known
from engines.hellboy_board.models import Skill, Weapon
from engines.hellboy_board.roller import MAX_DICE, Colour

Small = app_commands.Range[int, 0, 99]
Dice = app_commands.Range[int, 1, MAX_DICE]
Steps = app_commands.Range[int, -40, 40]
CHOICE, CHOICES = 100, 25
"""Discord's limits on an autocomplete choice's name and on their number."""


def _refs(text: str | None) -> tuple[str, ...]:
    """'crypt, hall , attic' → ('crypt', 'hall', 'attic'): areas and names in order."""
    return tuple(p.strip() for p in (text or "").split(",") if p.strip())


class HBBoardCog(
    commands.GroupCog,
    group_name="hbboard",
    group_description="Hellboy board game companion: agents, enemies, tests, Doom, Krampus",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    async def _game(self, interaction: discord.Interaction[Any]) -> tuple[Outcome, HBBoardState]:
        return await running_game(self.services.table, interaction, ENGINE)

    async def _suggest(self, interaction: discord.Interaction[Any], typed: str,
                       found: Callable[[HBBoardState], list[tuple[str, str]]],
                       ) -> list[app_commands.Choice[str]]:
        """Suggestions from this channel's game as the member types (none elsewhere)."""
        if interaction.channel_id is None:
            return []
        current = await self.services.table.current(interaction.channel_id)
        if current is None or not isinstance(current.state, HBBoardState):
            return []
        wanted = typed.casefold()
        return [app_commands.Choice(name=name[:CHOICE], value=value)
                for name, value in found(current.state) if wanted in name.casefold()][:CHOICES]

    async def _agents(self, interaction: discord.Interaction[Any],
                      typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, typed, lambda s: [
            (a.name, a.id) for a in s.agents.values()])

    async def _enemies(self, interaction: discord.Interaction[Any],
                       typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, typed, lambda s: [
            (f"{s.cards[e.card].name} ({e.id}) · {e.area or 'not placed'}", e.id)
            for e in s.enemies.values()])

    async def _cards(self, interaction: discord.Interaction[Any],
                     typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, typed, choices)

    async def _areas(self, interaction: discord.Interaction[Any],
                     typed: str) -> list[app_commands.Choice[str]]:
        """The case's areas as first written; in a path ("hall, cr"), for its last
        step, after the steps already typed."""
        head, _, last = typed.rpartition(",")
        before = ", ".join(p.strip() for p in head.split(",") if p.strip())
        prefix, wanted = (f"{before}, " if before else ""), last.strip().casefold()
        return await self._suggest(interaction, "", lambda s: [
            (prefix + a, prefix + a) for a in known(s)
            if wanted in a.casefold() and len(prefix + a) <= CHOICE])

    async def _do(self, interaction: discord.Interaction[Any], action: act.Action) -> None:
        current, _ = await self._game(interaction)
        await self._play(interaction, current, action)

    async def _play(self, interaction: discord.Interaction[Any], current: Outcome,
                    action: act.Action) -> None:
        """A move; a name no area has yet is asked about first (one button sends
        the same move again, confirmed), since it is as often a typo as a tile."""
        try:
            await play(self.services, interaction, current, ENGINE, action)
        except NewArea as new:
            confirm = self.services.ui.confirmation(
                partial(self._confirm_new_area, action), f"Yes, a new area: {new.area}",
                discord.ButtonStyle.primary)
            raise ChooseFurther(new.message, confirm) from None

    async def _confirm_new_area(
        self, action: act.Action, interaction: discord.Interaction[Any]
    ) -> None:
        """"Yes, a new area": the same move again, the new name confirmed; answered in
        public once the move is accepted, as the command it repeats."""
        acknowledge_once_accepted(interaction)
        current, _ = await self._game(interaction)
        await play(self.services, interaction, current, ENGINE,
                   action.model_copy(update={"new_area": True}))

    # Setting up

    @app_commands.command(name="case", description="The Case File's setup: Deck of Doom, threat")
    @app_commands.describe(doom_deck="Cards in the Deck of Doom (the threat included)",
                           threat="Did the case shuffle an unseen Unexpected Threat in?",
                           doom_length="Spaces on the Impending Doom track",
                           starting_area="Where agents (and Krampus) set up")
    @app_commands.autocomplete(starting_area=_areas)
    @app_commands.guild_only()
    async def case(self, interaction: discord.Interaction[Any],
                   doom_deck: app_commands.Range[int, 1, 99] | None = None,
                   threat: bool | None = None,
                   doom_length: app_commands.Range[int, 1, 40] | None = None,
                   starting_area: app_commands.Range[str, 1, 40] | None = None) -> None:
        await self._do(interaction, act.SetUpCase(
            doom_deck=doom_deck, threat_shuffled_in=threat, doom_length=doom_length,
            starting_area=starting_area))

    @app_commands.command(name="agent", description="Add an agent from its card")
    @app_commands.describe(name="The agent's name", fight="Fight dice colour",
                           shoot="Shoot dice colour", explore="Explore dice colour",
                           defend="Defend dice colour", health="Damage slots on the card",
                           weapon="A ranged weapon it carries", pistol="Is that weapon a pistol?",
                           player="Who runs it (default you)", area="Where it starts")
    @app_commands.autocomplete(area=_areas)
    @app_commands.guild_only()
    async def agent(self, interaction: discord.Interaction[Any],
                    name: app_commands.Range[str, 1, 40], fight: Colour | None = None,
                    shoot: Colour | None = None, explore: Colour | None = None,
                    defend: Colour | None = None,
                    health: app_commands.Range[int, 1, 30] | None = None,
                    weapon: app_commands.Range[str, 1, 40] | None = None, pistol: bool = False,
                    player: discord.Member | None = None,
                    area: app_commands.Range[str, 1, 40] | None = None) -> None:
        current, _ = await self._game(interaction)
        seat = None
        if player is not None:
            seat = current.game.seat_of(player.id)
            if seat is None:
                raise RuleError(f"{player.display_name} isn't seated at this table.")
        given: tuple[tuple[Skill, Colour | None], ...] = (
            ("fight", fight), ("shoot", shoot), ("explore", explore), ("defend", defend))
        skills = {k: v for k, v in given if v is not None}
        weapons = (Weapon(name=weapon, ranged=True, tags=("pistol",) if pistol else ()),
                   ) if weapon else ()
        await self._play(interaction, current, act.AddAgent(
            name=name, seat=seat, skills=skills, health=health, area=area, weapons=weapons))

    @app_commands.command(name="arm", description="Give an agent another weapon from its card")
    @app_commands.describe(agent="The agent", weapon="The weapon's name, as printed",
                           ranged="A ranged weapon (Shoot)? Off: a melee weapon",
                           pistol="Is it a pistol (Harmless Man-Toys)?")
    @app_commands.autocomplete(agent=_agents)
    @app_commands.guild_only()
    async def arm(self, interaction: discord.Interaction[Any], agent: str,
                  weapon: app_commands.Range[str, 1, 40], ranged: bool = True,
                  pistol: bool = False) -> None:
        await self._do(interaction, act.ArmAgent(agent=agent, weapon=Weapon(
            name=weapon, ranged=ranged, tags=("pistol",) if pistol else ())))

    @app_commands.command(name="enemy", description="Type in an Enemy card and put it in play")
    @app_commands.describe(key="A short id, like 'frog-soldier'", name="As printed",
                           boss="Does the card show Behaviour icons?",
                           area="Where its figure is placed", count="Figures put in play (0: none)")
    @app_commands.autocomplete(area=_areas)
    @app_commands.guild_only()
    async def enemy(self, interaction: discord.Interaction[Any],
                    key: app_commands.Range[str, 1, 40], name: app_commands.Range[str, 1, 60],
                    move: Small, resilience: Small, health: app_commands.Range[int, 1, 999],
                    range: Small, ranged: Small, melee: Small, boss: bool | None = None,
                    area: app_commands.Range[str, 1, 40] | None = None,
                    count: app_commands.Range[int, 0, 10] = 1) -> None:
        if query.slug(key) != key.strip().lower():
            raise RuleError("'key' is a short id of lowercase letters, digits and dashes:"
                            f" '{query.slug(key)}'?")
        await self._do(interaction, act.DefineEnemy(
            key=key.strip().lower(), name=name, move=move, resilience=resilience, health=health,
            range=range, ranged=ranged, melee=melee, boss=boss, area=area, count=count))

    @app_commands.command(name="preset",
                          description="Put an enemy in play from a preset; without one, list them")
    @app_commands.describe(card="The card's id: built in (krampus), from the table's pack, or"
                                " typed in; leave out to list them",
                           area="Where it is placed", count="How many")
    @app_commands.autocomplete(card=_cards, area=_areas)
    @app_commands.guild_only()
    async def preset(self, interaction: discord.Interaction[Any],
                     card: app_commands.Range[str, 1, 40] | None = None,
                     area: app_commands.Range[str, 1, 40] | None = None,
                     count: app_commands.Range[int, 1, 10] = 1) -> None:
        if card is not None:
            await self._do(interaction, act.AddEnemy(card=card, area=area, count=count))
            return
        _, state = await self._game(interaction)
        chosen = state.options.pack.name if state.options.pack is not None else None
        others = []
        if interaction.guild_id is not None:
            others = [p.name for p in await self.services.table.packs(interaction.guild_id)
                      if p.game == ENGINE.key and p.name != chosen]
        await interaction.response.send_message(embed=presets_embed(state, others),
                                                ephemeral=True)

    # The round

    @app_commands.command(name="move", description="Move an enemy along its path (areas in order)")
    @app_commands.describe(enemy="The enemy's id on the board",
                           path="The areas it enters, in order: 'hall, crypt'",
                           declined="Agents who choose not to pay (leave_discard=may only)")
    @app_commands.autocomplete(enemy=_enemies, path=_areas)
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any],
                   enemy: app_commands.Range[str, 1, 40], path: app_commands.Range[str, 1, 400],
                   declined: str | None = None) -> None:
        if not _refs(path):
            raise RuleError("Name the areas it moves through, in order: 'hall, crypt'.")
        await self._do(interaction, act.MoveEnemy(enemy=enemy, path=_refs(path),
                                                  declined=_refs(declined)))

    @app_commands.command(name="go", description="Move an agent to an area (a cube)")
    @app_commands.autocomplete(agent=_agents, area=_areas)
    @app_commands.guild_only()
    async def go(self, interaction: discord.Interaction[Any], agent: str,
                 area: app_commands.Range[str, 1, 40],
                 cubes: app_commands.Range[int, 0, 3] = 1) -> None:
        await self._do(interaction, act.MoveAgent(agent=agent, area=area, cubes=cubes))

    @app_commands.command(name="attack",
                          description="An enemy attacks: report the damage your Defend left")
    @app_commands.describe(enemy="The attacking enemy's id",
                           damage="Damage after your Defend test (the formula is not public)",
                           target="Default: the hunted agent, else the front of Target Priority",
                           melee="A melee attack (else ranged)",
                           knocked_out="Did it knock the target out?")
    @app_commands.autocomplete(enemy=_enemies, target=_agents)
    @app_commands.guild_only()
    async def attack(self, interaction: discord.Interaction[Any],
                     enemy: app_commands.Range[str, 1, 40],
                     damage: app_commands.Range[int, 0, 30], target: str | None = None,
                     melee: bool = True, knocked_out: bool = False) -> None:
        await self._do(interaction, act.EnemyAttack(enemy=enemy, damage=damage, target=target,
                                                    melee=melee, knocked_out=knocked_out))

    @app_commands.command(name="test", description="An agent's test: the bot rolls, or you report")
    @app_commands.describe(agent="The agent", skill="Which skill", target="Enemy id (Fight/Shoot)",
                           weapon="Weapon name (Shoot)", dice="Dice of the skill's colour",
                           upgrades="Who pays a cube per upgrade, in order: 'hellboy, abe'",
                           downgrades="Downgrade steps (default: a Fight counts other enemies)",
                           total="Your real dice's total (effect resolved): nothing is rolled")
    @app_commands.autocomplete(agent=_agents, target=_enemies)
    @app_commands.guild_only()
    async def test(self, interaction: discord.Interaction[Any], agent: str, skill: Skill,
                   target: str | None = None, weapon: str | None = None, dice: Dice = 3,
                   upgrades: str | None = None,
                   downgrades: app_commands.Range[int, 0, 9] | None = None,
                   total: Small | None = None) -> None:
        current, state = await self._game(interaction)
        action = act.Test(agent=agent, skill=skill, target=target, weapon=weapon, dice=dice,
                          upgrades=_refs(upgrades), downgrades=downgrades, total=total)
        said = odds_line(state, action) if total is None else None
        await play(self.services, interaction, current, ENGINE, action)
        if said is not None:
            await interaction.followup.send(said)

    @app_commands.command(name="odds", description="A test's exact odds, before any cube is spent")
    @app_commands.describe(upgrades="Who pays a cube per upgrade, in order",
                           downgrades="Downgrade steps")
    @app_commands.autocomplete(agent=_agents, target=_enemies)
    @app_commands.guild_only()
    async def odds(self, interaction: discord.Interaction[Any], agent: str, skill: Skill,
                   target: str | None = None, weapon: str | None = None, dice: Dice = 3,
                   upgrades: str | None = None,
                   downgrades: app_commands.Range[int, 0, 9] | None = None) -> None:
        _, state = await self._game(interaction)
        embed = odds_embed(state, act.Test(agent=agent, skill=skill, target=target, weapon=weapon,
                                           dice=dice, upgrades=_refs(upgrades),
                                           downgrades=downgrades))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="hurt", description="Damage an enemy outside a test")
    @app_commands.autocomplete(enemy=_enemies)
    @app_commands.guild_only()
    async def hurt(self, interaction: discord.Interaction[Any],
                   enemy: app_commands.Range[str, 1, 40], amount: app_commands.Range[int, 1, 99],
                   attack: Literal["fight", "shoot", "other"] = "other",
                   pistol: bool = False) -> None:
        await self._do(interaction, act.DamageEnemy(
            enemy=enemy, amount=amount, attack=attack, weapon_tags=("pistol",) if pistol else ()))

    @app_commands.command(name="ko", description="An agent is knocked out (by an enemy, or not)")
    @app_commands.describe(by="The enemy that did it; leave out if something else did")
    @app_commands.autocomplete(agent=_agents, by=_enemies)
    @app_commands.guild_only()
    async def ko(self, interaction: discord.Interaction[Any], agent: str,
                 by: str | None = None) -> None:
        await self._do(interaction, act.KnockOut(agent=agent, by=by))

    @app_commands.command(name="agentstate", description="Damage, heal, stun, unstun or revive")
    @app_commands.autocomplete(agent=_agents)
    @app_commands.guild_only()
    async def agentstate(self, interaction: discord.Interaction[Any], agent: str,
                         change: Literal["damage", "heal", "stun", "unstun", "revive"],
                         amount: app_commands.Range[int, 1, 30] = 1) -> None:
        action: act.Action
        if change == "damage":
            action = act.DamageAgent(agent=agent, amount=amount)
        elif change == "heal":
            action = act.HealAgent(agent=agent, amount=amount)
        elif change == "revive":
            action = act.Revive(agent=agent)
        else:
            action = act.SetStunned(agent=agent, stunned=change == "stun")
        await self._do(interaction, action)

    @app_commands.command(name="spend",
                          description="An agent spends action cubes on something else")
    @app_commands.autocomplete(agent=_agents)
    @app_commands.guild_only()
    async def spend(self, interaction: discord.Interaction[Any], agent: str,
                    cubes: app_commands.Range[int, 1, 3] = 1,
                    why: app_commands.Range[str, 0, 60] = "") -> None:
        await self._do(interaction, act.SpendCubes(agent=agent, n=cubes, why=why))

    # Decks, threats and tracks

    @app_commands.command(name="draw", description="Draw a Doom card, or a Boss's Behaviour card")
    @app_commands.describe(behaviour="The Boss's id, for its Behaviour card")
    @app_commands.autocomplete(behaviour=_enemies)
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction[Any],
                   behaviour: str | None = None) -> None:
        await self._do(interaction, act.DrawDoom() if behaviour is None
                       else act.DrawBehaviour(enemy=behaviour))

    @app_commands.command(name="threat", description="Answer a drawn threat, or discard one")
    @app_commands.describe(lead="The lead agent (Krampus: the Wicked Child)",
                           boss="Does its enemy's card show Behaviour icons?",
                           cards="Behaviour cards in its deck (a Boss)",
                           discard="Discard this threat (its id) as its card says")
    @app_commands.autocomplete(lead=_agents)
    @app_commands.guild_only()
    async def threat(self, interaction: discord.Interaction[Any], lead: str | None = None,
                     boss: bool | None = None,
                     cards: app_commands.Range[int, 1, 40] | None = None,
                     discard: str | None = None) -> None:
        if discard is not None:
            await self._do(interaction, act.DiscardThreat(threat=discard))
            return
        await self._do(interaction, act.ResolveThreat(lead_agent=lead, boss=boss,
                                                      behaviour_cards=cards))

    @app_commands.command(name="track", description="Move Impending Doom or Information Gathered")
    @app_commands.guild_only()
    async def track(self, interaction: discord.Interaction[Any],
                    track: Literal["doom", "info"], steps: Steps) -> None:
        await self._do(interaction, act.AdvanceDoom(steps=steps) if track == "doom"
                       else act.GatherInfo(steps=steps))

    @app_commands.command(name="rules", description="The rules of the current step, and unknowns")
    @app_commands.guild_only()
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await self._game(interaction)
        await interaction.response.send_message(embed=rules_embed(state), ephemeral=True)

    @app_commands.command(name="end", description="Close the case: won or lost (host or GM)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction[Any], won: bool) -> None:
        """Asked first, as `/game end` is: a case closed by mistake is an evening lost
        (the table checks the GM again when the button is pressed)."""
        current, _ = await self._game(interaction)
        if not await self.services.table.is_gm(current.game, actor_of(interaction),
                                               interaction.guild_id):
            raise RuleError("Only the host, a member with Manage Channels, or the server's GM"
                            " role can close the case.")
        how = "won" if won else "lost"
        confirm = self.services.ui.confirmation(
            partial(self._close_case, won), f"Close the case: {how}",
            discord.ButtonStyle.danger)
        await interaction.response.send_message(
            f"Close the case as {how} for everyone? Undo (host or GM) can take it back.",
            view=confirm, ephemeral=True)

    async def _close_case(self, won: bool, interaction: discord.Interaction[Any]) -> None:
        """The GM's confirmation of `/hbboard end`: the case closes through the table's
        GM-checked correction path, so undo takes it back like any step; answered in
        public once the correction is accepted, as a command is."""
        acknowledge_once_accepted(interaction)
        outcome = await self.services.table.correct(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id,
            ENGINE.dump_correction(act.EndCase(won=won)))
        closed = f"🛠️ {actor_of(interaction).name} (GM) closes the case."
        await self.services.ui.publish_reply(interaction, replace(outcome, notice=closed))
