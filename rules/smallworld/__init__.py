"""Small World: race/power combos conquering a shared map, with declines and hidden coins.

Modules by job (the same names as the other games): ``game`` (the platform contract on the
core decision engine), ``flow`` (the turn's phase machine on the decision stack), ``handlers``
(the registry: one handler per decision with options, problem, effect, in ``turn_decisions``
and ``board_decisions``; shared parts in ``handling``), ``moves`` (the move grammar: text <->
structured moves), ``msgs`` (catalog helpers), ``state`` (state, fast copy, dump/load),
``view``, ``scoring``, ``setup``, ``data`` (content of data/smallworld*/), ``variant`` (hook
points). One module per mechanic: ``combos`` (pick, column, coins, banner return, reshuffle),
``targets`` (reach and cost), ``conquest`` (ready, abandon, conquer, losses, the die),
``redeploy``, ``withdraw`` (defenders' withdrawals), ``decline``, ``races`` and ``powers``
(hooks named in the data), ``effects`` (data-driven discounts, reach and scores), ``pieces``.

Variant hook points (Small World of Warcraft reuses this engine through them; each is a
method of :class:`variant.Rules`, the base game's behaviour being the default):

* data folder: ``data/smallworld_<variant>/`` (races, powers, game constants, maps), read by
  :mod:`data` for ``state.variant``; a variant's extra state goes in ``state.extra``.
* ``choose_map`` / ``game_turns``: the board for the player count (SWoW: islands by size)
  and the number of turns.
* ``place_neutrals``: starting pieces (Lost Tribes, mountains; SWoW: Murlocs, markers).
* ``upkeep``: automatic start-of-turn effects (SWoW: bombs, Harmony tokens back).
* ``reach_problem``: which regions a race may reach (border rule, adjacency; SWoW: entry
  regions on any island, travel).
* ``may_enter_water``: water regions (base: Seafaring; SWoW: Naga).
* ``defence``: the cost before reductions (SWoW: travel +1, Murlocs, forts, the Champion).
* ``remove_neutrals``: ownerless defenders of a conquered region (Lost Tribes; Murlocs).
* ``after_conquest``: triggers after a conquest (SWoW: markers, faction records).
* ``before_ready`` / ``ready_keep``: start-of-turn steps before troops are readied and the
  tokens a region keeps (SWoW: the Beastmaster's beasts; one more beside the Champion).
* ``discard_lost``: where a conquered race's lost tokens go (SWoW: a beast first).
* ``not_from_tray`` / ``tiebreak_tokens``: pieces counted among a race's tokens that are not
  from its tray, and the tie-break count (SWoW: beasts and the Champion; not the Champion).
* ``tokens_kept_in_decline``: tokens per region left at decline (Ghouls all; Tauren 2).
* ``badge_stays_in_decline``: a badge kept by the declined race until it leaves the map
  (SWoW: Garrison, Swamp-dweller).
* ``extra_score_lines``: variant coins at turn end (SWoW: faction bonus, legendary places).
* decisions: a variant game class lists ``handlers.BASE_HANDLERS`` plus its own handlers
  and registers them with ``handlers.register_handlers(variant, ...)``.
"""

from .game import SmallWorld

GAME = SmallWorld()

__all__ = ["GAME", "SmallWorld"]
