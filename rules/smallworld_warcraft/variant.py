"""Small World of Warcraft as a variant of the Small World engine: its hook points.

Islands instead of a map (entry regions, travel, no bridges), Murlocs as the ownerless
defenders, rounds by player count, Naga on water, Kobold caverns, Tauren pairs, the faction
bonus, conquest coins (Orcs, Battlemaster, Furious, the Swamp-dweller toll), the markers
(face down until entered; the legendary places' effects) and the Draenei's first loss.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core.errors import CannotParse
from rules.smallworld import effects
from rules.smallworld import msgs as base_msgs
from rules.smallworld.state import Instance, State
from rules.smallworld.variant import Rules, register

from . import (
    archipelago,
    artifacts,
    battleground,
    beasts,
    champion,
    coins,
    data,
    gnomes,
    goblins,
    harmony,
    markers,
    msgs,
    objectives,
    pieces,
    placements,
    races,
    reach,
    rule_options,
    tally,
)
from .holding import champion_at
from .wells import well_revealed

NAME = "warcraft"


def _race(inst: Instance) -> dict:
    return data.races()[inst.race]


def _hooks(inst: Instance) -> frozenset[str]:
    return frozenset(_race(inst).get("hooks", ())) if not inst.declined else frozenset()


def _power_is(inst: Instance, power: str) -> bool:
    return not inst.declined and inst.power == power


def wc_board(state: State) -> data.Board:
    """Return the Warcraft board of ``state`` (region codes and islands)."""
    return data.board(tuple(state.extra["islands"]))


def flags(state: State) -> dict:
    """Return this turn's flags (reset at every turn's upkeep)."""
    return state.extra.setdefault("turn", {})


class WarcraftRules(Rules):
    """The Warcraft behaviour at every Small World hook point."""

    listings_exact = False  # an attack may be refused for a Harmony fee the coins cannot pay

    name = NAME
    declined_defenders_lose_all = True
    lost_tribe_supply = "murloc"

    # -- set-up ------------------------------------------------------------------------------
    def choose_map(self, state: State, options: Mapping[str, Any]) -> str:
        """Read the rule options (§6.7); draw the islands for the player count (or take the
        ``islands`` option)."""
        state.extra["rules"] = rule_options.read(options)
        try:
            islands = archipelago.choose_islands(
                state.rng, state.n, str(options.get("two_player_boards") or "LM").upper(),
                list(options.get("islands") or []))
        except archipelago.SetupError as bad:
            raise CannotParse(msgs.err(bad.key, **bad.params)) from bad
        state.extra["islands"] = list(islands)
        state.extra["fixed_markers"] = list(options.get("markers") or [])
        return "+".join(islands)

    def place_neutrals(self, state: State) -> None:
        """Put a Murloc and a Mountain where printed, a face-down marker on each size icon."""
        super().place_neutrals(state)
        fixed = state.extra.pop("fixed_markers", [])
        try:
            placed, pool = archipelago.deal_markers(state.rng, wc_board(state), fixed)
        except archipelago.SetupError as bad:
            raise CannotParse(msgs.err(bad.key, **bad.params)) from bad
        state.extra["markers"] = [{"id": m, "region": r, "up": False} for r, m in placed.items()]
        state.extra["pool"] = pool

    # -- a turn ------------------------------------------------------------------------------
    def upkeep(self, state: State, seat: int, events: list) -> None:
        """Reset the per-turn flags (regions taken, Draenei saves, once-per-turn uses)."""
        state.extra["turn"] = {"taken": {}, "draenei_saved": [], "ethereal_used": False}
        goblins.resolve(state, seat, events)
        harmony.recover(state, seat, events)
        active = state.active(seat)
        if races.wants_form(state, active):
            races.ask_form(state, active)

    def after_pick(self, state: State, inst: Instance) -> None:
        """A Worgen race just picked chooses its form at once; the first Goblins make the
        bomb pile."""
        if goblins.is_goblin(inst):
            goblins.create_pile(state)
        if races.wants_form(state, inst):
            races.ask_form(state, inst)

    def before_ready(self, state: State, inst: Instance, events: list) -> None:
        """T3 of an expand turn: the Beastmaster's beasts are discarded, then gained."""
        beasts.start_of_turn(state, inst, events)

    def ready_keep(self, state: State, inst: Instance, region: int) -> int:
        """Ready troops leave 1 race token (Tauren 2), and the Champion beside them (§3.1 T4)."""
        return self.min_tokens(state, inst) + champion_at(state, region)

    # -- conquest ----------------------------------------------------------------------------
    def reach_of(self, state: State, inst: Instance) -> reach.Reach:
        """Return what lets ``inst`` reach regions (race hooks, travel waivers)."""
        waived = _power_is(inst, "seafarer") or markers.held_by(
            state, inst, "meeting_stone") is not None
        ashes = "ashes" in artifacts.using(state)
        air = gnomes.raid(state) is not None
        anywhere = air and rule_options.enabled(state, "air_raid_first_conquest")
        return reach.Reach(hooks=_hooks(inst), no_travel=waived, as_if_adjacent=ashes or air,
                           lands_anywhere=anywhere)

    def reach_problem(self, state: State, inst: Instance, region: int, owned: set[int]):
        """Entry regions on any island, adjacency, Kobold caverns, Naga water (§3.3.1); not
        immune; the Harmony fee payable."""
        problem = self.open_problem(state, inst, region, owned)
        if problem is not None:
            return problem
        fee = harmony.fee_due(state, inst, region)
        if fee and not coins.affords(state, inst.owner, fee):
            return msgs.err("harmony_fee", coins=fee)
        return None

    def open_problem(self, state: State, inst: Instance, region: int, owned: set[int]):
        """Return why ``region`` is out of reach or immune for ``inst``, coins aside."""
        if placements.immune(state, region, inst.owner):
            return base_msgs.err("immune")
        why = reach.problem(wc_board(state), region, frozenset(owned), self.reach_of(state, inst))
        if why is None:
            return None
        if why == "not_entry":
            return msgs.err("not_entry", region=region)
        return base_msgs.err(why, region=region) if why != "water" else base_msgs.err("water")

    def reachable(self, state: State, inst: Instance, owned: set[int]):
        """Return every region in reach and not immune, for menus (which never depend on a
        player's hidden coins: a fee that cannot be paid is refused when chosen): the regions
        ``open_problem`` accepts, the race's reach worked out once for all."""
        board, fixed, how = wc_board(state), frozenset(owned), self.reach_of(state, inst)
        return [r for r in range(len(state.regions))
                if not placements.immune(state, r, inst.owner)
                and reach.problem(board, r, fixed, how) is None]

    def may_enter_water(self, state: State, inst: Instance) -> bool:
        """Only active Naga conquer seas and lakes."""
        return "water_conquest" in _hooks(inst)

    def extra_discount(self, state: State, inst: Instance, region: int) -> int:
        """Frostmourne's 2 tokens, everything above the minimum for Doomhammer, the Gnomes'
        air-raid roll on its target."""
        air = gnomes.raid(state)
        roll = air["roll"] if air is not None and air["region"] == region else 0
        return artifacts.discount(state) + roll

    def min_tokens(self, state: State, inst: Instance) -> int:
        """Active Tauren conquer with and keep at least 2 tokens."""
        return 1 if inst.declined else _race(inst).get("min_tokens", 1)

    def defence(self, state: State, inst: Instance, region: int) -> int:
        """Base 2 + Mountain + Murloc + other races' tokens + travel (§3.3.2)."""
        return self.defences(state, inst, [region])[0]

    def defences(self, state: State, inst: Instance, regions) -> list[int]:
        """Return :meth:`defence` of each of ``regions``, the race's regions and reach
        worked out once for all."""
        board, how = wc_board(state), self.reach_of(state, inst)
        owned = frozenset(state.regions_of(inst.id))
        found = []
        for region in regions:
            reg = state.regions[region]
            cost = 2 + reg.mountain + reg.lost_tribe + pieces.count(state, region)
            if reg.inst is not None and reg.inst != inst.id:
                cost += reg.tokens
            found.append(cost + reach.travel(board, region, owned, how))
        return found

    def remove_neutrals(self, state: State, region: int, events: list) -> None:
        """The Murloc of a conquered region goes to the box."""
        if state.regions[region].lost_tribe:
            state.edit(region).lost_tribe = False
            state.lt_removed += 1
            events.append(msgs.event("murloc_removed", region=region))

    def before_attack(self, state: State, inst: Instance, region: int, events: list) -> None:
        """The Harmony fee before attacking the Pandaren; the Pandaren's attack record."""
        harmony.before_attack(state, inst, region, events)

    def before_defenders_leave(self, state: State, inst: Instance, region: int,
                               events: list) -> None:
        """Record the defeated race; pay Orc, Battlemaster and Furious coins and the toll."""
        reg = state.regions[region]
        defender = state.inst(reg.inst)
        flags(state)["conquering"] = region
        hero = champion_at(state, region)  # never a defending race token (§4.2 Furious)
        defenders = (reg.tokens - hero if defender is not None else 0) + reg.lost_tribe
        lost = reg.lost_tribe + (0 if defender is None else reg.tokens if defender.declined
                                 else min(1, reg.tokens))
        races.count_kill(state, inst, lost)
        if _power_is(inst, "battlemaster") and (defenders or hero):
            coins.gain(state, inst.owner, 1, "battlemaster", events)
        if _power_is(inst, "furious") and defenders >= 2:
            coins.gain(state, inst.owner, defenders, "furious", events)
        objectives.claim(state, inst, region, events)
        if defender is None:
            return
        own = defender.owner == inst.owner
        if own and not rule_options.enabled(state, "faction_bonus_own_declined"):
            return
        taken = flags(state)["taken"]
        taken[str(defender.id)] = taken.get(str(defender.id), 0) + 1
        if "alliance_conquest_coins" in _hooks(inst) and data.faction(defender.race) == "alliance":
            coins.gain(state, inst.owner, 1, "orcs", events)
        if (not own and defender.power == "swamp_dweller"
                and state.board.regions[region].terrain == "swamp"):
            coins.transfer(state, inst.owner, defender.owner, 1, "swamp_dweller", events)
        if champion.take_hostage(state, inst, region, events):
            flags(state)["hostage"] = region

    def spares_defender(self, state: State, inst: Instance, defender: Instance, region: int,
                        events: list) -> bool:
        """A hostage Champion (its race loses nothing); else Light's Hope Chapel first, then
        the Draenei's first loss of this turn (§3.3.4)."""
        if flags(state).get("hostage") == region:
            del flags(state)["hostage"]
            races.count_kill(state, inst, -1)
            return True
        if defender.declined:
            return False
        if markers.held_by(state, defender, "lights_hope_chapel") is not None:
            events.append(msgs.event("chapel_saved", seat=defender.owner, region=region))
        elif ("first_loss_saved" in _hooks(defender)
              and defender.owner not in flags(state)["draenei_saved"]):
            flags(state)["draenei_saved"].append(defender.owner)
            events.append(msgs.event("draenei_saved", seat=defender.owner, region=region))
        else:
            return False
        races.count_kill(state, inst, -1)
        return True

    def discard_lost(self, state: State, defender: Instance, region: int, lost: int,
                     events: list) -> None:
        """A beast is discarded instead of a race token; the other beasts are withdrawn."""
        lost = beasts.lose(state, defender, region, lost, events)
        state.tray[defender.race] += lost

    def clear_region(self, state: State, region: int) -> None:
        """Wisp walls and forts of a conquered or emptied region go back to the supply; the
        bomb of a region left empty (not conquered) goes back on the pile."""
        pieces.clear(state, region)
        if flags(state).get("conquering") != region:
            goblins.return_bomb(state, region, [])

    def end_placements(self, state: State, inst: Instance, events: list) -> None:
        """Forts, watchtowers, placed artifacts, bombs, military objectives, Harmony (§3.1 T7b
        to g), then the Battleground side for the scoring (§5.7).

        Decisions are stacked, the last one on top: the Battleground side comes last, the
        owner's choice of where short forts or watchtowers go first.
        """
        active = inst
        battleground.ask(state, active)
        short: tuple[str, list[int]] = ("", [])
        if _power_is(active, "garrison") and rule_options.get(
                state, "garrison_timing") == "end_of_turn":
            short = ("fort", pieces.place_forts(state, active, events))
        if _power_is(active, "fortified"):
            short = ("watchtower", pieces.update_watchtowers(state, active, events))
        if harmony.is_pandaren(active):
            harmony.hand_out(state, active, events)
        if objectives.is_humans(active):
            objectives.ask(state, active)
        if goblins.is_goblin(active):
            goblins.ask(state, active)
        placements.ask(state, active)
        if short[1]:
            pieces.ask(state, active, *short)

    def badge_stays_in_decline(self, state: State, inst: Instance) -> bool:
        """Garrison and Swamp-dweller (``survives_decline`` in the data) stay with the declined
        race until it leaves the map (§3.8 step 3)."""
        return bool(data.powers()[inst.power].get("survives_decline"))

    def before_decline(self, state: State, inst: Instance, events: list) -> None:
        """Beasts, the Champion, watchtowers and military objectives go when their race
        declines (a region held only by beasts or the Champion becomes empty, §3.8)."""
        beasts.discard_all(state, inst, events)
        champion.remove(state, inst, events)
        pieces.remove_watchtowers(state, inst, events)
        objectives.remove(state, inst)

    def discard_token(self, state: State, victim: Instance, region: int, events: list) -> None:
        """Discard one token of ``victim`` outside a conquest (Intimidating): to the tray,
        unless it is the Draenei's first loss of the turn (then to their hand)."""
        acting = state.inst(state.acting)
        saved = flags(state)["draenei_saved"]
        if "first_loss_saved" in _hooks(victim) and victim.owner not in saved:
            saved.append(victim.owner)
            state.edit_inst(victim.id).pending += 1
            events.append(msgs.event("draenei_saved", seat=victim.owner, region=region))
            return
        state.tray[victim.race] += 1
        events.append(msgs.event("token_discarded", seat=victim.owner, region=region))
        if acting is not None:
            races.count_kill(state, acting, 1)

    def after_conquest(self, state: State, inst: Instance, region: int, events: list) -> None:
        """Reveal a face-down marker the tokens entered (the Well moves to water); Night Elves
        raise a wisp wall on a conquered forest."""
        flags(state).pop("conquering", None)
        beasts.settle_hand(state, inst, region)
        if "wisp_walls" in _hooks(inst) and state.board.regions[region].terrain == "forest":
            pieces.put(state, region, "wisp_wall", events, inst.owner)
        if _power_is(inst, "garrison") and rule_options.get(
                state, "garrison_timing") == "on_conquest":
            pieces.put(state, region, "fort", events, inst.owner)
        if "well_of_eternity" in markers.reveal(state, inst, region, events):
            well_revealed(state, inst, region, events)
        for found in markers.in_region(state, region):
            artifacts.record_owner(state, found["id"], inst.owner)

    def after_conquests(self, state: State, inst: Instance, events: list) -> None:
        """Forsaken recruitment (a decision), Spirit Healer: one more token into hand."""
        races.ask_recruit(state, inst)
        if inst.declined or markers.held_by(state, inst, "spirit_healer") is None:
            return
        if state.tray[inst.race] > 0:
            state.tray[inst.race] -= 1
            state.edit_inst(inst.id).hand += 1
            events.append(msgs.event("spirit_healer", seat=inst.owner))

    # -- decline and scoring -----------------------------------------------------------------
    def not_from_tray(self, state: State, inst: Instance) -> int:
        """Beasts and the Champion lie among a race's tokens but come from the supply."""
        hero = champion.region_of(state, inst) is not None or champion.is_pending(state, inst)
        return beasts.held(state, inst) + hero

    def tiebreak_tokens(self, state: State, inst: Instance) -> int:
        """Race tokens and beasts on the board, never the Champion (§3.12)."""
        return state.on_board(inst.id) - (champion.region_of(state, inst) is not None)

    def tokens_kept_in_decline(self, state: State, inst: Instance) -> int | None:
        """Tokens per region left at decline: 1 (Tauren 2)."""
        return _race(inst).get("decline_keep", 1)

    def extra_score_lines(self, state: State, seat: int,
                          steady: bool = False) -> list[tuple[str, int]]:
        """Faction bonus, Dark Portal, Karazhan (active race); Well of Eternity (any race).
        ``steady`` leaves out the faction bonus, which pays for this turn's conquests."""
        lines = []
        active = state.active(seat)
        if active is not None:
            if not steady:
                lines.append(("faction_bonus", self.faction_bonus(state, active)))
            if markers.held_by(state, active, "dark_portal") is not None:
                lines.append(("dark_portal", data.markers()["dark_portal"]["coins"]))
            place = markers.held_by(state, active, "karazhan")
            if place is not None:
                owned = state.regions_of(active.id)
                lines.append(("karazhan", tally.karazhan(wc_board(state), place, owned)))
        lines.append(("well_of_eternity", self.well_coins(state, seat)))
        return [(source, amount) for source, amount in lines if amount]

    def faction_bonus(self, state: State, active: Instance) -> int:
        """Return the faction bonus of the active race for this turn (§3.6, §5.7)."""
        return battleground.bonus(state, active)

    def well_coins(self, state: State, seat: int) -> int:
        """Return +2 when one of ``seat``'s races leads alone around the Well (§5.13)."""
        well = markers.region_of(state, "well_of_eternity")
        if well is None:
            return 0
        board, regions = wc_board(state), state.regions
        occupant = {}  # the Well's neighbours only: all the majority test reads
        for r in board.regions[well].adj:
            reg = regions[r]
            if reg.lost_tribe or (reg.inst is not None and reg.tokens):
                occupant[r] = "murlocs" if reg.lost_tribe else reg.inst
        leader = tally.majority_holder(board, well, occupant)
        mine = {i.id for i in state.live_insts(seat)}
        return data.markers()["well_of_eternity"]["coins"] if leader in mine else 0


