"""The Beastmaster's beasts (spec §4.2 Beastmaster, T42).

At T3 of each expand turn of the active Beastmaster race every beast (board and hand) goes
back to the supply, then the race gains one beast into hand per hill it occupies (supply 5,
a hard limit). Beasts are race tokens in every respect: they conquer, defend (+1 each),
occupy regions and are redeployed. A conquered region holding beasts loses a beast instead of
a race token; the other tokens are withdrawn. Beasts go when their race declines.

Beasts are counted among the race's tokens (a region's ``tokens``, the race's ``hand`` and
``pending``); ``state.extra["beasts"]`` = ``{"inst": id, "regions": {"R": n}, "hand": n,
"pending": n}`` says how many of them are beasts. Race tokens leave a hand (conquest,
``place``) or the withdrawn tokens (``withdraw``) before beasts do; beasts are placed, moved
and taken by their own moves (``place N beasts on R`` ...).
"""

from __future__ import annotations

from rules.smallworld import msgs as base_msgs
from rules.smallworld.state import Instance, State

from . import data, holding, msgs

POWER = "beastmaster"


def is_beastmaster(inst: Instance | None) -> bool:
    """Tell whether ``inst`` is an active Beastmaster race."""
    return inst is not None and not inst.declined and inst.power == POWER


def record(state: State, inst: Instance | None = None) -> dict | None:
    """Return the beasts' record (of ``inst`` when given), or None when there are none."""
    found = state.extra.get("beasts")
    if found is None or (inst is not None and found["inst"] != inst.id):
        return None
    return found


def _record(state: State, inst: Instance) -> dict:
    found = record(state, inst)
    if found is None:
        found = state.extra["beasts"] = {"inst": inst.id, "regions": {}, "hand": 0,
                                         "pending": 0}
    return found


def in_hand(state: State, inst: Instance) -> int:
    """Return the beasts in ``inst``'s hand."""
    found = record(state, inst)
    return found["hand"] if found else 0


def in_pending(state: State, inst: Instance) -> int:
    """Return the withdrawn beasts of ``inst`` awaiting their owner's redeployment."""
    found = record(state, inst)
    return found["pending"] if found else 0


def held(state: State, inst: Instance) -> int:
    """Return every beast of ``inst`` (board, hand, withdrawn)."""
    found = record(state, inst)
    if found is None:
        return 0
    return sum(found["regions"].values()) + found["hand"] + found["pending"]


def _add(found: dict, region: int, count: int) -> None:
    key = str(region)
    left = found["regions"].get(key, 0) + count
    if left:
        found["regions"][key] = left
    else:
        found["regions"].pop(key, None)


# -- T3 -----------------------------------------------------------------------------------------
def start_of_turn(state: State, inst: Instance, events: list) -> None:
    """Discard every beast of ``inst`` to the supply, then gain one per hill it occupies."""
    if not is_beastmaster(inst):
        return
    discard_all(state, inst, events)
    hills = sum(state.board.regions[r].terrain == "hill" for r in state.regions_of(inst.id))
    gained = min(hills, state.supply["beast"])
    if gained:
        state.supply["beast"] -= gained
        _record(state, inst)["hand"] += gained
        inst.hand += gained
    events.append(msgs.event("beasts_gained", seat=inst.owner, beasts=gained))


def discard_all(state: State, inst: Instance, events: list) -> None:
    """Return every beast of ``inst`` to the supply; a region left with none of its tokens
    becomes empty (§4.2 Beastmaster RULING, §3.8)."""
    found = record(state, inst)
    if found is None:
        return
    for key, count in sorted(found["regions"].items(), key=lambda item: int(item[0])):
        region = int(key)
        state.edit(region).tokens -= count
        if state.regions[region].tokens == 0:
            holding.vacate(state, region, events)
    inst.hand -= found["hand"]
    inst.pending -= found["pending"]
    state.supply["beast"] += held(state, inst)
    del state.extra["beasts"]


# -- tokens leaving a hand or the withdrawn tokens -------------------------------------------
def settle_hand(state: State, inst: Instance, region: int) -> None:
    """After tokens left the hand into ``region``: race tokens went first, so beasts beyond
    the hand's size went there too."""
    found = record(state, inst)
    if found is not None and found["hand"] > inst.hand:
        _add(found, region, found["hand"] - inst.hand)
        found["hand"] = inst.hand


def pending_into(state: State, inst: Instance, region: int, count: int) -> None:
    """Record that ``count`` of the withdrawn tokens just put into ``region`` were beasts."""
    found = record(state, inst)
    if found is not None and count > 0:
        found["pending"] -= count
        _add(found, region, count)


# -- conquest losses ----------------------------------------------------------------------------
def lose(state: State, defender: Instance, region: int, lost: int, events: list) -> int:
    """Discard up to ``lost`` beasts of a conquered ``region`` (a beast goes instead of a
    race token) and withdraw the others; return how many race tokens are still lost."""
    found = record(state, defender)
    count = holding.beasts_at(state, region)
    if found is None or not count:
        return lost
    gone = min(lost, count)
    _add(found, region, -count)
    found["pending"] += count - gone
    state.supply["beast"] += gone
    if gone:
        events.append(msgs.event("beast_lost", seat=defender.owner, region=region))
    return lost - gone


