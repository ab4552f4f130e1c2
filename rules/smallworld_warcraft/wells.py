"""The Well of Eternity on reveal (spec §5.13): it moves to a sea or lake of its island.

With one water region it moves there at once; with several the revealing player chooses
(``well R``, a decision stacked on top of the conquest); an island without water sets it
aside and a random unused legendary place takes its region, face up.
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler
from rules.smallworld.state import Instance, State

from . import markers, msgs

KIND = "well"


def well_revealed(state: State, inst: Instance, region: int, events: list) -> None:
    """Move the just revealed Well, or ask its revealer where to."""
    water = markers.water_of_island(state, region)
    if not water:
        markers.replace_well(state, region, events)
    elif len(water) == 1:
        markers.move_marker(state, "well_of_eternity", water[0], events)
    else:
        state.pending.append({"type": KIND, "seat": inst.owner, "inst": inst.id,
                              "region": region, "water": water})


class WellDecision(VerbHandler):
    """Choose the sea or lake of the island where the revealed Well of Eternity goes."""

    kind = KIND

    def options(self, state, d):
        return [Action(f"well {r}", msgs.label("well", region=r), None, ("well", r))
                for r in d["water"]]

    def other_verb(self, state, d, move):
        return msgs.err("place_well_first")

    def well_problem(self, state, d, move):
        if move[1] not in d["water"]:
            return msgs.err("not_well_water", region=move[1])
        return None

    def well_effect(self, state, d, move, events):
        pop(state, d)
        markers.move_marker(state, "well_of_eternity", move[1], events)

    problems = {"well": well_problem}
    effects = {"well": well_effect}

    def prompt(self, state, d):
        return msgs.prompt("well")
