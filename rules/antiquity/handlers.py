"""Decision handlers of Antiquity (one per decision kind), registered in :data:`HANDLERS`.

Each handler has ``options`` (listed moves), ``problem`` (why a move is illegal, as a
catalog reason) and ``effect``. Simultaneous phases push their decisions only for seats
with a real choice; forced parts are done when the phase opens (see :mod:`.flow`).
"""

from __future__ import annotations

from rules.core import Action, Msg
from rules.core.decisions import NOT_AN_OPTION, Handlers, pop
from rules.core.verbs import AnytimeVerbHandler, must_be_listed, no_problem

from . import countryside, exploration, famine, harvest, menu2, phase2, phase4, pollution, storage
from . import msgs as M
from .elimination import eliminate, retire
from .famine import settle_graves
from .goods import holds
from .handler_base import MoveHandler, prompt_msg, refusal
from .hexes import hex_text
from .moves import text
from .msgs import NS
from .setup_handlers import ColourHandler, StartHandler
from .state import copy_player, plain_copy


class CityHandler(MoveHandler):
    """Phase 2: the hidden, simultaneous city-building commands (spec §4, §9.5)."""

    kind, simultaneous = "city", True

    def moves(self, state, d):
        return menu2.moves(state, d["seat"])

    def has_options(self, state, d):
        return True  # ready (or unready) is always there

    def options(self, state, d):
        """The listed commands, grouped (one menu each when they are many)."""
        return [Action(text(m), move=m, group=f"{NS}.group.{CITY_GROUPS.get(m[0], 'other')}")
                for m in self.moves(state, d)]

    def command_problem(self, state, d, move):
        """Judge a command by its rule in :data:`phase2.CHECKS`."""
        return refusal(phase2.problem(state, d["seat"], move))

    def command_effect(self, state, d, move, events):
        """Carry a command out by :data:`phase2.EFFECTS`; close the phase when all are ready."""
        phase2.effect(state, d["seat"], move, events)
        if phase2.all_ready(state):
            close_city_phase(state, events)

    # every command of phase 2 (the rule of each verb: phase2.CHECKS and phase2.EFFECTS)
    problems = dict.fromkeys(phase2.CITY_VERBS, command_problem)
    effects = dict.fromkeys(phase2.CITY_VERBS, command_effect)

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

    def build_problem(self, state, d, move):
        return refusal(phase4.problem(state, d["seat"], move))

    def done_effect(self, state, d, move, events):
        pop(state, d)
        events.append(M.event("country_done", seat=d["seat"]))

    def build_effect(self, state, d, move, events):
        seat = d["seat"]
        result = phase4.carry_out(state, seat, move)
        choosing = state.pending[-1] if state.pending[-1]["type"] == "tokens" else None
        tokens = (choosing["due"] if choosing else len(state.country[result]["tokens"])
                  if result in state.country else 0)
        events.append(M.event("country_built", seat=seat, what=Msg(f"{NS}.country.{move[0]}"),
                              hex=hex_text(move[1]), tokens=tokens))

    problems = {"woodcutter": build_problem, "farm": build_problem, "mine": build_problem,
                "fisherman": build_problem, "inn": build_problem, "city": build_problem,
                "alchemy": build_problem, "done": no_problem}
    effects = {"woodcutter": build_effect, "farm": build_effect, "mine": build_effect,
               "fisherman": build_effect, "inn": build_effect, "city": build_effect,
               "alchemy": build_effect, "done": done_effect}

    def prompt(self, state, d):
        return prompt_msg("country", cart_shops=len(phase4.free_cart_shops(state, d["seat"])))


