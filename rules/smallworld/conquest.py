"""Conquest: ready troops, abandon, conquer, losses and withdrawal, the die (targets: targets).

Actions handled here (acting race = in-decline Ghouls in the Ghoul phase, else the active race):
``abandon R`` (before the first conquest of the turn), ``conquer R``, ``die R`` (final
conquest with the reinforcement die, declared before the roll), ``end conquest``.
"""

from __future__ import annotations

from . import combos, data, effects, msgs, races
from .pieces import clear_pieces, owned_by
from .state import Instance, State
from .targets import attack_problem, cost
from .variant import rules_of


# -- ready and abandon ------------------------------------------------------------------------
def ready(state: State, inst: Instance, events: list) -> None:
    """Take every token above 1 per region into hand; Amazons also take their reserve (3.4)."""
    gained = 0
    rules = rules_of(state)
    rules.before_ready(state, inst, events)
    for r, reg in enumerate(state.regions):
        if reg.inst != inst.id:
            continue
        keep = rules.ready_keep(state, inst, r)
        if reg.tokens > keep:
            gained += reg.tokens - keep
            state.edit(r).tokens = keep
    gained += inst.reserve
    inst.hand += gained
    inst.reserve = 0
    if gained:
        events.append(msgs.event("ready", seat=inst.owner, race=msgs.race(inst.race),
                                 tokens=gained))


def abandon_problem(state: State, inst: Instance, region: int):
    """Return why ``inst`` may not abandon ``region`` now (None if it may)."""
    if not 0 <= region < len(state.regions):
        return msgs.err("no_such_region", region=region)
    if inst.conquered or inst.conquests_over:
        return msgs.err("abandon_after_conquest")
    if not owned_by(state, inst, region):
        return msgs.err("not_your_region", region=region)
    return None


def abandon(state: State, inst: Instance, region: int, events: list) -> None:
    """Lift every token of ``region`` into hand and clear its pieces (3.4)."""
    reg = state.edit(region)
    inst.hand += reg.tokens
    reg.tokens, reg.inst = 0, None
    clear_pieces(state, region, camps_to=inst)
    state.highlight.append(region)
    events.append(msgs.event("abandon", seat=inst.owner, race=msgs.race(inst.race),
                             region=region))


def conquer_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``conquer region`` is illegal now, or None."""
    problem = attack_problem(state, inst, region, owned)
    return problem if problem is not None else conquer_cost_problem(state, inst, region)


def conquer_cost_problem(state: State, inst: Instance, region: int, need: int | None = None):
    """Return why an attackable ``region`` (costing ``need``) is too dear for ``inst``, or None."""
    if inst.berserk is not None:
        return None
    need = cost(state, inst, region) if need is None else need
    if inst.hand < need:
        return msgs.err("need_tokens", need=need, have=inst.hand)
    return None


def die_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``die region`` is illegal now (3.8), or None."""
    if effects.power_has(state, inst, "berserk"):
        return msgs.err("berserk_no_die")
    problem = attack_problem(state, inst, region, owned)
    return problem if problem is not None else die_cost_problem(state, inst, region)


def die_cost_problem(state: State, inst: Instance, region: int, need: int | None = None):
    """Return why the die may not help ``inst`` conquer an attackable ``region``, or None."""
    need = cost(state, inst, region) if need is None else need
    if need <= inst.hand:
        return msgs.err("die_not_needed", cost=need, have=inst.hand)
    if need > inst.hand + 3:
        return msgs.err("die_too_far", cost=need, have=inst.hand)
    return None


# -- resolution -------------------------------------------------------------------------------
def conquer(state: State, inst: Instance, region: int, events: list) -> None:
    """Conquer ``region`` paying its cost (or the Berserk need), or fail a Berserk attempt."""
    rules_of(state).before_attack(state, inst, region, events)
    need = cost(state, inst, region)
    if inst.berserk is not None:
        roll, inst.berserk = inst.berserk, None
        need = max(1, need - roll)
        if inst.hand < need:
            inst.conquests_over = True
            events.append(msgs.event("berserk_failed", seat=inst.owner, region=region,
                                     need=need, have=inst.hand))
            return
    resolve(state, inst, region, need, events, kind="conquer")


