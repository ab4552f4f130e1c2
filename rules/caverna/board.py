"""The home board: its cells, landscape-tile placement, stables and pastures.

Squares are "row,col" keys (geometry in :mod:`grid`).
A twin tile is written ``<first>-<second> row,col dir``: the first half goes on
(row, col), the second on the neighbour in direction ``dir`` (up/down/left/right).
"""

from __future__ import annotations

from rules.core.numbers import ascii_digits

from .grid import (
    DIRS,
    area,
    frame,
    key,
    near_on_board,
    on_board,
    rc,
    squares,
    step,
    step_any,
    steps_any,
)
from .shapes import fit_shape, remembered, shape

TWINS = {
    "meadow-field": ("meadow", "field"),
    "cavern-tunnel": ("cavern", "tunnel"),
    "cavern-cavern": ("cavern", "cavern"),
    "ore-mine": ("ore-mine", "deep-tunnel"),
}
SINGLES = ("meadow", "field", "tunnel", "cavern")
FOREST_COVER = ("meadow", "field", "pasture")
FOREST_FIRST = "4,3"


def cell(player: dict, row: int, col: int) -> dict:
    """Return the cell dict at (row, col)."""
    return player["cells"][key(row, col)]


def near(player: dict, square: str) -> list[str]:
    """Return neighbours of ``square`` that exist (printed squares or placed overhangs)."""
    if len(player["cells"]) == 24:
        return near_on_board(square)
    return [n for d in DIRS if (n := step_any(square, d)) is not None
            and (on_board(n) or n in player["cells"])]


def area_squares(player: dict, area_name: str) -> list[str]:
    """Return the area's printed squares plus its placed overhang squares."""
    base = squares(area_name)
    if len(player["cells"]) == 24:
        return base
    extra = [s for s in player["cells"] if not on_board(s) and area(rc(s)[1]) == area_name]
    return base + tuple(sorted(extra))


def _cell(player: dict, square: str) -> dict:
    here = player["cells"].get(square)
    if here is not None:
        return here
    return {"kind": "forest" if area(rc(square)[1]) == "forest" else "rock", "stable": False,
            "furnishing": None, "crop": None, "crop_count": 0, "pasture": None, "bonus": None,
            "tile_id": None}


def forest_started(player: dict) -> bool:
    """Tell whether any forest square is covered by a tile."""
    return any(player["cells"][s]["kind"] in FOREST_COVER for s in area_squares(player, "forest"))


def _touches(player: dict, square: str, kinds_ok) -> bool:
    return any(kinds_ok(player["cells"][n]["kind"]) for n in near(player, square))


def _forest_connected(player: dict, cells: list[str]) -> bool:
    if not forest_started(player):
        return FOREST_FIRST in cells
    return any(_touches(player, s, lambda k: k in FOREST_COVER) for s in cells)


def _mountain_connected(player: dict, cells: list[str]) -> bool:
    return any(_touches(player, s, lambda k: k != "rock") for s in cells)


def _half_ok(player: dict, square: str, kind: str) -> bool:
    here = _cell(player, square)
    if kind in ("meadow", "field"):
        return here["kind"] == "forest" and not (kind == "field" and here["stable"])
    if kind in ("cavern", "tunnel"):
        return here["kind"] == "rock"
    return here["kind"] == "tunnel" and here["furnishing"] is None  # ore-mine twin


def twin_ok(player: dict, twin: str, square: str, direction: str) -> bool:
    """Tell whether ``twin`` may go on ``square`` + its neighbour in ``direction``."""
    if direction not in DIRS or twin not in TWINS or not _square_ok(player, square):
        return False
    return _twin_fits(player, twin, square, direction, forest_started(player))


def _twin_fits(player: dict, twin: str, square: str, direction: str, started: bool) -> bool:
    """:func:`twin_ok` for a square known to be on the board or its frame."""
    first, second = TWINS[twin]
    if not _half_ok(player, square, first):
        return False
    other = step_any(square, direction)
    if other is None or not _half_ok(player, other, second):
        return False
    if not _overhang_ok(player, twin, [square, other]):
        return False
    if twin == "ore-mine":
        return True
    if first in ("meadow", "field"):
        if not started:
            return FOREST_FIRST in (square, other)
        return any(_touches(player, s, _forest_covered) for s in (square, other))
    return _mountain_connected(player, [square, other])


