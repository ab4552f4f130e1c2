"""The phase machine (spec §4): setup, then turns of the ten phases until someone wins.

``state.phase`` names the phase in progress: colours and setup (spec §3), city (2),
country (4), storage (5), harvest (6), explore (7), famine (8), pollution (9); phases 1, 3
and 10 are automatic.
Sequential phases keep the seats still to act in ``state.queue``.
"""

from __future__ import annotations

from rules.core.decisions import push

from . import exploration, famine, harvest, phase2, pollution, storage
from . import msgs as M
from .elimination import survivors
from .setup import draw_order
from .turnorder import new_order
from .victory import winners


def begin(state, events) -> None:
    """Open the set-up: colours first (seat order) unless fixed, then the start cities."""
    if any(p.get("colour") is None for p in state.ps):
        state.phase = "colours"
        state.queue = list(range(state.players))
        return
    open_start(state, events)


def _colour_next(state, seat, events) -> bool:
    push(state, {"type": "colour", "seat": seat})
    return True


def after_colours(state, events) -> None:
    """Every colour is chosen: draw the turn order (spec §3.5), then the start cities."""
    state.order = draw_order(state.rng, state.players, state.options)
    open_start(state, events)


def open_start(state, events) -> None:
    """Open the start-city placement: choosers in reverse turn order (spec §3.6)."""
    state.phase = "setup"
    state.queue = list(reversed(state.order))
    events.append(M.event("order", order=[M.seat_name(s) for s in state.order]))


def step(state, events) -> bool:
    """Advance the game when no decision is pending; False when it is over."""
    if state.over:
        return False
    if state.queue:
        return NEXT_IN_QUEUE[state.phase](state, state.queue.pop(0), events)
    if last_standing(state, events):
        return True
    LEAVE[state.phase](state, events)
    return True


def _start_next(state, seat, events) -> bool:
    push(state, {"type": "start", "seat": seat})
    return True


def start_turn(state, events) -> None:
    """Phase 1 (All Rise), then open phase 2 for every active player."""
    state.turn += 1
    for seat in state.active_seats():
        p = state.ps[seat]
        for b in p["buildings"].values():
            if b["staffed"]:
                b["staffed"] = False
                p["idle"] += 1
            b.pop("used", None)
        p["flags"] = {}
    state.cathedrals_built = 0
    events.append(M.event("turn", turn=state.turn))
    state.phase = "city"
    phase2.start(state)
    for seat in reversed(state.active_seats()):
        push(state, {"type": "city", "seat": seat})


def after_city(state, events) -> None:
    """Phase 3 (Turn Order), then open phase 4 in the new order."""
    state.order = new_order(state)
    events.append(M.event("order", order=[M.seat_name(s) for s in state.order]))
    state.phase = "country"
    state.queue = state.active_seats()


def _country_next(state, seat, events) -> bool:
    push(state, {"type": "country", "seat": seat})
    return True


def after_country(state, events) -> None:
    """Open phase 5: forced storage is done at once, the others choose."""
    state.phase = "storage"
    for seat in reversed(state.active_seats()):
        if not storage.auto_discard(state, seat):
            push(state, {"type": "storage", "seat": seat})


def after_storage(state, events) -> None:
    """Open phase 6: San Giorgio's fish, forced takes, then the choices."""
    state.phase = "harvest"
    for seat in reversed(state.active_seats()):
        fish = harvest.saint_fish(state, seat)
        if fish:
            events.append(M.event("saint_fish", seat=seat, count=fish))
        d = {"type": "harvest", "seat": seat, "takes": harvest.owed_takes(state, seat),
             "done": {}}
        harvest.auto_takes(state, d)
        if d["takes"]:
            push(state, d)


def after_harvest(state, events) -> None:
    """Open phase 7 in turn order."""
    state.phase = "explore"
    state.queue = state.active_seats()


def _explore_next(state, seat, events) -> bool:
    if not state.ps[seat]["eliminated"] and exploration.explorable(state, seat):
        push(state, {"type": "explore", "seat": seat})
    return True


def after_explore(state, events) -> None:
    """Open phase 8 (or skip 8 and 9 in the introductory variant)."""
    if state.options.get("variant") == "intro":
        after_pollution(state, events)
        return
    state.phase = "famine"
    for seat in reversed(state.active_seats()):
        due = famine.famine_graves(state, seat)
        if due:
            d = push(state, {"type": "graves", "seat": seat, "due": due, "total": due})
            famine.settle_graves(state, d, events)


def after_famine(state, events) -> None:
    """Famine rises by one; open phase 9 in turn order."""
    state.famine += 1
    events.append(M.event("famine", level=state.famine))
    state.phase = "pollution"
    state.queue = state.active_seats()


def _pollution_next(state, seat, events) -> bool:
    if state.ps[seat]["eliminated"]:
        return True
    due = pollution.amount(state, seat)
    free = pollution.free_hexes(state, seat)
    if len(free) <= due:
        for h in free:
            pollution.pollute(state, h)
        events.append(M.event("polluted", seat=seat, count=len(free)))
        if due > len(free):
            graves = due - len(free)
            d = push(state, {"type": "graves", "seat": seat, "due": graves, "total": graves})
            famine.settle_graves(state, d, events)
    elif due:
        push(state, {"type": "pollute", "seat": seat, "due": due, "total": due})
    return True


def after_pollution(state, events) -> None:
    """Phase 10: the victory check; if nobody wins a new turn starts."""
    found = winners(state)
    if found:
        finish(state, found, events)
    else:
        start_turn(state, events)


def last_standing(state, events) -> bool:
    """End the game when at most one player is left (checked at the end of each phase)."""
    if state.phase in ("colours", "setup") or state.players == 1:
        return False
    left = survivors(state)
    if len(left) > 1:
        return False
    finish(state, left, events)
    return True


def finish(state, found: list[int], events) -> None:
    """End the game with ``found`` as the winners (shared when several)."""
    state.over = True
    state.winners = list(found)
    state.phase = "over"
    events.append(M.event("game_over", winners=[M.seat_name(s) for s in found]
                          or [M.misc("nobody")]))


NEXT_IN_QUEUE = {"colours": _colour_next, "setup": _start_next, "country": _country_next,
                 "explore": _explore_next, "pollution": _pollution_next}
LEAVE = {"colours": after_colours, "setup": start_turn, "city": after_city,
         "country": after_country,
         "storage": after_storage, "harvest": after_harvest, "explore": after_explore,
         "famine": after_famine, "pollution": after_pollution}
