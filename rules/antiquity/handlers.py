"""Decision handlers of Antiquity (one per decision kind), registered in :data:`HANDLERS`.

Each handler has ``options`` (listed moves), ``problem`` (why a move is illegal, as a
catalog reason) and ``effect``. Simultaneous phases push their decisions only for seats
with a real choice; forced parts are done when the phase opens (see :mod:`.flow`).
"""

from __future__ import annotations

from rules.core import Action, Msg
from rules.core.decisions import NOT_AN_OPTION, AnytimeHandler, Handlers, pop

from . import countryside, exploration, famine, harvest, menu2, phase2, phase4, pollution, storage
from . import msgs as M
from .elimination import eliminate, retire
from .famine import settle_graves
from .goods import holds
from .handler_base import MoveHandler, prompt_msg
from .hexes import hex_text
from .moves import text
from .msgs import NS
from .setup_handlers import ColourHandler, StartHandler
from .state import copy_player


class CityHandler(MoveHandler):
    """Phase 2: the hidden, simultaneous city-building commands (spec §4, §9.5)."""

    kind, simultaneous, verbs = "city", True, phase2.CITY_VERBS

    def moves(self, state, d):
        return menu2.moves(state, d["seat"])

    def has_options(self, state, d):
        return True  # ready (or unready) is always there

    def options(self, state, d):
        """The listed commands, grouped (one menu each when they are many)."""
        return [Action(text(m), move=m, group=f"{NS}.group.{CITY_GROUPS.get(m[0], 'other')}")
                for m in self.moves(state, d)]

    def check(self, state, d, move):
        return phase2.problem(state, d["seat"], move)

    def effect(self, state, d, move, events):
        phase2.effect(state, d["seat"], move, events)
        if phase2.all_ready(state):
            close_city_phase(state, events)

    def prompt(self, state, d):
        if phase2.is_ready(state, d["seat"]):
            return prompt_msg("city_ready")
        return prompt_msg("city")


CITY_GROUPS = {"house": "construct", "storage": "construct", "build": "buildings",
               "staff": "staff", "ready": "ready", "unready": "ready"}


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
        choosing = state.pending[-1] if state.pending[-1]["type"] == "tokens" else None
        tokens = (choosing["due"] if choosing else len(state.country[result]["tokens"])
                  if result in state.country else 0)
        events.append(M.event("country_built", seat=seat, what=Msg(f"{NS}.country.{move[0]}"),
                              hex=hex_text(move[1]), tokens=tokens))

    def prompt(self, state, d):
        return prompt_msg("country", cart_shops=len(phase4.free_cart_shops(state, d["seat"])))


class TokensHandler(MoveHandler):
    """Phase 4, bank short (spec §2.8): the builder chooses which hexes get the last tokens.

    The decision holds the new building's id, the hexes still eligible and ``due``, the
    tokens the bank can still give; one or several hexes per move.
    """

    kind, verbs = "tokens", frozenset({"tokens"})

    def moves(self, state, d):
        return [("tokens", (tuple(h),)) for h in d["hexes"]]

    def check(self, state, d, move):
        hexes = move[1]
        if len(hexes) > d["due"] or len(set(hexes)) != len(hexes):
            return "too_many"
        eligible = {tuple(h) for h in d["hexes"]}
        return None if all(h in eligible for h in hexes) else "token_hex"

    def effect(self, state, d, move, events):
        countryside.place_tokens(state, d["building"], move[1])
        chosen = set(move[1])
        d["hexes"] = [h for h in d["hexes"] if tuple(h) not in chosen]
        d["due"] -= len(move[1])
        if not d["due"]:
            pop(state, d)
            events.append(M.event("tokens_placed", seat=d["seat"],
                                  hexes=" ".join(hex_text(tuple(h)) for h in sorted(
                                      state.country[d["building"]]["tokens"]))))

    def prompt(self, state, d):
        good = state.country[d["building"]]["good"]
        return prompt_msg("tokens", count=d["due"], good=M.good(good),
                       hexes=len(d["hexes"]))


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
        return prompt_msg("storage", count=storage.excess(state, d["seat"]),
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
        return prompt_msg("harvest")


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
        return prompt_msg("explore")


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
        return prompt_msg("graves", count=d["due"])


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
        return prompt_msg("pollute", count=d["due"])


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


HANDLERS = Handlers([ColourHandler(), StartHandler(), CityHandler(), CountryHandler(),
                     TokensHandler(), StorageHandler(), HarvestHandler(), ExploreHandler(),
                     GravesHandler(), PolluteHandler()],
                    anytime=[ConcedeHandler()])

