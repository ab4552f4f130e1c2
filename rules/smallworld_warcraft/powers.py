"""Warcraft powers acting during the conquests (spec §4.2): Portal Mage swaps and
Intimidating pushes. Neither is a conquest: no loss rule, no faction bonus, no toll.

* ``swap A B`` (Portal Mage, twice a turn): two distinct magic regions, not immune, at least
  one non-empty, exchange everything but their Mountain and legendary places: race tokens,
  Murlocs, wisp walls, forts, objectives and face-up artifacts. Face-down markers stay where
  they are and are revealed by the race tokens swapped in.
* ``intimidate R`` / ``intimidate R to D`` (Intimidating, 3 times a turn, before the conquests
  end): on an opponent region next to the race, discard a wisp wall or fort first, else a
  Murloc, else move one race token to D (another region of that race), or discard it when that
  race has no other region (the Draenei save and Forsaken kills apply to such a discard).

Touching the active Pandaren needs the Harmony fee like an attack.
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import (
    beasts,
    champion,
    coins,
    data,
    goblins,
    harmony,
    holding,
    markers,
    msgs,
    pieces,
    placements,
    races,
    rule_options,
)
from .wells import well_revealed

SWAPS = 2
PUSHES = 3


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def _power(inst: Instance, power: str) -> bool:
    return not inst.declined and inst.power == power


def _fee_problem(state: State, inst: Instance, region: int):
    fee = harmony.fee_due(state, inst, region)
    if fee and not coins.affords(state, inst.owner, fee):
        return msgs.err("harmony_fee", coins=fee)
    return None


# -- Portal Mage ------------------------------------------------------------------------------
def _nonempty(state: State, region: int) -> bool:
    reg = state.regions[region]
    return bool(reg.lost_tribe or (reg.inst is not None and reg.tokens))


def swap_problem(state: State, inst: Instance, a: int, b: int):
    """Return why ``inst`` may not swap regions ``a`` and ``b`` now, or None."""
    if not _power(inst, "portal_mage"):
        return msgs.err("not_portal_mage")
    if flags(state).get("swaps", 0) >= SWAPS:
        return msgs.err("swaps_used")
    size = len(state.regions)
    if a == b or not (0 <= a < size and 0 <= b < size):
        return msgs.err("swap_regions")
    for region in (a, b):
        if ("magic" not in state.board.regions[region].symbols
                or placements.immune(state, region, inst.owner)):
            return msgs.err("swap_regions")
        problem = _fee_problem(state, inst, region)
        if problem is not None:
            return problem
    if not (_nonempty(state, a) or _nonempty(state, b)):
        return msgs.err("swap_regions")
    if (rule_options.enabled(state, "portal_mage_requires_own_region")
            and inst.id not in (state.regions[a].inst, state.regions[b].inst)):
        return msgs.err("swap_needs_own_region")
    return None


def swaps(state: State, inst: Instance) -> list[tuple[int, int]]:
    """Return every legal swap of ``inst`` now."""
    if not _power(inst, "portal_mage") or flags(state).get("swaps", 0) >= SWAPS:
        return []
    magic = [r.id for r in state.board.regions if "magic" in r.symbols]
    return [(a, b) for a in magic for b in magic if a < b
            and swap_problem(state, inst, a, b) is None]


def _movable(state: State, region: int) -> list[dict]:
    return [m for m in markers.in_region(state, region)
            if m["up"] and data.markers()[m["id"]]["kind"] == "artifact"]


def swap(state: State, inst: Instance, a: int, b: int, events: list) -> None:
    """Exchange the contents of magic regions ``a`` and ``b`` (§4.2 Portal Mage)."""
    for region in (a, b):
        harmony.before_attack(state, inst, region, events)
    flags(state)["swaps"] = flags(state).get("swaps", 0) + 1
    ra, rb = state.edit(a), state.edit(b)
    ra.inst, rb.inst = rb.inst, ra.inst
    ra.tokens, rb.tokens = rb.tokens, ra.tokens
    ra.lost_tribe, rb.lost_tribe = rb.lost_tribe, ra.lost_tribe
    beasts.swap(state, a, b)
    champion.swap(state, a, b)
    held = state.extra.setdefault("pieces", {})
    pa, pb = held.pop(str(a), None), held.pop(str(b), None)
    if pb:
        held[str(a)] = pb
    if pa:
        held[str(b)] = pa
    if "objectives" in state.extra:
        goals = state.extra["objectives"]["regions"]
        state.extra["objectives"]["regions"] = [b if g == a else a if g == b else g
                                                for g in goals]
    bombs = goblins.placed(state)
    ba, bb = bombs.pop(str(a), None), bombs.pop(str(b), None)
    if bb:
        bombs[str(a)] = bb
    if ba:
        bombs[str(b)] = ba
    moving = [(m, b) for m in _movable(state, a)] + [(m, a) for m in _movable(state, b)]
    for found, target in moving:
        found["region"] = target
    events.append(msgs.event("portal_swap", seat=inst.owner, region=a, target=b))
    for region in (a, b):
        entering = state.inst(state.regions[region].inst)
        if entering is not None and "well_of_eternity" in markers.reveal(state, entering,
                                                                         region, events):
            well_revealed(state, inst, region, events)  # the Portal Mage chooses


# -- Intimidating -----------------------------------------------------------------------------
def push_problem(state: State, inst: Instance, region: int, dest: int | None):
    """Return why ``inst`` may not intimidate ``region`` (moving a token to ``dest``) now."""
    if not _power(inst, "intimidating"):
        return msgs.err("not_intimidating")
    if flags(state).get("pushes", 0) >= PUSHES or inst.conquests_over:
        return msgs.err("pushes_used")
    if not 0 <= region < len(state.regions):
        return msgs.err("no_such_region", region=region)
    reg = state.regions[region]
    owned = set(state.regions_of(inst.id))
    if region in owned or owned.isdisjoint(state.board.regions[region].adj):
        return msgs.err("push_target", region=region)
    if placements.immune(state, region, inst.owner):
        return msgs.err("push_target", region=region)
    victim = state.inst(reg.inst)
    if victim is not None and victim.owner == inst.owner:  # an opponent's region only
        return msgs.err("push_target", region=region)
    wall = pieces.count(state, region)
    if not (wall or reg.lost_tribe or (victim is not None and holding.living(state, region))):
        return msgs.err("push_target", region=region)
    problem = _fee_problem(state, inst, region)
    if problem is not None:
        return problem
    need_dest = not wall and not reg.lost_tribe and bool(_destinations(state, victim, region))
    if need_dest != (dest is not None):
        return msgs.err("push_destination", region=region)
    if dest is not None and dest not in _destinations(state, victim, region):
        return msgs.err("push_destination", region=region)
    return None


def _destinations(state: State, victim: Instance | None, region: int) -> list[int]:
    if victim is None:
        return []
    return [r for r in state.regions_of(victim.id) if r != region]


def pushes(state: State, inst: Instance) -> list[tuple[int, int | None]]:
    """Return every legal intimidation of ``inst`` now as (region, destination or None)."""
    if not _power(inst, "intimidating") or flags(state).get("pushes", 0) >= PUSHES:
        return []
    found = []
    for region in range(len(state.regions)):
        victim = state.inst(state.regions[region].inst)
        for dest in [None, *_destinations(state, victim, region)]:
            if push_problem(state, inst, region, dest) is None:
                found.append((region, dest))
    return found


def push(state: State, inst: Instance, region: int, dest: int | None, events: list,
         discard) -> None:
    """Intimidate ``region``: a wall or fort, else a Murloc, else one race token goes.

    ``discard(state, victim, region, events)`` applies a token's discard (Draenei save, kills).
    """
    harmony.before_attack(state, inst, region, events)
    flags(state)["pushes"] = flags(state).get("pushes", 0) + 1
    reg = state.edit(region)
    held = pieces.of(state, region)
    if held.get("wisp_wall") or held.get("fort"):
        kind = "wisp_wall" if held.get("wisp_wall") else "fort"
        pieces.take(state, region, kind, events, inst.owner)
        return
    if reg.lost_tribe:
        reg.lost_tribe = False
        state.lt_removed += 1
        events.append(msgs.event("murloc_removed", region=region))
        races.count_kill(state, inst, 1)
        return
    victim = state.edit_inst(reg.inst)
    _push_token(state, victim, region, dest, events, discard)
    left = holding.living(state, region)  # the Champion never moves and keeps holding
    if 0 < left < holding.least(victim):  # a lone active Tauren token leaves at once (T10a)
        beasts.lose(state, victim, region, 0, events)  # a lone beast is withdrawn as well
        victim.pending += left
        reg.tokens -= left
        events.append(msgs.event("lone_token", seat=victim.owner, region=region))
    if reg.tokens == 0:
        reg.inst = None
        pieces.clear(state, region)
        goblins.return_bomb(state, region, events)


def _push_token(state: State, victim: Instance, region: int, dest: int | None, events: list,
                discard) -> None:
    """Move (or discard) one token of ``region``: a race token, a beast when only beasts are
    left beside the Champion."""
    beast = holding.plain(state, region) == 0
    if dest is not None:
        if beast:
            beasts.move(state, victim, 1, region, dest, [])
        else:
            state.edit(region).tokens -= 1
            state.edit(dest).tokens += 1
        events.append(msgs.event("intimidated", seat=victim.owner, region=region, target=dest))
    elif beast:
        beasts.discard_one(state, region, events)
        races.count_kill(state, state.inst(state.acting), 1)
    else:
        state.edit(region).tokens -= 1
        discard(state, victim, region, events)
