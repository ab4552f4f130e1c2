"""Region shapes of a Small World map, built so that drawn borders are exactly the adjacency.

The map data gives each region a centroid ``xy`` on a 1000x700 board and its adjacency list;
the straight segments between adjacent centroids form a plane graph (no two cross). Each
region becomes the part of the board nearer to its own centroid in that graph's faces:

* a triangular face is split at its centroid, so its three (pairwise adjacent) regions meet;
* a four-region face a-b-c-d whose a and c are adjacent anyway gets a short a|c border,
  so b and d stay apart; any other larger face keeps a small unowned hole in its middle, so
  regions of that face that are not adjacent never touch;
* the outer face is split by rays from the board's centre, so exactly the regions on the
  outer cycle (the map's ``edge`` regions) reach the frame (the board rectangle, or any
  convex outline such as an island's coast: ``Frame``).

Two regions therefore share a border of positive length exactly when they are adjacent.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache

from rendering.common import asset_path

BOARD_W, BOARD_H = 1000.0, 700.0
HOLE_SHRINK = 0.8           # how far towards a large face's centre its hole begins
QUAD_SHIFT = 0.2            # where a split four-region face's corners sit, diagonal to tip
Point = tuple[float, float]


@dataclass(frozen=True)
class RegionShape:
    """One region's polygon (board units), its most interior point and that point's clearance."""

    id: int
    polygon: tuple[Point, ...]
    anchor: Point
    clearance: float


@dataclass(frozen=True)
class MapShapes:
    """Every region shape of one map, plus the unowned holes inside faces of four or more."""

    regions: tuple[RegionShape, ...]
    holes: tuple[tuple[Point, ...], ...]


@lru_cache(maxsize=8)
def load_map(map_id: str) -> tuple[dict, ...]:
    """Return the region records of ``data/smallworld/maps/<map_id>.json`` (loaded once)."""
    with asset_path("smallworld", "maps", f"{map_id}.json").open(encoding="utf-8") as handle:
        return tuple(json.load(handle)["regions"])


def _angle(origin: Point, target: Point) -> float:
    return math.atan2(target[1] - origin[1], target[0] - origin[0])


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def signed_area(polygon) -> float:
    """Return the shoelace area of ``polygon`` (positive when clockwise on a y-down board)."""
    total = 0.0
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        total += x1 * y2 - x2 * y1
    return total / 2


class _PlaneGraph:
    """The map's centroids and adjacency as a plane graph with its faces traced."""

    def __init__(self, regions: tuple[dict, ...], xy: dict[int, Point],
                 weight: dict[int, float] | None = None) -> None:
        self.xy = xy
        self.weight = {v: (weight or {}).get(v, 1.0) for v in xy}
        self.order = {r["id"]: sorted(r["adj"], key=lambda u, v=r["id"]: _angle(xy[v], xy[u]))
                      for r in regions}
        self.face_of: dict[tuple[int, int], int] = {}
        self.faces: list[list[int]] = []
        self._trace_faces()
        areas = [signed_area([self.xy[v] for v in face]) for face in self.faces]
        self.outer = min(range(len(self.faces)), key=lambda i: areas[i])
        self.centre = (sum(p[0] for p in self.xy.values()) / len(self.xy),
                       sum(p[1] for p in self.xy.values()) / len(self.xy))

    def _trace_faces(self) -> None:
        for v, neighbours in self.order.items():
            for u in neighbours:
                if (v, u) in self.face_of:
                    continue
                face, a, b = [], v, u
                while (a, b) not in self.face_of:
                    self.face_of[(a, b)] = len(self.faces)
                    face.append(a)
                    around_b = self.order[b]
                    a, b = b, around_b[around_b.index(a) - 1]
                self.faces.append(face)

    def face_centre(self, face_id: int) -> Point:
        """Return the face's centre, pulled away from heavier regions (which get more room).

        In a four-region face bent inwards at one corner, the centre is the middle of the
        diagonal from that corner, which is the one diagonal inside the face.
        """
        face = self.faces[face_id]
        if len(face) == 4:
            for k in (0, 1):
                a, b, c, d = face[k:] + face[:k]
                if not _sides_differ(self.xy[b], self.xy[d], self.xy[a], self.xy[c]):
                    return self.edge_point(a, c)
        pull = [(self.xy[v], 1 / self.weight[v]) for v in self.faces[face_id]]
        total = sum(w for _, w in pull)
        return (sum(p[0] * w for p, w in pull) / total, sum(p[1] * w for p, w in pull) / total)

    def edge_point(self, v: int, u: int) -> Point:
        """Return where the v-u border crosses the segment v-u (nearer the lighter region)."""
        share = self.weight[v] / (self.weight[v] + self.weight[u])
        return _lerp(self.xy[v], self.xy[u], share)


