"""Conquests declared with artifacts or the Ethereals' discount (spec §5.3-§5.5, §4.1, §6.3).

A conquest may name *tools*, each once per turn: the artifacts its active race holds face up
(``doomhammer``, ``ashes``, ``frostmourne``) and, for Ethereals, their discount on a region with
a face-up legendary place (``ethereal``). Several may go into one conquest where the spec
allows: the Ashes of Al'ar with Frostmourne (§5.3), either with the Ethereals' discount, and
Doomhammer with the Ashes (a region reachable "as if adjacent", §5.4). Doomhammer's fixed cost
leaves nothing for Frostmourne or the discount to take off, so it takes neither.

* Frostmourne: the conquest costs 2 fewer tokens (minimum as usual).
* Ashes of Al'ar: any region on any island counts as adjacent (no travel; water only for
  Naga); never a first conquest.
* Doomhammer: exactly the minimum of tokens (1, Tauren 2), whatever the defenders and
  travel; its owner first pays 2 coins to the artifact's previous owner (or to the bank).
* The Ethereals' discount: 2 fewer tokens on a region with a face-up legendary place; it
  uses up the turn's steal-or-discount, whatever the outcome.

A conquest with an artifact is the final attempt when the hand is short of the cost by 1 to 3
(the die is rolled; the artifacts move into the region only if it is taken). ``conquer R with
ethereal`` and ``die R with ethereal`` keep the plain conquest's and final attempt's rules.
While such a conquest is judged or played, ``state.extra["turn"]["using"]`` lists its tools,
which the cost and reach hooks read.
"""

from __future__ import annotations

from itertools import combinations

from rules.smallworld import conquest
from rules.smallworld.state import Instance, State

from . import coins, data, markers, msgs
from .moves import ARTIFACT_WORDS, MARKER_OF, TOOLS

FIXED_COST_EXCLUDES = frozenset({"frostmourne", "ethereal"})


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def using(state: State) -> tuple[str, ...]:
    """Return the tools of the conquest being judged or played (empty when none)."""
    return tuple(flags(state).get("using", ()))


def discount(state: State) -> int:
    """Return the artifacts' reduction of the conquest in hand (Frostmourne 2, Doomhammer:
    everything above the minimum)."""
    tools = using(state)
    if "doomhammer" in tools:
        return 1000
    return data.markers()["frostmourne"]["discount"] if "frostmourne" in tools else 0


def previous_owner(state: State, marker: str) -> int | None:
    """Return the seat that owned ``marker`` before its current owner (None: nobody)."""
    history = state.extra.get("owners", {}).get(marker, [])
    return history[-2] if len(history) > 1 else None


def record_owner(state: State, marker: str, seat: int) -> None:
    """Add ``seat`` to the owners of ``marker`` (consecutive repeats collapsed)."""
    history = state.extra.setdefault("owners", {}).setdefault(marker, [])
    if not history or history[-1] != seat:
        history.append(seat)


def is_ethereal(inst: Instance) -> bool:
    """Tell whether ``inst`` is an active race with the Ethereals' steal or discount."""
    return not inst.declined and "ethereal_steal" in data.races()[inst.race].get("hooks", ())


# -- what may be declared ---------------------------------------------------------------------
def tool_problem(state: State, inst: Instance, tool: str):
    """Return why ``inst`` may not use ``tool`` this turn at all, or None."""
    if tool == "ethereal":
        if not is_ethereal(inst):
            return msgs.err("not_ethereal")
        return msgs.err("ethereal_used") if flags(state).get("ethereal_used") else None
    marker = MARKER_OF[tool]
    if markers.held_by(state, inst, marker) is None:
        return msgs.err("not_your_artifact", marker=msgs.marker(marker))
    if marker in flags(state).get("artifacts_used", ()):
        return msgs.err("artifact_used", marker=msgs.marker(marker))
    if tool == "doomhammer":
        fee = data.constants()["payments"]["doomhammer_fee"]
        if not coins.affords(state, inst.owner, fee):
            return msgs.err("doomhammer_fee", coins=fee)
    if tool == "ashes" and not state.regions_of(inst.id):
        return msgs.err("not_first_conquest")
    return None


