"""Action spaces: replenishment (spec §2.4), taking a space, and resolving its parts.

A taken space becomes a ``space`` decision holding the parts already done; the
connector (and, andor, then_or, then, either) decides which parts remain selectable
(spec §4.0). The Guest room turns "either" into "and/or" (Extension once per game).
Whether a dwarf may take a space at all is :func:`parts.playable`.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop, push
from rules.core.verbs import must_be_listed

from . import data, msgs, parts
from .goods import gain, has, pay
from .handler import DONE, Step


def new_space(key: str, round_no: int = 0) -> dict:
    """Return a fresh runtime space for variant ``key``."""
    return {"id": data.space_def(key)["id"], "key": key, "round": round_no, "goods": {},
            "occupant": None}


def edit(state, space: dict, index: int | None = None) -> dict:
    """Return ``space`` ready to be changed (``index``: its place in the list, if known).

    Copies of a state share their space dicts (a copy copies only the list), so a space is
    never changed in place: this puts a fresh copy of it in the list; use the copy.
    """
    fresh = dict(space)
    fresh["goods"] = dict(space["goods"])
    if index is None or state.spaces[index] is not space:
        index = next(i for i, s in enumerate(state.spaces) if s is space)
    state.spaces[index] = fresh
    return fresh


def find(state, space_id: str) -> dict | None:
    """Return the runtime space with ``space_id``."""
    return next((s for s in state.spaces if s["id"] == space_id), None)


def replenish(state, space: dict, index: int | None = None) -> None:
    """Add this round's goods to ``space`` (N, N(M) and A (B) forms; ``index``: its place
    in the list, if known)."""
    acc, alt = _accumulation(space["key"])
    if not acc and alt is None:
        return
    if space["id"] == "ruby-mining" and state.players == 2:
        if state.round < data.spaces_file()["ruby_mining"]["two_player_first_round"]:
            return
    empty = not any(space["goods"].values())
    adds = {good: (first if empty else other) for good, first, other in acc}
    if alt is not None:
        adds.update(alt["empty" if empty else "other"])
    if adds:
        space = edit(state, space, index)
    for good, n in adds.items():
        space["goods"][good] = space["goods"].get(good, 0) + n


@lru_cache(maxsize=None)
def _accumulation(key: str) -> tuple[tuple, dict | None]:
    """The printed accumulation of a space: its "acc" rules and its "acc_alt" form."""
    spec = data.space_def(key)
    return tuple(spec.get("acc", ())), spec.get("acc_alt")


def connector(state, seat: int, space_key: str) -> str:
    """Return the connector, after the Guest room's either -> and/or."""
    spec = data.space_def(space_key)
    conn = spec["connector"]
    player = state.ps[seat]
    if conn == "either" and has(player, "guest-room"):
        if spec["id"] != "extension" or not player["flags"]["guest_extension_used"]:
            return "andor"
    return conn


def take(state, seat: int, dwarf_index: int, space: dict, events: list) -> None:
    """Occupy ``space`` with the dwarf and start resolving its action."""
    dw = state.ps[seat]["dwarfs"][dwarf_index]
    space = edit(state, space)
    space["occupant"] = {"seat": seat, "dwarf": dwarf_index, "weapon": dw["weapon"]}
    dw["placed"] = space["id"]
    events.append(msgs.event("place", seat=seat, space=msgs.space(space["id"]),
                             weapon=dw["weapon"]))
    state.last = {"seat": seat, "space": space["id"], "cells": []}
    cost = parts.food_cost(state, space)
    if cost:
        pay(state, seat, {"food": cost}, events)
    begin(state, seat, dwarf_index, space, False, events)


def begin(state, seat: int, dwarf_index: int, space: dict, imitating: bool, events: list) -> None:
    """Do the automatic goods of ``space`` and push its decision."""
    spec = parts.definition(space)
    if not imitating and not spec.get("post_take"):
        _take_goods(state, seat, space, events)
    gain(state, seat, dict(spec.get("gain", {})), events)
    _hooks(state, seat, spec.get("hooks", []), events)
    push(state, {"type": "space", "seat": seat, "dwarf": dwarf_index,
                 "space": space["id"], "key": space["key"], "done": [],
                 "imitating": imitating, "goods_part": parts.has_goods_part(spec)})


def _take_goods(state, seat: int, space: dict, events: list) -> None:
    goods = {g: n for g, n in space["goods"].items() if n}
    if space["goods"]:
        edit(state, space)["goods"] = {}
    gain(state, seat, goods, events)


def _hooks(state, seat: int, hooks: list, events: list) -> None:
    player = state.ps[seat]
    mines = {k: sum(1 for c in player["cells"].values() if c["kind"] == k)
             for k in ("ore-mine", "ruby-mine")}
    for hook in hooks:
        if hook == "start-token":
            state.next_start = seat
            events.append(msgs.event("start_player", seat=seat))
        elif hook == "ore-per-mine":
            gain(state, seat, {"ore": 2 * mines["ore-mine"]}, events)
        elif hook == "ruby-if-mine-1" and mines["ruby-mine"] >= 1:
            gain(state, seat, {"ruby": 1}, events)
        elif hook == "ruby-if-mine-2" and mines["ruby-mine"] >= 2:
            gain(state, seat, {"ruby": 1}, events)