@dataclass(frozen=True)
class Frame:
    """The convex outline the outer regions reach: the board rectangle, or an island's coast.

    ``corners`` go clockwise on the y-down board; perimeter positions are measured clockwise
    from the first corner.
    """

    corners: tuple[Point, ...]

    @property
    def perimeter(self) -> float:
        """Return the length of the outline."""
        return sum(math.dist(a, b) for a, b in self.sides())

    def sides(self) -> list[tuple[Point, Point]]:
        """Return the outline's sides in clockwise order."""
        n = len(self.corners)
        return [(self.corners[i], self.corners[(i + 1) % n]) for i in range(n)]

    def ray(self, origin: Point, through: Point) -> Point:
        """Return where the ray from ``origin`` (inside) through ``through`` leaves the outline."""
        best = math.inf
        for a, b in self.sides():
            t = _crossing(origin, through, a, b, parallel=1e-12, slack=1e-9)
            if t is not None and 1e-9 < t < best:
                best = t
        return _lerp(origin, through, best)

    def position(self, p: Point) -> float:
        """Return the position of an outline point along the perimeter (clockwise)."""
        walked, nearest, best = 0.0, 0.0, math.inf
        for a, b in self.sides():
            length = math.dist(a, b)
            off = math.dist(p, a) + math.dist(p, b) - length
            if off < best:
                best, nearest = off, walked + min(math.dist(p, a), length)
            walked += length
        return nearest

    def path(self, start: Point, end: Point, clockwise: bool) -> list[Point]:
        """Return the corners passed going along the outline from ``start`` to ``end``."""
        perimeter = self.perimeter
        s, e = self.position(start), self.position(end)
        if not clockwise:
            s, e = e, s
        span = (e - s) % perimeter
        corners = sorted(((self.position(c) - s) % perimeter, c) for c in self.corners)
        passed = [c for offset, c in corners if 1e-9 < offset < span - 1e-9]
        return passed if clockwise else passed[::-1]


def _crossing(p1: Point, p2: Point, q1: Point, q2: Point, parallel: float,
              slack: float = 0.0) -> float | None:
    """Return t where the line p1 + t*(p2-p1) crosses segment q1-q2, or None.

    None also when the two are parallel (cross product below ``parallel``); the crossing may
    lie up to ``slack`` (a fraction of q1-q2) beyond either end of the segment.
    """
    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
    sx, sy = q2[0] - q1[0], q2[1] - q1[1]
    denom = rx * sy - ry * sx
    if abs(denom) < parallel:
        return None
    qx, qy = q1[0] - p1[0], q1[1] - p1[1]
    t = (qx * sy - qy * sx) / denom
    u = (qx * ry - qy * rx) / denom
    return t if -slack <= u <= 1 + slack else None


BOARD_FRAME = Frame(((0.0, 0.0), (BOARD_W, 0.0), (BOARD_W, BOARD_H), (0.0, BOARD_H)))


class _Builder:
    """Turns the plane graph into one polygon per region."""

    def __init__(self, graph: _PlaneGraph, frame: Frame = BOARD_FRAME) -> None:
        self.g = graph
        self.frame = frame
        cycle = graph.faces[graph.outer]
        self.frame_marks = [frame.position(self.frame_point(cycle[i], cycle[(i + 1) % len(cycle)]))
                            for i in range(len(cycle))]

    def _runs_clockwise(self, start: Point, end: Point) -> bool:
        """Tell whether the frame arc from start to end, clockwise, holds no other border end."""
        perimeter = self.frame.perimeter
        s = self.frame.position(start)
        span = (self.frame.position(end) - s) % perimeter
        return not any(1e-6 < (mark - s) % perimeter < span - 1e-6 for mark in self.frame_marks)

    def frame_point(self, a: int, b: int) -> Point:
        """Return where the border between outer regions ``a`` and ``b`` meets the frame."""
        return self.frame.ray(self.g.centre, self.g.edge_point(a, b))

    def inner_point(self, v: int, u: int, face_id: int) -> Point:
        """Return the point next to the midpoint of edge v-u inside ``face_id``."""
        if face_id == self.g.outer:
            return self.frame_point(v, u)
        centre = self.g.face_centre(face_id)
        face = self.g.faces[face_id]
        if len(face) == 3:
            return centre
        split = self.quad_split(face_id)
        if split is not None:
            a, b, c, d = split
            tip = b if b in (v, u) else d
            return _lerp(self.g.edge_point(a, c), self.g.xy[tip], QUAD_SHIFT)
        return _lerp(self.g.edge_point(v, u), centre, HOLE_SHRINK)

    def quad_split(self, face_id: int) -> tuple[int, int, int, int] | None:
        """Return (a, b, c, d) when the four-region face a-b-c-d has a and c adjacent.

        Such a face is split by a short a|c border, so b and d stay apart without a hole.
        """
        face = self.g.faces[face_id]
        if len(face) != 4:
            return None
        for k in (0, 1):
            a, b, c, d = face[k:] + face[:k]
            if c in self.g.order[a] and _sides_differ(self.g.xy[a], self.g.xy[c],
                                                      self.g.xy[b], self.g.xy[d]):
                return a, b, c, d
        return None

    def keeps_midpoint(self, v: int, u: int) -> bool:
        """Tell whether the v-u border must bend at the midpoint (straight would cut a centroid)."""
        a = self.inner_point(v, u, self.g.face_of[(u, v)])
        b = self.inner_point(v, u, self.g.face_of[(v, u)])
        t = _crossing(self.g.xy[v], self.g.xy[u], a, b, parallel=1e-9)  # a fraction of v-u
        return t is None or not 0.3 <= t <= 0.7

    def wedge(self, v: int, p: int, q: int) -> list[Point]:
        """Return region v's points inside the face between its neighbours p and q."""
        face_id = self.g.face_of[(q, v)]
        first, last = self.inner_point(v, p, face_id), self.inner_point(v, q, face_id)
        if face_id == self.g.outer:
            clockwise = self._runs_clockwise(first, last)
            return [first, *self.frame.path(first, last, clockwise), last]
        if first == last:
            return [first]
        return [first, last]

    def polygon(self, v: int) -> list[Point]:
        """Return region v's polygon, going around its centroid."""
        around = self.g.order[v]
        points: list[Point] = []
        for k, u in enumerate(around):
            if self.keeps_midpoint(v, u):
                points.append(self.g.edge_point(v, u))
            points.extend(self.wedge(v, u, around[(k + 1) % len(around)]))
        return _dedupe(points)

    def holes(self) -> list[list[Point]]:
        """Return the unowned hole in the middle of every inner face of four or more regions."""
        found = []
        for face_id, face in enumerate(self.g.faces):
            if face_id != self.g.outer and len(face) > 3 and self.quad_split(face_id) is None:
                found.append([self.inner_point(face[i], face[(i + 1) % len(face)], face_id)
                              for i in range(len(face))])
        return found


