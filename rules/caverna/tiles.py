"""Landscape-tile decisions: twin tiles ("tile <twin> r,c <dir>"), single tiles bought with
rubies or looted ("tile <kind> r,c", "cancel" for a ruby purchase) and ruby mines
("ruby-mine r,c"). Every legal placement is listed."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop
from rules.core.verbs import must_be_listed

from . import board, msgs, parts
from .goods import gain, pay
from .handler import Step
from .highlight import mark


@lru_cache(maxsize=None)
def _twin(twin: str, square: str, direction: str) -> Action:
    """The (immutable) action placing ``twin`` on ``square`` and its ``direction`` neighbour."""
    return Action(f"tile {twin} {square} {direction}", msgs.action(
        "tile_twin", twin=msgs.twin(twin), square=square, dir=direction),
        move=("tile", twin, square, direction))


@lru_cache(maxsize=None)
def _single(tile: str, square: str) -> Action:
    """The (immutable) action placing a single ``tile`` on ``square``."""
    return Action(f"tile {tile} {square}", msgs.action(
        "tile_single", tile=msgs.twin(tile), square=square), move=("tile", tile, square, None))


@lru_cache(maxsize=None)
def _ruby_mine(square: str) -> Action:
    """The (immutable) action putting a ruby mine on ``square``."""
    return Action(f"ruby-mine {square}", msgs.action("ruby_mine", square=square),
                  move=("ruby-mine", square))


CANCEL = Action("cancel", msgs.action("cancel"), move=("cancel",))


class TwinDecision(Step):
    """Place a twin tile; ``after`` goods follow the tile (and then)."""

    kind = "twin"
    refusal = "bad_placement"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        return [_twin(twin, square, direction)
                for twin in d["twins"] for square, direction in board.twin_options(player, twin)]

    def has_options(self, state, d):
        return any(board.has_twin(state.ps[d["seat"]], twin) for twin in d["twins"])

    def tile_problem(self, state, d, move):
        _, twin, square, direction = move
        if twin in d["twins"] and direction is not None and board.twin_ok(
                state.ps[d["seat"]], twin, square, direction):
            return None
        return self.unlisted(state, d, move)

    def tile_effect(self, state, d, move, events):
        _, twin, square, direction = move
        player = state.ps[d["seat"]]
        bonus, cells = board.place_twin(player, twin, square, direction)
        events.append(msgs.event("tile", seat=d["seat"], tile=msgs.twin(twin), square=square))
        mark(state, cells)
        pop(state, d)
        gain(state, d["seat"], bonus, events)
        gain(state, d["seat"], dict(d.get("after", {})), events)

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "tiles": [msgs.twin(t) for t in d["twins"]]}

    problems = {"tile": tile_problem}
    effects = {"tile": tile_effect}


class SingleDecision(Step):
    """Place a single landscape tile (ruby purchase or loot); ruby purchases may cancel."""

    kind = "single"
    refusal = "bad_placement"

    def options(self, state, d):
        player = state.ps[d["seat"]]
        out = [_single(d["tile"], s) for s in board.single_options(player, d["tile"])]
        if d.get("rubies"):
            out.append(CANCEL)
        return out

    def cancel_problem(self, state, d, move):
        return None if d.get("rubies") else self.unlisted(state, d, move)

    def tile_problem(self, state, d, move):
        _, kind, square, direction = move
        if kind == d["tile"] and direction is None and board.single_ok(
                state.ps[d["seat"]], kind, square):
            return None
        return self.unlisted(state, d, move)

    def cancel_effect(self, state, d, move, events):
        pop(state, d)

    def tile_effect(self, state, d, move, events):
        pop(state, d)
        square = move[2]
        player = state.ps[d["seat"]]
        pay(state, d["seat"], {"ruby": d.get("rubies", 0)}, events)
        bonus = board.cover(player, square, d["tile"])
        events.append(msgs.event("tile", seat=d["seat"], tile=msgs.twin(d["tile"]),
                                 square=square))
        mark(state, [square])
        gain(state, d["seat"], bonus, events)

    problems = {"tile": tile_problem, "cancel": cancel_problem}
    effects = {"tile": tile_effect, "cancel": cancel_effect}

    def auto(self, state, d, events):
        if board.single_options(state.ps[d["seat"]], d["tile"]):
            return False
        pop(state, d)
        return True

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "tile": msgs.twin(d["tile"])}


class RubyMineDecision(Step):
    """Put a ruby mine on an unfurnished tunnel (or deep tunnel: +1 ruby)."""

    kind = "ruby-mine"
    refusal = "bad_placement"

    def options(self, state, d):
        return [_ruby_mine(s) for s in parts.ruby_mine_squares(state.ps[d["seat"]], d["kind"])]

    def ruby_mine_effect(self, state, d, move, events):
        square = move[1]
        board.edit(state.ps[d["seat"]], square)["kind"] = "ruby-mine"
        events.append(msgs.event("tile", seat=d["seat"], tile=msgs.twin("ruby-mine"),
                                 square=square))
        mark(state, [square])
        pop(state, d)
        if d["kind"] == "deep-tunnel":
            gain(state, d["seat"], {"ruby": 1}, events)

    problems = {"ruby-mine": must_be_listed}
    effects = {"ruby-mine": ruby_mine_effect}
