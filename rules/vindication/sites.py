"""Building Sites (spec 7.9, R27): tiles set aside at set-up are built on a Building Site for
one Conviction, with optional control (the paid cube is the marker), then the new region's
visit may be resolved as part of the same visit (no second toll).
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from .data import rule
from .msgs import region_msg
from .power import gain_honor
from .regions import visit_spec
from .tiles import place_tile

KINDS = ("build",)


def build_price(spec: dict) -> int:
    """Return the Conviction a build costs (data: the Building Site's visit cost)."""
    return spec["cost"]["conviction"]


def kind_problem(state, seat: int, spec: dict) -> Msg | None:
    """Say why a Building Site visit is not legal now: nothing left to build, or no
    Conviction to pay for it (R8: the build is the visit's effect)."""
    if not state.aside:
        return Msg("vindication.reason.nothing_to_build")
    if state.players[seat].conviction < build_price(spec):
        return Msg("vindication.reason.need_conviction", {"n": build_price(spec)})
    return None


def resolve(state, seat: int, hid: str, spec: dict, events: list) -> None:
    """Ask what to build (or nothing: the site stays for the next visitor)."""
    push(state, {"type": "build", "seat": seat, "hex": hid})


class Build(VerbHandler):
    """Build one set-aside tile on the visited site, with or without control, or nothing."""

    kind = "build"

    def options(self, state, d):
        found = []
        for region in sorted(set(state.aside)):
            name = region_msg(region)
            found.append(Action(f"build {region}",
                                Msg("vindication.action.build", {"region": name}),
                                move=("build", region, False)))
            found.append(Action(f"build {region} control",
                                Msg("vindication.action.build_control", {"region": name}),
                                move=("build", region, True)))
        return found + [Action("build none", Msg("vindication.action.build_none"),
                               move=("build", None, False))]

    def build_effect(self, state, d, move, events):
        pop(state, d)
        seat, hid = d["seat"], d["hex"]
        _, region, control = move
        if region is None:
            return
        player = state.players[seat]
        player.conviction -= build_price(visit_spec(state, hid))
        state.aside.remove(region)
        events.append(Event("vindication.event.built", {"seat": seat, "hex": hid,
                                                        "region": region_msg(region)}))
        place_tile(state, hid, region, events)
        end = next(p for p in reversed(state.pending) if p["type"] == "visit_end")
        end["control"], end["built"] = None, True
        if control:  # R27: the paid cube is the control marker
            state.hexes[hid][1] = seat
            state.turn["took_control"] = True
            end["controlled_before"] = True
            events.append(Event("vindication.event.control", {"seat": seat, "hex": hid}))
            gain_honor(state, seat, rule("control", "honor_on_take"), events)
        else:
            player.influence += 1
        push(state, {"type": "site_visit", "seat": seat, "hex": hid})  # kinds.SiteVisit

    problems = {"build": must_be_listed}
    effects = {"build": build_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.build")


HANDLERS = [Build()]