def die(state: State, inst: Instance, region: int, events: list) -> None:
    """Declare ``region``, roll the die, and conquer with every token in hand on success (3.8)."""
    rules_of(state).before_attack(state, inst, region, events)
    need = cost(state, inst, region)
    roll = roll_die(state)
    inst.conquests_over = True
    ok = inst.hand + roll >= need
    events.append(msgs.event("die_roll", reveals=True, seat=inst.owner, region=region,
                             value=roll, need=need, have=inst.hand))
    if ok:
        resolve(state, inst, region, inst.hand, events, kind="die")
    else:
        events.append(msgs.event("die_failed", seat=inst.owner, region=region))


def roll_die(state: State) -> int:
    """Roll the reinforcement die (a forced result first, if the options gave any)."""
    if state.dice:
        roll, state.dice = state.dice[0], state.dice[1:]
        return roll
    return state.rng.choice(data.constants(state.variant)["die"])


def resolve(state: State, inst: Instance, region: int, used: int, events: list,
            kind: str | None, beside: int = 0) -> None:
    """Move ``used`` tokens into ``region``, remove its defenders, record the conquest (3.7).

    ``kind`` names the announcing event (None: the caller announced it); ``beside`` counts
    pieces entering with the tokens and counted among them (SWoW: the Champion).
    """
    reg = state.edit(region)
    non_empty = reg.lost_tribe or reg.inst is not None
    if kind is not None:
        events.append(msgs.event(kind, seat=inst.owner, race=msgs.race(inst.race),
                                 region=region, cost=used))
    rules_of(state).before_defenders_leave(state, inst, region, events)
    _remove_defenders(state, inst, region, events)
    reg.inst, reg.tokens = inst.id, used + beside
    inst.hand -= used
    inst.conquered.append([region, non_empty])
    state.highlight.append(region)
    races.after_conquest(state, inst, region, events)
    rules_of(state).after_conquest(state, inst, region, events)


def empty_as_conquered(state: State, inst: Instance, region: int, events: list) -> None:
    """Remove ``region``'s defenders as if ``inst`` conquered it, but move no token in (SWoW
    live bombs): the variant's conquest triggers, then losses and withdrawals."""
    rules_of(state).before_defenders_leave(state, inst, region, events)
    _remove_defenders(state, inst, region, events)


def _remove_defenders(state: State, inst: Instance, region: int, events: list) -> None:
    reg = state.edit(region)
    rules_of(state).remove_neutrals(state, region, events)
    defender = None if reg.inst is None else state.edit_inst(reg.inst)
    owner_camps = defender
    if reg.encampments and owner_camps is not None:
        owner_camps.knocked_camps += reg.encampments
    clear_pieces(state, region, camps_to=owner_camps)
    if defender is None:
        return
    _defender_losses(state, inst, defender, reg.tokens, region, events)
    reg.inst, reg.tokens = None, 0
    if not defender.declined and not inst.declined:
        state.attacked = [*state.attacked, defender.owner]
    if defender.declined and not state.regions_of(defender.id) and not (
            defender.hand or defender.pending):
        combos.return_banner(state, defender, events)


def _defender_losses(state: State, inst: Instance, defender: Instance, tokens: int,
                     region: int, events: list) -> None:
    spared = races.loses_nothing(state, defender) or rules_of(state).spares_defender(
        state, inst, defender, region, events)
    lost = 0 if spared else 1
    if defender.declined and rules_of(state).declined_defenders_lose_all:
        lost = tokens
    lost = min(lost, tokens)
    rules_of(state).discard_lost(state, defender, region, lost, events)
    rest = tokens - lost
    straight_to_hand = (inst.declined and inst.owner == defender.owner
                        and not defender.declined)
    if straight_to_hand:
        defender.hand += rest
    else:
        defender.pending += rest
    events.append(msgs.event("defender_losses", seat=defender.owner,
                             race=msgs.race(defender.race), region=region, lost=lost,
                             withdrawn=rest))