def discard_one(state: State, region: int, events: list) -> None:
    """Discard one beast of ``region`` to the supply (Intimidating)."""
    reg = state.edit(region)
    reg.tokens -= 1
    _add(state.extra["beasts"], region, -1)
    state.supply["beast"] += 1
    events.append(msgs.event("beast_lost", seat=state.insts[reg.inst].owner, region=region))


# -- moves --------------------------------------------------------------------------------------
def place_problem(state: State, inst: Instance, count: int, region: int):
    """Return why ``place count beasts on region`` is refused, or None."""
    if count < 1 or count > in_hand(state, inst):
        return msgs.err("beasts_in_hand", have=in_hand(state, inst))
    if not 0 <= region < len(state.regions) or state.regions[region].inst != inst.id:
        return msgs.err("not_your_region", region=region)
    return None


def place(state: State, inst: Instance, count: int, region: int, events: list) -> None:
    """Put ``count`` beasts from hand into ``region``."""
    found = _record(state, inst)
    found["hand"] -= count
    inst.hand -= count
    state.edit(region).tokens += count
    _add(found, region, count)
    state.highlight.append(region)
    events.append(msgs.event("beasts_placed", seat=inst.owner, beasts=count, region=region))


def move_problem(state: State, inst: Instance, count: int, source: int, target: int):
    """Return why ``move count beasts from source to target`` is refused, or None."""
    for region in (source, target):
        if not 0 <= region < len(state.regions) or state.regions[region].inst != inst.id:
            return msgs.err("not_your_region", region=region)
    if count < 1 or count > holding.beasts_at(state, source) or source == target:
        return msgs.err("beasts_there", region=source, have=holding.beasts_at(state, source))
    if not holding.holds(inst, holding.living(state, source) - count,
                         bool(holding.champion_at(state, source))):
        return base_msgs.err("keep_one", region=source)
    return None


def move(state: State, inst: Instance, count: int, source: int, target: int,
         events: list) -> None:
    """Move ``count`` beasts between two regions of the race."""
    found = _record(state, inst)
    state.edit(source).tokens -= count
    state.edit(target).tokens += count
    _add(found, source, -count)
    _add(found, target, count)
    state.highlight.extend([source, target])
    events.append(msgs.event("beasts_moved", seat=inst.owner, beasts=count, region=source,
                             target=target))


def take_problem(state: State, inst: Instance, count: int, region: int):
    """Return why ``take count beasts from region`` is refused, or None."""
    if not 0 <= region < len(state.regions) or state.regions[region].inst != inst.id:
        return msgs.err("not_your_region", region=region)
    if count < 1 or count > holding.beasts_at(state, region):
        return msgs.err("beasts_there", region=region, have=holding.beasts_at(state, region))
    if not holding.holds(inst, holding.living(state, region) - count,
                         bool(holding.champion_at(state, region))):
        return base_msgs.err("keep_one", region=region)
    return None


def take(state: State, inst: Instance, count: int, region: int, events: list) -> None:
    """Lift ``count`` beasts of ``region`` into hand."""
    found = _record(state, inst)
    state.edit(region).tokens -= count
    _add(found, region, -count)
    found["hand"] += count
    inst.hand += count
    state.highlight.append(region)
    events.append(msgs.event("beasts_taken", seat=inst.owner, beasts=count, region=region))


def to_hand(state: State, inst: Instance) -> None:
    """The withdrawn beasts of a race with no region left stay in its hand."""
    found = record(state, inst)
    if found is not None:
        found["hand"] += found["pending"]
        found["pending"] = 0


def spread(state: State, inst: Instance, regions: list[int], events: list) -> None:
    """Place every beast in hand, one at a time, on the region of ``regions`` holding the
    fewest tokens (the automatic redeployment)."""
    while in_hand(state, inst) and regions:
        region = min(regions, key=lambda r: (state.regions[r].tokens, r))
        place(state, inst, 1, region, events)


def swap(state: State, a: int, b: int) -> None:
    """Exchange the beasts of regions ``a`` and ``b`` (Portal Mage)."""
    found = state.extra.get("beasts")
    if found is None:
        return
    regions = found["regions"]
    na, nb = regions.pop(str(a), 0), regions.pop(str(b), 0)
    if nb:
        regions[str(a)] = nb
    if na:
        regions[str(b)] = na


def problems(state: State) -> list[str]:
    """Return the broken invariants of the beasts (supply, owner, counts)."""
    supply = data.constants()["supply"]["beast"]
    found = state.extra.get("beasts")
    out_there = 0 if found is None else sum(found["regions"].values()) + found["hand"] + \
        found["pending"]
    bad = []
    if state.supply["beast"] < 0 or out_there + state.supply["beast"] != supply:
        bad.append(f"beasts: {out_there} out + {state.supply['beast']} left != {supply}")
    if found is None:
        return bad
    inst = state.insts[found["inst"]]
    if not is_beastmaster(inst):
        bad.append(f"beasts of instance {inst.id}, not an active Beastmaster")
    if found["hand"] > inst.hand or found["pending"] > inst.pending:
        bad.append("more beasts in hand or withdrawn than tokens")
    for key, count in found["regions"].items():
        region = int(key)
        reg = state.regions[region]
        if count < 1 or reg.inst != inst.id or count > holding.living(state, region):
            bad.append(f"region {region}: {count} beasts among {reg.tokens} tokens")
    return bad
