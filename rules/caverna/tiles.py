"""Decisions that put things on the home board: twin and single tiles, ruby mines, fences,
stables, and furnishing tiles (typed as "tile ...", "ruby-mine r,c", "fence ...",
"stable r,c", "furnish <tile> r,c")."""

from __future__ import annotations

from rules.core import Action, Event, Msg

from . import board, engine, furnish, parts
from .engine import Handler, handler
from .goods import gain, has, pay

LIST_LIMIT = 24


def mark(state, squares: list) -> None:
    """Add ``squares`` to the last-move highlights."""
    if state.last is not None:
        state.last["cells"].extend([list(board.rc(s)) for s in squares if s])


def _sq(text: str) -> str | None:
    try:
        row, col = text.split(",")
        return board.key(int(row), int(col))
    except ValueError:
        return None


def twin_actions(player: dict, twins: list[str]) -> list[Action]:
    """List twin placements ("tile <twin> r,c dir"), bonus squares first, at most 24."""
    out = []
    for twin in twins:
        for square, direction in board.twin_options(player, twin):
            out.append(Action(f"tile {twin} {square} {direction}", Msg(
                "caverna.action.tile_twin", {"twin": Msg(f"caverna.twin.{twin}"),
                                             "square": square, "dir": direction})))
    return out[:LIST_LIMIT]


def parse_twin(text: str) -> tuple[str, str, str] | None:
    """Read "tile <twin> r,c dir" into (twin, square, dir)."""
    words = text.split()
    if len(words) != 4 or words[0] != "tile":
        return None
    square = _sq(words[2])
    return (words[1], square, words[3]) if square else None


@handler
class TwinDecision(Handler):
    """Place a twin tile; ``after`` goods follow the tile (and then)."""

    kind = "twin"

    def options(self, state, d):
        return twin_actions(state.ps[d["seat"]], d["twins"])

    def accepts(self, state, d, text):
        parsed = parse_twin(text)
        return bool(parsed) and parsed[0] in d["twins"] and board.twin_ok(
            state.ps[d["seat"]], *parsed)

    def apply(self, state, d, text, events):
        twin, square, direction = parse_twin(text)
        player = state.ps[d["seat"]]
        bonus, cells = board.place_twin(player, twin, square, direction)
        events.append(Event("caverna.event.tile", {"seat": d["seat"], "tile": Msg(
            f"caverna.twin.{twin}"), "square": square}))
        mark(state, cells)
        engine.pop(state, d)
        gain(state, d["seat"], bonus, events)
        gain(state, d["seat"], dict(d.get("after", {})), events)

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "tiles": [Msg(f"caverna.twin.{t}") for t in d["twins"]]}


@handler
class SingleDecision(Handler):
    """Place a single landscape tile (ruby purchase or loot); ruby purchases may cancel."""

    kind = "single"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        out = [Action(f"tile {d['tile']} {s}", Msg("caverna.action.tile_single", {
            "tile": Msg(f"caverna.twin.{d['tile']}"), "square": s}))
            for s in board.single_options(player, d["tile"])][:LIST_LIMIT]
        if d.get("rubies"):
            out.append(Action("cancel", Msg("caverna.action.cancel")))
        return out

    def accepts(self, state, d, text):
        words = text.split()
        return (len(words) == 3 and words[0] == "tile" and words[1] == d["tile"]
                and board.single_ok(state.ps[d["seat"]], d["tile"], _sq(words[2]) or ""))

    def apply(self, state, d, text, events):
        engine.pop(state, d)
        if text == "cancel":
            return
        square = _sq(text.split()[2])
        player = state.ps[d["seat"]]
        pay(state, d["seat"], {"ruby": d.get("rubies", 0)}, events)
        bonus = board.cover(player, square, d["tile"])
        events.append(Event("caverna.event.tile", {"seat": d["seat"], "tile": Msg(
            f"caverna.twin.{d['tile']}"), "square": square}))
        mark(state, [square])
        gain(state, d["seat"], bonus, events)

    def auto(self, state, d, events):
        if board.single_options(state.ps[d["seat"]], d["tile"]):
            return False
        engine.pop(state, d)
        return True

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "tile": Msg(f"caverna.twin.{d['tile']}")}


@handler
class RubyMineDecision(Handler):
    """Put a ruby mine on an unfurnished tunnel (or deep tunnel: +1 ruby)."""

    kind = "ruby-mine"

    def options(self, state, d):
        return [Action(f"ruby-mine {s}", Msg("caverna.action.ruby_mine", {"square": s}))
                for s in parts.ruby_mine_squares(state.ps[d["seat"]], d["kind"])]

    def apply(self, state, d, text, events):
        square = _sq(text.split()[1])
        state.ps[d["seat"]]["cells"][square]["kind"] = "ruby-mine"
        events.append(Event("caverna.event.tile", {"seat": d["seat"], "tile": Msg(
            "caverna.twin.ruby-mine"), "square": square}))
        mark(state, [square])
        engine.pop(state, d)
        if d["kind"] == "deep-tunnel":
            gain(state, d["seat"], {"ruby": 1}, events)


