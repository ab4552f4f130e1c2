"""Phase 2, City Building (spec §4, §9.5): simultaneous and hidden.

Every active player owes a ``city`` decision at once. Each command acts at once on the
player's live record and is told only to him; others see his ``public`` record (the record
at the start of the phase plus executed trades). ``ready`` freezes him (he leaves ``to_act``
but may still ``unready``, ``decline`` or ``cancel``); when the last player is ready every
record is revealed.
"""

from __future__ import annotations

from . import abilities, citybuild, trades
from . import msgs as M
from .state import plain_copy

FROZEN_OK = frozenset({"unready", "decline", "cancel", "concede"})
CITY_VERBS = frozenset({"build", "storage", "house", "staff", "raze", "hospital", "move",
                        "regrave", "bank", "offer", "accept", "decline", "cancel", "reset",
                        "ready", "unready"})


def start(state) -> None:
    """Open phase 2: remember public records and checkpoints, clear ready flags and offers."""
    seats = state.active_seats()
    state.phase2 = {
        "ready": {str(s): False for s in seats},
        "public": {str(s): _public_part(state.ps[s]) for s in seats},
        "checkpoint": {},
        "pools": dict(state.pools), "bank": dict(state.bank), "offers": {}, "next_offer": 1,
    }
    for seat in seats:
        state.ps[seat]["flags"]["taken"] = {}
        state.ps[seat]["flags"]["fountains"] = 0
        state.ps[seat]["flags"]["cathedrals"] = 0
        state.phase2["checkpoint"][str(seat)] = plain_copy(state.ps[seat])


def _public_part(p: dict) -> dict:
    return plain_copy({k: v for k, v in p.items() if k != "flags"})


def is_ready(state, seat: int) -> bool:
    """Tell whether ``seat`` has declared itself ready in this phase 2."""
    return bool(state.phase2.get("ready", {}).get(str(seat)))


def problem(state, seat: int, move) -> str | None:
    """Return the reason key why a phase-2 ``move`` is illegal for ``seat``, or None."""
    verb = move[0]
    if is_ready(state, seat) and verb not in FROZEN_OK:
        return "you_are_ready"
    return CHECKS[verb](state, seat, move)


CHECKS = {
    "build": lambda s, seat, m: citybuild.build_problem(s, seat, *m[1:]),
    "storage": lambda s, seat, m: citybuild.storage_problem(s, seat, *m[1:]),
    "house": lambda s, seat, m: citybuild.house_problem(s, seat, *m[1:]),
    "staff": lambda s, seat, m: citybuild.staff_problem(s.ps[seat], m[1]),
    "raze": lambda s, seat, m: abilities.raze_problem(s, seat),
    "hospital": lambda s, seat, m: abilities.hospital_problem(s, seat, m[1]),
    "move": lambda s, seat, m: abilities.move_problem(s, seat, *m[1:]),
    "regrave": lambda s, seat, m: abilities.grave_move_problem(s, seat, m[1], m[2]),
    "bank": lambda s, seat, m: abilities.bank_problem(s, seat, m[1], m[2]),
    "offer": lambda s, seat, m: trades.offer_problem(s, seat, *m[1:]),
    "accept": lambda s, seat, m: trades.answer_problem(s, seat, m[1], "accept"),
    "decline": lambda s, seat, m: trades.answer_problem(s, seat, m[1], "decline"),
    "cancel": lambda s, seat, m: trades.answer_problem(s, seat, m[1], "cancel"),
    "reset": lambda s, seat, m: None,
    "ready": lambda s, seat, m: None,
    "unready": lambda s, seat, m: None if is_ready(s, seat) else "not_ready",
}


def effect(state, seat: int, move, events: list) -> None:
    """Carry out a legal phase-2 ``move`` of ``seat``."""
    EFFECTS[move[0]](state, seat, move, events)


def _mine(seat):
    return (seat,)


def _build(state, seat, m, events):
    citybuild.do_build(state, seat, *m[1:])
    events.append(M.event("built", _mine(seat), building=M.building(m[1])))


def _storage(state, seat, m, events):
    citybuild.do_storage(state, seat, *m[1:])
    events.append(M.event("built", _mine(seat), building=M.building("storage")))


def _house(state, seat, m, events):
    citybuild.do_house(state, seat, *m[1:])
    events.append(M.event("house_built", _mine(seat), number=m[1]))
    if m[5] is not None:
        events.append(M.event("house_built", _mine(seat), number=m[5][0]))


def _staff(state, seat, m, events):
    citybuild.do_staff(state, seat, m[1])
    kind = state.ps[seat]["buildings"][m[1]]["type"]
    events.append(M.event("staffed", _mine(seat), building=M.building(kind)))


def _raze(state, seat, m, events):
    abilities.do_raze(state, seat)
    events.append(M.event("razed", _mine(seat)))


