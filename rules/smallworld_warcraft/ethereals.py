"""The Ethereals' steal (spec §4.1 Ethereals): once per turn, instead of their discount, take a
face-up artifact lying next to one of their regions into one of their regions next to it.

Not from an immune region; legendary places never move. The steal and the discount share the
one use a turn (``state.extra["turn"]["ethereal_used"]``).
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import artifacts, data, markers, msgs, placements
from .artifacts import is_ethereal


def _artifact_in(state: State, region: int) -> str | None:
    for marker in markers.face_up_in(state, region):
        if data.markers()[marker]["kind"] == "artifact":
            return marker
    return None


def steal_problem(state: State, inst: Instance, source: int, target: int):
    """Return why ``inst`` may not steal from ``source`` into ``target`` now, or None."""
    if not is_ethereal(inst):
        return msgs.err("not_ethereal")
    if state.extra["turn"].get("ethereal_used"):
        return msgs.err("ethereal_used")
    size = len(state.regions)
    if not (0 <= source < size and 0 <= target < size):
        return msgs.err("no_such_region", region=max(source, target))
    if _artifact_in(state, source) is None:
        return msgs.err("no_artifact", region=source)
    if (placements.immune(state, source, inst.owner)
            or state.regions[source].inst == inst.id):
        return msgs.err("steal_from", region=source)
    if state.regions[target].inst != inst.id or target not in state.board.regions[source].adj:
        return msgs.err("steal_to", region=target)
    return None


def steals(state: State, inst: Instance) -> list[tuple[int, int]]:
    """Return every legal (source, target) steal of ``inst`` now."""
    if not is_ethereal(inst) or state.extra["turn"].get("ethereal_used"):
        return []
    found = []
    for region in state.regions_of(inst.id):
        for source in sorted(state.board.regions[region].adj):
            if steal_problem(state, inst, source, region) is None:
                found.append((source, region))
    return sorted(found)


def steal(state: State, inst: Instance, source: int, target: int, events: list) -> None:
    """Move the artifact of ``source`` into ``target``; the Ethereals own it now."""
    marker = _artifact_in(state, source)
    state.extra["turn"]["ethereal_used"] = True
    events.append(msgs.event("ethereal_steal", seat=inst.owner, marker=msgs.marker(marker),
                             region=source, target=target))
    markers.move_marker(state, marker, target, events)
    artifacts.record_owner(state, marker, inst.owner)
