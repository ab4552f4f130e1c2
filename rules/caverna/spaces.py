"""Action spaces: replenishment (spec §2.4), who may take which space, and running one.

A taken space becomes a ``space`` decision holding the parts already done; the
connector (and, andor, then_or, then, either) decides which parts remain selectable
(spec §4.0). The Guest room turns "either" into "and/or" (Extension once per game).
"""

from __future__ import annotations

from rules.core import Action, Event, Msg

from . import data, engine, parts
from .engine import Handler, handler
from .goods import gain, has, pay

NOT_IMITABLE = ("starting-player", "imitation", "imitation-2", "imitation-3")


def new_space(key: str, round_no: int = 0) -> dict:
    """Return a fresh runtime space for variant ``key``."""
    return {"id": data.space_def(key)["id"], "key": key, "round": round_no, "goods": {},
            "occupant": None}


def find(state, space_id: str) -> dict | None:
    """Return the runtime space with ``space_id``."""
    return next((s for s in state.spaces if s["id"] == space_id), None)


def definition(space: dict) -> dict:
    """Return the printed definition of a runtime space."""
    return data.space_def(space["key"])


def replenish(state, space: dict) -> None:
    """Add this round's goods to ``space`` (N, N(M) and A (B) forms)."""
    spec = definition(space)
    if space["id"] == "ruby-mining" and state.players == 2:
        if state.round < data.spaces_file()["ruby_mining"]["two_player_first_round"]:
            return
    empty = not any(space["goods"].values())
    adds = {good: (first if empty else other) for good, first, other in spec.get("acc", [])}
    if "acc_alt" in spec:
        adds.update(spec["acc_alt"]["empty" if empty else "other"])
    for good, n in adds.items():
        space["goods"][good] = space["goods"].get(good, 0) + n


def food_cost(state, space: dict) -> int:
    """Return the Imitation food cost of ``space`` for this player count (0 otherwise)."""
    cost = definition(space).get("food_cost", 0)
    return cost[str(state.players)] if isinstance(cost, dict) else cost


def connector(state, seat: int, space_key: str) -> str:
    """Return the connector, after the Guest room's either -> and/or."""
    spec = data.space_def(space_key)
    conn = spec["connector"]
    player = state.ps[seat]
    if conn == "either" and has(player, "guest-room"):
        if spec["id"] != "extension" or not player["flags"]["guest_extension_used"]:
            return "andor"
    return conn


def has_goods_part(spec: dict, imitating: bool) -> bool:
    """Tell whether the space gives goods on its own (which makes it always playable).

    Taking goods from an accumulating space always counts as executable, even when the
    space is empty (spec §4.0) and so also when imitated (the imitator gets none, §4.15).
    """
    return bool(spec.get("gain") or spec.get("hooks") or spec.get("acc") or spec.get("acc_alt"))


def playable(state, seat: int, space: dict, dwarf_index: int, imitating: bool = False) -> bool:
    """Tell whether ``seat``'s dwarf can take ``space`` now (spec §4.17)."""
    spec = definition(space)
    if not imitating and space["occupant"] is not None:
        return False
    probe = {"seat": seat, "dwarf": dwarf_index, "space": space["id"], "key": space["key"]}
    if spec["id"].startswith("imitation"):
        return state.ps[seat]["goods"]["food"] >= food_cost(state, space) and bool(
            imitation_targets(state, probe))
    if has_goods_part(spec, imitating):
        return True
    if not spec["parts"]:
        return True
    options = spec["parts"]
    if spec["connector"] == "then":
        return all(parts.possible(state, probe, p) for p in options)
    return any(parts.possible(state, probe, p) for p in options)


def imitation_targets(state, d: dict) -> list[str]:
    """Return the spaces the imitating dwarf of ``d`` may copy (spec §4.15)."""
    out = []
    for space in state.spaces:
        occ = space["occupant"]
        if occ is None or occ["seat"] == d["seat"] or space["id"] in NOT_IMITABLE:
            continue
        if playable(state, d["seat"], space, d["dwarf"], imitating=True):
            out.append(space["id"])
    return out


