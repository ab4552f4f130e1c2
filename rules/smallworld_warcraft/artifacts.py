"""Artifact conquests (spec §5.3-§5.5): ``frostmourne R``, ``ashes R``, ``doomhammer R``.

Each is a conquest of the active race that owns the face-up artifact (its active race
occupies the artifact's region), once per turn per artifact, and the artifact then moves into
the conquered region; when the hand is short of the cost by 1 to 3 it is the final attempt
(the die is rolled, and the artifact moves only if the region is taken):

* Frostmourne: the conquest costs 2 fewer tokens (minimum as usual).
* Ashes of Al'ar: any region on any island counts as adjacent (no travel; water only for
  Naga); never a first conquest.
* Doomhammer: exactly the minimum of tokens (1, Tauren 2), whatever the defenders and
  travel; its owner first pays 2 coins to the artifact's previous owner (or to the bank).

While one of these conquests is being judged or played, ``state.extra["turn"]["using"]``
names the artifact, which the cost and reach hooks read.
"""

from __future__ import annotations

from rules.smallworld import conquest
from rules.smallworld.state import Instance, State

from . import coins, data, markers, msgs

KINDS = ("frostmourne", "ashes_of_alar", "doomhammer")


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def using(state: State) -> str | None:
    """Return the artifact whose conquest is being judged or played, if any."""
    return flags(state).get("using")


def discount(state: State) -> int:
    """Return the reduction of the conquest in hand (Frostmourne 2, Doomhammer: all)."""
    if using(state) == "frostmourne":
        return data.markers()["frostmourne"]["discount"]
    if using(state) == "doomhammer":
        return 1000
    return 0


def previous_owner(state: State, marker: str) -> int | None:
    """Return the seat that owned ``marker`` before its current owner (None: nobody)."""
    history = state.extra.get("owners", {}).get(marker, [])
    return history[-2] if len(history) > 1 else None


def record_owner(state: State, marker: str, seat: int) -> None:
    """Add ``seat`` to the owners of ``marker`` (consecutive repeats collapsed)."""
    history = state.extra.setdefault("owners", {}).setdefault(marker, [])
    if not history or history[-1] != seat:
        history.append(seat)


def problem(state: State, inst: Instance, marker: str, region: int | None):
    """Return why ``inst`` may not conquer ``region`` with ``marker`` now, or None.

    With ``region`` None, only whether the artifact may be used at all this turn.
    """
    if markers.held_by(state, inst, marker) is None:
        return msgs.err("not_your_artifact", marker=msgs.marker(marker))
    if marker in flags(state).get("artifacts_used", ()):
        return msgs.err("artifact_used", marker=msgs.marker(marker))
    if marker == "doomhammer":
        fee = data.constants()["payments"]["doomhammer_fee"]
        if not coins.affords(state, inst.owner, fee):
            return msgs.err("doomhammer_fee", coins=fee)
    if marker == "ashes_of_alar" and not state.regions_of(inst.id):
        return msgs.err("not_first_conquest")
    if region is None:
        return None
    if not 0 <= region < len(state.regions):
        return msgs.err("no_such_region", region=region)
    flags(state)["using"] = marker
    try:
        problem = conquest.conquer_problem(state, inst, region)
        if problem is not None and problem.key.endswith(".need_tokens") and \
                conquest.die_problem(state, inst, region) is None:
            return None  # short by 1 to 3: the artifact goes with a final attempt (§5.3, §5.5)
        return problem
    finally:
        flags(state).pop("using", None)


def conquer(state: State, inst: Instance, marker: str, region: int, events: list) -> None:
    """Pay (Doomhammer), conquer ``region`` with ``marker``, and move the artifact there."""
    source = markers.region_of(state, marker)
    flags(state).setdefault("artifacts_used", []).append(marker)
    if marker == "doomhammer":
        fee = data.constants()["payments"]["doomhammer_fee"]
        before = previous_owner(state, marker)
        if before is None:
            player = state.edit_player(inst.owner)
            player.coins -= fee
            player.earned["doomhammer"] = player.earned.get("doomhammer", 0) - fee
        else:
            coins.transfer(state, inst.owner, before, fee, "doomhammer", events)
    events.append(msgs.event("artifact_used", seat=inst.owner, marker=msgs.marker(marker),
                             region=region))
    flags(state)["using"] = marker
    try:
        if inst.hand < conquest.cost(state, inst, region):
            conquest.die(state, inst, region, events)  # the final attempt, declared with it
        else:
            conquest.conquer(state, inst, region, events)
    finally:
        flags(state).pop("using", None)
    if state.regions[region].inst == inst.id and source is not None and source != region:
        markers.move_marker(state, marker, region, events)
        record_owner(state, marker, inst.owner)
