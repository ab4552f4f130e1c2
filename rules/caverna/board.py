"""The home board: squares, adjacency, landscape-tile placement, stables and pastures.

Squares are "row,col" keys, rows 1-4 and columns 1-6 (1-3 forest, 4-6 mountain).
A twin tile is written ``<first>-<second> row,col dir``: the first half goes on
(row, col), the second on the neighbour in direction ``dir`` (up/down/left/right).
"""

from __future__ import annotations

from functools import lru_cache

DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
TWINS = {
    "meadow-field": ("meadow", "field"),
    "cavern-tunnel": ("cavern", "tunnel"),
    "cavern-cavern": ("cavern", "cavern"),
    "ore-mine": ("ore-mine", "deep-tunnel"),
}
SINGLES = ("meadow", "field", "tunnel", "cavern")
FOREST_COVER = ("meadow", "field", "pasture")
FOREST_FIRST = "4,3"


def key(row: int, col: int) -> str:
    """Return the square key of (row, col)."""
    return f"{row},{col}"


def rc(square: str) -> tuple[int, int]:
    """Return (row, col) of a square key."""
    row, col = square.split(",")
    return int(row), int(col)


def area(col: int) -> str:
    """Return "forest" for columns 1-3 and "mountain" for 4-6."""
    return "forest" if col <= 3 else "mountain"


def cell(player: dict, row: int, col: int) -> dict:
    """Return the cell dict at (row, col)."""
    return player["cells"][key(row, col)]


@lru_cache(maxsize=None)
def step(square: str, direction: str) -> str | None:
    """Return the neighbour of ``square`` in ``direction`` in the same area, or None."""
    row, col = rc(square)
    dr, dc = DIRS[direction]
    r2, c2 = row + dr, col + dc
    if not (1 <= r2 <= 4 and 1 <= c2 <= 6) or area(c2) != area(col):
        return None
    return key(r2, c2)


@lru_cache(maxsize=None)
def neighbours(square: str) -> tuple[str, ...]:
    """Return the orthogonal neighbours of ``square`` inside its own area."""
    return tuple(n for d in DIRS if (n := step(square, d)) is not None)


@lru_cache(maxsize=None)
def squares(area_name: str) -> tuple[str, ...]:
    """Return the squares of the forest or the mountain in reading order."""
    cols = (1, 2, 3) if area_name == "forest" else (4, 5, 6)
    return tuple(key(r, c) for r in range(1, 5) for c in cols)


def forest_started(player: dict) -> bool:
    """Tell whether any forest square is covered by a tile."""
    return any(player["cells"][s]["kind"] in FOREST_COVER for s in squares("forest"))


def _touches(player: dict, square: str, kinds_ok) -> bool:
    return any(kinds_ok(player["cells"][n]["kind"]) for n in neighbours(square))


def _forest_connected(player: dict, cells: list[str]) -> bool:
    if not forest_started(player):
        return FOREST_FIRST in cells
    return any(_touches(player, s, lambda k: k in FOREST_COVER) for s in cells)


def _mountain_connected(player: dict, cells: list[str]) -> bool:
    return any(_touches(player, s, lambda k: k != "rock") for s in cells)


def _half_ok(player: dict, square: str, kind: str) -> bool:
    here = player["cells"][square]
    if kind in ("meadow", "field"):
        return here["kind"] == "forest" and not (kind == "field" and here["stable"])
    if kind in ("cavern", "tunnel"):
        return here["kind"] == "rock"
    return here["kind"] == "tunnel" and here["furnishing"] is None  # ore-mine twin


def twin_ok(player: dict, twin: str, square: str, direction: str) -> bool:
    """Tell whether ``twin`` may go on ``square`` + its neighbour in ``direction``."""
    other = step(square, direction) if direction in DIRS else None
    if twin not in TWINS or other is None or square not in player["cells"]:
        return False
    first, second = TWINS[twin]
    if not (_half_ok(player, square, first) and _half_ok(player, other, second)):
        return False
    if twin == "ore-mine":
        return True
    if first in ("meadow", "field"):
        return _forest_connected(player, [square, other])
    return _mountain_connected(player, [square, other])


def single_ok(player: dict, kind: str, square: str) -> bool:
    """Tell whether a single ``kind`` tile may go on ``square``."""
    if kind not in SINGLES or square not in player["cells"] or not _half_ok(player, square, kind):
        return False
    if kind in ("meadow", "field"):
        return _forest_connected(player, [square])
    return _mountain_connected(player, [square])