def _nonempty(state: State, inst: Instance, region: int, rule: dict) -> bool:
    reg = state.regions[region]
    return bool(reg.lost_tribe or (reg.inst is not None and reg.inst != inst.id and reg.tokens))


def _legendary_place(state: State, inst: Instance, region: int, rule: dict) -> bool:
    return "ethereal" in artifacts.using(state) and markers.legendary_place_at(state, region)


def _worgen_form(state: State, inst: Instance, region: int, rule: dict) -> bool:
    return flags(state).get("form") == "worgen"


def _islands(state: State, inst: Instance, rule: dict) -> int:
    board = wc_board(state)
    return len({board.regions[r].island for r in state.regions_of(inst.id)})


def _next_to_water(state: State, inst: Instance, rule: dict) -> int:
    board = state.board
    return sum(any(board.regions[a].water for a in board.regions[r].adj)
               for r in state.regions_of(inst.id))


def _face_up_markers(state: State, inst: Instance, rule: dict) -> int:
    return markers.face_up_count(state, state.regions_of(inst.id))


effects.register_kinds(
    discounts={"nonempty": _nonempty, "legendary_place": _legendary_place,
               "worgen_form": _worgen_form},
    scores={"islands": _islands, "next_to_water": _next_to_water,
            "face_up_markers": _face_up_markers})
RULES = register(WarcraftRules())
