"""Artifacts and legendary places on the board (spec §5): face down until a race enters,
owned by the occupying race, and the benefits of the places.

``state.extra["markers"]`` maps a region (as a string) to ``{"id": marker, "up": bool}``;
``state.extra["pool"]`` holds the face-down markers set aside. A marker benefits its owner
only while the owner's ACTIVE race occupies its region (the Well of Eternity excepted).
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import data, msgs


def on_board(state: State) -> dict[str, dict]:
    """Return the markers on the board: region (string) -> {"id", "up"}."""
    return state.extra.setdefault("markers", {})


def face_up_at(state: State, region: int) -> str | None:
    """Return the id of the face-up marker in ``region``, if any."""
    found = on_board(state).get(str(region))
    return found["id"] if found and found["up"] else None


def region_of(state: State, marker: str) -> int | None:
    """Return the region of ``marker`` when it lies face up on the board."""
    for region, found in on_board(state).items():
        if found["id"] == marker and found["up"]:
            return int(region)
    return None


def held_by(state: State, inst: Instance, marker: str) -> int | None:
    """Return the region of face-up ``marker`` when the active ``inst`` occupies it."""
    region = region_of(state, marker)
    if region is None or inst.declined or state.regions[region].inst != inst.id:
        return None
    return region


def face_up_count(state: State, regions) -> int:
    """Return how many face-up markers lie in ``regions`` (Archaeologist)."""
    return sum(face_up_at(state, r) is not None for r in regions)


def legendary_place_at(state: State, region: int) -> bool:
    """Tell whether a face-up legendary place lies in ``region`` (Ethereal discount)."""
    marker = face_up_at(state, region)
    return marker is not None and data.markers()[marker]["kind"] == "legendary_place"


def reveal(state: State, inst: Instance, region: int, events: list) -> str | None:
    """Flip a face-down marker of ``region`` as ``inst``'s tokens enter; return its id."""
    found = on_board(state).get(str(region))
    if not found or found["up"]:
        return None
    found["up"] = True
    events.append(msgs.event("marker_revealed", seat=inst.owner, region=region,
                             marker=msgs.marker(found["id"])))
    return found["id"]


def water_of_island(state: State, region: int) -> list[int]:
    """Return the sea and lake regions on ``region``'s island, in board order."""
    board = data.board(tuple(state.extra["islands"]))
    island = board.regions[region].island
    return [r.id for r in board.regions if r.island == island and r.water]


def move_marker(state: State, source: int, target: int, events: list) -> None:
    """Move the marker of ``source`` to ``target`` (the Well of Eternity on reveal)."""
    markers = on_board(state)
    markers[str(target)] = markers.pop(str(source))
    events.append(msgs.event("marker_moved", region=source, target=target,
                             marker=msgs.marker(markers[str(target)]["id"])))


def replace_well(state: State, region: int, events: list) -> None:
    """Set the Well aside (its island has no water) and draw a legendary place instead."""
    markers = on_board(state)
    del markers[str(region)]
    pool = state.extra.setdefault("pool", [])
    places = [m for m in pool if data.markers()[m]["kind"] == "legendary_place"]
    events.append(msgs.event("well_set_aside", region=region))
    if not places:
        return
    drawn = places[state.rng.randbelow(len(places))]
    pool.remove(drawn)
    markers[str(region)] = {"id": drawn, "up": True}
    events.append(msgs.event("marker_revealed", seat=None, region=region,
                             marker=msgs.marker(drawn)))
