"""The countryside map (spec §3.1-3.3): printed terrain, exploration hexes, mountain ranges.

A :class:`Board` holds only what is printed and never changes during a game, so every copy
of a state shares it. It is built either from tile draws on a layout (the real game) or from
an explicit terrain dict (test boards, spec §10 "TB(R)").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import data
from .hexes import Hex, disc, distance, neighbours, rotate

TILE_RADIUS = 4


@dataclass(frozen=True)
class StartTile:
    """A lettered starting tile: its letter, layout position index and centre hex."""

    letter: str
    position: int
    centre: Hex


@dataclass
class Board:
    """The printed map: terrain per hex, exploration hexes, ranges, starting tiles."""

    terrain: dict[Hex, str]
    explore: tuple[Hex, ...] = ()
    starts: tuple[StartTile, ...] = ()
    tiles: tuple[tuple[str, int], ...] = ()  # (face, rotation) per layout position
    tile_of: dict[Hex, int] = field(default_factory=dict)
    ranges: dict[Hex, int] = field(default_factory=dict)

    def __post_init__(self):
        if not self.ranges:
            self.ranges = mountain_ranges(self.terrain)
        self.order = tuple(sorted(self.terrain))
        self.steps = split_neighbours(self.terrain)
        self.areas: dict[tuple, frozenset] = {}  # areas of influence seen (influence.py)

    def __contains__(self, h: Hex) -> bool:
        return h in self.terrain

    def __deepcopy__(self, memo):
        return self  # printed, never changes

    def start_tile(self, letter: str) -> StartTile | None:
        """Return the starting tile with ``letter``, if the layout has one."""
        return next((s for s in self.starts if s.letter == letter), None)


def split_neighbours(terrain: dict[Hex, str]) -> dict[Hex, tuple[tuple[Hex, ...], ...]]:
    """Return, for every hex of the map, its neighbours on the map printed as land and those
    printed as water (a walk over land looks only at these; water under a city is land)."""
    steps = {}
    for h in terrain:
        around = [n for n in neighbours(h) if n in terrain]
        steps[h] = (tuple(n for n in around if terrain[n] != "W"),
                    tuple(n for n in around if terrain[n] == "W"))
    return steps


def face_cells(face: str) -> dict[Hex, str]:
    """Return local hex -> terrain letter of tile ``face`` (61 hexes)."""
    cells = {}
    for column in data.tile_faces()[face]["columns"]:
        for i, letter in enumerate(column["terrain"]):
            cells[(column["q"], column["r"] + i)] = letter
    return cells


def face_explore(face: str) -> list[Hex]:
    """Return the two local exploration hexes of tile ``face``."""
    return [tuple(h) for h in data.tile_faces()[face]["explore"]]


def from_tiles(players: int, draws: list[tuple[str, int]]) -> Board:
    """Assemble the map of ``players`` seats from one (face, rotation) per layout position.

    Boards never change, so the same draws give the same (shared) board object.
    """
    return _assemble(players, tuple((face, k) for face, k in draws))


@lru_cache(maxsize=64)
def _assemble(players: int, draws: tuple[tuple[str, int], ...]) -> Board:
    terrain: dict[Hex, str] = {}
    tile_of: dict[Hex, int] = {}
    explore: list[Hex] = []
    starts = []
    spots = data.layout(players)["positions"]
    for index, (spot, (face, k)) in enumerate(zip(spots, draws, strict=True)):
        centre = (spot["q"], spot["r"])
        for local, letter in face_cells(face).items():
            h = _place(centre, local, k)
            terrain[h] = letter
            tile_of[h] = index
        explore.extend(_place(centre, local, k) for local in face_explore(face))
        if "start" in spot:
            starts.append(StartTile(spot["start"], index, centre))
    return Board(terrain, tuple(sorted(explore)), tuple(starts), tuple(draws), tile_of)


def _place(centre: Hex, local: Hex, k: int) -> Hex:
    q, r = rotate(local, k)
    return centre[0] + q, centre[1] + r


def test_board(radius: int, special: dict[Hex, str] | None = None,
               explore: tuple[Hex, ...] = ()) -> Board:
    """Return TB(radius): grassland everywhere except the hexes listed in ``special``."""
    terrain = {h: "G" for h in disc((0, 0), radius)}
    terrain.update(special or {})
    return Board(terrain, tuple(explore))


def mountain_ranges(terrain: dict[Hex, str]) -> dict[Hex, int]:
    """Return printed-mountain hex -> range id (connected components, spec §2.5)."""
    ranges: dict[Hex, int] = {}
    for start in sorted(terrain):
        if terrain[start] != "M" or start in ranges:
            continue
        rid = len(set(ranges.values()))
        stack = [start]
        ranges[start] = rid
        while stack:
            for n in neighbours(stack.pop()):
                if terrain.get(n) == "M" and n not in ranges:
                    ranges[n] = rid
                    stack.append(n)
    return ranges


def start_centres(board: Board, tile: StartTile) -> list[Hex]:
    """Return the 37 legal starting-city centres of a starting tile (local distance <= 3)."""
    return [h for h in disc(tile.centre, TILE_RADIUS - 1) if distance(h, tile.centre) <= 3]


def draw_tiles(rng, players: int) -> list[tuple[str, int]]:
    """Draw one face (without replacement) and one rotation per layout position (spec §3.1)."""
    faces = list(data.tile_faces())
    draws = []
    for _ in data.layout(players)["positions"]:
        face = faces.pop(rng.randbelow(len(faces)))
        draws.append((face, rng.randbelow(6)))
    return draws
