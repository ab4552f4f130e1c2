"""Phase 6, Harvest (spec §4, §6.8): one token per producing building, or three with
Forced Labour (the first discarded); the token under the man comes last.

A harvest decision keeps ``takes`` (building id -> takes still owed) and ``done``
(building id -> takes made), so Forced Labour knows which take is discarded.
"""

from __future__ import annotations

from .city import functioning_type
from .countryside import take_token
from .goods import gain
from .saints import has_bonus


def eligible(state, cid: str) -> list[tuple[int, int]]:
    """Return the hexes whose token may be taken next: around the man first, site last."""
    b = state.country[cid]
    site = {tuple(h) for h in b["site"]} if b["type"] != "fisherman" else set()
    tokens = sorted(tuple(h) for h in b["tokens"])
    around = [h for h in tokens if h not in site]
    return around or tokens


def owed_takes(state, seat: int) -> dict[str, int]:
    """Return building id -> number of takes owed this turn (3 with Forced Labour)."""
    per = 3 if functioning_type(state, seat, "forced_labour") else 1
    return {cid: min(per, len(b["tokens"])) for cid, b in sorted(state.country.items())
            if b["owner"] == seat and b["tokens"]}


def take(state, d: dict, cid: str, h) -> None:
    """Take the token on ``h`` of building ``cid`` for decision ``d``."""
    seat = d["seat"]
    discard_first = functioning_type(state, seat, "forced_labour")
    first = d["done"].get(cid, 0) == 0
    d["done"][cid] = d["done"].get(cid, 0) + 1
    d["takes"][cid] -= 1
    if not d["takes"][cid]:
        del d["takes"][cid]
    take_token(state, cid, h, keep=not (discard_first and first))


def auto_takes(state, d: dict) -> None:
    """Make every take that offers no choice (exactly one eligible token)."""
    progress = True
    while progress:
        progress = False
        for cid in list(d["takes"]):
            hexes = eligible(state, cid)
            if len(hexes) == 1:
                take(state, d, cid, hexes[0])
                progress = True


def choices(state, d: dict) -> list[tuple[str, tuple[int, int]]]:
    """Return (building id, hex) for every take the player may make now."""
    return [(cid, h) for cid in sorted(d["takes"]) for h in eligible(state, cid)]


def saint_fish(state, seat: int) -> int:
    """Give San Giorgio's fish: one per Cathedral built this turn; return how many came."""
    if not has_bonus(state.ps[seat], "fish") or not state.cathedrals_built:
        return 0
    return gain(state.ps[seat]["goods"], state.bank, "fish", state.cathedrals_built)
