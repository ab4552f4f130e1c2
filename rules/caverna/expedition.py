"""Expeditions (spec §4.7, §7): choose 1..level different loot items up to the strength
the dwarf had when it set out; afterwards its weapon gains +1 (cap 14).

Loot kinds (data/caverna/loot.toml): gain, weapons-up, furnish, stable, tunnel,
small-pasture, large-pasture, meadow, dwelling, field, sow, cavern, breed.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop, push
from rules.core.verbs import must_be_listed

from . import animals, board, breeding, data, furnish, msgs, sowing
from .fences import fence_price
from .goods import gain
from .handler import DONE, Step

CAP = 14


def item_possible(state, seat: int, item: dict) -> bool:
    """Tell whether loot ``item`` can be carried out now."""
    player = state.ps[seat]
    kind = item["kind"]
    if kind in ("gain", "weapons-up"):
        return True
    if kind == "furnish":
        return furnish.any_choice(state, seat, "any")
    if kind == "dwelling":
        return (furnish.available(state, "dwelling") and bool(furnish.squares(player, "dwelling"))
                and all(player["goods"][g] >= n for g, n in item["cost"].items()))
    if kind == "stable":
        return bool(board.stable_options(player))
    if kind in ("small-pasture", "large-pasture"):
        size = 1 if kind == "small-pasture" else 2
        finder = board.small_pasture_options if size == 1 else board.large_pasture_options
        options = finder(player)
        return bool(options) and player["goods"]["wood"] >= fence_price(player, size, item["wood"])
    if kind in ("tunnel", "meadow", "field", "cavern"):
        return bool(board.single_options(player, kind))
    if kind == "sow":
        return sowing.can_sow(player)
    if kind == "breed":
        return bool(animals.breeding_types(player))
    raise ValueError(kind)


def weapon_up(player: dict, dwarf_index: int | None = None) -> None:
    """Raise one dwarf's weapon (or every armed dwarf's when ``dwarf_index`` is None) by 1."""
    targets = player["dwarfs"] if dwarf_index is None else [player["dwarfs"][dwarf_index]]
    for dw in targets:
        if dw["weapon"] > 0:
            dw["weapon"] = min(CAP, dw["weapon"] + 1)


def _resolve(state, d: dict, item: dict, events: list) -> None:
    seat = d["seat"]
    kind = item["kind"]
    base = {"seat": seat, "dwarf": d["dwarf"]}
    if kind == "gain":
        gain(state, seat, dict(item["gain"]), events)
    elif kind == "weapons-up":
        weapon_up(state.ps[seat])
    elif kind == "furnish":
        push(state, {**base, "type": "furnish", "filter": "any"})
    elif kind == "dwelling":
        push(state, {**base, "type": "furnish", "filter": "dwelling",
                            "price": dict(item["cost"])})
    elif kind == "stable":
        push(state, {**base, "type": "fence", "only": "stable", "stables": True,
                            "small": False, "large": False, "stable": False})
    elif kind in ("small-pasture", "large-pasture"):
        push(state, {**base, "type": "fence", "only": kind.split("-")[0], "stables": False,
                            "small": False, "large": False, "stable": False,
                            "wood": item["wood"]})
    elif kind in ("tunnel", "meadow", "field", "cavern"):
        push(state, {**base, "type": "single", "tile": kind})
    elif kind == "sow":
        push(state, {**base, "type": "sow", "grain": 0, "vegetable": 0})
    elif kind == "breed":
        push(state, {**base, "type": "breed", "chosen": []})


@lru_cache(maxsize=None)
def _loot(item_id: str) -> Action:
    """The (immutable) action taking loot ``item_id``."""
    return Action(f"loot {item_id}", msgs.action("loot", item=msgs.loot(item_id)), "loot",
                  ("loot", item_id))


@lru_cache(maxsize=None)
def _breed(kind: str) -> Action:
    """The (immutable) action letting ``kind`` breed."""
    return Action(f"breed {kind}", msgs.action("breed", animal=msgs.good(kind)),
                  move=("breed", kind))


class ExpeditionDecision(Step):
    """Choose loot items one by one ("loot <item>"), then "done"."""

    kind = "expedition"
    refusal = "bad_loot"

    def _items(self, state, d) -> list[dict]:
        if len(d["chosen"]) >= d["level"]:
            return []
        return [i for i in data.loot_items() if i["min"] <= d["strength"]
                and i["id"] not in d["chosen"] and item_possible(state, d["seat"], i)]

    def options(self, state, d):
        out = [_loot(i["id"]) for i in self._items(state, d)]
        if d["chosen"]:
            out.append(DONE)
        return out

    def done_problem(self, state, d, move):
        return None if d["chosen"] else msgs.error("not_done")

    def loot_problem(self, state, d, move):
        if any(i["id"] == move[1] for i in self._items(state, d)):
            return None
        return self.unlisted(state, d, move)

    def done_effect(self, state, d, move, events):
        self._finish(state, d, events)

    def loot_effect(self, state, d, move, events):
        item = data.loot(move[1])
        d["chosen"].append(item["id"])
        events.append(msgs.event("loot", seat=d["seat"], item=msgs.loot(item["id"])))
        _resolve(state, d, item, events)

    problems = {"loot": loot_problem, "done": done_problem}
    effects = {"loot": loot_effect, "done": done_effect}

    def auto(self, state, d, events):
        if d["chosen"] and not self._items(state, d):
            self._finish(state, d, events)
            return True
        return False

    def _finish(self, state, d: dict, events: list) -> None:
        weapon_up(state.ps[d["seat"]], d["dwarf"])
        pop(state, d)
        strength = state.ps[d["seat"]]["dwarfs"][d["dwarf"]]["weapon"]
        events.append(msgs.event("expedition_done", seat=d["seat"], strength=strength))

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "level": d["level"], "strength": d["strength"],
                "left": d["level"] - len(d["chosen"])}


class BreedDecision(Step):
    """Loot breeding: choose up to 2 farm-animal types that breed, then done."""

    kind = "breed"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        out = []
        if len(d["chosen"]) < 2:
            out = [_breed(t) for t in animals.breeding_types(player) if t not in d["chosen"]]
        return out + [DONE]

    def breed_effect(self, state, d, move, events):
        d["chosen"].append(move[1])
        if len(d["chosen"]) == 2:
            self.done_effect(state, d, move, events)

    def done_effect(self, state, d, move, events):
        pop(state, d)
        breeding.breed(state, d["seat"], d["chosen"], events)

    problems = {"breed": must_be_listed, "done": must_be_listed}
    effects = {"breed": breed_effect, "done": done_effect}