def take(state, seat: int, dwarf_index: int, space: dict, events: list) -> None:
    """Occupy ``space`` with the dwarf and start resolving its action."""
    dw = state.ps[seat]["dwarfs"][dwarf_index]
    space["occupant"] = {"seat": seat, "dwarf": dwarf_index, "weapon": dw["weapon"]}
    dw["placed"] = space["id"]
    events.append(Event("caverna.event.place", {"seat": seat, "space": space_msg(space["id"]),
                                                "weapon": dw["weapon"]}))
    state.last = {"seat": seat, "space": space["id"], "cells": []}
    cost = food_cost(state, space)
    if cost:
        pay(state, seat, {"food": cost}, events)
    begin(state, seat, dwarf_index, space, False, events)


def begin(state, seat: int, dwarf_index: int, space: dict, imitating: bool, events: list) -> None:
    """Do the automatic goods of ``space`` and push its decision."""
    spec = definition(space)
    if not imitating and not spec.get("post_take"):
        _take_goods(state, seat, space, events)
    gain(state, seat, dict(spec.get("gain", {})), events)
    _hooks(state, seat, spec.get("hooks", []), events)
    engine.push(state, {"type": "space", "seat": seat, "dwarf": dwarf_index,
                        "space": space["id"], "key": space["key"], "done": [],
                        "imitating": imitating, "goods_part": has_goods_part(spec, imitating)})


def _take_goods(state, seat: int, space: dict, events: list) -> None:
    goods = {g: n for g, n in space["goods"].items() if n}
    space["goods"] = {}
    gain(state, seat, goods, events)


def _hooks(state, seat: int, hooks: list, events: list) -> None:
    player = state.ps[seat]
    mines = {k: sum(1 for c in player["cells"].values() if c["kind"] == k)
             for k in ("ore-mine", "ruby-mine")}
    for hook in hooks:
        if hook == "start-token":
            state.next_start = seat
            events.append(Event("caverna.event.start_player", {"seat": seat}))
        elif hook == "ore-per-mine":
            gain(state, seat, {"ore": 2 * mines["ore-mine"]}, events)
        elif hook == "ruby-if-mine-1" and mines["ruby-mine"] >= 1:
            gain(state, seat, {"ruby": 1}, events)
        elif hook == "ruby-if-mine-2" and mines["ruby-mine"] >= 2:
            gain(state, seat, {"ruby": 1}, events)


def space_msg(space_id: str) -> Msg:
    """Return the catalog message naming an action space."""
    return Msg(f"caverna.space.{space_id}")


def part_msg(part: str) -> Msg:
    """Return the catalog message naming a part of a space."""
    return Msg(f"caverna.part.{part}")


@handler
class SpaceDecision(Handler):
    """Choose the next part of the space being resolved, or stop."""

    kind = "space"

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

    def options(self, state, d):
        spec = data.space_def(d["key"])
        out = [Action(f"choose {spec['parts'][i]}", Msg("caverna.action.choose", {
            "part": part_msg(spec["parts"][i])})) for i in self._selectable(state, d)]
        if self._may_leave(state, d):
            out.append(Action("done", Msg("caverna.action.done_take")))
            out.append(Action("leave", Msg("caverna.action.leave_animals")))
        elif self._may_stop(state, d):
            out.append(Action("done", Msg("caverna.action.done")))
        return out

    def apply(self, state, d, text, events):
        if text == "done":
            self._finish(state, d, events)
            return
        if text == "leave":
            events.append(Event("caverna.event.left_animals", {
                "seat": d["seat"], "space": space_msg(d["space"])}))
            engine.pop(state, d)
            return
        spec = data.space_def(d["key"])
        part = text.split()[1]
        index = next(i for i in self._selectable(state, d) if spec["parts"][i] == part)
        self._run(state, d, index, events)

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
        engine.pop(state, d)

    def prompt_params(self, state, d):
        return {"seat": d["seat"], "space": space_msg(d["space"])}


@handler
class ImitateDecision(Handler):
    """Choose the opponent-occupied space to imitate."""

    kind = "imitate"

    def options(self, state, d):
        return [Action(f"imitate {sid}", Msg("caverna.action.imitate", {"space": space_msg(sid)}))
                for sid in imitation_targets(state, d)]

    def apply(self, state, d, text, events):
        target = find(state, text.split()[1])
        engine.pop(state, d)
        events.append(Event("caverna.event.imitate", {"seat": d["seat"],
                                                      "space": space_msg(target["id"])}))
        begin(state, d["seat"], d["dwarf"], target, True, events)
