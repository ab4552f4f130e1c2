"""Harvest decisions: feeding (spec §9.3), breeding (§5.2), the 3rd-red choice, and the
housing overflow decision used whenever animals outgrow the home board."""

from __future__ import annotations

from rules.core import Action, Event, Msg

from . import animals, engine
from .convert import animal_food
from .engine import Handler, handler
from .expedition import quarry_bonus
from .goods import gain, has, pay
from .state import FARM

BREEDING_FOOD = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5}


def feeding_cost(player: dict, per_adult: int) -> int:
    """Return the food owed: per_adult per adult, 1 per newborn, minus the Mining cave."""
    adults = sum(1 for d in player["dwarfs"] if not d["newborn"])
    newborns = len(player["dwarfs"]) - adults
    cost = adults * per_adult + newborns
    if has(player, "mining-cave"):
        cost -= animals.donkeys_in_mines(player)
    return max(0, cost)


WORKING_CAVE = {"wood": {"wood": 1}, "stone": {"stone": 1}, "ore": {"ore": 2}}


@handler
class FeedDecision(Handler):
    """Pay the feeding cost; missing food becomes begging markers."""

    kind = "feed"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        out = [Action("feed", Msg("caverna.action.feed", {"cost": self._cost(state, d),
                                                          "food": player["goods"]["food"]}))]
        if has(player, "working-cave") and player["dwarfs"]:
            out += [Action(f"feed {g}", Msg("caverna.action.feed_working", {"good": Msg(
                f"caverna.good.{g}", {"n": n[g]})})) for g, n in WORKING_CAVE.items()
                if player["goods"][g] >= n[g]]
        return out

    def _cost(self, state, d) -> int:
        return feeding_cost(state.ps[d["seat"]], d["per_adult"])

    def apply(self, state, d, text, events):
        seat = d["seat"]
        player = state.ps[seat]
        cost = self._cost(state, d)
        words = text.split()
        if len(words) == 2:
            pay(state, seat, WORKING_CAVE[words[1]], events)
            cost = max(0, cost - d["per_adult"])
        paid = min(cost, player["goods"]["food"])
        player["goods"]["food"] -= paid
        begging = cost - paid
        player["begging"] += begging
        events.append(Event("caverna.event.feed", {"seat": seat, "food": paid, "begging": begging}))
        engine.pop(state, d)

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "cost": self._cost(state, d),
                "food": state.ps[d["seat"]]["goods"]["food"]}


@handler
class ChoiceDecision(Handler):
    """Third red harvest event: choose the field phase or the breeding phase."""

    kind = "harvest-choice"

    def options(self, state, d):
        return [Action("harvest field", Msg("caverna.action.harvest_field")),
                Action("harvest breed", Msg("caverna.action.harvest_breed"))]

    def apply(self, state, d, text, events):
        d_choice = text.split()[1]
        state.ps[d["seat"]]["flags"]["harvest_choice"] = d_choice
        events.append(Event("caverna.event.harvest_choice", {"seat": d["seat"], "choice": Msg(
            f"caverna.action.harvest_{d_choice}")}))
        engine.pop(state, d)


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
    events.append(Event("caverna.event.breed", {"seat": seat, "animals": [
        Msg(f"caverna.good.{t}", {"n": 1}) for t in born]}))
    if animals.fits(player):
        newborn_bonus(state, seat, born, events)
    else:
        engine.push(state, {"type": "overflow", "seat": seat, "frozen": born, "before": before})


def newborn_bonus(state, seat: int, kept: list[str], events: list) -> None:
    """Breeding cave food and Quarry stone for the newborns that found room (a newborn
    without room is never born, seed §harvest)."""
    player = state.ps[seat]
    if has(player, "breeding-cave") and kept:
        gain(state, seat, {"food": BREEDING_FOOD[len(kept)]}, events)
    gain(state, seat, quarry_bonus(player, kept), events)


def needs_overflow(state, seat: int) -> bool:
    """Tell whether ``seat``'s animals do not fit and no overflow decision is open."""
    top = engine.top(state)
    if top is not None and top["type"] == "overflow" and top["seat"] == seat:
        return False
    return not animals.fits(state.ps[seat])


@handler
class OverflowDecision(Handler):
    """Animals exceed the room: convert some to food or release them until they fit."""

    kind = "overflow"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        out = []
        for t in FARM:
            if player["animals"][t] <= 0:
                continue
            if t not in d.get("frozen", []):
                out.append(Action(f"convert {t}", Msg("caverna.action.convert_animal", {
                    "animal": Msg(f"caverna.good.{t}", {"n": 1}),
                    "food": animal_food(player, t, 1)}), group="convert"))
            out.append(Action(f"release {t}", Msg("caverna.action.release", {
                "animal": Msg(f"caverna.good.{t}", {"n": 1})})))
        return out

    def apply(self, state, d, text, events):
        verb, kind = text.split()
        player = state.ps[d["seat"]]
        if verb == "release":
            player["animals"][kind] -= 1
            events.append(Event("caverna.event.release", {"seat": d["seat"], "animal": Msg(
                f"caverna.good.{kind}", {"n": 1})}))
        else:
            from .convert import convert_animals
            convert_animals(state, d["seat"], kind, 1, events)

    def auto(self, state, d, events):
        player = state.ps[d["seat"]]
        if animals.fits(player):
            engine.pop(state, d)
            if "before" in d:
                kept = [t for t in d["frozen"] if player["animals"][t] > d["before"][t]]
                newborn_bonus(state, d["seat"], kept, events)
            return True
        return False


@handler
class FinalDecision(Handler):
    """Last chance for any-time conversions before scoring."""

    kind = "final"

    def options(self, state, d):
        return [Action("done", Msg("caverna.action.done"))]

    def apply(self, state, d, text, events):
        engine.pop(state, d)
