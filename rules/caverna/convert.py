"""Any-time conversions (spec §8, §9.5, §6 tiles): food from goods, ruby exchanges, and
tile conversions. Offered to the seat that owes the current decision, as extra actions
("convert <what>", "ruby <what>")."""

from __future__ import annotations

from rules.core import Action, Msg

from . import engine
from .goods import gain, has, pay
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


def _held(player: dict, good: str) -> int:
    return player["goods"].get(good, player["animals"].get(good, 0))


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


def _frozen(state, seat: int) -> list:
    top = engine.top(state)
    return top.get("frozen", []) if top and top["type"] == "overflow" else []


def actions(state, seat: int) -> list[Action]:
    """List the conversions ``seat`` can make now (groups "convert" and "ruby")."""
    player = state.ps[seat]
    out = []
    frozen = _frozen(state, seat)
    for kind, food in FOOD.items():
        if _held(player, kind) >= 1 and kind not in frozen:
            out.append(_act(f"convert {kind}", "convert_food", kind, animal_food(
                player, kind, 1) if kind in FARM else food))
    if player["animals"]["donkey"] >= 2 and "donkey" not in frozen:
        out.append(_act("convert donkeys", "convert_food", "donkeys", animal_food(
            player, "donkey", 2)))
    gold = player["goods"]["gold"]
    for k in sorted({1, gold - 1}):
        if k >= 1 and gold >= k + 1:
            out.append(Action(f"convert gold {k}", Msg("caverna.action.convert_gold", {
                "gold": k + 1, "food": k}), group="convert"))
    for name, (tile, cost, _gain) in TILE_CONVERSIONS.items():
        if has(player, tile) and all(_held(player, g) >= n for g, n in cost.items()):
            if name == "hunting" and "boar" in frozen:
                continue
            label = "caverna.action.convert_" + name.replace("-", "_")
            out.append(Action(f"convert {name}", Msg(label), group="convert"))
    if has(player, "peaceful-cave"):
        for i, dw in enumerate(player["dwarfs"]):
            if dw["weapon"] > 0:
                out.append(Action(f"convert peaceful {i + 1}", Msg(
                    "caverna.action.convert_peaceful", {"dwarf": i + 1, "food": dw["weapon"]}),
                    group="convert"))
    return out + ruby_actions(state, seat)


def _act(text: str, key: str, what: str, food: int) -> Action:
    return Action(text, Msg(f"caverna.action.{key}", {"what": Msg(f"caverna.good.{what}", {
        "n": 2 if what == "donkeys" else 1}), "food": food}), group="convert")


def ruby_actions(state, seat: int) -> list[Action]:
    """List the ruby exchanges ``seat`` can afford now."""
    player = state.ps[seat]
    rubies = player["goods"]["ruby"]
    if rubies < 1:
        return []
    top = engine.top(state)
    if top is not None and top["type"] == "single" and top.get("rubies"):
        return []
    out = [Action(f"ruby {g}", Msg("caverna.action.ruby_good", {"good": Msg(
        f"caverna.good.{g}", {"n": 1})}), group="ruby") for g in RUBY_GOODS]
    out.append(Action("ruby food", Msg("caverna.action.ruby_food"), group="ruby"))
    if player["goods"]["food"] >= 1:
        out.append(Action("ruby cattle", Msg("caverna.action.ruby_cattle"), group="ruby"))
    from . import board
    for tile, price in RUBY_TILES.items():
        if rubies >= price and board.single_options(player, tile):
            out.append(Action(f"ruby {tile}", Msg("caverna.action.ruby_tile", {
                "tile": Msg(f"caverna.twin.{tile}"), "rubies": price}), group="ruby"))
    return out


def is_conversion(text: str) -> bool:
    """Tell whether ``text`` is an any-time conversion."""
    return text.split()[0] in ("convert", "ruby") if text else False


def apply(state, seat: int, text: str, events: list) -> None:
    """Carry out the conversion ``text`` (assumed legal)."""
    words = text.split()
    player = state.ps[seat]
    if words[0] == "ruby":
        _ruby(state, seat, words[1], events)
    elif words[1] in FOOD:
        if words[1] in FARM:
            convert_animals(state, seat, words[1], 1, events)
        else:
            pay(state, seat, {words[1]: 1}, events)
            gain(state, seat, {"food": FOOD[words[1]]}, events)
    elif words[1] == "donkeys":
        convert_animals(state, seat, "donkey", 2, events)
    elif words[1] == "gold":
        k = int(words[2])
        pay(state, seat, {"gold": k + 1}, events)
        gain(state, seat, {"food": k}, events)
    elif words[1] == "peaceful":
        dw = player["dwarfs"][int(words[2]) - 1]
        food, dw["weapon"] = dw["weapon"], 0
        gain(state, seat, {"food": food}, events)
    else:
        _tile, cost, got = TILE_CONVERSIONS[words[1]]
        pay(state, seat, cost, events)
        gain(state, seat, got, events)


def _ruby(state, seat: int, what: str, events: list) -> None:
    if what in RUBY_TILES:
        engine.push(state, {"type": "single", "seat": seat, "tile": what,
                            "rubies": RUBY_TILES[what]})
        return
    cost = {"ruby": 1, "food": 1} if what == "cattle" else {"ruby": 1}
    pay(state, seat, cost, events)
    gain(state, seat, {"food": 2} if what == "food" else {what: 1}, events)
