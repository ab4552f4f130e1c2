"""The four piece colours of Antiquity (spec §3.4) as drawn: Okabe-Ito shades, so players
with the common colour-vision deficiencies can tell them apart."""

from __future__ import annotations

from rendering.common import GREY

PIECE_COLOURS = {"red": (200, 60, 30), "blue": (0, 114, 178), "yellow": (240, 228, 66),
                 "purple": (204, 121, 167)}


def seat_colours(data: dict) -> list[tuple[int, int, int]]:
    """Return each seat's drawing colour (grey while the seat has not chosen yet)."""
    return [PIECE_COLOURS.get(p.get("colour"), GREY) for p in data["ps"]]