def fence_price(player: dict, size: int, loot_wood: int | None = None) -> int:
    """Return the wood for a pasture (2 small / 4 large, loot 1 / 2) after the Carpenter."""
    wood = loot_wood if loot_wood is not None else 2 * size
    return max(0, wood - (1 if has(player, "carpenter") else 0))


@handler
class FenceDecision(Handler):
    """Build at most one small pasture, one large pasture (and one stable on farming cards).

    Loot variants carry ``only`` ("small"/"large"/"stable") and a fixed price.
    """

    kind = "fence"

    def _wood(self, player: dict, d: dict, size: int) -> int:
        if d.get("only"):
            return fence_price(player, size, d.get("wood", 0))
        return fence_price(player, size) if not (d["small"] or d["large"]) or not has(
            player, "carpenter") else 2 * size

    def options(self, state, d):
        return self._options(state, d, LIST_LIMIT)

    def _options(self, state, d, limit: int):
        player = state.ps[d["seat"]]
        out = []
        only = d.get("only")
        if not d["small"] and only in (None, "small") and player["goods"]["wood"] >= self._wood(
                player, d, 1):
            out += [Action(f"fence small {s}", Msg("caverna.action.fence_small", {"square": s}))
                    for s in board.small_pasture_options(player)]
        if not d["large"] and only in (None, "large") and player["goods"]["wood"] >= self._wood(
                player, d, 2):
            out += [Action(f"fence large {s} {dr}", Msg("caverna.action.fence_large", {
                "square": s, "dir": dr})) for s, dr in board.large_pasture_options(player)]
        if self._stable_allowed(player, d):
            out += [Action(f"stable {s}", Msg("caverna.action.stable", {"square": s}))
                    for s in board.stable_options(player)]
        out = out[:limit]
        if not only:
            out.append(Action("done", Msg("caverna.action.done")))
        return out

    def _stable_allowed(self, player: dict, d: dict) -> bool:
        if d["stable"] or not (d["stables"] or d.get("only") == "stable"):
            return False
        free = d.get("only") == "stable" or has(player, "stone-carver")
        return free or player["goods"]["stone"] >= 1

    def accepts(self, state, d, text):
        return any(a.text == text for a in self._options(state, d, 1000))

    def apply(self, state, d, text, events):
        words = text.split()
        player = state.ps[d["seat"]]
        if words[0] == "done":
            engine.pop(state, d)
            return
        if words[0] == "stable":
            square = _sq(words[1])
            free = d.get("only") == "stable" or has(player, "stone-carver")
            pay(state, d["seat"], {"stone": 0 if free else 1}, events)
            player["cells"][square]["stable"] = True
            d["stable"] = True
            cells = [square]
        else:
            size = 1 if words[1] == "small" else 2
            square = _sq(words[2])
            cells = [square] if size == 1 else [square, board.step(square, words[3])]
            pay(state, d["seat"], {"wood": self._wood(player, d, size)}, events)
            board.fence(player, cells)
            d["small" if size == 1 else "large"] = True
        what = words[0] if words[0] == "stable" else words[1]
        events.append(Event("caverna.event.build", {"seat": d["seat"], "what": Msg(
            f"caverna.build.{what}"), "square": cells[0]}))
        mark(state, cells)
        if d.get("only"):
            engine.pop(state, d)

    def auto(self, state, d, events):
        if self.options(state, d) in ([], [Action("done", Msg("caverna.action.done"))]):
            engine.pop(state, d)
            return True
        return False


def furnish_actions(state, seat: int, kinds: list[str], price: dict | None = None) -> list:
    """List "furnish <tile> r,c": every square if few, else one square per tile."""
    player = state.ps[seat]
    per_tile = {t: furnish.squares(player, t) for t in kinds}
    total = sum(len(v) for v in per_tile.values())
    out = []
    for tile_id, squares in per_tile.items():
        for square in (squares if total <= LIST_LIMIT else squares[:1]):
            out.append(Action(f"furnish {tile_id} {square}", Msg("caverna.action.furnish", {
                "tile": furnish.tile_msg(tile_id), "square": square}), group="furnish"))
    return out[:LIST_LIMIT]


