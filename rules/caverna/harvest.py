"""Harvest decisions: feeding (spec §9.3), the 3rd-red choice (§2.3) and the last chance for
conversions before scoring. Breeding and housing overflow are in :mod:`breeding`."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop
from rules.core.verbs import must_be_listed

from . import animals, msgs
from .goods import has, pay
from .handler import DONE, Step

WORKING_CAVE = {"wood": {"wood": 1}, "stone": {"stone": 1}, "ore": {"ore": 2}}


def feeding_cost(player: dict, per_adult: int) -> int:
    """Return the food owed: per_adult per adult, 1 per newborn, minus the Mining cave."""
    adults = sum(1 for d in player["dwarfs"] if not d["newborn"])
    newborns = len(player["dwarfs"]) - adults
    cost = adults * per_adult + newborns
    if has(player, "mining-cave"):
        cost -= animals.donkeys_in_mines(player)
    return max(0, cost)


@lru_cache(maxsize=4096)
def _feed(cost: int, food: int) -> Action:
    """The (immutable) action paying the feeding ``cost`` with ``food`` in the supply."""
    return Action("feed", msgs.action("feed", cost=cost, food=food), move=("feed", None))


@lru_cache(maxsize=None)
def _feed_working(good: str) -> Action:
    """The (immutable) action feeding one dwarf with ``good`` (Working cave)."""
    return Action(f"feed {good}", msgs.action("feed_working", good=msgs.good(
        good, WORKING_CAVE[good][good])), move=("feed", good))


HARVEST_CHOICES = (
    Action("harvest field", msgs.action("harvest_field"), move=("harvest", "field")),
    Action("harvest breed", msgs.action("harvest_breed"), move=("harvest", "breed")))


class FeedDecision(Step):
    """Pay the feeding cost; missing food becomes begging markers."""

    kind = "feed"
    simultaneous = True

    def options(self, state, d):
        player = state.ps[d["seat"]]
        out = [_feed(self._cost(state, d), player["goods"]["food"])]
        if has(player, "working-cave") and player["dwarfs"]:
            out += [_feed_working(g) for g, n in WORKING_CAVE.items() if player["goods"][g] >= n[g]]
        return out

    def has_options(self, state, d):
        return True

    def _cost(self, state, d) -> int:
        return feeding_cost(state.ps[d["seat"]], d["per_adult"])

    def feed_effect(self, state, d, move, events):
        seat = d["seat"]
        player = state.ps[seat]
        cost = self._cost(state, d)
        if move[1] is not None:
            pay(state, seat, WORKING_CAVE[move[1]], events)
            cost = max(0, cost - d["per_adult"])
        paid = min(cost, player["goods"]["food"])
        player["goods"]["food"] -= paid
        begging = cost - paid
        player["begging"] += begging
        events.append(msgs.event("feed", seat=seat, food=paid, begging=begging))
        pop(state, d)

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "cost": self._cost(state, d),
                "food": state.ps[d["seat"]]["goods"]["food"]}

    problems = {"feed": must_be_listed}
    effects = {"feed": feed_effect}


class ChoiceDecision(Step):
    """Third red harvest event: choose the field phase or the breeding phase."""

    kind = "harvest-choice"
    simultaneous = True

    def options(self, state, d):
        return list(HARVEST_CHOICES)

    def harvest_effect(self, state, d, move, events):
        choice = move[1]
        state.ps[d["seat"]]["flags"]["harvest_choice"] = choice
        events.append(msgs.event("harvest_choice", seat=d["seat"],
                                 choice=msgs.action(f"harvest_{choice}")))
        pop(state, d)

    problems = {"harvest": must_be_listed}
    effects = {"harvest": harvest_effect}


class FinalDecision(Step):
    """Last chance for any-time conversions before scoring."""

    kind = "final"
    simultaneous = True

    def options(self, state, d):
        return [DONE]

    def done_effect(self, state, d, move, events):
        pop(state, d)

    problems = {"done": must_be_listed}
    effects = {"done": done_effect}
