"""Trades between players by offer and accept (spec §9.5).

Offers live in ``state.phase2["offers"]`` (id -> offer) and are seen only by their two
parties; nothing is reserved. Acceptance re-checks everything at once.
"""

from __future__ import annotations

from collections import Counter

from .city import functioning_type
from .goods import holds

MAX_OPEN = 3


def is_ready(state, seat: int) -> bool:
    """Tell whether ``seat`` is ready in this phase 2 (ready flags are keyed by "seat")."""
    return bool(state.phase2.get("ready", {}).get(str(seat)))


def open_offers(state, seat: int | None = None) -> dict[str, dict]:
    """Return the open offers (those involving ``seat`` when given)."""
    offers = state.phase2.get("offers", {})
    return {oid: o for oid, o in offers.items() if o["status"] == "open"
            and (seat is None or seat in (o["from"], o["to"]))}


def offer_problem(state, seat: int, to: int, give, get, note=None) -> str | None:
    """Return why ``seat`` cannot offer ``give`` to ``to`` for ``get`` now, or None."""
    if is_ready(state, seat):
        return "you_are_ready"
    if to == seat or not 0 <= to < state.players or state.ps[to]["eliminated"]:
        return "trade_partner"
    if not give and not get:
        return "empty_trade"
    if not holds(state.ps[seat]["goods"], give):
        return "goods_missing"
    mine = [o for o in open_offers(state).values() if o["from"] == seat]
    if len(mine) >= MAX_OPEN:
        return "too_many_offers"
    return None


def do_offer(state, seat: int, to: int, give, get, note=None) -> str:
    """Record a new open offer (``note``: a promise in free words, never enforced)."""
    oid = f"t{state.phase2['next_offer']}"
    state.phase2["next_offer"] += 1
    state.phase2["offers"][oid] = {"from": seat, "to": to, "give": list(give),
                                   "get": list(get), "note": note, "status": "open"}
    return oid


def answer_problem(state, seat: int, oid: str, verb: str) -> str | None:
    """Return why ``seat`` cannot ``accept``/``decline``/``cancel`` offer ``oid``."""
    offer = open_offers(state).get(oid)
    if offer is None:
        return "no_offer"
    if verb == "cancel":
        return None if offer["from"] == seat else "not_your_offer"
    if offer["to"] != seat:
        return "not_your_offer"
    if verb == "accept" and is_ready(state, seat):
        return "you_are_ready"
    if verb == "accept" and state.ps[offer["from"]]["eliminated"]:
        return "trade_partner"  # he has left the game (§8.3)
    return None


def failure(state, offer: dict) -> str | None:
    """Return why an accepted offer fails now ("no_market" / "goods_missing"), or None."""
    a, b = offer["from"], offer["to"]
    if not (functioning_type(state, a, "market") or functioning_type(state, b, "market")):
        return "no_market"
    if not holds(state.ps[a]["goods"], offer["give"]) or not holds(state.ps[b]["goods"],
                                                                    offer["get"]):
        return "goods_missing"
    return None


def execute(state, offer: dict) -> None:
    """Swap the goods of an offer between both live records and both public records."""
    a, b = offer["from"], offer["to"]
    records = [(state.ps[a], state.ps[b])]
    public = state.phase2.get("public", {})
    if str(a) in public and str(b) in public:
        for seat in (str(a), str(b)):  # snapshots are replaced, never changed in place
            public[seat] = {**public[seat], "goods": dict(public[seat]["goods"])}
        records.append((public[str(a)], public[str(b)]))
    for ra, rb in records:
        _move(ra["goods"], rb["goods"], offer["give"])
        _move(rb["goods"], ra["goods"], offer["get"])


def _move(source: dict, target: dict, goods) -> None:
    for kind, n in Counter(goods).items():
        source[kind] -= n
        target[kind] += n
