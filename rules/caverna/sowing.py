"""Sowing (spec §4.3) and the field phase of the harvest (§9.2)."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop

from . import board, msgs
from .handler import DONE, Step
from .highlight import mark

CROP_SIZE = {"grain": 3, "vegetable": 2}


def empty_fields(player: dict) -> list[str]:
    """Return the fields holding no crop."""
    return [s for s in board.area_squares(player, "forest")
            if player["cells"][s]["kind"] == "field" and player["cells"][s]["crop"] is None]


def can_sow(player: dict) -> bool:
    """Tell whether at least one field can be sown."""
    goods = player["goods"]
    return bool(empty_fields(player)) and (goods["grain"] > 0 or goods["vegetable"] > 0)


def sow_ok(player: dict, d: dict, crop: str, square: str) -> bool:
    """Tell whether ``crop`` may be sown on ``square`` within decision ``d``'s limits."""
    return (crop in CROP_SIZE and d.get(crop, 0) < 2 and player["goods"][crop] > 0
            and square in empty_fields(player))


def sow(state, seat: int, crop: str, square: str, events: list) -> None:
    """Move 1 crop from the supply onto an empty field and fill it from the general supply."""
    player = state.ps[seat]
    player["goods"][crop] -= 1
    here = board.edit(player, square)
    if "stubble-room" in player["furnishings"] and seat not in state.unhoused:
        state.unhoused.append(seat)  # an empty field held an animal: check the room
    here["crop"] = crop
    here["crop_count"] = CROP_SIZE[crop]
    events.append(msgs.event("sow", seat=seat, crop=crop, square=square))


def field_phase(state, seat: int, events: list) -> None:
    """Take 1 crop from every sown field into the supply."""
    player = state.ps[seat]
    got = {"grain": 0, "vegetable": 0}
    for s in board.area_squares(player, "forest"):
        if player["cells"][s]["crop"]:
            here = board.edit(player, s)
            got[here["crop"]] += 1
            here["crop_count"] -= 1
            player["goods"][here["crop"]] += 1
            if here["crop_count"] == 0:
                here["crop"] = None
    if any(got.values()):
        events.append(msgs.event("field_phase", seat=seat, **got))


@lru_cache(maxsize=None)
def _sow(crop: str, square: str) -> Action:
    """The (immutable) action sowing ``crop`` on ``square``."""
    return Action(f"sow {crop} {square}", msgs.action("sow", crop=msgs.good(crop), square=square),
                  move=("sow", crop, square))


class SowDecision(Step):
    """Sow up to 2 grain and 2 vegetable fields ("sow <crop> r,c"), then done."""

    kind = "sow"
    refusal = "cannot_sow"

    def _sowings(self, state, d) -> list[Action]:
        player = state.ps[d["seat"]]
        fields = empty_fields(player)
        return [_sow(crop, s)
                for crop in ("grain", "vegetable") for s in fields if sow_ok(player, d, crop, s)]

    def options(self, state, d):
        out = self._sowings(state, d)
        if d["grain"] + d["vegetable"] > 0:
            out.append(DONE)
        return out

    def done_problem(self, state, d, move):
        return None if d["grain"] + d["vegetable"] > 0 else self.unlisted(state, d, move)

    def sow_problem(self, state, d, move):
        ok = sow_ok(state.ps[d["seat"]], d, move[1], move[2])
        return None if ok else self.unlisted(state, d, move)

    def done_effect(self, state, d, move, events):
        pop(state, d)

    def sow_effect(self, state, d, move, events):
        _, crop, square = move
        sow(state, d["seat"], crop, square, events)
        mark(state, [square])
        d[crop] += 1

    problems = {"sow": sow_problem, "done": done_problem}
    effects = {"sow": sow_effect, "done": done_effect}

    def auto(self, state, d, events):
        if d["grain"] + d["vegetable"] > 0 and not self._sowings(state, d):
            pop(state, d)
            return True
        return False
