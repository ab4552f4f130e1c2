"""Power hooks: the unusual power effects named in data/smallworld/powers.toml.

Closed list of power hooks (each works only while the race is active):

* ``berserk``      ``berserk roll`` before a conquest; the roll lowers the next conquest's cost;
                   no declare-then-roll die conquest.
* ``encampments``  (Bivouacking) ``encampment R`` / ``encampment off R`` while redeploying;
                   each adds 1 defence and blocks Sorcerers; knocked-out ones are re-placed.
* ``diplomat``     ``ally S`` at the end of the turn: S's active race may not attack ours.
* ``dragon``       (Dragon Master) ``dragon R`` once per turn: 1 token conquers, Dragon guards.
* ``fortress``     (Fortified) ``fortress R`` once per turn: +1 defence; +1 coin each (score data).
* ``heroes``       (Heroic) ``hero R`` at the end of each turn, two different regions, immune.
* ``spirit``       the declined race never counts toward the single in-decline limit.
* ``stout``        ``end turn decline``: decline right after this turn's scoring.

Reach (Flying, Underworld), water (Seafaring), discounts and scores are plain data
interpreted in :mod:`effects`.
"""

from __future__ import annotations

from . import conquest, effects, msgs
from .pieces import owned_by
from .state import Instance, State
from .targets import attack_problem


# -- Berserk ----------------------------------------------------------------------------------
def berserk_problem(state: State, inst: Instance):
    """Return why ``berserk roll`` is illegal now, or None."""
    if not effects.power_has(state, inst, "berserk"):
        return msgs.err("not_berserk")
    if inst.conquests_over:
        return msgs.err("conquests_over")
    if inst.hand < 1:
        return msgs.err("no_tokens")
    if inst.berserk is not None:
        return msgs.err("berserk_already_rolled")
    return None


def berserk_roll(state: State, inst: Instance, events: list) -> None:
    """Roll the die for the next conquest of a Berserk race."""
    inst.berserk = conquest.roll_die(state)
    events.append(msgs.event("berserk_roll", reveals=True, seat=inst.owner, value=inst.berserk))


