"""Region tiles on the board: placing a discovered tile, and the Well of Wishes display (7.4)."""

from __future__ import annotations

from rules.core import Event, Msg

WISH_DISPLAY = 3


def place_tile(state, hid: str, tile: str, events: list) -> None:
    """Put ``tile`` normal side up on hex ``hid``; a Well draws its three wish tokens."""
    state.hexes[hid][0] = tile
    events.append(Event("vindication.event.discovered",
                        {"hex": hid, "region": Msg(f"vindication.region.{tile}")},
                        reveals=True))
    if tile == "well_of_wishes":
        state.wishes[hid] = [draw_wish(state) for _ in range(WISH_DISPLAY)
                             if state.wish_pool]


def draw_wish(state) -> str:
    """Draw one random wish token from the pool (or the scripted next one, for tests)."""
    scripted = state.script.get("wish")
    if scripted:
        token = scripted.pop(0)
        state.wish_pool.remove(token)
        return token
    return state.wish_pool.pop(state.rng.randbelow(len(state.wish_pool)))


def controller(state, hid: str) -> int | None:
    """Return the seat controlling hex ``hid`` (None if nobody)."""
    return state.hexes[hid][1]
