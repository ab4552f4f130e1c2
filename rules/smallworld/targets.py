"""Which regions a race may attack and what they cost (3.5, 3.6), with the refusal reasons.

``owned`` arguments let a caller that checks many regions compute the race's regions once.
"""

from __future__ import annotations

from . import effects, msgs
from .state import Instance, State
from .variant import rules_of


def _exists(state: State, region: int) -> bool:
    return 0 <= region < len(state.regions)


def owned_set(state: State, inst: Instance) -> set[int]:
    """Return the set of regions ``inst`` occupies."""
    iid = inst.id
    return {r for r, reg in enumerate(state.regions) if reg.inst == iid}


def raw_cost(state: State, inst: Instance, region: int) -> int:
    """Return the cost before reductions (3.6)."""
    return rules_of(state).defence(state, inst, region)


def cost(state: State, inst: Instance, region: int) -> int:
    """Return the number of tokens ``inst`` needs to conquer ``region`` (at least 1)."""
    rules = rules_of(state)
    cut = effects.discount(state, inst, region) + rules.extra_discount(state, inst, region)
    return max(rules.min_tokens(state, inst), raw_cost(state, inst, region) - cut)


def target_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``region`` is not a target of ``inst`` (rules 2-6 of 3.5), or None."""
    if not _exists(state, region):
        return msgs.err("no_such_region", region=region)
    reg, static = state.regions[region], state.board.regions[region]
    rules = rules_of(state)
    if static.water and not rules.may_enter_water(state, inst):
        return msgs.err("water")
    if reg.inst == inst.id:
        return msgs.err("own_region")
    if reg.hole or reg.hero or reg.dragon:
        return msgs.err("immune")
    peace = peace_with(state, inst, region)
    if peace is not None:
        return msgs.err("diplomat_peace", diplomat_seat=peace)
    return rules.reach_problem(state, inst, region,
                               owned_set(state, inst) if owned is None else owned)


def peace_with(state: State, inst: Instance, region: int) -> int | None:
    """Return the Diplomat seat whose active region this ally's active race may not attack."""
    occupant = state.regions[region].inst
    if inst.declined or occupant is None:
        return None
    for diplomat, ally in state.allies:
        if ally == inst.owner and state.players[diplomat].active == occupant:
            return diplomat
    return None


def attack_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``inst`` may not attack ``region`` at all now (hand, phase, target), or None."""
    if inst.conquests_over:
        return msgs.err("conquests_over")
    if inst.hand < rules_of(state).min_tokens(state, inst):
        return msgs.err("no_tokens")
    return target_problem(state, inst, region, owned)


def costs(state: State, inst: Instance, regions) -> list[int]:
    """Return :func:`cost` of each of ``regions`` (the shared lookups made once)."""
    variant = rules_of(state)
    least, extra = variant.min_tokens(state, inst), variant.extra_discount
    pairs = list(zip(regions, variant.defences(state, inst, regions), strict=True))
    if inst.declined:
        return [max(least, defence - extra(state, inst, r)) for r, defence in pairs]
    printed, positional = effects.discount_table(state, inst)
    if not positional:
        return [max(least, defence - extra(state, inst, r) - printed[r]) for r, defence in pairs]
    one = effects.discount_one
    return [max(least, defence - extra(state, inst, r) - printed[r]
                - sum(one(state, inst, r, *rule) for rule in positional)) for r, defence in pairs]


def attackable(state: State, inst: Instance, owned: set[int]) -> list[int]:
    """Return, in order, every region ``attack_problem`` accepts (computed at once)."""
    rules = rules_of(state)
    if inst.conquests_over or inst.hand < rules.min_tokens(state, inst):
        return []
    statics = state.board.regions
    water_ok = rules.may_enter_water(state, inst)
    iid, regions = inst.id, state.regions
    peace = set() if inst.declined else {state.players[d].active for d, ally in state.allies
                                          if ally == inst.owner}
    found = []
    for r in sorted(rules.reachable(state, inst, owned)):
        reg = regions[r]
        if reg.inst == iid or reg.hole or reg.hero or reg.dragon:
            continue
        if (statics[r].water and not water_ok) or (reg.inst is not None and reg.inst in peace):
            continue
        found.append(r)
    return found