def _forest_covered(kind: str) -> bool:
    return kind in FOREST_COVER


def _square_ok(player: dict, square: str | None) -> bool:
    if not square or square.count(",") != 1:
        return False
    row, col = square.split(",")
    if not (ascii_digits(row) and ascii_digits(col)):
        return False
    return on_board(square) or square in frame(area(int(col)))


def _overhang_ok(player: dict, twin: str, cells: list[str]) -> bool:
    off = [s for s in cells if not on_board(s)]
    if not off:
        return True
    office = "office-room" in player["furnishings"]
    return office and twin != "ore-mine" and len(off) == 1 and off[0] not in player["cells"]


def single_ok(player: dict, kind: str, square: str) -> bool:
    """Tell whether a single ``kind`` tile may go on ``square``."""
    if kind not in SINGLES or square not in player["cells"] or not _half_ok(player, square, kind):
        return False
    if kind in ("meadow", "field"):
        return _forest_connected(player, [square])
    return _mountain_connected(player, [square])


def twin_options(player: dict, twin: str) -> list[tuple[str, str]]:
    """Return every legal (square, direction) for ``twin``, bonus squares first
    (remembered per board shape)."""
    def compute():
        out = _twin_placements(player, twin, first_only=False)
        return sorted(out, key=lambda sd: -_bonus_count(player, [sd[0], step_any(*sd)]))
    return list(remembered(("twin", twin, shape(player, _twin_area(twin))), compute))


def _twin_area(twin: str) -> str:
    return "forest" if twin == "meadow-field" else "mountain"


def _twin_placements(player: dict, twin: str, first_only: bool) -> list[tuple[str, str]]:
    """The (square, direction) pairs where :func:`_twin_fits` holds, in start and direction
    order (only the first one with ``first_only``); each square's half and contact are
    judged once."""
    first, second = TWINS[twin]
    forest = first in ("meadow", "field")
    first_tile = forest and not forest_started(player)  # it must cover FOREST_FIRST
    contact_needed = twin != "ore-mine" and not first_tile
    covered = _forest_covered if forest else _not_rock
    halves: dict = {}
    contact: dict = {}
    out = []
    for s in _starts(player, twin):
        if not _half_ok(player, s, first):
            continue
        for d, other in steps_any(s):
            if other is None or (first_tile and FOREST_FIRST not in (s, other)):
                continue
            fits = halves.get(other)
            if fits is None:
                fits = halves[other] = _half_ok(player, other, second)
            if not fits or (not (on_board(s) and on_board(other))
                            and not _overhang_ok(player, twin, [s, other])):
                continue
            if contact_needed and not (_touching(player, s, covered, contact)
                                       or _touching(player, other, covered, contact)):
                continue
            out.append((s, d))
            if first_only:
                return out
    return out


def _touching(player: dict, square: str, kinds_ok, contact: dict) -> bool:
    found = contact.get(square)
    if found is None:
        found = contact[square] = _touches(player, square, kinds_ok)
    return found


def _not_rock(kind: str) -> bool:
    return kind != "rock"


def _starts(player: dict, twin: str) -> list[str]:
    area_name = "mountain" if twin != "meadow-field" else "forest"
    starts = list(squares(area_name))
    if "office-room" in player["furnishings"] and twin != "ore-mine":
        starts += list(frame(area_name))
    return starts


def has_twin(player: dict, twin: str) -> bool:
    """Tell whether ``twin`` has at least one legal placement (remembered per board shape)."""
    return bool(remembered(("has-twin", twin, fit_shape(player, _twin_area(twin))), lambda: (
        (True,) if _twin_placements(player, twin, first_only=True) else ())))


def single_options(player: dict, kind: str) -> list[str]:
    """Return every square where a single ``kind`` tile may go (remembered per area shape)."""
    area_name = "forest" if kind in ("meadow", "field") else "mountain"
    return list(remembered(("single", kind, fit_shape(player, area_name)), lambda: (
        _single_squares(player, kind, area_name))))


