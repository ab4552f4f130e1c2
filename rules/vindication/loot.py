"""Sharing the loot after a victory over Ronak (spec 7.11): the picking order and the pick.

Players + 2 loot cards are revealed (ORIGINAL loot deck, data/vindication/myths.toml); each
player picks one, the unpicked ones leave the game.
"""

from __future__ import annotations

from rules.core import Action, Event
from rules.core.decisions import pop
from rules.core.verbs import VerbHandler, must_be_listed

from .data import card
from .effects import push_effects
from .myths import loot_card, mmsg


def seats_from(state, first: int) -> list[int]:
    """Return every seat clockwise from ``first``."""
    n = len(state.players)
    return [(first + i) % n for i in range(n)]


def _highest_initiative(state, seat: int) -> int:
    companions = state.players[seat].companions
    return max((card(c)["initiative"] for c, _ in companions), default=-1)


def next_picker(state) -> int | None:
    """Return who picks loot next: the "first loot" circle's owner first (4-5 players), then
    among players without loot the one with the highest-initiative companion (players with
    none last, clockwise from the first player); None once all have loot or none is left."""
    fight = state.myths["battle"]
    if fight["phase"] != "loot" or not state.myths["loot_shown"]:
        return None
    waiting = [s for s in seats_from(state, state.first_seat) if s not in fight["looted"]]
    if not waiting:
        return None
    if fight["first_loot"] in waiting:
        return fight["first_loot"]
    return max(waiting, key=lambda s: (_highest_initiative(state, s), -waiting.index(s)))


class LootPick(VerbHandler):
    """Pick one revealed loot card; its effects resolve at once."""

    kind = "loot_pick"

    def options(self, state, d):
        return [Action(f"loot {c}", mmsg(f"loot.{c}"), move=("loot", c))
                for c in state.myths["loot_shown"]]

    def loot_effect(self, state, d, move, events):
        pop(state, d)
        seat, lid = d["seat"], move[1]
        state.myths["loot_shown"].remove(lid)
        state.myths["loot"][seat].append(lid)
        state.myths["battle"]["looted"].append(seat)
        events.append(Event("vindication_myths.event.looted",
                            {"seat": seat, "loot": mmsg(f"loot.{lid}")}))
        push_effects(state, seat, loot_card(lid)["effects"], None)

    problems = {"loot": must_be_listed}
    effects = {"loot": loot_effect}

    def prompt(self, state, d):
        return mmsg("prompt.loot")
