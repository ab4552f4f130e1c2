"""Artifacts and legendary places on the board (spec §5): face down until a race enters,
owned by the occupying race, and the benefits of the places.

``state.extra["markers"]`` lists the markers on the board as ``{"id", "region", "up"}`` (a
region may hold several once artifacts move); ``state.extra["pool"]`` holds the face-down
markers set aside. A marker benefits its owner only while the owner's ACTIVE race occupies its
region (the Well of Eternity excepted).
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import data, msgs


def on_board(state: State) -> list[dict]:
    """Return the markers on the board: ``{"id", "region", "up"}`` each."""
    return state.extra.setdefault("markers", [])


def in_region(state: State, region: int) -> list[dict]:
    """Return the markers lying in ``region``."""
    return [m for m in on_board(state) if m["region"] == region]


def face_up_in(state: State, region: int) -> list[str]:
    """Return the ids of the face-up markers in ``region``."""
    return [m["id"] for m in in_region(state, region) if m["up"]]


def region_of(state: State, marker: str) -> int | None:
    """Return the region of ``marker`` when it lies face up on the board."""
    for found in on_board(state):
        if found["id"] == marker and found["up"]:
            return found["region"]
    return None


def held_by(state: State, inst: Instance, marker: str) -> int | None:
    """Return the region of face-up ``marker`` when the active ``inst`` occupies it."""
    region = region_of(state, marker)
    if region is None or inst.declined or state.regions[region].inst != inst.id:
        return None
    return region


def face_up_count(state: State, regions) -> int:
    """Return how many face-up markers lie in ``regions`` (Archaeologist)."""
    wanted = set(regions)
    return sum(1 for m in on_board(state) if m["up"] and m["region"] in wanted)


def legendary_place_at(state: State, region: int) -> bool:
    """Tell whether a face-up legendary place lies in ``region`` (Ethereal discount)."""
    return any(data.markers()[m]["kind"] == "legendary_place" for m in face_up_in(state, region))


def reveal(state: State, inst: Instance, region: int, events: list) -> list[str]:
    """Flip the face-down markers of ``region`` as ``inst``'s tokens enter; return their ids."""
    revealed = []
    for found in in_region(state, region):
        if not found["up"]:
            found["up"] = True
            revealed.append(found["id"])
            events.append(msgs.event("marker_revealed", reveals=True, seat=inst.owner,
                                     region=region, marker=msgs.marker(found["id"])))
    return revealed


def water_of_island(state: State, region: int) -> list[int]:
    """Return the sea and lake regions on ``region``'s island, in board order."""
    board = data.board(tuple(state.extra["islands"]))
    island = board.regions[region].island
    return [r.id for r in board.regions if r.island == island and r.water]


def move_marker(state: State, marker: str, target: int, events: list) -> None:
    """Move face-up ``marker`` into ``target`` (an artifact used, the Well on reveal)."""
    found = next(m for m in on_board(state) if m["id"] == marker)
    events.append(msgs.event("marker_moved", region=found["region"], target=target,
                             marker=msgs.marker(marker)))
    found["region"] = target


def replace_well(state: State, region: int, events: list) -> None:
    """Set the Well aside (its island has no water) and draw a legendary place instead."""
    state.extra["markers"] = [m for m in on_board(state) if m["id"] != "well_of_eternity"]
    pool = state.extra.setdefault("pool", [])
    places = [m for m in pool if data.markers()[m]["kind"] == "legendary_place"]
    events.append(msgs.event("well_set_aside", region=region))
    if not places:
        return
    drawn = places[state.rng.randbelow(len(places))]
    pool.remove(drawn)
    on_board(state).append({"id": drawn, "region": region, "up": True})
    events.append(msgs.event("marker_revealed", reveals=True, seat=None, region=region,
                             marker=msgs.marker(drawn)))
