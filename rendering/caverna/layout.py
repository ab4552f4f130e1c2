"""Split the Caverna action spaces into the physical boards used at each player count.

The view lists the fixed spaces in board order (spec section 3); this module says how many of
them sit on each board, so the image groups them as on the table: the small basic board, the
basic board (1-3 or 4-7 player side) and the additional boards.
"""

from __future__ import annotations

# (board label key, number of spaces) in table order, per player count (spec 3.1-3.7).
SECTIONS: dict[int, tuple[tuple[str, int], ...]] = {
    1: (("small", 3), ("basic", 5)),
    2: (("small", 3), ("basic", 9)),
    3: (("small", 3), ("basic", 9), ("extra", 3)),
    4: (("small", 3), ("basic", 10)),
    5: (("small", 3), ("basic", 10), ("extra", 6)),
    6: (("small", 3), ("basic", 10), ("extra", 6)),
    7: (("small", 3), ("basic", 10), ("extra", 6), ("extra", 3)),
}


def sections(count: int, players: int) -> list[tuple[str, int, int]]:
    """Return (label key, first index, end index) of each board for ``count`` fixed spaces.

    Spaces beyond the known layout (a future variant) form one more section, so nothing is lost.
    """
    out, start = [], 0
    for label, size in SECTIONS.get(players, ()):
        end = min(count, start + size)
        if end > start:
            out.append((label, start, end))
        start = end
    if start < count:
        out.append(("extra", start, count))
    return out


def columns(count: int, max_cols: int = 11) -> int:
    """Return how many card columns to use for ``count`` spaces (fewest rows, even rows)."""
    if count <= 0:
        return 1
    rows = -(-count // max_cols)
    return -(-count // rows)
