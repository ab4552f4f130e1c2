"""Visiting regions and taking control (spec 3.4, 3.5, 3.7, R9, R36).

A visit is checked once (``visit_problem``), then resolved as steps on the decision stack:
toll and its passives, ``visit_body`` (control before, cost, the region's kind), ``visit_end``
(control after, ``after_visit`` then ``after_control`` passives).
"""

from __future__ import annotations

from rules.core import Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler

from . import guilds
from .data import COLOR_DECK, regions, rule
from .effects import fire, modifier_total, push_effects, seize_cost
from .msgs import region_msg
from .power import gain_honor, holds, spend
from .tiles import controller


def region_at(state, hid: str) -> str | None:
    """Return the region tile on hex ``hid``."""
    return state.hexes[hid][0]


def visit_spec(state, hid: str) -> dict:
    """Return the visit definition of the region on ``hid``."""
    return regions()[region_at(state, hid)]["visit"]


def base_cost(spec: dict, color: str | None) -> dict:
    """Return the attribute cost of one payment of a visit (the Inn's by colour)."""
    if spec["kind"] == "acquire_companion":
        if not color:
            return {}
        option = next(o for o in spec["cost_options"] if o["deck"] == COLOR_DECK[color])
        return {attr: n for attr, n in option.items() if attr != "deck"}
    return dict(spec.get("cost", {}))


def discounted(state, seat: int, region: str, cost: dict) -> dict:
    """Apply ``region_cost`` modifiers to one payment (never below 0)."""
    cut = modifier_total(state, seat, "region_cost", region)
    if not cut or state.turn["cost_discount_used"] or not cost:
        return cost
    attr = next(iter(cost))
    return {**cost, attr: max(0, cost[attr] - cut)}


def control_cost(state, seat: int, hid: str) -> int:
    """Return the Conviction needed to take control of ``hid``."""
    if controller(state, hid) is None:
        return rule("control", "cost_free")
    return seize_cost(state, seat)


def controllable(state, seat: int, hid: str) -> bool:
    """Tell whether ``seat`` could take control of ``hid`` (not its own, not Tuuk-Tuuk)."""
    region = regions()[region_at(state, hid)]
    return region.get("controllable", True) and controller(state, hid) != seat \
        and not guilds.control_barred(state, seat, hid)  # Fortify (7.10, R32)


def max_steps(state, seat: int, hid: str) -> int:
    """Return how many steps of a repeatable region ``seat`` can pay for now."""
    spec, region = visit_spec(state, hid), region_at(state, hid)
    attr, each = next(iter(spec["cost"].items()))
    have = holds(state.players[seat], attr)
    first = discounted(state, seat, region, {attr: each})[attr]
    if have < first:
        return 0
    steps = 1 + ((have - first) // each if each else 99)
    if any(e["op"] == "speed" for e in spec["effects"]):
        steps = min(steps, rule("speed_track", "max_speed") - state.players[seat].speed)
    return steps


def take_control(state, seat: int, hid: str, events: list) -> None:
    """Pay for control of ``hid``: one paid cube marks it, the old marker goes home (3.7)."""
    cost = control_cost(state, seat, hid)
    player = state.players[seat]
    player.conviction -= cost
    player.influence += cost - 1
    previous = controller(state, hid)
    if previous is not None:
        state.players[previous].influence += 1
    state.hexes[hid][1] = seat
    state.turn["took_control"] = True
    state.turn["control_open"] = False
    events.append(Event("vindication.event.control", {"seat": seat, "hex": hid}))
    gain_honor(state, seat, rule("control", "honor_on_take"), events)


def start_visit(state, seat: int, move: tuple, events: list) -> None:
    """Begin a visit: flags, the toll (R9) with its passives, then the body as a step."""
    _, hid, color, mode, control, steps = move
    state.turn["visited_or_rested"] = True
    state.turn["visited_hex"] = hid
    events.append(Event("vindication.event.visit", {"seat": seat, "hex": hid,
                                                    "region": region_msg(region_at(state, hid))}))
    push(state, {"type": "visit_body", "seat": seat, "hex": hid, "color": color, "mode": mode,
                 "control": control, "steps": steps})
    owner = controller(state, hid)
    if owner is not None and owner != seat:
        toll = rule("control", "honor_toll") + modifier_total(state, owner, "toll_bonus")
        guilds.pay_toll(state, hid, owner, toll, events)  # split by Diplomacy (7.10)
        fire(state, owner, "after_toll", {}, events)


def pay(state, seat: int, hid: str, cost: dict) -> None:
    """Pay one (discounted) cost of the visit on ``hid``."""
    real = discounted(state, seat, region_at(state, hid), cost)
    if real != cost:
        state.turn["cost_discount_used"] = True
    spend(state, seat, real)


class VisitEnd(VerbHandler):
    """Control after the effect, then ``after_visit`` and ``after_control`` passives."""

    kind = "visit_end"

    def auto(self, state, d, events):
        pop(state, d)
        seat, hid = d["seat"], d["hex"]
        took = d["controlled_before"]
        if d["control"] == "after" and controllable(state, seat, hid) and \
                state.players[seat].conviction >= control_cost(state, seat, hid):
            take_control(state, seat, hid, events)
            took = True
        if took:
            fire(state, seat, "after_control", {}, events)
        fire(state, seat, "after_visit", {"region": region_at(state, hid)}, events)
        state.turn["control_open"] = not took and not d.get("built") and \
            controllable(state, seat, hid)
        return True


def control_problem(state, seat: int, hid: str) -> Msg | None:
    """Say why ``take_control`` of ``hid`` is not legal now (R36)."""
    if not state.turn["control_open"] or state.turn["visited_hex"] != hid:
        return Msg("vindication.reason.control_only_after_visit")
    if not controllable(state, seat, hid):
        return Msg("vindication.reason.cannot_control")
    if state.players[seat].conviction < control_cost(state, seat, hid):
        return Msg("vindication.reason.need_conviction", {"n": control_cost(state, seat, hid)})
    return None


def do_control(state, seat: int, hid: str, events: list) -> None:
    """Take control right after the visit and fire ``after_control``."""
    take_control(state, seat, hid, events)
    fire(state, seat, "after_control", {}, events)


def push_steps(state, seat: int, hid: str, count: int) -> None:
    """Pay for and push ``count`` steps of a repeatable region (effects in step order)."""
    spec = visit_spec(state, hid)
    for _ in range(count):
        pay(state, seat, hid, dict(spec["cost"]))
    for _ in range(count):
        push_effects(state, seat, spec["effects"], None)
