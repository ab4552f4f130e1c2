"""The geometry of a home board's squares: keys, areas, neighbours and the Office room's
overhang frame. Pure functions of square keys (remembered), shared by every board.

Squares are "row,col" keys, rows 1-4 and columns 1-6 (1-3 forest, 4-6 mountain); overhangs
lie one step outside (rows 0 and 5, columns 0 and 7).
"""

from __future__ import annotations

from functools import lru_cache

DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def key(row: int, col: int) -> str:
    """Return the square key of (row, col)."""
    return f"{row},{col}"


@lru_cache(maxsize=None)
def rc(square: str) -> tuple[int, int]:
    """Return (row, col) of a square key."""
    row, col = square.split(",")
    return int(row), int(col)


@lru_cache(maxsize=None)
def area(col: int) -> str:
    """Return "forest" for columns 1-3 and "mountain" for 4-6."""
    return "forest" if col <= 3 else "mountain"


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
def on_board(square: str) -> bool:
    """Tell whether ``square`` is one of the 24 printed squares (not an overhang)."""
    row, col = rc(square)
    return 1 <= row <= 4 and 1 <= col <= 6


@lru_cache(maxsize=None)
def step_any(square: str, direction: str) -> str | None:
    """Like :func:`step` but also one step beyond the board edge (Office room overhang)."""
    row, col = rc(square)
    dr, dc = DIRS[direction]
    r2, c2 = row + dr, col + dc
    inside = 0 <= r2 <= 5 and 0 <= c2 <= 7 and not (r2 in (0, 5) and c2 in (0, 7))
    if not inside or area(c2) != area(col) or (not on_board(key(r2, c2)) and not on_board(square)):
        return None
    return key(r2, c2)


@lru_cache(maxsize=None)
def frame(area_name: str) -> tuple[str, ...]:
    """Return the overhang positions just outside the board for ``area_name``."""
    cols = (0, 1, 2, 3) if area_name == "forest" else (4, 5, 6, 7)
    out = [key(r, c) for r in range(0, 6) for c in cols
           if not on_board(key(r, c)) and not (r in (0, 5) and c in (0, 7))]
    return tuple(s for s in out if any(step_any(s, d) for d in DIRS))


@lru_cache(maxsize=None)
def near_on_board(square: str) -> tuple[str, ...]:
    """The neighbours of ``square`` among the 24 printed squares."""
    return tuple(n for d in DIRS if (n := step_any(square, d)) is not None and on_board(n))


@lru_cache(maxsize=None)
def squares(area_name: str) -> tuple[str, ...]:
    """Return the squares of the forest or the mountain in reading order."""
    cols = (1, 2, 3) if area_name == "forest" else (4, 5, 6)
    return tuple(key(r, c) for r in range(1, 5) for c in cols)


@lru_cache(maxsize=None)
def steps_any(square: str) -> tuple[tuple[str, str | None], ...]:
    """Each direction with :func:`step_any` of ``square`` that way."""
    return tuple((d, step_any(square, d)) for d in DIRS)