def _single_squares(player: dict, kind: str, area_name: str) -> list[str]:
    """The squares of ``area_name`` where :func:`single_ok` holds (the forest's start read
    once)."""
    if kind not in SINGLES:
        return []
    forest = kind in ("meadow", "field")
    started = forest and forest_started(player)
    out = []
    for s in squares(area_name):
        if not _half_ok(player, s, kind):
            continue
        if not forest:
            fits = _touches(player, s, _not_rock)
        elif started:
            fits = _touches(player, s, _forest_covered)
        else:
            fits = s == FOREST_FIRST
        if fits:
            out.append(s)
    return out


def _bonus_count(player: dict, cells: list) -> int:
    return sum(1 for s in cells if s and _cell(player, s)["bonus"])


def edit(player: dict, square: str) -> dict:
    """Return ``square``'s cell ready to be changed.

    Copies of a state share their cell dicts (a copy copies only the board's index), so a
    cell is never changed in place: this puts a fresh copy of it on the board first.
    """
    here = dict(_cell(player, square))
    player["cells"][square] = here
    return here


def cover(player: dict, square: str, kind: str) -> dict:
    """Put a landscape half of ``kind`` on ``square``; return the printed bonus gained."""
    here = edit(player, square)
    here["kind"] = kind
    bonus = here["bonus"]
    here["bonus"] = None
    return {"boar": {"boar": 1}, "food1": {"food": 1}, "food2": {"food": 2}}.get(bonus, {})


def place_twin(player: dict, twin: str, square: str, direction: str) -> tuple[dict, list]:
    """Place a legal twin tile; return (bonus goods, changed squares)."""
    other = step_any(square, direction)
    first, second = TWINS[twin]
    gained: dict = {"gold": 2} if not (on_board(square) and on_board(other)) else {}
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
    return [s for s in area_squares(player, "forest") if stable_ok(player, s)]


def small_pasture_options(player: dict) -> list[str]:
    """Return the meadows that can become a small pasture."""
    return [s for s in area_squares(player, "forest") if player["cells"][s]["kind"] == "meadow"]


def large_pasture_options(player: dict) -> list[tuple[str, str]]:
    """Return (square, direction) pairs of two adjacent unfenced meadows (right/down only)."""
    out = []
    for s in small_pasture_options(player):
        for d in ("right", "down") if on_board(s) else ():
            other = step(s, d)
            if other and player["cells"][other]["kind"] == "meadow":
                out.append((s, d))
    return out


def fence(player: dict, cells: list[str]) -> int:
    """Turn the given meadows into one pasture; return its id."""
    pid = player["next_pasture"]
    player["next_pasture"] += 1
    for s in cells:
        here = edit(player, s)
        here["kind"] = "pasture"
        here["pasture"] = pid
    return pid


def pasture_size(player: dict, here: dict) -> int:
    """Return how many squares the pasture of ``here`` covers (0 if not a pasture)."""
    if here["pasture"] is None:
        return 0
    return sum(1 for c in player["cells"].values() if c["pasture"] == here["pasture"])


def pastures(player: dict) -> dict[int, list[str]]:
    """Return pasture id -> its squares."""
    out: dict[int, list[str]] = {}
    for s in area_squares(player, "forest"):
        pid = player["cells"][s]["pasture"]
        if pid is not None:
            out.setdefault(pid, []).append(s)
    return out


def empty_caverns(player: dict, work_room: bool = False) -> list[str]:
    """Return squares that can take a furnishing tile (caverns; tunnels with Work room)."""
    kinds = ("cavern", "tunnel", "deep-tunnel") if work_room else ("cavern",)
    return [s for s in area_squares(player, "mountain")
            if player["cells"][s]["kind"] in kinds and player["cells"][s]["furnishing"] is None]


def unused(player: dict) -> int:
    """Return squares with no tile and no stable (spec §10)."""
    return sum(1 for s, c in player["cells"].items()
               if on_board(s) and c["kind"] in ("forest", "rock") and not c["stable"])
