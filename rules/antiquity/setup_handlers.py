"""Set-up decisions of Antiquity: colours (spec §3.4) and starting cities (spec §3.6)."""

from __future__ import annotations

from rules.core import Action, Msg
from rules.core.decisions import pop

from . import msgs as M
from .board import start_centres
from .data import COLOURS
from .handler_base import MoveHandler, prompt_msg
from .hexes import distance, hex_text
from .moves import text
from .msgs import NS
from .setup import found_city


class ColourHandler(MoveHandler):
    """Set-up: choose an unused colour, in seat order, before the turn order (spec §3.4).

    The last chooser with one colour left gets it without a decision.
    """

    kind = "colour"

    def moves(self, state, d):
        taken = {p.get("colour") for p in state.ps}
        return [("colour", c) for c in COLOURS if c not in taken]

    def options(self, state, d):
        return [Action(text(m), move=m, label=Msg(f"{NS}.colour.{m[1]}"))
                for m in self.moves(state, d)]

    def colour_problem(self, state, d, move):
        if move[1] not in COLOURS:
            return M.reason("no_such_colour")
        return None if move in self.moves(state, d) else M.reason("colour_taken")

    def auto(self, state, d, events):
        left = self.moves(state, d)
        if len(left) != 1:
            return False
        self.effect(state, d, left[0], events)
        return True

    def colour_effect(self, state, d, move, events):
        state.ps[d["seat"]]["colour"] = move[1]
        events.append(M.event("colour_chosen", seat=d["seat"],
                              colour=Msg(f"{NS}.colour.{move[1]}")))
        pop(state, d)

    problems = {"colour": colour_problem}
    effects = {"colour": colour_effect}

    def prompt(self, state, d):
        return prompt_msg("colour")


class StartHandler(MoveHandler):
    """Setup: place the starting city on an unused lettered tile (spec §3.6)."""

    kind = "start"

    def moves(self, state, d):
        used = {p.get("start_tile") for p in state.ps}
        return [("start", t.letter, h) for t in state.board.starts if t.letter not in used
                for h in start_centres(state.board, t)]

    def start_problem(self, state, d, move):
        tile = state.board.start_tile(move[1])
        if tile is None:
            return M.reason("no_such_tile")
        if any(p.get("start_tile") == move[1] for p in state.ps):
            return M.reason("tile_taken")
        return None if distance(move[2], tile.centre) <= 3 else M.reason("start_off_tile")

    def start_effect(self, state, d, move, events):
        seat = d["seat"]
        state.ps[seat]["start_tile"] = move[1]
        found_city(state, seat, move[2])
        events.append(M.event("city_founded", seat=seat, hex=hex_text(move[2])))
        pop(state, d)

    problems = {"start": start_problem}
    effects = {"start": start_effect}

    def prompt(self, state, d):
        return prompt_msg("start")
