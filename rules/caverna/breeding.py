"""Breeding (spec §5.2) and housing overflow (§5.1, §12.2): when animals outgrow the home
board, the owner converts some to food or releases them before anything else happens."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop, push, top
from rules.core.verbs import must_be_listed

from . import animals, msgs
from .goods import gain, has
from .handler import Step
from .state import FARM

BREEDING_FOOD = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5}


def breed(state, seat: int, allowed=FARM, events: list | None = None) -> None:
    """Each allowed type with 2+ animals gets one newborn; overflow must then be resolved."""
    events = [] if events is None else events
    player = state.ps[seat]
    born = animals.breeding_types(player, allowed)
    if not born:
        return
    before = {t: player["animals"][t] for t in born}
    for t in born:
        player["animals"][t] += 1
    events.append(msgs.event("breed", seat=seat, animals=[msgs.good(t) for t in born]))
    if animals.fits(player):
        newborn_bonus(state, seat, born, events)
    else:
        push(state, {"type": "overflow", "seat": seat, "frozen": born, "before": before})


def quarry_bonus(player: dict, born: list[str]) -> dict:
    """Return the Quarry's stone for newborn donkeys."""
    return {"stone": born.count("donkey")} if has(player, "quarry") else {}


def newborn_bonus(state, seat: int, kept: list[str], events: list) -> None:
    """Breeding cave food and Quarry stone for the newborns that found room (a newborn
    without room is never born, seed §harvest)."""
    player = state.ps[seat]
    if has(player, "breeding-cave") and kept:
        gain(state, seat, {"food": BREEDING_FOOD[len(kept)]}, events)
    gain(state, seat, quarry_bonus(player, kept), events)


def house(state, seat: int) -> None:
    """The housing check: when ``seat``'s animals do not fit and no overflow decision of
    theirs is open, open one (it is then owed before any further step)."""
    d = top(state)
    if d is not None and d["type"] == "overflow" and d["seat"] == seat:
        return
    if not animals.fits(state.ps[seat]):
        push(state, {"type": "overflow", "seat": seat, "frozen": []})


@lru_cache(maxsize=None)
def _release(kind: str) -> Action:
    """The (immutable) action releasing one animal of ``kind``."""
    return Action(f"release {kind}", msgs.action("release", animal=msgs.good(kind)),
                  move=("release", kind))


class OverflowDecision(Step):
    """Animals exceed the room: release some (or convert them to food, an any-time move)
    until they fit."""

    kind = "overflow"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        return [_release(t) for t in FARM if player["animals"][t] > 0]

    def release_effect(self, state, d, move, events):
        kind = move[1]
        state.ps[d["seat"]]["animals"][kind] -= 1
        events.append(msgs.event("release", seat=d["seat"], animal=msgs.good(kind)))

    def auto(self, state, d, events):
        player = state.ps[d["seat"]]
        if animals.fits(player):
            pop(state, d)
            if "before" in d:
                kept = [t for t in d["frozen"] if player["animals"][t] > d["before"][t]]
                newborn_bonus(state, d["seat"], kept, events)
            return True
        return False

    problems = {"release": must_be_listed}
    effects = {"release": release_effect}