class TokensHandler(MoveHandler):
    """Phase 4, bank short (spec §2.8): the builder chooses which hexes get the last tokens.

    The decision holds the new building's id, the hexes still eligible and ``due``, the
    tokens the bank can still give; one or several hexes per move.
    """

    kind = "tokens"

    def moves(self, state, d):
        return [("tokens", (tuple(h),)) for h in d["hexes"]]

    def tokens_problem(self, state, d, move):
        hexes = move[1]
        if len(hexes) > d["due"] or len(set(hexes)) != len(hexes):
            return M.reason("too_many")
        eligible = {tuple(h) for h in d["hexes"]}
        return None if all(h in eligible for h in hexes) else M.reason("token_hex")

    def tokens_effect(self, state, d, move, events):
        countryside.place_tokens(state, d["building"], move[1])
        chosen = set(move[1])
        d["hexes"] = [h for h in d["hexes"] if tuple(h) not in chosen]
        d["due"] -= len(move[1])
        if not d["due"]:
            pop(state, d)
            events.append(M.event("tokens_placed", seat=d["seat"],
                                  hexes=" ".join(hex_text(tuple(h)) for h in sorted(
                                      state.country[d["building"]]["tokens"]))))

    problems = {"tokens": tokens_problem}
    effects = {"tokens": tokens_effect}

    def prompt(self, state, d):
        good = state.country[d["building"]]["good"]
        return prompt_msg("tokens", count=d["due"], good=M.good(good),
                       hexes=len(d["hexes"]))


class StorageHandler(MoveHandler):
    """Phase 5: give goods back one at a time until they fit the capacity."""

    kind, simultaneous = "storage", True

    def moves(self, state, d):
        seat = d["seat"]
        return [("keep", storage.greedy_keep(state, seat))] + [
            ("discard", k) for k in storage.kinds_held(state, seat)]

    def discard_problem(self, state, d, move):
        return None if move in self.moves(state, d) else M.reason("goods_missing")

    def keep_problem(self, state, d, move):
        if not holds(state.ps[d["seat"]]["goods"], move[1]):
            return M.reason("goods_missing")
        if len(move[1]) > storage.capacity(state, d["seat"]):
            return M.reason("over_capacity")
        return None

    def keep_effect(self, state, d, move, events):
        storage.keep(state, d["seat"], move[1])
        self.stored(state, d, events)

    def discard_effect(self, state, d, move, events):
        storage.discard(state, d["seat"], move[1])
        self.stored(state, d, events)

    problems = {"discard": discard_problem, "keep": keep_problem}
    effects = {"discard": discard_effect, "keep": keep_effect}

    def stored(self, state, d, events):
        """Close the decision once the goods fit the capacity."""
        if storage.excess(state, d["seat"]) == 0:
            pop(state, d)
            events.append(M.event("stored", seat=d["seat"]))

    def prompt(self, state, d):
        return prompt_msg("storage", count=storage.excess(state, d["seat"]),
                       capacity=storage.capacity(state, d["seat"]))


class HarvestHandler(MoveHandler):
    """Phase 6: choose which token each producing building gives when it matters."""

    kind, simultaneous = "harvest", True

    def moves(self, state, d):
        return sorted({("take", h) for _, h in harvest.choices(state, d)})

    def take_effect(self, state, d, move, events):
        cid = next(c for c, h in harvest.choices(state, d) if h == move[1])
        harvest.take(state, d, cid, move[1])
        harvest.auto_takes(state, d)
        if not d["takes"]:
            pop(state, d)
            events.append(M.event("harvested", seat=d["seat"]))

    problems = {"take": must_be_listed}
    effects = {"take": take_effect}

    def prompt(self, state, d):
        return prompt_msg("harvest")


class ExploreHandler(MoveHandler):
    """Phase 7: reveal one counter in the influence, or pass."""

    kind = "explore"

    def moves(self, state, d):
        return [("explore", h) for h in exploration.explorable(state, d["seat"])] + [("pass",)]

    def explore_problem(self, state, d, move):
        if move[1] not in state.counters:
            return M.reason("no_counter")
        return None if move in self.moves(state, d) else M.reason("outside_influence")

    def pass_effect(self, state, d, move, events):
        pop(state, d)

    def explore_effect(self, state, d, move, events):
        pop(state, d)
        kind = exploration.explore(state, d["seat"], move[1])
        events.append(M.event("explored", seat=d["seat"], hex=hex_text(move[1]),
                              good=M.good(kind), famine=state.famine, reveals=True))

    problems = {"explore": explore_problem, "pass": must_be_listed}
    effects = {"explore": explore_effect, "pass": pass_effect}

    def prompt(self, state, d):
        return prompt_msg("explore")


