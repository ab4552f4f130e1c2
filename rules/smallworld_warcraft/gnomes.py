"""The Gnomes' air raid (spec §4.1 Gnomes): ``air raid R``, once a turn.

The target may be any region on any island (treated as adjacent, no travel; never water, an
immune region, their own region, nor a first conquest). The die is rolled at once and its
result taken off the cost. With enough tokens in hand the region is conquered at once; short
of tokens, the Gnomes may conquer it declaring an artifact they hold (``frostmourne R``, the
final attempt when still 1 to 3 short; ``doomhammer R``), or with 1 to 3 tokens too few make
it their final attempt (``die R``, a second roll); otherwise, or with ``abort air raid``,
nothing is conquered and the conquests go on.
``state.extra["turn"]["air_raid"]`` holds the target and the roll while it matters.
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler, no_problem
from rules.smallworld import conquest, flow
from rules.smallworld.state import Instance, State
from rules.smallworld.targets import attack_problem, cost

from . import artifacts, coins, data, moves, msgs, rule_options

KIND = "air_raid"


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def raid(state: State) -> dict | None:
    """Return the air raid in progress ({"region", "roll"}), if any."""
    return flags(state).get("air_raid")


def is_gnome(inst: Instance) -> bool:
    """Tell whether ``inst`` is an active race with the air raid."""
    return not inst.declined and "air_raid" in data.races()[inst.race].get("hooks", ())


def problem(state: State, inst: Instance, region: int):
    """Return why ``inst`` may not declare an air raid on ``region`` now, or None."""
    if not is_gnome(inst):
        return msgs.err("not_gnomes")
    if flags(state).get("air_raid_used"):
        return msgs.err("air_raid_used")
    first = not state.regions_of(inst.id)
    if first and not rule_options.enabled(state, "air_raid_first_conquest"):
        return msgs.err("not_first_conquest")
    flags(state)["air_raid"] = {"region": region, "roll": 0}
    try:
        return attack_problem(state, inst, region)
    finally:
        flags(state).pop("air_raid", None)


def declare(state: State, inst: Instance, region: int, events: list) -> None:
    """Spend the air raid on ``region``, roll, then conquer, or ask what to do."""
    flags(state)["air_raid_used"] = True
    roll = conquest.roll_die(state)
    flags(state)["air_raid"] = {"region": region, "roll": roll}
    need = cost(state, inst, region)
    events.append(msgs.event("air_raid", reveals=True, seat=inst.owner, region=region,
                             value=roll, need=need, have=inst.hand))
    if inst.hand >= need:
        conquest.conquer(state, inst, region, events)
        flags(state).pop("air_raid", None)
        return
    state.pending.append({"type": KIND, "seat": inst.owner, "inst": inst.id, "region": region})


class AirRaidDecision(VerbHandler):
    """After an air-raid roll short of tokens: ``die R`` (final attempt), a conquest of R
    declaring artifacts (``frostmourne R``...), or ``abort air raid``."""

    kind = KIND

    def options(self, state, d):
        with coins.menu_listing(state):  # the menu never depends on hidden coins
            return self._options(state, d)

    def _options(self, state, d):
        region, inst = d["region"], state.insts[d["inst"]]
        listed = []
        if self.problem(state, d, ("die", region)) is None:
            listed.append(Action(f"die {region}", msgs.label("air_raid_die", region=region),
                                 None, ("die", region)))
        for tools in artifacts.usable_sets(state, inst):
            move = moves.declared("conquer", region, tools)
            if move[0] in moves.ARTIFACT_WORDS and self.problem(state, d, move) is None:
                listed.append(Action(moves.text(move), msgs.declared_label(move), None, move))
        return listed + [Action("abort air raid", msgs.label("abort_air_raid"), None,
                                ("abort_air_raid",))]

    def other_verb(self, state, d, move):
        return msgs.err("air_raid_pending", region=d["region"])

    def artifact_problem(self, state, d, move):
        """A conquest of the raided region declaring artifacts (``frostmourne R``...)."""
        if move[1] != d["region"]:
            return self.other_verb(state, d, move)
        return artifacts.declared_problem(state, state.insts[d["inst"]], "artifact",
                                          moves.tools_of(move), d["region"])

    def die_problem(self, state, d, move):
        if move[1:] != (d["region"],):
            return self.other_verb(state, d, move)
        return conquest.die_cost_problem(state, state.insts[d["inst"]], d["region"])

    def artifact_effect(self, state, d, move, events):
        pop(state, d)
        inst = state.edit_inst(d["inst"])
        artifacts.conquer(state, inst, "artifact", moves.tools_of(move), d["region"], events)
        if inst.conquests_over:
            flow.end_conquest(state, events)
        flags(state).pop("air_raid", None)

    def die_effect(self, state, d, move, events):
        pop(state, d)
        conquest.die(state, state.edit_inst(d["inst"]), d["region"], events)
        flow.end_conquest(state, events)
        flags(state).pop("air_raid", None)

    def abort_air_raid_effect(self, state, d, move, events):
        pop(state, d)
        inst = state.edit_inst(d["inst"])
        events.append(msgs.event("air_raid_aborted", seat=inst.owner, region=d["region"]))
        flags(state).pop("air_raid", None)

    problems = {"die": die_problem, "abort_air_raid": no_problem,
                **dict.fromkeys(moves.ARTIFACT_WORDS, artifact_problem)}
    effects = {"die": die_effect, "abort_air_raid": abort_air_raid_effect,
               **dict.fromkeys(moves.ARTIFACT_WORDS, artifact_effect)}

    def prompt(self, state, d):
        return msgs.prompt("air_raid", region=d["region"])