def _sides_differ(a: Point, c: Point, b: Point, d: Point) -> bool:
    """Tell whether b and d lie on opposite sides of the line a-c."""
    def side(p: Point) -> float:
        return (c[0] - a[0]) * (p[1] - a[1]) - (c[1] - a[1]) * (p[0] - a[0])
    return side(b) * side(d) < 0


def _dedupe(points: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or math.dist(out[-1], p) > 1e-6:
            out.append(p)
    if len(out) > 1 and math.dist(out[0], out[-1]) < 1e-6:
        out.pop()
    return out


def distance_to_edges(p: Point, polygon) -> float:
    """Return the distance from ``p`` to the nearest edge of ``polygon``."""
    best = math.inf
    for i, a in enumerate(polygon):
        b = polygon[(i + 1) % len(polygon)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy or 1e-12
        t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
        best = min(best, math.dist(p, (a[0] + t * dx, a[1] + t * dy)))
    return best


def inside(p: Point, polygon) -> bool:
    """Tell whether ``p`` lies inside ``polygon`` (even-odd rule)."""
    x, y = p
    inside = False
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def pole(polygon, steps: int = 12) -> tuple[Point, float]:
    """Return the interior point farthest from the boundary (grid search, then refined)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    box = (min(xs), min(ys), max(xs), max(ys))
    best, best_d = None, -1.0
    for _ in range(4):
        dx, dy = (box[2] - box[0]) / steps, (box[3] - box[1]) / steps
        for i in range(steps + 1):
            for j in range(steps + 1):
                p = (box[0] + i * dx, box[1] + j * dy)
                if inside(p, polygon):
                    d = distance_to_edges(p, polygon)
                    if d > best_d:
                        best, best_d = p, d
        box = (best[0] - 2 * dx, best[1] - 2 * dy, best[0] + 2 * dx, best[1] + 2 * dy)
    return best, best_d


@lru_cache(maxsize=8)
def adjustments(map_id: str) -> dict:
    """Return the drawing adjustments of ``map_id`` from ``data/smallworld/layout/regions.json``.

    ``xy`` moves some regions' drawing points (same plane graph, more even room) and
    ``weight`` makes a region push its borders further out (default 1).
    """
    path = asset_path("smallworld", "layout", "regions.json")
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as handle:
        return json.load(handle).get(map_id, {})


@lru_cache(maxsize=8)
def map_shapes(map_id: str) -> MapShapes:
    """Return the region shapes of ``map_id`` (computed once per map)."""
    regions = load_map(map_id)
    xy = {r["id"]: (float(r["xy"][0]), float(r["xy"][1])) for r in regions}
    extra = adjustments(map_id)
    xy.update({int(k): (float(x), float(y)) for k, (x, y) in extra.get("xy", {}).items()})
    weight = {int(k): float(v) for k, v in extra.get("weight", {}).items()}
    return build_shapes(regions, xy, weight)


def build_shapes(regions: tuple[dict, ...], xy: dict[int, Point],
                 weight: dict[int, float] | None = None,
                 frame: Frame = BOARD_FRAME) -> MapShapes:
    """Return the region shapes of ``regions`` drawn around the points ``xy`` inside ``frame``.

    ``frame`` is the board rectangle by default; an island passes its convex coastline.
    """
    graph = _PlaneGraph(regions, xy, weight)
    builder = _Builder(graph, frame)
    shapes = []
    for v in sorted(graph.xy):
        polygon = tuple(builder.polygon(v))
        anchor, clearance = pole(polygon)
        shapes.append(RegionShape(v, polygon, anchor, clearance))
    return MapShapes(tuple(shapes), tuple(tuple(h) for h in builder.holes()))
