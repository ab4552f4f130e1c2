"""Movement and discovery (spec 3.2, 3.3, R1-R4, R22).

A path is a walk of 1..max triangles through shared vertices; only its end is constrained
(not occupied, not where the move began, not the turn-start triangle). Discovery fills the
empty hexes of every entered triangle, in path order and ascending hex id.
"""

from __future__ import annotations

from collections import deque

from rules.core import Event, Msg

from . import guilds
from .data import neighbours, triangle_hexes
from .effects import fire, modifier_total
from .tiles import place_tile


def max_movement(state, seat: int) -> int:
    """Return this turn's max movement: speed + static modifiers + bonuses + penalties."""
    override = state.script.get("max_movement")
    base = override[0] if override else (state.players[seat].speed
                                         + modifier_total(state, seat, "movement"))
    return base + state.turn["move_bonus"] + 2 * state.turn["unable_penalties"]


def occupied(state, seat: int) -> set[str]:
    """Return the triangles holding another player's medal."""
    return {p.triangle for i, p in enumerate(state.players) if i != seat}


def forbidden_ends(state, seat: int) -> set[str]:
    """Return the triangles a move of ``seat`` may not end on (R1 and other medals)."""
    here = state.players[seat].triangle
    return occupied(state, seat) | {here, state.turn["start_triangle"]}


def destinations(state, seat: int) -> dict[str, list[str]]:
    """Return each legal end triangle with its canonical shortest path (lowest ids first)."""
    start = state.players[seat].triangle
    limit = max_movement(state, seat)
    came_from = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        tri = queue.popleft()
        if depth[tri] == limit:
            continue
        for nxt in neighbours(tri):
            if nxt not in came_from:
                came_from[nxt] = tri
                depth[nxt] = depth[tri] + 1
                queue.append(nxt)
    banned = forbidden_ends(state, seat)
    found = {}
    for tri in sorted(came_from):
        if tri not in banned:
            found[tri] = _path_to(came_from, tri)
    return found


def _path_to(came_from: dict, tri: str) -> list[str]:
    path = []
    while came_from[tri] is not None:
        path.append(tri)
        tri = came_from[tri]
    return path[::-1]


def path_problem(state, seat: int, path: list[str]) -> Msg | None:
    """Return why ``path`` is not a legal move now, or None."""
    if state.turn["moved"]:
        return Msg("vindication.reason.already_moved")
    if not path:
        return Msg("vindication.reason.empty_path")
    if len(path) > max_movement(state, seat):
        return Msg("vindication.reason.path_too_long", {"max": max_movement(state, seat)})
    here = state.players[seat].triangle
    for a, b in zip([here, *path], path, strict=False):
        if b not in neighbours(a):
            return Msg("vindication.reason.not_adjacent", {"a": a, "b": b})
    end = path[-1]
    if end in occupied(state, seat):
        return Msg("vindication.reason.occupied", {"triangle": end})
    if end in (here, state.turn["start_triangle"]):
        return Msg("vindication.reason.move_back", {"triangle": end})
    return None


def must_take_penalty(state, seat: int) -> bool:
    """Tell whether no legal path exists, so ``unable`` is the only way to start moving."""
    return not state.turn["moved"] and not destinations(state, seat)


def do_move(state, seat: int, path: list[str], events: list) -> None:
    """Walk ``path``, then discover (3.3) and fire ``after_discover`` once if tiles were placed."""
    player = state.players[seat]
    start = player.triangle
    player.triangle = path[-1]
    state.turn["moved"] = True
    events.append(Event("vindication.event.moved", {"seat": seat, "path": " ".join(path)}))
    guilds.passed(state, seat, path, events)  # Obstacle (7.10)
    placed = discover(state, _entered(start, path), events)
    if placed:
        fire(state, seat, "after_discover", {}, events)


def _entered(start: str, path: list[str]) -> list[str]:
    seen, order = set(), []
    for tri in path:
        if tri not in seen:
            seen.add(tri)
            order.append(tri)
    return order


def discover(state, triangles: list[str], events: list) -> int:
    """Fill empty hexes next to ``triangles`` from the bag (R4); return tiles placed."""
    placed = 0
    for tri in triangles:
        for hid in triangle_hexes(tri):
            if state.hexes[hid][0] is None and state.bag:
                place_tile(state, hid, draw_from_bag(state), events)
                placed += 1
    state.turn["placed_tiles"] += placed
    return placed


def draw_from_bag(state) -> str:
    """Draw one tile at random from the bag (or the scripted next tile, for tests)."""
    scripted = state.script.get("bag")
    while scripted and scripted[0] not in state.bag:
        scripted.pop(0)
    if scripted:
        tile = scripted.pop(0)
        state.bag.remove(tile)
        return tile
    return state.bag.pop(state.rng.randbelow(len(state.bag)))
