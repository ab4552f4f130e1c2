"""Patron saints (spec §5.5): which bonuses a player enjoys now."""

from __future__ import annotations

from . import data
from .city import building_graves, of_type


def cathedral_functioning(p: dict) -> bool:
    """Tell whether the player has a Cathedral without graves (and so a saint)."""
    return p["saint"] is not None and any(not building_graves(p, bid)
                                          for bid in of_type(p, "cathedral"))


def has_bonus(p: dict, bonus: str) -> bool:
    """Tell whether the player's functioning Cathedral gives ``bonus`` now."""
    return cathedral_functioning(p) and bonus in data.saints()[p["saint"]]["bonuses"]


def razable(saint: str | None) -> bool:
    """Tell whether a Cathedral of ``saint`` may be razed by Theology (never Santa Maria)."""
    return saint is None or data.saints()[saint].get("razable", True)