def twin_options(player: dict, twin: str) -> list[tuple[str, str]]:
    """Return every legal (square, direction) for ``twin``, bonus squares first."""
    area_name = "mountain" if twin != "meadow-field" else "forest"
    out = [(s, d) for s in squares(area_name) for d in DIRS if twin_ok(player, twin, s, d)]
    return sorted(out, key=lambda sd: -_bonus_count(player, [sd[0], step(sd[0], sd[1])]))


def has_twin(player: dict, twin: str) -> bool:
    """Tell whether ``twin`` has at least one legal placement."""
    area_name = "mountain" if twin != "meadow-field" else "forest"
    return any(twin_ok(player, twin, s, d) for s in squares(area_name) for d in ("right", "down"))


def single_options(player: dict, kind: str) -> list[str]:
    """Return every square where a single ``kind`` tile may go."""
    area_name = "forest" if kind in ("meadow", "field") else "mountain"
    return [s for s in squares(area_name) if single_ok(player, kind, s)]


def _bonus_count(player: dict, cells: list) -> int:
    return sum(1 for s in cells if s and player["cells"][s]["bonus"])


def cover(player: dict, square: str, kind: str) -> dict:
    """Put a landscape half of ``kind`` on ``square``; return the printed bonus gained."""
    here = player["cells"][square]
    here["kind"] = kind
    bonus = here["bonus"]
    here["bonus"] = None
    return {"boar": {"boar": 1}, "food1": {"food": 1}, "food2": {"food": 2}}.get(bonus, {})


def place_twin(player: dict, twin: str, square: str, direction: str) -> tuple[dict, list]:
    """Place a legal twin tile; return (bonus goods, changed squares)."""
    other = step(square, direction)
    first, second = TWINS[twin]
    gained: dict = {}
    for target, kind in ((square, first), (other, second)):
        for good, n in cover(player, target, kind).items():
            gained[good] = gained.get(good, 0) + n
    return gained, [square, other]


# -- stables and pastures ----------------------------------------------------------------
def stables_built(player: dict) -> int:
    """Return how many stables stand on the board."""
    return sum(1 for c in player["cells"].values() if c["stable"])


def stables_left(player: dict) -> int:
    """Return the stables still in the personal supply (3 in all)."""
    return 3 - stables_built(player)


def stable_ok(player: dict, square: str) -> bool:
    """Tell whether a stable may be built on ``square``."""
    here = player["cells"].get(square)
    return (here is not None and stables_left(player) > 0 and not here["stable"]
            and here["kind"] in ("forest", "meadow", "pasture"))


def stable_options(player: dict) -> list[str]:
    """Return the squares where a stable may go."""
    return [s for s in squares("forest") if stable_ok(player, s)]


def small_pasture_options(player: dict) -> list[str]:
    """Return the meadows that can become a small pasture."""
    return [s for s in squares("forest") if player["cells"][s]["kind"] == "meadow"]


def large_pasture_options(player: dict) -> list[tuple[str, str]]:
    """Return (square, direction) pairs of two adjacent unfenced meadows (right/down only)."""
    out = []
    for s in small_pasture_options(player):
        for d in ("right", "down"):
            other = step(s, d)
            if other and player["cells"][other]["kind"] == "meadow":
                out.append((s, d))
    return out


def fence(player: dict, cells: list[str]) -> int:
    """Turn the given meadows into one pasture; return its id."""
    pid = player["next_pasture"]
    player["next_pasture"] += 1
    for s in cells:
        player["cells"][s]["kind"] = "pasture"
        player["cells"][s]["pasture"] = pid
    return pid


def pasture_size(player: dict, here: dict) -> int:
    """Return how many squares the pasture of ``here`` covers (0 if not a pasture)."""
    if here["pasture"] is None:
        return 0
    return sum(1 for c in player["cells"].values() if c["pasture"] == here["pasture"])


def pastures(player: dict) -> dict[int, list[str]]:
    """Return pasture id -> its squares."""
    out: dict[int, list[str]] = {}
    for s in squares("forest"):
        pid = player["cells"][s]["pasture"]
        if pid is not None:
            out.setdefault(pid, []).append(s)
    return out


def count_kind(player: dict, kind: str) -> int:
    """Return how many squares are of ``kind``."""
    return sum(1 for c in player["cells"].values() if c["kind"] == kind)


def empty_caverns(player: dict, work_room: bool = False) -> list[str]:
    """Return squares that can take a furnishing tile (caverns; tunnels with Work room)."""
    kinds = ("cavern", "tunnel", "deep-tunnel") if work_room else ("cavern",)
    return [s for s in squares("mountain")
            if player["cells"][s]["kind"] in kinds and player["cells"][s]["furnishing"] is None]


def unused(player: dict) -> int:
    """Return squares with no tile and no stable (spec §10)."""
    return sum(1 for c in player["cells"].values()
               if c["kind"] in ("forest", "rock") and not c["stable"])
