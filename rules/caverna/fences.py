"""Fences and stables (spec §4.13): "fence small r,c", "fence large r,c <right|down>",
"stable r,c", then "done". Loot variants carry ``only`` (small, large or stable) and a
fixed price and end after their one build."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop

from . import board, msgs
from .goods import has, pay
from .handler import DONE, Step
from .highlight import mark


def fence_price(player: dict, size: int, loot_wood: int | None = None) -> int:
    """Return the wood for a pasture (2 small / 4 large, loot 1 / 2) after the Carpenter."""
    wood = loot_wood if loot_wood is not None else 2 * size
    return max(0, wood - (1 if has(player, "carpenter") else 0))


@lru_cache(maxsize=None)
def _small(square: str) -> Action:
    return Action(f"fence small {square}", msgs.action("fence_small", square=square),
                  move=("fence", "small", square, None))


@lru_cache(maxsize=None)
def _large(square: str, direction: str) -> Action:
    return Action(f"fence large {square} {direction}", msgs.action(
        "fence_large", square=square, dir=direction), move=("fence", "large", square, direction))


@lru_cache(maxsize=None)
def _stable(square: str) -> Action:
    return Action(f"stable {square}", msgs.action("stable", square=square),
                  move=("stable", square))


class FenceDecision(Step):
    """Build at most one small pasture, one large pasture (and one stable on farming cards)."""

    kind = "fence"
    refusal = "bad_placement"

    def _wood(self, player: dict, d: dict, size: int) -> int:
        if d.get("only"):
            return fence_price(player, size, d.get("wood", 0))
        return fence_price(player, size) if not (d["small"] or d["large"]) or not has(
            player, "carpenter") else 2 * size

    def _small_ok(self, player: dict, d: dict) -> bool:
        return (not d["small"] and d.get("only") in (None, "small")
                and player["goods"]["wood"] >= self._wood(player, d, 1))

    def _large_ok(self, player: dict, d: dict) -> bool:
        return (not d["large"] and d.get("only") in (None, "large")
                and player["goods"]["wood"] >= self._wood(player, d, 2))

    def _stable_allowed(self, player: dict, d: dict) -> bool:
        if d["stable"] or not (d["stables"] or d.get("only") == "stable"):
            return False
        free = d.get("only") == "stable" or has(player, "stone-carver")
        return free or player["goods"]["stone"] >= 1

    def _builds(self, state, d) -> list[Action]:
        player = state.ps[d["seat"]]
        out = []
        if self._small_ok(player, d):
            out += [_small(s) for s in board.small_pasture_options(player)]
        if self._large_ok(player, d):
            out += [_large(s, dr) for s, dr in board.large_pasture_options(player)]
        if self._stable_allowed(player, d):
            out += [_stable(s) for s in board.stable_options(player)]
        return out

    def options(self, state, d):
        out = self._builds(state, d)
        return out if d.get("only") else out + [DONE]

    def done_problem(self, state, d, move):
        return self.unlisted(state, d, move) if d.get("only") else None

    def stable_problem(self, state, d, move):
        player = state.ps[d["seat"]]
        ok = self._stable_allowed(player, d) and move[1] in board.stable_options(player)
        return None if ok else self.unlisted(state, d, move)

    def fence_problem(self, state, d, move):
        player = state.ps[d["seat"]]
        if move[1] == "small":
            ok = self._small_ok(player, d) and move[2] in board.small_pasture_options(player)
        else:
            ok = self._large_ok(player, d) and (
                move[2], move[3]) in board.large_pasture_options(player)
        return None if ok else self.unlisted(state, d, move)

    def done_effect(self, state, d, move, events):
        pop(state, d)

    def stable_effect(self, state, d, move, events):
        player = state.ps[d["seat"]]
        square = move[1]
        free = d.get("only") == "stable" or has(player, "stone-carver")
        pay(state, d["seat"], {"stone": 0 if free else 1}, events)
        board.edit(player, square)["stable"] = True
        d["stable"] = True
        self._built(state, d, "stable", [square], events)

    def fence_effect(self, state, d, move, events):
        player = state.ps[d["seat"]]
        _, what, square, direction = move
        size = 1 if what == "small" else 2
        cells = [square] if size == 1 else [square, board.step(square, direction)]
        pay(state, d["seat"], {"wood": self._wood(player, d, size)}, events)
        board.fence(player, cells)
        d[what] = True
        self._built(state, d, what, cells, events)

    problems = {"fence": fence_problem, "stable": stable_problem, "done": done_problem}
    effects = {"fence": fence_effect, "stable": stable_effect, "done": done_effect}

    def _built(self, state, d, what: str, cells: list, events: list) -> None:
        events.append(msgs.event("build", seat=d["seat"], what=msgs.build(what),
                                 square=cells[0]))
        mark(state, cells)
        if d.get("only"):
            pop(state, d)

    def auto(self, state, d, events):
        if self._builds(state, d):
            return False
        pop(state, d)
        return True
