"""The squares the last move changed, for the board picture to highlight."""

from __future__ import annotations

from . import board


def mark(state, squares: list) -> None:
    """Add ``squares`` to the last-move highlights."""
    if state.last is not None:
        state.last["cells"].extend([list(board.rc(s)) for s in squares if s])
