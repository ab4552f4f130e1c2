"""Any-time conversions (spec §8, §9.5, §6 tiles): food from goods, ruby exchanges, and
tile conversions. Offered to the seat that owes the current decision, as extra actions
("convert <what>", "ruby <what>"), by the :class:`Conversions` any-time handler."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import push, top
from rules.core.verbs import AnytimeVerbHandler, must_be_listed

from . import board, msgs
from .goods import gain, has, held, pay
from .state import FARM

FOOD = {"grain": 1, "vegetable": 2, "sheep": 1, "donkey": 1, "boar": 2, "cattle": 3}
RUBY_GOODS = ("wood", "stone", "ore", "grain", "vegetable", "gold", "sheep", "donkey",
              "boar", "dog")
RUBY_TILES = {"meadow": 1, "field": 1, "tunnel": 1, "cavern": 2}
TILE_CONVERSIONS = {
    "cooking": ("cooking-cave", {"grain": 1, "vegetable": 1}, {"food": 5}),
    "trader": ("trader", {"gold": 2}, {"wood": 1, "stone": 1, "ore": 1}),
    "spare-parts": ("spare-part-storage", {"wood": 1, "stone": 1, "ore": 1}, {"gold": 2}),
    "hunting": ("hunting-parlor", {"boar": 2}, {"gold": 2, "food": 2}),
    "beer-gold": ("beer-parlor", {"grain": 2}, {"gold": 3}),
    "beer-food": ("beer-parlor", {"grain": 2}, {"food": 4}),
    "blacksmithing-parlor": ("blacksmithing-parlor", {"ruby": 1, "ore": 1},
                             {"gold": 2, "food": 1}),
}


_CONVERTING = frozenset([tile for tile, _cost, _gain in TILE_CONVERSIONS.values()]
                        + ["peaceful-cave"])  # the tiles that offer a conversion


def animal_food(player: dict, kind: str, n: int) -> int:
    """Return the food for converting ``n`` animals of ``kind`` (Slaughtering cave incl.)."""
    food = 3 if (kind == "donkey" and n == 2) else FOOD[kind] * n
    return food + (n if has(player, "slaughtering-cave") else 0)


def convert_animals(state, seat: int, kind: str, n: int, events: list) -> None:
    """Turn ``n`` animals of ``kind`` into food."""
    player = state.ps[seat]
    food = animal_food(player, kind, n)
    pay(state, seat, {kind: n}, events)
    gain(state, seat, {"food": food}, events)


def _frozen(state) -> list:
    """Newborns waiting for room may not be converted (spec §5.2)."""
    d = top(state)
    return d.get("frozen", []) if d and d["type"] == "overflow" else []


def actions(state, seat: int) -> list[Action]:
    """List the conversions ``seat`` can make now (groups "convert" and "ruby")."""
    player = state.ps[seat]
    goods, herd = player["goods"], player["animals"]
    frozen = _frozen(state)
    out = [_food(crop, FOOD[crop]) for crop in ("grain", "vegetable") if goods[crop]]
    if any(herd[kind] for kind in FARM):
        out += [_food(kind, animal_food(player, kind, 1)) for kind in FARM
                if herd[kind] and kind not in frozen]
        if herd["donkey"] >= 2 and "donkey" not in frozen:
            out.append(_food("donkeys", animal_food(player, "donkey", 2)))
    gold = goods["gold"]
    if gold >= 2:
        out += [_gold(k) for k in sorted({1, gold - 1})]
    if len(player["furnishings"]) > 1:
        out += _tile_actions(player, frozen)
    return out + ruby_actions(state, seat)


@lru_cache(maxsize=None)
def _gold(k: int) -> Action:
    return Action(f"convert gold {k}", msgs.action("convert_gold", gold=k + 1, food=k),
                  "convert", ("convert", "gold", k))


def _tile_actions(player: dict, frozen: list) -> list[Action]:
    """The conversions of furnishing tiles (and the Peaceful cave) ``player`` can make."""
    if _CONVERTING.isdisjoint(player["furnishings"]):
        return []
    out = []
    for name, (tile, cost, _gain) in TILE_CONVERSIONS.items():
        if has(player, tile) and all(held(player, g) >= n for g, n in cost.items()):
            if name == "hunting" and "boar" in frozen:
                continue
            out.append(_tile_conversion(name))
    if has(player, "peaceful-cave"):
        for i, dw in enumerate(player["dwarfs"]):
            if dw["weapon"] > 0:
                out.append(_peaceful(i + 1, dw["weapon"]))
    return out


@lru_cache(maxsize=None)
def _tile_conversion(name: str) -> Action:
    return Action(f"convert {name}", msgs.action("convert_" + name.replace("-", "_")), "convert",
                  ("convert", name, None))


@lru_cache(maxsize=None)
def _peaceful(dwarf: int, weapon: int) -> Action:
    return Action(f"convert peaceful {dwarf}", msgs.action(
        "convert_peaceful", dwarf=dwarf, food=weapon), "convert", ("convert", "peaceful", dwarf))


@lru_cache(maxsize=None)
def _ruby_tile(tile: str) -> Action:
    return Action(f"ruby {tile}", msgs.action(
        "ruby_tile", tile=msgs.twin(tile), rubies=RUBY_TILES[tile]), "ruby", ("ruby", tile))


@lru_cache(maxsize=None)
def _food(what: str, food: int) -> Action:
    """The (immutable) action converting ``what`` into ``food``."""
    return Action(f"convert {what}", msgs.action(
        "convert_food", what=msgs.good(what, 2 if what == "donkeys" else 1), food=food),
        "convert", ("convert", what, None))


@lru_cache(maxsize=None)
def _ruby_good(good: str) -> Action:
    return Action(f"ruby {good}", msgs.action("ruby_good", good=msgs.good(good)), "ruby",
                  ("ruby", good))


RUBY_FOOD = Action("ruby food", msgs.action("ruby_food"), "ruby", ("ruby", "food"))
RUBY_CATTLE = Action("ruby cattle", msgs.action("ruby_cattle"), "ruby", ("ruby", "cattle"))


def ruby_actions(state, seat: int) -> list[Action]:
    """List the ruby exchanges ``seat`` can afford now."""
    player = state.ps[seat]
    rubies = player["goods"]["ruby"]
    if rubies < 1:
        return []
    d = top(state)
    if d is not None and d["type"] == "single" and d.get("rubies"):
        return []
    out = [_ruby_good(g) for g in RUBY_GOODS]
    out.append(RUBY_FOOD)
    if player["goods"]["food"] >= 1:
        out.append(RUBY_CATTLE)
    for tile, price in RUBY_TILES.items():
        if rubies >= price and board.single_options(player, tile):
            out.append(_ruby_tile(tile))
    return out


def apply(state, seat: int, move: tuple, events: list) -> None:
    """Carry out the conversion ``move`` (assumed legal)."""
    player = state.ps[seat]
    if move[0] == "ruby":
        _ruby(state, seat, move[1], events)
        return
    _, what, count = move
    if what in FOOD:
        if what in FARM:
            convert_animals(state, seat, what, 1, events)
        else:
            pay(state, seat, {what: 1}, events)
            gain(state, seat, {"food": FOOD[what]}, events)
    elif what == "donkeys":
        convert_animals(state, seat, "donkey", 2, events)
    elif what == "gold":
        pay(state, seat, {"gold": count + 1}, events)
        gain(state, seat, {"food": count}, events)
    elif what == "peaceful":
        dw = player["dwarfs"][count - 1]
        food, dw["weapon"] = dw["weapon"], 0
        gain(state, seat, {"food": food}, events)
    else:
        _tile, cost, got = TILE_CONVERSIONS[what]
        pay(state, seat, cost, events)
        gain(state, seat, got, events)


def _ruby(state, seat: int, what: str, events: list) -> None:
    if what in RUBY_TILES:
        push(state, {"type": "single", "seat": seat, "tile": what, "rubies": RUBY_TILES[what]})
        return
    cost = {"ruby": 1, "food": 1} if what == "cattle" else {"ruby": 1}
    pay(state, seat, cost, events)
    gain(state, seat, {"food": 2} if what == "food" else {what: 1}, events)


class Conversions(AnytimeVerbHandler):
    """Any-time conversions, open to whoever owes a decision (spec §0, §12.2)."""

    kind = "convert"
    exact_options = True  # every listed conversion is affordable now (``problem`` agrees)

    def options(self, state, d):
        return actions(state, d["seat"])

    def convert_problem(self, state, d, move):
        """Any listed conversion, and gold for food at any rate the gold allows."""
        if move[1] == "gold":
            gold = state.ps[d["seat"]]["goods"]["gold"]
            ok = move[2] >= 1 and gold >= move[2] + 1
            return None if ok else msgs.error("cannot_convert")
        return must_be_listed(self, state, d, move)

    def unlisted(self, state, d, move):
        return msgs.error("cannot_convert")

    def conversion_effect(self, state, d, move, events):
        """Carry out a conversion (:func:`apply`, by its verb and goods)."""
        apply(state, d["seat"], move, events)

    problems = {"convert": convert_problem, "ruby": must_be_listed}
    effects = {"convert": conversion_effect, "ruby": conversion_effect}
