"""Phase 3, Turn Order (spec §4): ascending count of staffed Cart Shops plus Explorer."""

from __future__ import annotations

from .city import staffed_functioning


def order_count(state, seat: int) -> int:
    """Return n = functioning staffed Cart Shops + 1 for a functioning staffed Explorer."""
    return (staffed_functioning(state, seat, "cart_shop")
            + min(1, staffed_functioning(state, seat, "explorer")))


def new_order(state) -> list[int]:
    """Return the new turn order: ascending n, ties keep the previous relative order."""
    return sorted(state.order, key=lambda seat: order_count(state, seat))