def _hospital(state, seat, m, events):
    abilities.do_hospital(state, seat, m[1])
    events.append(M.event("graves_cleared", _mine(seat), count=len(m[1])))


def _move(state, seat, m, events):
    abilities.do_move(state, seat, *m[1:])
    kind = state.ps[seat]["buildings"][m[1]]["type"]
    events.append(M.event("moved", _mine(seat), building=M.building(kind)))


def _regrave(state, seat, m, events):
    abilities.do_grave_move(state, seat, m[1], m[2])
    events.append(M.event("grave_moved", _mine(seat)))


def _bank(state, seat, m, events):
    abilities.do_bank(state, seat, m[1], m[2])
    events.append(M.event("bank_trade", _mine(seat), give=M.goods_list(m[1]),
                          get=M.good(m[2])))


def _offer(state, seat, m, events):
    oid = trades.do_offer(state, seat, *m[1:])
    events.append(M.event("offered", (seat, m[1]), offer=oid, from_seat=seat, to_seat=m[1],
                          give=M.goods_list(m[2]), get=M.goods_list(m[3]),
                          note=m[4] or M.misc("nothing")))


def _accept(state, seat, m, events):
    offer = state.phase2["offers"][m[1]]
    why = trades.failure(state, offer)
    parties = (offer["from"], offer["to"])
    if why:
        offer["status"] = "failed"
        events.append(M.event("trade_failed", parties, offer=m[1], reason=M.reason(why)))
        return
    trades.execute(state, offer)
    offer["status"] = "executed"
    for party in parties:
        state.phase2["checkpoint"][str(party)] = plain_copy(state.ps[party])
    terms = {"from_seat": offer["from"], "to_seat": offer["to"],
             "give": M.goods_list(offer["give"]), "get": M.goods_list(offer["get"])}
    if offer.get("note"):
        events.append(M.event("traded_note", None, note=offer["note"], **terms))
    else:
        events.append(M.event("traded", None, **terms))


def _close(status):
    def close(state, seat, m, events):
        offer = state.phase2["offers"][m[1]]
        offer["status"] = status
        events.append(M.event(f"offer_{status}", (offer["from"], offer["to"]), offer=m[1]))
    return close


def _reset(state, seat, m, events):
    reset(state, seat)
    events.append(M.event("reset", _mine(seat)))


def _ready(state, seat, m, events):
    state.phase2["ready"][str(seat)] = True
    events.append(M.event("ready", None, seat=seat))


def _unready(state, seat, m, events):
    state.phase2["ready"][str(seat)] = False
    events.append(M.event("unready", None, seat=seat))


EFFECTS = {"build": _build, "storage": _storage, "house": _house, "staff": _staff,
           "raze": _raze, "hospital": _hospital, "move": _move, "regrave": _regrave,
           "bank": _bank, "offer": _offer, "accept": _accept, "decline": _close("declined"),
           "cancel": _close("cancelled"), "reset": _reset, "ready": _ready,
           "unready": _unready}


def reset(state, seat: int) -> None:
    """Restore ``seat``'s record to its latest checkpoint; goods and pool pieces go back."""
    live = state.ps[seat]
    saved = plain_copy(state.phase2["checkpoint"][str(seat)])
    for kind, n in live["goods"].items():
        state.bank[kind] += n - saved["goods"][kind]
    live_taken, saved_taken = live["flags"].get("taken", {}), saved["flags"].get("taken", {})
    for pool in set(live_taken) | set(saved_taken):
        state.pools[pool] += live_taken.get(pool, 0) - saved_taken.get(pool, 0)
    state.ps[seat] = saved


def all_ready(state) -> bool:
    """Tell whether every active player is ready."""
    return all(is_ready(state, s) for s in state.active_seats())


def reveal(state, events: list) -> None:
    """End phase 2: reveal every record, fountains lower famine, count Cathedrals built."""
    fountains = cathedrals = 0
    for seat in state.active_seats():
        p = state.ps[seat]
        fountains += p["flags"].get("fountains", 0)
        cathedrals += p["flags"].get("cathedrals", 0)
        before = state.phase2["public"].get(str(seat), {})
        new = [b["type"] for bid, b in p["buildings"].items()
               if bid not in before.get("buildings", {}) and b["type"] != "house"]
        events.append(M.event("revealed", None, True, seat=seat,
                              buildings=[M.building(t) for t in new] or [M.misc("nothing")],
                              houses=len(p["houses"]) - len(before.get("houses", [])),
                              men=p["idle"], saint=M.saint(p["saint"])))
    for offer in state.phase2["offers"].values():
        if offer["status"] == "open":
            offer["status"] = "expired"
    state.famine = max(0, state.famine - fountains)
    state.cathedrals_built = cathedrals
    state.phase2 = {}