@handler
class FurnishDecision(Handler):
    """Choose a furnishing tile and the square to put it on."""

    kind = "furnish"

    def _tiles(self, state, d) -> list[str]:
        if d.get("price"):
            player = state.ps[d["seat"]]
            ok = all(player["goods"][g] >= n for g, n in d["price"].items())
            return ["dwelling"] if ok and furnish.squares(player, "dwelling") else []
        return furnish.choices(state, d["seat"], d["filter"])

    def options(self, state, d):
        return furnish_actions(state, d["seat"], self._tiles(state, d))

    def accepts(self, state, d, text):
        words = text.split()
        if len(words) == 4 and not d.get("price"):
            return self._builder_ok(state, d, words)
        if len(words) != 3 or words[0] != "furnish" or words[1] not in self._tiles(state, d):
            return False
        return _sq(words[2]) in furnish.squares(state.ps[d["seat"]], words[1])

    def _builder_ok(self, state, d, words: list[str]) -> bool:
        """Typed "furnish <tile> r,c ore-wood|ore-stone|ore-both" (Builder owners)."""
        player = state.ps[d["seat"]]
        if words[0] != "furnish" or words[1] not in state.tiles_left:
            return False
        if d["filter"] != "any" and words[1] not in furnish.DWELLINGS:
            return False
        if d["filter"] == "dwelling-growth" and not furnish.grows_after(state, d["seat"], words[1]):
            return False
        price = furnish.builder_cost(player, words[1], words[3])
        return (price is not None and all(player["goods"][g] >= n for g, n in price.items())
                and _sq(words[2]) in furnish.squares(player, words[1]))

    def apply(self, state, d, text, events):
        words = text.split()
        tile_id, square = words[1], _sq(words[2])
        price = d.get("price")
        if len(words) == 4:
            price = furnish.builder_cost(state.ps[d["seat"]], tile_id, words[3])
        engine.pop(state, d)
        furnish.build(state, d["seat"], tile_id, square, events, price)
        mark(state, [square])
        if d.get("then_grow"):
            parts.grow(state, d["seat"], d.get("space"), events)

    def auto(self, state, d, events):
        if self._tiles(state, d):
            return False
        engine.pop(state, d)
        return True


@handler
class ForgeDecision(Handler):
    """Forge a weapon of strength 1-8 for the acting (unarmed) dwarf."""

    kind = "forge"

    def _strengths(self, player: dict) -> list[int]:
        discount = 2 if has(player, "blacksmith") else 0
        return [s for s in range(1, 9) if max(0, s - discount) <= player["goods"]["ore"]]

    def options(self, state, d):
        return [Action(f"forge {s}", Msg("caverna.action.forge", {"strength": s}))
                for s in self._strengths(state.ps[d["seat"]])]

    def apply(self, state, d, text, events):
        strength = int(text.split()[1])
        player = state.ps[d["seat"]]
        discount = 2 if has(player, "blacksmith") else 0
        pay(state, d["seat"], {"ore": max(0, strength - discount)}, events)
        player["dwarfs"][d["dwarf"]]["weapon"] = strength
        events.append(Event("caverna.event.forge", {"seat": d["seat"], "strength": strength}))
        engine.pop(state, d)


MARKET = {"dog": 2, "sheep": 1, "donkey": 1, "boar": 2, "cattle": 3, "wood": 1, "stone": 1,
          "ore": 1, "grain": 1, "vegetable": 2}


@handler
class MarketDecision(Handler):
    """Weekly market: buy at most one of each item with gold, then done."""

    kind = "market"

    def options(self, state, d):
        gold = state.ps[d["seat"]]["goods"]["gold"]
        out = [Action(f"buy {item}", Msg("caverna.action.buy", {"item": Msg(
            f"caverna.good.{item}", {"n": 1}), "price": price}))
            for item, price in MARKET.items() if item not in d["bought"] and gold >= price]
        return out + [Action("done", Msg("caverna.action.done"))]

    def apply(self, state, d, text, events):
        if text == "done":
            engine.pop(state, d)
            return
        item = text.split()[1]
        d["bought"].append(item)
        pay(state, d["seat"], {"gold": MARKET[item]}, events)
        gain(state, d["seat"], {item: 1}, events)


@handler
class TradeDecision(Handler):
    """Ore trading: pay 2k ore for 2k gold and k food, k = 1-3."""

    kind = "trade"

    def options(self, state, d):
        ore = state.ps[d["seat"]]["goods"]["ore"]
        return [Action(f"trade {k}", Msg("caverna.action.trade", {"k": k, "ore": 2 * k}))
                for k in (1, 2, 3) if ore >= 2 * k]

    def apply(self, state, d, text, events):
        k = int(text.split()[1])
        pay(state, d["seat"], {"ore": 2 * k}, events)
        gain(state, d["seat"], {"gold": 2 * k, "food": k}, events)
        engine.pop(state, d)


@handler
class SowDecision(Handler):
    """Sow up to 2 grain and 2 vegetable fields ("sow <crop> r,c"), then done."""

    kind = "sow"

    def options(self, state, d):
        from . import sowing
        player = state.ps[d["seat"]]
        out = [Action(f"sow {crop} {s}", Msg("caverna.action.sow", {
            "crop": Msg(f"caverna.good.{crop}", {"n": 1}), "square": s}))
            for crop in ("grain", "vegetable") for s in sowing.empty_fields(player)
            if sowing.sow_ok(player, d, crop, s)][:LIST_LIMIT]
        if d["grain"] + d["vegetable"] > 0:
            out.append(Action("done", Msg("caverna.action.done")))
        return out

    def apply(self, state, d, text, events):
        from . import sowing
        if text == "done":
            engine.pop(state, d)
            return
        _, crop, where = text.split()
        sowing.sow(state, d["seat"], crop, _sq(where), events)
        mark(state, [_sq(where)])
        d[crop] += 1

    def auto(self, state, d, events):
        if len(self.options(state, d)) == 1 and d["grain"] + d["vegetable"] > 0:
            engine.pop(state, d)
            return True
        return False

