"""Race hooks: the unusual race effects named in data/smallworld/races.toml.

Closed list of race hooks (a new race may combine them or add one here):

* ``amazon_reserve``        extra_tokens are conquest-only: at redeployment min(4, tokens) go to a
                            reserve that returns to hand when troops are readied.
* ``no_loss_when_conquered`` (Elves) an active defender loses no token, all are withdrawn.
* ``keep_tokens_in_decline`` (Ghouls) decline keeps every token on the board.
* ``acts_in_decline``       (Ghouls) the in-decline race plays a conquest phase first each turn.
* ``enter_anywhere``        (Halflings) a first conquest may be any region they may enter.
* ``holes``                 (Halflings) the first two conquests of the instance get a Hole.
* ``redeploy_bonus``        (Skeletons) +1 token from the tray per 2 non-empty conquests.
* ``convert``               (Sorcerers) ``convert R``: replace a lone active enemy token.
* ``lair_on_conquest``      (Trolls) every conquest gets a Troll's Lair.

Common effects (score, discount) are plain data interpreted in :mod:`effects`.
"""

from __future__ import annotations

from . import data, effects, msgs
from .pieces import clear_pieces
from .state import Instance, State
from .targets import attack_problem, owned_set


def loses_nothing(state: State, defender: Instance) -> bool:
    """Tell whether a conquered defender loses no token (active Elves)."""
    return effects.race_has(state, defender, "no_loss_when_conquered")


def acts_in_decline(state: State, inst: Instance) -> bool:
    """Tell whether this in-decline race plays a Ghoul phase."""
    return inst.declined and effects.race_has(state, inst, "acts_in_decline")


def after_conquest(state: State, inst: Instance, region: int, events: list) -> None:
    """Apply on-conquest pieces: Troll's Lair, Hole-in-the-Ground."""
    reg = state.edit(region)
    if effects.race_has(state, inst, "lair_on_conquest") and not reg.lair:
        if state.supply["lair"] > 0:
            state.supply["lair"] -= 1
            reg.lair = True
            events.append(msgs.event("lair_placed", seat=inst.owner, region=region))
    if effects.race_has(state, inst, "holes") and inst.holes_placed < 2:
        inst.holes_placed += 1
        if state.supply["hole"] > 0:
            state.supply["hole"] -= 1
            reg.hole = True
            events.append(msgs.event("hole_placed", seat=inst.owner, region=region))


# -- Amazons ----------------------------------------------------------------------------------
def reserve_needed(state: State, inst: Instance) -> int:
    """Return how many tokens the Amazons must set aside at this redeployment (else 0)."""
    if not effects.race_has(state, inst, "amazon_reserve"):
        return 0
    extra = _race_def(state, inst).get("extra_tokens", 0)
    return min(extra, state.on_board(inst.id) + inst.hand)


def _race_def(state: State, inst: Instance) -> dict:
    return data.races(state.variant)[inst.race]


# -- Skeletons --------------------------------------------------------------------------------
def redeploy_bonus(state: State, inst: Instance, events: list) -> None:
    """Add the Skeletons' tokens (1 per 2 non-empty conquests this turn) from the tray."""
    if not effects.race_has(state, inst, "redeploy_bonus"):
        return
    wanted = sum(1 for _, non_empty in inst.conquered if non_empty) // 2
    bonus = min(wanted, state.tray[inst.race])
    if bonus:
        state.tray[inst.race] -= bonus
        inst.hand += bonus
        events.append(msgs.event("skeleton_bonus", seat=inst.owner, tokens=bonus))


# -- Sorcerers --------------------------------------------------------------------------------
def convert_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``convert region`` is illegal for ``inst`` now (4.1 Sorcerers), or None."""
    if not effects.race_has(state, inst, "convert"):
        return msgs.err("not_sorcerers")
    owned = owned_set(state, inst) if owned is None else owned
    problem = attack_problem(state, inst, region, owned)
    if problem is not None:
        return problem
    if not owned and effects.reach(state, inst) != "any_land":
        return msgs.err("convert_first")
    reg = state.regions[region]
    victim = state.inst(reg.inst)
    if victim is None or victim.declined or victim.owner == inst.owner:
        return msgs.err("convert_not_active_enemy")
    if reg.tokens != 1 or reg.encampments:
        return msgs.err("convert_not_lone")
    if victim.owner in inst.converted:
        return msgs.err("convert_once", victim_seat=victim.owner)
    if state.tray[inst.race] < 1:
        return msgs.err("tray_empty", race=msgs.race(inst.race))
    return None


def convert(state: State, inst: Instance, region: int, events: list) -> None:
    """Replace the lone enemy token of ``region`` by a Sorcerer from the tray."""
    reg = state.edit(region)
    victim = state.edit_inst(reg.inst)
    inst.berserk = None
    state.tray[victim.race] += 1
    clear_pieces(state, region, camps_to=victim)
    state.tray[inst.race] -= 1
    reg.inst, reg.tokens = inst.id, 1
    inst.converted.append(victim.owner)
    inst.conquered.append([region, True])
    state.attacked = [*state.attacked, victim.owner]
    state.highlight.append(region)
    events.append(msgs.event("convert", seat=inst.owner, region=region,
                             victim_seat=victim.owner, victim_race=msgs.race(victim.race)))
