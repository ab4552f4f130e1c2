"""Variants of the toy game with many options per decision (menus, groups, typing only)."""

from __future__ import annotations

from rules.core import Action, Msg
from rules.core.decisions import Handlers
from rules.core.verbs import must_be_listed
from tests.platform.toy_game import ToyGame, TurnDecision, VoteDecision


class WideTurn(TurnDecision):
    """A turn offering ``hop 1`` .. ``hop <width>`` besides step and roll."""

    def __init__(self, width: int, grouped: bool):
        self.width = width
        self.grouped = grouped

    def options(self, state, d):
        hops = [Action(f"hop {n}", Msg("toy.event.moved", {"seat": d["seat"], "gain": n}),
                       f"hops {(n - 1) // 10}" if self.grouped else None, ("hop", n))
                for n in range(1, self.width + 1)]
        first = "hops 0" if self.grouped else None
        return [Action("step", Msg("toy.action.step"), first, ("step",)),
                Action("roll", Msg("toy.action.roll"), first, ("roll",)), *hops]

    # every listed hop is legal (the toy's own turn allows only hop 1 or 2)
    problems = {"step": must_be_listed, "roll": must_be_listed, "hop": must_be_listed}


class WideToy(ToyGame):
    """The toy race where a turn offers ``hop 1`` .. ``hop <width>`` besides step and roll.

    With ``grouped`` the hops are clustered in groups of ten (one menu per group).
    """

    def __init__(self, name: str, width: int, grouped: bool = False):
        self.name = name
        self.width = width
        self.grouped = grouped
        self.handlers = Handlers([WideTurn(width, grouped), VoteDecision()])


WIDE = WideToy("wide", 12)
HUGE = WideToy("huge", 40)
VAST = WideToy("vast", 120)
GROUPED = WideToy("grouped", 38, grouped=True)


class LongToy(WideToy):
    """The wide toy with a 2,500-character prompt and 150-character option labels."""

    def prompt(self, state, seat):
        return Msg("toy.event.moved", {"seat": seat, "gain": "9" * 2500})

    def legal_actions(self, state, seat):
        return [Action(a.text, Msg("toy.event.moved", {"seat": seat, "gain": "7" * 150}),
                       a.group) for a in super().legal_actions(state, seat)]


LONG = LongToy("long", 8)
