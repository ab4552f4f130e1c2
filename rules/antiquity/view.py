"""What each seat may see (spec §9.3): hidden counters and phase-2 records stay hidden.

During phase 2 every other player is shown by his public record (start of the phase plus
executed trades); the live bank and pools are shown as they stood when the phase began.
"""

from __future__ import annotations

import copy

from rules.core import Msg, View

from . import msgs as M
from .city import functioning
from .hexes import hex_text
from .influence import anchors, influence
from .state import plain_copy
from .storage import capacity


def visible_state(state, seat: int | None):
    """Return a shallow stand-in of ``state`` holding only what ``seat`` may know."""
    if state.phase != "city" or not state.phase2:
        return state
    shown = copy.copy(state)
    shown.ps = [p if s == seat else _public(state, s) for s, p in enumerate(state.ps)]
    shown.pools = dict(state.phase2["pools"])
    shown.bank = dict(state.phase2.get("bank", state.bank))
    return shown


def _public(state, seat: int) -> dict:
    record = state.phase2["public"].get(str(seat))
    if record is None:
        return state.ps[seat]
    return {**record, "flags": {}}


def player_data(shown, seat: int) -> dict:
    """Return one player's board data: cities, buildings, graves, goods, men, saint."""
    p = shown.ps[seat]
    return {
        "goods": dict(p["goods"]), "colour": p.get("colour"), "houses": sorted(p["houses"]),
        "idle": p["idle"],
        "cities": plain_copy(p["cities"]), "graves": [list(g) for g in p["graves"]],
        "buildings": {bid: {"type": b["type"], "city": b["city"],
                            "cells": [list(c) for c in b["cells"]], "staffed": b["staffed"],
                            "functioning": functioning(p, bid), "number": b.get("number")}
                      for bid, b in p["buildings"].items()},
        "saint": p["saint"], "eliminated": p["eliminated"], "inns_left": p["inns_left"],
        "capacity": min(capacity(shown, seat), 999),
        "influence": sorted(hex_text(h) for h in influence(shown, seat)),
        "anchors": sorted(hex_text(h) for h in anchors(shown, seat)),
    }


def terrain_text(board) -> dict:
    """Return the printed terrain keyed by "q,r" (built once per board, then shared)."""
    cached = getattr(board, "_terrain_text", None)
    if cached is None:
        cached = {hex_text(h): t for h, t in sorted(board.terrain.items())}
        board._terrain_text = cached
    return cached


def map_data(state) -> dict:
    """Return the public countryside: terrain, overlays, pieces, face-down counter hexes."""
    return {
        "terrain": terrain_text(state.board),
        "pollution": sorted(hex_text(h) for h in state.pollution),
        "grass": sorted(hex_text(h) for h in state.grass),
        "counters": sorted(hex_text(h) for h in state.counters),
        "revealed": {hex_text(h): k for h, k in sorted(state.revealed.items())},
        "inns": {hex_text(h): s for h, s in sorted(state.inns.items())},
        "cities": {hex_text(h): list(v) for h, v in sorted(state.city_at.items())},
        "country": {cid: {"type": b["type"], "owner": b["owner"], "good": b["good"],
                          "site": [list(h) for h in b["site"]],
                          "tokens": [list(h) for h in b["tokens"]]}
                    for cid, b in sorted(state.country.items())},
        "starts": [[t.letter, list(t.centre)] for t in state.board.starts],
        "ores": {str(k): v for k, v in sorted(state.ores.items())},
    }


def pending_data(state, game) -> list[dict]:
    """Return who owes which kind of decision (ready flags of phase 2 are public)."""
    out = []
    for d in state.pending:
        entry = {"seat": d["seat"], "type": d["type"]}
        if d["type"] == "city":
            entry["ready"] = bool(state.phase2.get("ready", {}).get(str(d["seat"])))
        out.append(entry)
    return out


def build_view(game, state, seat: int | None) -> View:
    """Return the View of ``seat`` (None = public)."""
    shown = visible_state(state, seat)
    data = {
        "players": state.players, "turn": state.turn, "phase": state.phase,
        "famine": state.famine, "order": list(state.order), "bank": dict(shown.bank),
        "pools": dict(shown.pools), "map": map_data(state),
        "ps": [player_data(shown, s) for s in range(state.players)],
        "pending": pending_data(state, game), "over": state.over,
        "winners": list(state.winners), "last": shown_last(state, seat),
        "offers": own_offers(state, seat),
    }
    private = [] if seat is None else private_lines(shown, seat)
    summary = [Msg("antiquity.summary", {"turn": state.turn, "phase": M.phase(state.phase),
                                         "famine": state.famine})]
    return View("antiquity", seat, data, private, summary)


def shown_last(state, seat: int | None) -> dict | None:
    """Return who moved last as ``seat`` may know it: during phase 2 only his own last move
    (spec §9.3: the others' phase-2 actions, even their timing, stay hidden)."""
    if state.phase == "city" and state.phase2:
        return None if seat is None else state.phase2.get("own_last", {}).get(str(seat))
    return state.last


def own_offers(state, seat: int | None) -> dict:
    """Return the open offers ``seat`` is a party to (nobody else may see them)."""
    if seat is None:
        return {}
    offers = state.phase2.get("offers", {}) if state.phase2 else {}
    return {oid: dict(o) for oid, o in sorted(offers.items())
            if seat in (o["from"], o["to"]) and o["status"] == "open"}


def private_lines(shown, seat: int) -> list[Msg]:
    """Return ``/me`` lines: goods, men, saint."""
    p = shown.ps[seat]
    goods = [Msg("antiquity.misc.count", {"count": n, "good": M.good(k)})
             for k, n in p["goods"].items() if n] or [M.misc("nothing")]
    return [Msg("antiquity.private.goods", {"goods": goods}),
            Msg("antiquity.private.men", {"idle": p["idle"], "houses": len(p["houses"])}),
            Msg("antiquity.private.saint", {"saint": M.saint(p["saint"])})]
