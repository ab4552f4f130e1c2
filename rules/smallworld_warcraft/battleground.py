"""A neutral race on the Battleground declares a side (spec §5.7, §6.3
CHOOSE_BATTLEGROUND_FACTION): ``side alliance`` or ``side horde``.

At the end of an expand turn whose active race is neutral and occupies the face-up
Battleground, its player declares Alliance or Horde for this turn's faction bonus, which the
Battleground then lets reach 2 coins per defeated race of the other side. The side lasts for
this turn's scoring only and changes nothing else (not the Orcs, objectives, or being
attacked). The choice is asked only when it can matter: when the race took a region from an
Alliance or a Horde race of an opponent this turn (else either side earns nothing). The side
declared is kept in this turn's flags (``battleground_side``).
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler, no_problem
from rules.smallworld.state import Instance, State

from . import data, faction, markers, msgs

KIND = "battleground"
SIDES = ("alliance", "horde")


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def taken(state: State) -> list[tuple[str, int]]:
    """Return (faction, regions taken) of each race the active race defeated this turn."""
    return [(data.faction(state.insts[int(i)].race), n)
            for i, n in flags(state).get("taken", {}).items()]


def bonus(state: State, active: Instance) -> int:
    """Return the faction bonus of the active race for this turn (§3.6, §5.7)."""
    ground = markers.held_by(state, active, "battleground") is not None
    return faction.faction_bonus(data.faction(active.race), taken(state), ground,
                                 flags(state).get("battleground_side"))


def must_choose(state: State, active: Instance) -> bool:
    """Tell whether the neutral ``active`` race must declare a side for this turn."""
    if data.faction(active.race) != "neutral":
        return False
    if markers.held_by(state, active, "battleground") is None:
        return False
    return any(side in SIDES and n for side, n in taken(state))


def ask(state: State, active: Instance) -> None:
    """Stack the side declaration of the neutral ``active`` race, when it can matter."""
    if must_choose(state, active):
        state.pending.append({"type": KIND, "seat": active.owner, "inst": active.id})


class BattlegroundDecision(VerbHandler):
    """Declare the side of a neutral race on the Battleground (``side alliance|horde``)."""

    kind = KIND

    def options(self, state, d):
        listed = []
        for side in SIDES:
            coins = faction.faction_bonus("neutral", taken(state), True, side)
            listed.append(Action(f"side {side}", msgs.label("side", faction=msgs.faction(side),
                                                            coins=coins), None, ("side", side)))
        return listed

    def other_verb(self, state, d, move):
        return msgs.err("choose_side_first")

    def side_effect(self, state, d, move, events):
        pop(state, d)
        flags(state)["battleground_side"] = move[1]
        events.append(msgs.event("battleground_side", seat=d["seat"],
                                 faction=msgs.faction(move[1])))

    problems = {"side": no_problem}
    effects = {"side": side_effect}

    def prompt(self, state, d):
        return msgs.prompt("battleground")
