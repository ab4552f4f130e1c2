"""The Humans' military objectives (spec §4.1 Humans).

After each expand turn's redeployment the active Humans place their 2 objectives again
(``objective R`` twice, or ``objectives done`` earlier) on different regions occupied by no
Alliance race (any player, active or declined) and not immune; empty, Murloc and water
regions qualify. A non-Horde active race conquering an objective's region gains 2 coins
(the Human player 2 more when it is someone else) and the objective goes back to the Humans;
a Horde conquest leaves it there. Objectives leave the board when the Humans decline.

``state.extra["objectives"]``: ``{"seat": Human player, "regions": [...]}`` or absent.
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler, no_problem
from rules.smallworld.state import Instance, State

from . import coins, data, msgs, placements

KIND = "objectives"


def placed(state: State) -> list[int]:
    """Return the regions holding a military objective."""
    return list(state.extra.get("objectives", {}).get("regions", ()))


def is_humans(inst: Instance | None) -> bool:
    """Tell whether ``inst`` is an active race placing military objectives."""
    return (inst is not None and not inst.declined
            and "military_objectives" in data.races()[inst.race].get("hooks", ()))


def eligible(state: State, region: int, seat: int) -> bool:
    """Tell whether ``seat`` may put an objective in ``region`` (no Alliance race, not immune)."""
    occupant = state.inst(state.regions[region].inst)
    if occupant is not None and data.faction(occupant.race) == "alliance":
        return False
    return not placements.immune(state, region, seat)


def ask(state: State, inst: Instance) -> None:
    """Take the objectives back and stack their placement for the Human player."""
    state.extra["objectives"] = {"seat": inst.owner, "regions": []}
    state.pending.append({"type": KIND, "seat": inst.owner, "inst": inst.id})


def claim(state: State, inst: Instance, region: int, events: list) -> None:
    """Pay for an objective in ``region`` conquered by ``inst`` (non-Horde only)."""
    held = state.extra.get("objectives")
    if not held or region not in held["regions"] or data.faction(inst.race) == "horde":
        return
    held["regions"].remove(region)
    gain = data.constants()["payments"]["objective_gain"]
    events.append(msgs.event("objective_claimed", seat=inst.owner, region=region))
    coins.gain(state, inst.owner, gain, "humans", events)
    if held["seat"] != inst.owner:
        coins.gain(state, held["seat"], gain, "humans", events)


def remove(state: State, inst: Instance) -> None:
    """Take the objectives off the board (their Humans decline)."""
    if state.extra.get("objectives", {}).get("seat") == inst.owner and is_humans(inst):
        del state.extra["objectives"]


class ObjectivesDecision(VerbHandler):
    """Place the military objectives one at a time (``objective R``; ``objectives done``)."""

    kind = KIND

    def options(self, state, d):
        listed = [Action(f"objective {r}", msgs.label("objective", region=r), None,
                         ("objective", r))
                  for r in range(len(state.regions)) if self.region_problem(state, d, r) is None]
        return listed + [Action("objectives done", msgs.label("objectives_done"), None,
                                ("objectives_done",))]

    def region_problem(self, state, d, region: int):
        """Return why an objective may not go to ``region`` now, or None."""
        if not 0 <= region < len(state.regions):
            return msgs.err("no_such_region", region=region)
        if region in placed(state):
            return msgs.err("objective_there", region=region)
        if not eligible(state, region, d["seat"]):
            return msgs.err("objective_alliance", region=region)
        return None

    def other_verb(self, state, d, move):
        return msgs.err("objectives_first")

    def objective_problem(self, state, d, move):
        return self.region_problem(state, d, move[1])

    def objectives_done_effect(self, state, d, move, events):
        pop(state, d)

    def objective_effect(self, state, d, move, events):
        state.extra["objectives"]["regions"].append(move[1])
        events.append(msgs.event("objective_placed", seat=d["seat"], region=move[1]))
        if len(placed(state)) >= data.constants()["supply"]["military_objective"]:
            pop(state, d)

    problems = {"objective": objective_problem, "objectives_done": no_problem}
    effects = {"objective": objective_effect, "objectives_done": objectives_done_effect}

    def prompt(self, state, d):
        return msgs.prompt("objectives", left=2 - len(placed(state)))