# -- Dragon Master ----------------------------------------------------------------------------
def dragon_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``dragon region`` is illegal now, or None."""
    if not effects.power_has(state, inst, "dragon"):
        return msgs.err("not_dragon_master")
    if inst.dragon_used:
        return msgs.err("dragon_used")
    return attack_problem(state, inst, region, owned)


def dragon(state: State, inst: Instance, region: int, events: list) -> None:
    """Conquer ``region`` with exactly 1 token and move the Dragon there."""
    inst.berserk = None
    inst.dragon_used = True
    for r, reg in enumerate(state.regions):
        if reg.dragon:
            state.edit(r).dragon = False
            state.supply["dragon"] += 1
    conquest.resolve(state, inst, region, 1, events, kind="dragon")
    if state.supply["dragon"] > 0:
        state.supply["dragon"] -= 1
        state.edit(region).dragon = True


# -- Fortified --------------------------------------------------------------------------------
def fortress_problem(state: State, inst: Instance, region: int):
    """Return why ``fortress region`` is illegal now, or None."""
    return (_fortress_power_problem(state, inst) or fortress_region_problem(state, inst, region)
            or _fortress_supply_problem(state))


def fortress_now_problem(state: State, inst: Instance):
    """Return why ``inst`` may place no fortress anywhere now, or None."""
    return _fortress_power_problem(state, inst) or _fortress_supply_problem(state)


def _fortress_power_problem(state: State, inst: Instance):
    if not effects.power_has(state, inst, "fortress"):
        return msgs.err("not_fortified")
    if inst.fortress_used:
        return msgs.err("fortress_used")
    return None


def _fortress_supply_problem(state: State):
    if state.supply["fortress"] < 1:
        return msgs.err("no_piece_left", piece=msgs.label("piece_fortress"))
    return None


def fortress_region_problem(state: State, inst: Instance, region: int):
    """Return why a fortress may not go to ``region`` (when one may be placed), or None."""
    if not owned_by(state, inst, region):
        return msgs.err("not_your_region", region=region)
    if state.regions[region].fortress:
        return msgs.err("fortress_there")
    return None


def fortress(state: State, inst: Instance, region: int, events: list) -> None:
    """Put a Fortress in ``region``."""
    inst.fortress_used = True
    state.supply["fortress"] -= 1
    state.edit(region).fortress = True
    state.highlight.append(region)
    events.append(msgs.event("fortress_placed", seat=inst.owner, region=region))


# -- Bivouacking ------------------------------------------------------------------------------
def encampment_problem(state: State, inst: Instance, region: int, remove: bool):
    """Return why ``encampment [off] region`` is illegal for ``inst`` now, or None."""
    if not effects.power_has(state, inst, "encampments"):
        return msgs.err("not_bivouacking")
    if not owned_by(state, inst, region):
        return msgs.err("not_your_region", region=region)
    if remove and state.regions[region].encampments < 1:
        return msgs.err("no_encampment_there")
    if not remove and inst.camps < 1:
        return msgs.err("no_piece_left", piece=msgs.label("piece_encampment"))
    return None


def encampment(state: State, inst: Instance, region: int, remove: bool, events: list) -> None:
    """Place one unplaced encampment in ``region`` (or lift one with ``remove``)."""
    step = -1 if remove else 1
    state.edit(region).encampments += step
    inst.camps -= step
    if not remove and inst.knocked_camps:
        inst.knocked_camps -= 1
    state.highlight.append(region)
    events.append(msgs.event("encampment_lifted" if remove else "encampment_placed",
                             seat=inst.owner, region=region))


# -- Heroic -----------------------------------------------------------------------------------
def heroes_to_place(state: State, inst: Instance) -> int:
    """Return how many heroes ``inst`` must place at the end of this turn."""
    if not effects.power_has(state, inst, "heroes"):
        return 0
    return min(2, len(state.regions_of(inst.id)))


def lift_heroes(state: State, inst: Instance) -> None:
    """Take this race's heroes off the board before they are re-placed."""
    for r in state.regions_of(inst.id):
        if state.regions[r].hero:
            state.edit(r).hero = False
            state.supply["hero"] += 1


def hero_problem(state: State, inst: Instance, region: int):
    """Return why ``hero region`` is illegal now, or None."""
    if not owned_by(state, inst, region):
        return msgs.err("not_your_region", region=region)
    if state.regions[region].hero:
        return msgs.err("hero_there")
    return None


def hero(state: State, inst: Instance, region: int, events: list) -> None:
    """Place a hero in ``region``."""
    state.supply["hero"] -= 1
    state.edit(region).hero = True
    state.heroes_left -= 1
    state.highlight.append(region)
    events.append(msgs.event("hero_placed", seat=inst.owner, region=region))


# -- Diplomat ---------------------------------------------------------------------------------
def ally_problem(state: State, inst: Instance | None, ally: int):
    """Return why ``ally S`` is illegal now, or None."""
    if inst is None or not effects.power_has(state, inst, "diplomat"):
        return msgs.err("not_diplomat")
    if any(d == inst.owner for d, _ in state.allies):
        return msgs.err("ally_chosen")
    if not 0 <= ally < state.n or ally == inst.owner:
        return msgs.err("no_such_seat", ally=ally)
    if ally in state.attacked:
        return msgs.err("ally_attacked", ally_seat=ally)
    return None


def choose_ally(state: State, inst: Instance, ally: int, events: list) -> None:
    """Make peace: ``ally``'s active race may not attack ours until our next turn."""
    state.allies.append([inst.owner, ally])
    events.append(msgs.event("ally", seat=inst.owner, ally_seat=ally))


def is_stout(state: State, inst: Instance | None) -> bool:
    """Tell whether ``inst`` may decline at the end of this turn (Stout)."""
    return inst is not None and effects.power_has(state, inst, "stout")
