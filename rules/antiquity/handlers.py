"""Decision handlers of Antiquity (one per decision kind), registered in :data:`HANDLERS`.

Each handler has ``options`` (listed moves), ``problem`` (why a move is illegal, as a
catalog reason) and ``effect``. Simultaneous phases push their decisions only for seats
with a real choice; forced parts are done when the phase opens (see :mod:`.flow`).
"""

from __future__ import annotations

from rules.core import Msg
from rules.core.decisions import NOT_AN_OPTION, AnytimeHandler, Handler, Handlers, pop

from . import exploration, famine, harvest, menu2, phase2, phase4, pollution, storage
from . import msgs as M
from .board import start_centres
from .elimination import eliminate, retire
from .famine import settle_graves
from .goods import holds
from .hexes import distance, hex_text
from .moves import as_actions
from .setup import found_city
from .state import copy_player

NS = "antiquity"


def _prompt(key: str, **params) -> Msg:
    return Msg(f"{NS}.prompt.{key}", params)


class MoveHandler(Handler):
    """A handler whose options are computed as moves; the game turns them into actions."""

    verbs: frozenset = frozenset()

    def moves(self, state, d) -> list[tuple]:
        """Return the listed moves of ``d``."""
        return []

    def options(self, state, d):
        return as_actions(self.moves(state, d))

    def has_options(self, state, d):
        return bool(self.moves(state, d))

    def check(self, state, d, move) -> str | None:
        """Return a reason key why ``move`` is illegal, or None (default: must be listed)."""
        return None if move in self.moves(state, d) else "not_now"

    def problem(self, state, d, move):
        if move[0] not in self.verbs:
            return NOT_AN_OPTION
        why = self.check(state, d, move)
        return None if why is None else (NOT_AN_OPTION if why == "not_now" else M.reason(why))


class StartHandler(MoveHandler):
    """Setup: place the starting city on an unused lettered tile (spec §3.6)."""

    kind, verbs = "start", frozenset({"start"})

    def moves(self, state, d):
        used = {p.get("start_tile") for p in state.ps}
        return [("start", t.letter, h) for t in state.board.starts if t.letter not in used
                for h in start_centres(state.board, t)]

    def check(self, state, d, move):
        tile = state.board.start_tile(move[1])
        if tile is None:
            return "no_such_tile"
        if any(p.get("start_tile") == move[1] for p in state.ps):
            return "tile_taken"
        return None if distance(move[2], tile.centre) <= 3 else "start_off_tile"

    def effect(self, state, d, move, events):
        seat = d["seat"]
        state.ps[seat]["start_tile"] = move[1]
        found_city(state, seat, move[2])
        events.append(M.event("city_founded", seat=seat, hex=hex_text(move[2])))
        pop(state, d)

    def prompt(self, state, d):
        return _prompt("start")


class CityHandler(MoveHandler):
    """Phase 2: the hidden, simultaneous city-building commands (spec §4, §9.5)."""

    kind, simultaneous, verbs = "city", True, phase2.CITY_VERBS

    def moves(self, state, d):
        return menu2.moves(state, d["seat"])

    def check(self, state, d, move):
        return phase2.problem(state, d["seat"], move)

    def effect(self, state, d, move, events):
        phase2.effect(state, d["seat"], move, events)
        if phase2.all_ready(state):
            close_city_phase(state, events)

    def prompt(self, state, d):
        if phase2.is_ready(state, d["seat"]):
            return _prompt("city_ready")
        return _prompt("city")


def close_city_phase(state, events) -> None:
    """Reveal phase 2 and drop every city decision."""
    phase2.reveal(state, events)
    state.pending[:] = [x for x in state.pending if x["type"] != "city"]


class CountryHandler(MoveHandler):
    """Phase 4: the active player's countryside constructions and Alchemy, then ``done``."""

    kind = "country"
    verbs = frozenset({"woodcutter", "farm", "mine", "fisherman", "inn", "city", "alchemy",
                       "done"})

    def moves(self, state, d):
        from .menu4 import moves
        return moves(state, d["seat"])

    def has_options(self, state, d):
        return True

    def auto(self, state, d, events):
        seat = d["seat"]
        if phase4.free_cart_shops(state, seat) or phase4.alchemy_ready(state, seat):
            return False
        pop(state, d)
        return True

    def check(self, state, d, move):
        return None if move == ("done",) else phase4.problem(state, d["seat"], move)

    def effect(self, state, d, move, events):
        seat = d["seat"]
        if move == ("done",):
            pop(state, d)
            events.append(M.event("country_done", seat=seat))
            return
        result = phase4.carry_out(state, seat, move)
        events.append(M.event("country_built", seat=seat, what=Msg(f"{NS}.country.{move[0]}"),
                              hex=hex_text(move[1]),
                              tokens=len(state.country[result]["tokens"])
                              if result in state.country else 0))

    def prompt(self, state, d):
        return _prompt("country", cart_shops=len(phase4.free_cart_shops(state, d["seat"])))