TAKE_OR_LEAVE = (Action("done", msgs.action("done_take"), move=("done",)),
                 Action("leave", msgs.action("leave_animals"), move=("leave",)))


@lru_cache(maxsize=None)
def _choose(part: str) -> Action:
    """The (immutable) action choosing ``part`` of the space being resolved."""
    return Action(f"choose {part}", msgs.action("choose", part=msgs.part(part)),
                  move=("choose", part))


@lru_cache(maxsize=None)
def _imitate(space_id: str) -> Action:
    """The (immutable) action imitating ``space_id``."""
    return Action(f"imitate {space_id}", msgs.action("imitate", space=msgs.space(space_id)),
                  move=("imitate", space_id))


class SpaceDecision(Step):
    """Choose the next part of the space being resolved, or stop."""

    kind = "space"
    refusal = "cannot_choose"

    def _selectable(self, state, d: dict) -> list[int]:
        spec = data.space_def(d["key"])
        conn = connector(state, d["seat"], d["key"])
        done = d["done"]
        if conn == "either" and done:
            return []
        if conn in ("then_or", "then"):
            start = (max(done) + 1) if done else 0
            candidates = range(start, len(spec["parts"]))
        else:
            candidates = [i for i in range(len(spec["parts"])) if i not in done]
        return [i for i in candidates if parts.possible(state, d, spec["parts"][i])]

    def _may_stop(self, state, d: dict) -> bool:
        conn = connector(state, d["seat"], d["key"])
        return conn != "then" and (bool(d["done"]) or d["goods_part"])

    def _may_leave(self, state, d: dict) -> bool:
        """Farming cards ("build and then/or take the animals", spec §4.0): after building,
        the player may leave the animals on the space."""
        spec = data.space_def(d["key"])
        space = find(state, d["space"])
        return bool(spec.get("post_take") and not d["imitating"] and d["done"]
                    and any(space["goods"].values()))

    def _ends(self, state, d: dict) -> list[Action]:
        if self._may_leave(state, d):
            return list(TAKE_OR_LEAVE)
        if self._may_stop(state, d):
            return [DONE]
        return []

    def options(self, state, d):
        spec = data.space_def(d["key"])
        chosen = [spec["parts"][i] for i in self._selectable(state, d)]
        return [_choose(part) for part in chosen] + self._ends(state, d)

    def has_options(self, state, d):
        """True: settling asks only after :meth:`auto` left a choice (parts or an end)."""
        return True

    def choose_problem(self, state, d, move):
        spec = data.space_def(d["key"])
        ok = any(spec["parts"][i] == move[1] for i in self._selectable(state, d))
        return None if ok else self.unlisted(state, d, move)

    def end_problem(self, state, d, move):
        """``done`` or ``leave`` (the animals on the space): legal when offered."""
        if any(action.move == move for action in self._ends(state, d)):
            return None
        return msgs.error("not_done")

    def done_effect(self, state, d, move, events):
        self._finish(state, d, events)

    def leave_effect(self, state, d, move, events):
        events.append(msgs.event("left_animals", seat=d["seat"],
                                 space=msgs.space(d["space"])))
        pop(state, d)

    def choose_effect(self, state, d, move, events):
        # a legal choice is selectable; a space never lists a part twice (data audit test)
        self._run(state, d, data.space_def(d["key"])["parts"].index(move[1]), events)

    problems = {"choose": choose_problem, "done": end_problem, "leave": end_problem}
    effects = {"choose": choose_effect, "done": done_effect, "leave": leave_effect}

    def _run(self, state, d: dict, index: int, events: list) -> None:
        spec = data.space_def(d["key"])
        d["done"].append(index)
        player = state.ps[d["seat"]]
        if spec["id"] == "extension" and has(player, "guest-room") and len(d["done"]) == 2:
            player["flags"]["guest_extension_used"] = True
        parts.start(state, d, spec["parts"][index], events)

    def auto(self, state, d, events):
        selectable = self._selectable(state, d)
        conn = connector(state, d["seat"], d["key"])
        if not selectable:
            if self._may_leave(state, d):
                return False  # take the animals, or leave them on the space
            self._finish(state, d, events)
            return True
        if conn == "then" or (len(selectable) == 1 and not self._may_stop(state, d)):
            self._run(state, d, selectable[0], events)
            return True
        return False

    def _finish(self, state, d: dict, events: list) -> None:
        spec = data.space_def(d["key"])
        if spec.get("post_take") and not d["imitating"]:
            _take_goods(state, d["seat"], find(state, d["space"]), events)
        pop(state, d)

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "space": msgs.space(d["space"])}


class ImitateDecision(Step):
    """Choose the opponent-occupied space to imitate."""

    kind = "imitate"

    def options(self, state, d):
        return [_imitate(sid) for sid in parts.imitation_targets(state, d)]

    def imitate_effect(self, state, d, move, events):
        target = find(state, move[1])
        pop(state, d)
        events.append(msgs.event("imitate", seat=d["seat"], space=msgs.space(target["id"])))
        begin(state, d["seat"], d["dwarf"], target, True, events)

    problems = {"imitate": must_be_listed}
    effects = {"imitate": imitate_effect}