class GravesHandler(MoveHandler):
    """Phases 8 and 9: place graves by the rules of spec §7.3 (one or several per move)."""

    kind, simultaneous = "graves", True

    def moves(self, state, d):
        return [("grave", (c,)) for c in famine.grave_cells(state.ps[d["seat"]])]

    def grave_problem(self, state, d, move):
        cells = move[1]
        if len(cells) > d["due"]:
            return M.reason("too_many")
        p = copy_player(state.ps[d["seat"]])
        for cell in cells:
            if tuple(cell) not in famine.grave_cells(p):
                empty_first = famine.all_empty_cells(p)
                return M.reason("grave_empty_first" if empty_first else "grave_cell")
            p["graves"].append(list(cell))
        return None

    def grave_effect(self, state, d, move, events):
        for cell in move[1]:
            famine.place_grave(state, d["seat"], cell)
            d["due"] -= 1
        settle_graves(state, d, events)

    problems = {"grave": grave_problem}
    effects = {"grave": grave_effect}

    def prompt(self, state, d):
        return prompt_msg("graves", count=d["due"])


class PolluteHandler(MoveHandler):
    """Phase 9: place pollution markers on free hexes of one's own influence."""

    kind = "pollute"

    def moves(self, state, d):
        return [("pollute", (h,)) for h in pollution.free_hexes(state, d["seat"])]

    def pollute_problem(self, state, d, move):
        hexes = move[1]
        if len(hexes) > d["due"] or len(set(hexes)) != len(hexes):
            return M.reason("too_many")
        free = set(pollution.free_hexes(state, d["seat"]))
        return None if all(h in free for h in hexes) else M.reason("not_free")

    def pollute_effect(self, state, d, move, events):
        for h in move[1]:
            pollution.pollute(state, h)
            d["due"] -= 1
        if not d["due"]:
            pop(state, d)
            events.append(M.event("polluted", seat=d["seat"], count=d["total"]))

    problems = {"pollute": pollute_problem}
    effects = {"pollute": pollute_effect}

    def prompt(self, state, d):
        return prompt_msg("pollute", count=d["due"])


class ConcedeHandler(AnytimeVerbHandler):
    """A player still in the game may concede at any time, owing a decision or not (§8.3).

    He is treated like an eliminated player at once: his decisions are dropped and he leaves
    the queue of the phase in progress; the last player standing wins when the phase ends.
    """

    kind, outside_decisions = "concede", True

    def options(self, state, d):
        return []

    def concede_problem(self, state, d, move):
        if move != ("concede",) or state.over or state.ps[d["seat"]]["eliminated"]:
            return NOT_AN_OPTION
        return None

    def concede_effect(self, state, d, move, events):
        seat = d["seat"]
        eliminate(state, seat)
        state.pending[:] = [x for x in state.pending if x["seat"] != seat]
        state.queue[:] = [s for s in state.queue if s != seat]
        public = (state.phase2 or {}).get("public", {}).get(str(seat))
        if state.phase == "city" and public is not None:
            # copies share the public snapshots, which are never changed in place: replace it
            public = state.phase2["public"][str(seat)] = plain_copy(public)
            retire(public)  # the others see him out at once, not his hidden builds
        events.append(M.event("conceded", seat=seat))
        if state.phase == "city" and phase2.all_ready(state) and state.phase2:
            close_city_phase(state, events)

    problems = {"concede": concede_problem}
    effects = {"concede": concede_effect}


HANDLERS = Handlers([ColourHandler(), StartHandler(), CityHandler(), CountryHandler(),
                     TokensHandler(), StorageHandler(), HarvestHandler(), ExploreHandler(),
                     GravesHandler(), PolluteHandler()],
                    anytime=[ConcedeHandler()])