class StorageHandler(MoveHandler):
    """Phase 5: give goods back one at a time until they fit the capacity."""

    kind, simultaneous, verbs = "storage", True, frozenset({"discard", "keep"})

    def moves(self, state, d):
        seat = d["seat"]
        return [("keep", storage.greedy_keep(state, seat))] + [
            ("discard", k) for k in storage.kinds_held(state, seat)]

    def check(self, state, d, move):
        if move[0] == "discard":
            return None if move in self.moves(state, d) else "goods_missing"
        if not holds(state.ps[d["seat"]]["goods"], move[1]):
            return "goods_missing"
        return None if len(move[1]) <= storage.capacity(state, d["seat"]) else "over_capacity"

    def effect(self, state, d, move, events):
        seat = d["seat"]
        if move[0] == "keep":
            storage.keep(state, seat, move[1])
        else:
            storage.discard(state, seat, move[1])
        if storage.excess(state, seat) == 0:
            pop(state, d)
            events.append(M.event("stored", seat=seat))

    def prompt(self, state, d):
        return _prompt("storage", count=storage.excess(state, d["seat"]),
                       capacity=storage.capacity(state, d["seat"]))


class HarvestHandler(MoveHandler):
    """Phase 6: choose which token each producing building gives when it matters."""

    kind, simultaneous, verbs = "harvest", True, frozenset({"take"})

    def moves(self, state, d):
        return sorted({("take", h) for _, h in harvest.choices(state, d)})

    def effect(self, state, d, move, events):
        cid = next(c for c, h in harvest.choices(state, d) if h == move[1])
        harvest.take(state, d, cid, move[1])
        harvest.auto_takes(state, d)
        if not d["takes"]:
            pop(state, d)
            events.append(M.event("harvested", seat=d["seat"]))

    def prompt(self, state, d):
        return _prompt("harvest")


class ExploreHandler(MoveHandler):
    """Phase 7: reveal one counter in the influence, or pass."""

    kind, verbs = "explore", frozenset({"explore", "pass"})

    def moves(self, state, d):
        return [("explore", h) for h in exploration.explorable(state, d["seat"])] + [("pass",)]

    def check(self, state, d, move):
        if move == ("pass",):
            return None
        if move[1] not in state.counters:
            return "no_counter"
        return None if move in self.moves(state, d) else "outside_influence"

    def effect(self, state, d, move, events):
        pop(state, d)
        if move == ("pass",):
            return
        kind = exploration.explore(state, d["seat"], move[1])
        events.append(M.event("explored", seat=d["seat"], hex=hex_text(move[1]),
                              good=M.good(kind), famine=state.famine, reveals=True))

    def prompt(self, state, d):
        return _prompt("explore")


class GravesHandler(MoveHandler):
    """Phases 8 and 9: place graves by the rules of spec §7.3 (one or several per move)."""

    kind, simultaneous, verbs = "graves", True, frozenset({"grave"})

    def moves(self, state, d):
        return [("grave", (c,)) for c in famine.grave_cells(state.ps[d["seat"]])]

    def check(self, state, d, move):
        cells = move[1]
        if len(cells) > d["due"]:
            return "too_many"
        p = copy_player(state.ps[d["seat"]])
        for cell in cells:
            if tuple(cell) not in famine.grave_cells(p):
                return "grave_empty_first" if famine.all_empty_cells(p) else "grave_cell"
            p["graves"].append(list(cell))
        return None

    def effect(self, state, d, move, events):
        for cell in move[1]:
            famine.place_grave(state, d["seat"], cell)
            d["due"] -= 1
        settle_graves(state, d, events)

    def prompt(self, state, d):
        return _prompt("graves", count=d["due"])


class PolluteHandler(MoveHandler):
    """Phase 9: place pollution markers on free hexes of one's own influence."""

    kind, verbs = "pollute", frozenset({"pollute"})

    def moves(self, state, d):
        return [("pollute", (h,)) for h in pollution.free_hexes(state, d["seat"])]

    def check(self, state, d, move):
        hexes = move[1]
        if len(hexes) > d["due"] or len(set(hexes)) != len(hexes):
            return "too_many"
        free = set(pollution.free_hexes(state, d["seat"]))
        return None if all(h in free for h in hexes) else "not_free"

    def effect(self, state, d, move, events):
        for h in move[1]:
            pollution.pollute(state, h)
            d["due"] -= 1
        if not d["due"]:
            pop(state, d)
            events.append(M.event("polluted", seat=d["seat"], count=d["total"]))

    def prompt(self, state, d):
        return _prompt("pollute", count=d["due"])


class ConcedeHandler(AnytimeHandler):
    """A player still in the game may concede at any time, owing a decision or not (§8.3).

    He is treated like an eliminated player at once: his decisions are dropped and he leaves
    the queue of the phase in progress; the last player standing wins when the phase ends.
    """

    kind, outside_decisions = "concede", True

    def owns(self, move):
        return move == ("concede",)

    def options(self, state, d):
        return []

    def problem(self, state, d, move):
        return NOT_AN_OPTION if state.over or state.ps[d["seat"]]["eliminated"] else None

    def effect(self, state, d, move, events):
        seat = d["seat"]
        eliminate(state, seat)
        state.pending[:] = [x for x in state.pending if x["seat"] != seat]
        state.queue[:] = [s for s in state.queue if s != seat]
        public = (state.phase2 or {}).get("public", {}).get(str(seat))
        if state.phase == "city" and public is not None:
            retire(public)  # the others see him out at once, not his hidden builds
        events.append(M.event("conceded", seat=seat))
        if state.phase == "city" and phase2.all_ready(state) and state.phase2:
            close_city_phase(state, events)


HANDLERS = Handlers([StartHandler(), CityHandler(), CountryHandler(), StorageHandler(),
                     HarvestHandler(), ExploreHandler(), GravesHandler(), PolluteHandler()],
                    anytime=[ConcedeHandler()])