def tools_problem(state: State, inst: Instance, tools: tuple[str, ...]):
    """Return why ``tools`` may not go into one conquest of ``inst`` now, or None."""
    for tool in tools:
        problem = tool_problem(state, inst, tool)
        if problem is not None:
            return problem
    if "doomhammer" in tools and not FIXED_COST_EXCLUDES.isdisjoint(tools):
        return msgs.err("doomhammer_fixed_cost")
    return None


def usable_sets(state: State, inst: Instance) -> list[tuple[str, ...]]:
    """Return every combination of tools ``inst`` may declare now, in the canonical order."""
    usable = [t for t in TOOLS if tool_problem(state, inst, t) is None]
    found = []
    for size in range(1, len(usable) + 1):
        for tools in combinations(usable, size):
            if tools_problem(state, inst, tools) is None:
                found.append(tools)
    return found


def declared_problem(state: State, inst: Instance, kind: str, tools: tuple[str, ...],
                     region: int):
    """Return why ``inst`` may not conquer ``region`` declaring ``tools`` now, or None.

    ``kind``: ``conquer`` or ``die`` (plain rules), or ``artifact`` (a conquest, or the final
    attempt when 1 to 3 tokens short).
    """
    problem = tools_problem(state, inst, tools)
    if problem is not None:
        return problem
    if not 0 <= region < len(state.regions):
        return msgs.err("no_such_region", region=region)
    if "ethereal" in tools and not markers.legendary_place_at(state, region):
        return msgs.err("ethereal_needs_place", region=region)
    flags(state)["using"] = list(tools)
    try:
        if kind == "die":
            return conquest.die_problem(state, inst, region)
        problem = conquest.conquer_problem(state, inst, region)
        if (kind == "artifact" and problem is not None and problem.key.endswith(".need_tokens")
                and conquest.die_problem(state, inst, region) is None):
            return None  # short by 1 to 3: the artifact goes with a final attempt (§5.3, §5.5)
        return problem
    finally:
        flags(state).pop("using", None)


# -- playing it ---------------------------------------------------------------------------------
def conquer(state: State, inst: Instance, kind: str, tools: tuple[str, ...], region: int,
            events: list) -> None:
    """Spend ``tools``, pay (Doomhammer), conquer ``region`` (or make the final attempt), and
    move the artifacts used into it when it is taken."""
    artifacts = [MARKER_OF[t] for t in tools if t in ARTIFACT_WORDS]
    sources = {m: markers.region_of(state, m) for m in artifacts}
    flags(state).setdefault("artifacts_used", []).extend(artifacts)
    if "doomhammer" in tools:
        _pay_doomhammer(state, inst, events)
    for marker in artifacts:
        events.append(msgs.event("artifact_used", seat=inst.owner, marker=msgs.marker(marker),
                                 region=region))
    if "ethereal" in tools:
        flags(state)["ethereal_used"] = True
        events.append(msgs.event("ethereal_discount", seat=inst.owner, region=region))
    flags(state)["using"] = list(tools)
    try:
        final = kind == "die" or (kind == "artifact"
                                  and inst.hand < conquest.cost(state, inst, region))
        (conquest.die if final else conquest.conquer)(state, inst, region, events)
    finally:
        flags(state).pop("using", None)
    if state.regions[region].inst != inst.id:
        return
    for marker in artifacts:
        if sources[marker] is not None and sources[marker] != region:
            markers.move_marker(state, marker, region, events)
        record_owner(state, marker, inst.owner)


def _pay_doomhammer(state: State, inst: Instance, events: list) -> None:
    fee = data.constants()["payments"]["doomhammer_fee"]
    before = previous_owner(state, "doomhammer")
    if before is not None:
        coins.transfer(state, inst.owner, before, fee, "doomhammer", events)
        return
    coins.pay_bank(state, inst.owner, fee, "doomhammer")
