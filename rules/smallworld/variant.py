"""Named hook points where a variant of Small World (Small World of Warcraft) differs.

A variant is a subclass of :class:`Rules` registered under a name with :func:`register`; a
state names its variant (``state.variant``) and the engine asks :func:`rules_of` at each hook
point. The variant's content lives in ``data/smallworld_<name>/`` (races.toml, powers.toml,
game.toml, maps/), read through :mod:`data` with the same variant name. The base game is the
variant ``base`` (``data/smallworld/``). The hook points are listed in the package docstring.

A hook that changes the state changes regions, players and race instances only through
``state.edit(region)``, ``state.edit_player(seat)`` and ``state.edit_inst(iid)``: copies of
a state share those objects until one of them is changed. The decks, discard, ``attacked``,
``ghoul_queue`` and ``dice`` lists, the combo entries, ally pairs and decisions are shared too:
replace them, never change them in place (see :func:`rules.smallworld.state.copy_state`). A
variant's own fields go in ``state.extra`` (JSON-safe, copied whole).
"""

from __future__ import annotations

from typing import Any, Mapping

from . import data, effects, msgs
from .state import Instance, RegionState, State


class Rules:
    """The base game's behaviour at every hook point; a variant overrides what differs."""

    name = "base"
    declined_defenders_lose_all = False  # SWoW: all declined tokens of a conquered region go
    # every option the turn's decisions list is legal as listed (so a listed action is played
    # without a second check); SWoW lists attacks a hidden coin fee may still refuse
    listings_exact = True
    lost_tribe_supply = "lost_tribe"  # the supply the printed lost tribes come from (SWoW: murloc)

    # -- set-up ------------------------------------------------------------------------------
    def choose_map(self, state: State, options: Mapping[str, Any]) -> str:
        """Return the map (file stem under the variant's maps/) for ``state.n`` players."""
        return data.constants(state.variant)["maps"][str(state.n)]

    def game_turns(self, state: State) -> int:
        """Return the number of game turns (the base game: printed on the map)."""
        return state.board.turns

    def place_neutrals(self, state: State) -> None:
        """Put the starting pieces on the map: Lost Tribes and mountains (Murlocs in SWoW)."""
        for static in state.board.regions:
            state.regions.append(RegionState(lost_tribe=static.lost_tribe,
                                             mountain=static.mountain))
        state.lt_placed = sum(r.lost_tribe for r in state.regions)
        state.supply[self.lost_tribe_supply] -= state.lt_placed
        state.supply["mountain"] -= sum(r.mountain for r in state.regions)

    # -- a turn ------------------------------------------------------------------------------
    def after_pick(self, state: State, inst: Instance) -> None:
        """Start-of-race steps of a race just picked, stacked above its conquest (SWoW: the
        Worgen form); none."""

    def upkeep(self, state: State, seat: int, events: list) -> None:
        """Automatic effects at the start of ``seat``'s turn, before any choice (none here)."""

    def before_ready(self, state: State, inst: Instance, events: list) -> None:
        """Start-of-turn steps of a race that goes on conquering, just before its troops are
        readied (SWoW: the Beastmaster's beasts); none."""

    def ready_keep(self, state: State, inst: Instance, region: int) -> int:
        """Return how many tokens stay in ``region`` when troops are readied (SWoW: one
        more beside the Champion)."""
        return self.min_tokens(state, inst)

    # -- conquest ----------------------------------------------------------------------------
    def extra_discount(self, state: State, inst: Instance, region: int) -> int:
        """Return a cost reduction beyond the data discounts (SWoW: Frostmourne; none)."""
        return 0

    def min_tokens(self, state: State, inst: Instance) -> int:
        """Return the fewest tokens ``inst`` conquers with and keeps per region (SWoW Tauren 2)."""
        return 1

    def reach_problem(self, state: State, inst: Instance, region: int, owned: set[int]):
        """Return why ``region`` is out of reach of ``inst`` (owning ``owned``), or None.

        Base: a first conquest on a border region (Halflings anywhere), later ones adjacent
        (Flying anywhere, Underworld through caverns). SWoW: entry regions and travel.
        """
        static = state.board.regions[region]
        mode = effects.reach(state, inst)
        if mode == "any_land":
            return None
        if not owned:
            if static.border or effects.race_has(state, inst, "enter_anywhere"):
                return None
            return msgs.err("not_border", region=region)
        if not static.adj.isdisjoint(owned):
            return None
        if mode == "cavern_network" and "cavern" in static.symbols and any(
                "cavern" in state.board.regions[o].symbols for o in owned):
            return None
        return msgs.err("not_adjacent", region=region)

    def reachable(self, state: State, inst: Instance, owned: set[int]):
        """Return every region ``reach_problem`` accepts (all at once, for menus)."""
        board = state.board
        mode = effects.reach(state, inst)
        if mode == "any_land" or (not owned and effects.race_has(state, inst, "enter_anywhere")):
            return range(len(board.regions))
        if not owned:
            return board.border_ids
        near = set().union(*(board.regions[o].adj for o in owned))
        if mode == "cavern_network" and not board.cavern_ids.isdisjoint(owned):
            near |= board.cavern_ids
        return near

    def may_enter_water(self, state: State, inst: Instance) -> bool:
        """Tell whether ``inst`` may conquer seas and lakes (base: active Seafaring)."""
        return effects.may_enter_water(state, inst)

    def defence(self, state: State, inst: Instance, region: int) -> int:
        """Return the cost of ``region`` for ``inst`` before reductions (3.6)."""
        reg = state.regions[region]
        cost = 2 + reg.mountain + reg.lair + reg.fortress + reg.encampments + reg.lost_tribe
        if reg.inst is not None and reg.inst != inst.id:
            cost += reg.tokens
        return cost

    def defences(self, state: State, inst: Instance, regions) -> list[int]:
        """Return :meth:`defence` of each of ``regions`` (a variant may share its lookups)."""
        return [self.defence(state, inst, r) for r in regions]

    def remove_neutrals(self, state: State, region: int, events: list) -> None:
        """Remove the ownerless defenders of a conquered region (Lost Tribes; Murlocs)."""
        reg = state.regions[region]
        if reg.lost_tribe:
            reg = state.edit(region)
            reg.lost_tribe = False
            state.lt_removed += 1
            events.append(msgs.event("lost_tribe_removed", region=region))

    def before_attack(self, state: State, inst: Instance, region: int, events: list) -> None:
        """Variant steps when an attack on ``region`` is declared, before its cost is paid or
        the die rolled (SWoW: the Harmony fee, the Pandaren's attack record); none."""

    def before_defenders_leave(self, state: State, inst: Instance, region: int,
                               events: list) -> None:
        """Variant triggers of a successful conquest while the defenders are still there
        (SWoW: the faction record, Orc and Battlemaster coins, tolls; none)."""

    def spares_defender(self, state: State, inst: Instance, defender: Instance, region: int,
                        events: list) -> bool:
        """Tell whether the conquered ``defender`` loses no token this time (beyond the races'
        own rule; SWoW: Light's Hope Chapel, the Draenei's first loss of a turn)."""
        return False

    def discard_lost(self, state: State, defender: Instance, region: int, lost: int,
                     events: list) -> None:
        """Discard the ``lost`` tokens of ``defender`` in the conquered ``region`` (base: to
        its tray; SWoW: a beast first)."""
        state.tray[defender.race] += lost

    def after_conquests(self, state: State, inst: Instance, events: list) -> None:
        """Variant effects when ``inst``'s conquests end, before redeployment (SWoW: Spirit
        Healer)."""

    def clear_region(self, state: State, region: int) -> None:
        """Return a variant's pieces of a region that was conquered or left empty (SWoW: wisp
        walls, forts; none)."""

    def end_placements(self, state: State, inst: Instance, events: list) -> None:
        """Variant steps after the active race's redeployment, before ``end turn`` (SWoW:
        forts, watchtowers, military objectives, Harmony); decisions may be stacked."""

    def after_conquest(self, state: State, inst: Instance, region: int, events: list) -> None:
        """Variant triggers after a successful conquest (markers, faction records; none)."""

    # -- decline and scoring -----------------------------------------------------------------
    def before_decline(self, state: State, inst: Instance, events: list) -> None:
        """Remove what only an active race keeps as ``inst`` declines (SWoW: watchtowers)."""

    def badge_stays_in_decline(self, state: State, inst: Instance) -> bool:
        """Tell whether ``inst``'s badge (not Spirit) stays with it in decline, to be
        discarded when the race leaves the map (SWoW: Garrison, Swamp-dweller); none."""
        return False

    def tokens_kept_in_decline(self, state: State, inst: Instance) -> int | None:
        """Return how many tokens per region stay at decline (None: all of them, Ghouls)."""
        return None if effects.race_has(state, inst, "keep_tokens_in_decline") else 1

    def extra_score_lines(self, state: State, seat: int,
                          steady: bool = False) -> list[tuple[str, int]]:
        """Return variant coins of ``seat`` at turn end as (source, coins) (faction bonus);
        ``steady``: only those the same board pays on a later turn too."""
        return []

    def not_from_tray(self, state: State, inst: Instance) -> int:
        """Return how many of ``inst``'s counted tokens (board, hand, withdrawn) are not race
        tokens of its tray (SWoW: beasts, the Champion); none."""
        return 0

    def tiebreak_tokens(self, state: State, inst: Instance) -> int:
        """Return ``inst``'s tokens on the board for the tie-break (SWoW: not the Champion)."""
        return state.on_board(inst.id)


_VARIANTS: dict[str, Rules] = {"base": Rules()}


def register(rules: Rules) -> Rules:
    """Register a variant's rules under ``rules.name`` and return them."""
    _VARIANTS[rules.name] = rules
    return rules


def rules_of(state: State) -> Rules:
    """Return the rules of the variant ``state`` is played with."""
    return _VARIANTS[state.variant]
