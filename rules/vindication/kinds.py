"""The closed list of region visit kinds (spec 5.8), one legality rule and one resolution each,
with the module kinds of spec 7.4-7.6 (Well of Wishes, Temple Ruins, Sacred Stones); those of
7.7 (Jewelcrafter & Crystal Mines) live in ``crystals``.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from . import crystals, guilds, myths, pets, sites
from .acquire import card_available, modes
from .data import COLOR_DECK, board, hex_triangles, modules, triangle_hexes
from .effects import can_perform, fire, push_effects, recharge_targets
from .movement import discover, occupied
from .msgs import card_msg, msg
from .power import can_pay
from .regions import (
    base_cost,
    control_cost,
    controllable,
    discounted,
    max_steps,
    pay,
    push_steps,
    region_at,
    take_control,
    visit_spec,
)
from .setup import KeepQuest
from .tiles import draw_wish

ACQUIRING = {"acquire", "acquire_companion", "acquire_and_recharge", "fight"}


def deck_of(spec: dict, color: str | None) -> str | None:
    """Return the deck a visit acquires from (the Inn's by colour)."""
    if spec["kind"] == "acquire_companion":
        return COLOR_DECK.get(color)
    return spec.get("deck")


def visit_problem(state, seat: int, move: tuple) -> Msg | None:
    """Return why visit ``move`` is not legal now (R8), or None."""
    _, hid, color, mode, control, steps = move
    if state.turn["visited_or_rested"]:
        return Msg("vindication.reason.visited_or_rested")
    if hid not in triangle_hexes(state.players[seat].triangle):
        return Msg("vindication.reason.not_next_to", {"hex": hid})
    if region_at(state, hid) is None:
        return Msg("vindication.reason.undiscovered", {"hex": hid})
    if control and not controllable(state, seat, hid):
        return Msg("vindication.reason.cannot_control")
    need = (control_cost(state, seat, hid) if control else 0) + (mode == "empowered")
    if state.players[seat].conviction < need:
        return Msg("vindication.reason.need_conviction", {"n": need})
    return kind_problem(state, seat, move)


class VisitBody(VerbHandler):
    """Control before, then the region's own kind of effect, then ``visit_end``."""

    kind = "visit_body"

    def auto(self, state, d, events):
        pop(state, d)
        seat, hid = d["seat"], d["hex"]
        if d["control"] == "before":
            take_control(state, seat, hid, events)
        push(state, {"type": "visit_end", "seat": seat, "hex": hid, "control": d["control"],
                     "controlled_before": d["control"] == "before"})
        resolve_kind(state, d, events)
        return True


def kind_problem(state, seat: int, move: tuple) -> Msg | None:
    """Return why the region kind forbids visit ``move`` now, or None."""
    _, hid, color, mode, control, steps = move
    spec, region = visit_spec(state, hid), region_at(state, hid)
    kind = spec["kind"]
    player = state.players[seat]
    if kind == "acquire_companion" and color is None:
        if not inn_colours(state, seat, hid, mode):
            return Msg("vindication.reason.cannot_pay")
        return None if steps is None else Msg("vindication.reason.no_steps_here")
    if kind != "acquire_companion" and color is not None:
        return Msg("vindication.reason.no_colour_here")
    if kind == "repeatable":
        top = max_steps(state, seat, hid)
        if top < 1:
            return Msg("vindication.reason.cannot_pay")
        if steps is not None and not 1 <= steps <= top:
            return Msg("vindication.reason.steps_range", {"max": top})
    elif steps is not None:
        return Msg("vindication.reason.no_steps_here")
    if kind in ACQUIRING:
        return _acquiring_problem(state, seat, hid, spec, region, color, mode)
    if mode is not None:
        return Msg("vindication.reason.no_mode_here")
    cost = discounted(state, seat, region, spec.get("cost", {}))
    if kind == "once" and not can_pay(player, cost):
        return Msg("vindication.reason.cannot_pay")
    if kind == "once" and not all(can_perform(state, seat, e) for e in spec["effects"]):
        return Msg("vindication.reason.no_effect")
    if kind in crystals.KINDS:
        return crystals.kind_problem(state, seat, spec)
    if kind in sites.KINDS:
        return sites.kind_problem(state, seat, spec)
    if kind in pets.KINDS:
        return pets.kind_problem(state, seat, hid, spec)
    if kind in myths.KINDS:
        return myths.kind_problem(state, seat, spec)
    if kind == "quest_draw" and not state.quest_deck:
        return Msg("vindication.reason.no_quests")
    if kind == "stone_teleport":
        held = stones_held(state, seat) + (control == "before")
        if not stone_targets(state, seat) or (not held and state.turn["moved"]):
            return Msg("vindication.reason.no_teleport")
    return None


def _acquiring_problem(state, seat, hid, spec, region, color, mode) -> Msg | None:
    player = state.players[seat]
    deck = deck_of(spec, color)
    recharge_only = spec["kind"] == "acquire_and_recharge" and mode == "none"
    if recharge_only:
        if not state.options.get("arcane_tower_recharge_only") or not recharge_targets(state, seat):
            return Msg("vindication.reason.no_relic")
        return None
    if spec["kind"] == "fight" and not player.companions:
        return Msg("vindication.reason.no_companion")
    if not can_pay(player, discounted(state, seat, region, base_cost(spec, color))):
        return Msg("vindication.reason.cannot_pay")
    if not card_available(state, deck):
        return Msg("vindication.reason.deck_empty")
    if mode is not None and mode not in modes(state, seat, deck):
        return Msg("vindication.reason.mode_unavailable")
    return None


def resolve_kind(state, d: dict, events: list) -> None:
    """Pay and push the steps of the region's kind (the caller pushed ``visit_end`` below)."""
    seat, hid = d["seat"], d["hex"]
    spec = visit_spec(state, hid)
    kind = spec["kind"]
    if kind == "once":
        pay(state, seat, hid, dict(spec.get("cost", {})))
        push_effects(state, seat, spec["effects"], None, required=True)
    elif kind == "repeatable":
        if d["steps"] is None:
            push(state, {"type": "visit_steps", "seat": seat, "hex": hid})
        else:
            push_steps(state, seat, hid, d["steps"])
    elif kind == "academy_roll":
        push(state, {"type": "roll", "seat": seat, "die": "attribute", "purpose": "academy",
                     "first": True})
    elif kind in ACQUIRING:
        _resolve_acquiring(state, seat, hid, spec, d)
    elif kind == "wish":
        push(state, {"type": "wish", "seat": seat, "hex": hid})
    elif kind == "quest_draw":
        _draw_quests(state, seat, spec["draw"], events)
    elif kind == "stone_teleport":
        push(state, {"type": "teleport", "seat": seat})
    elif kind in crystals.KINDS:
        crystals.resolve(state, seat, hid, spec, events)
    elif kind in sites.KINDS:
        sites.resolve(state, seat, hid, spec, events)
    elif kind in pets.KINDS:
        pets.resolve(state, seat, hid, spec, events)
    elif kind in myths.KINDS:
        myths.resolve(state, seat, spec, events)


def inn_colours(state, seat: int, hid: str, mode: str | None) -> list[str]:
    """Return the Inn colours ``seat`` could acquire from now (with ``mode`` if given)."""
    spec, region = visit_spec(state, hid), region_at(state, hid)
    return [c for c in ("red", "blue", "yellow")
            if _acquiring_problem(state, seat, hid, spec, region, c, mode) is None]


def _resolve_acquiring(state, seat, hid, spec, d) -> None:
    kind, mode = spec["kind"], d["mode"]
    if kind == "acquire_companion" and d["color"] is None:
        push(state, {"type": "inn_colour", "seat": seat, "hex": hid, "mode": mode})
        return
    if kind == "acquire_and_recharge":
        only = mode == "none"  # a recharge-only visit must recharge something (R8, R24)
        push(state, {"type": "recharge_pick", "seat": seat, "n": None, "least": int(only)})
        if only:
            return
    if kind == "fight":
        push(state, {"type": "roll", "seat": seat, "die": "attribute", "purpose": "attr"})
        push(state, {"type": "roll", "seat": seat, "die": "monster", "purpose": "monster"})
    pay(state, seat, hid, base_cost(spec, d["color"]))
    push(state, {"type": "acquire", "seat": seat, "deck": deck_of(spec, d["color"]), "mode": mode})


class InnColour(VerbHandler):
    """Choose the Inn's colour (and so the cost and the deck) when the visit did not say."""

    kind = "inn_colour"

    def options(self, state, d):
        return [Action(f"colour {c}", msg(f"deck.{COLOR_DECK[c]}"), move=("colour", c))
                for c in inn_colours(state, d["seat"], d["hex"], d["mode"])]

    def colour_effect(self, state, d, move, events):
        pop(state, d)
        spec = visit_spec(state, d["hex"])
        _resolve_acquiring(state, d["seat"], d["hex"], spec, {"mode": d["mode"],
                                                              "color": move[1]})

    problems = {"colour": must_be_listed}
    effects = {"colour": colour_effect}

    def prompt(self, state, d):
        return msg("prompt.inn_colour")


class VisitSteps(VerbHandler):
    """Choose how many steps of a repeatable region (Command Post, Monastery) to take."""

    kind = "visit_steps"

    def options(self, state, d):
        return [Action(f"steps {n}", move=("steps", n))
                for n in range(1, max_steps(state, d["seat"], d["hex"]) + 1)]

    def steps_effect(self, state, d, move, events):
        pop(state, d)
        push_steps(state, d["seat"], d["hex"], move[1])

    problems = {"steps": must_be_listed}
    effects = {"steps": steps_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.visit_steps")


# -- Well of Wishes (7.4) -------------------------------------------------------------------

class Wish(VerbHandler):
    """Take one face-up wish token; it goes back to the pool and the display is refilled."""

    kind = "wish"

    def options(self, state, d):
        return [Action(f"wish {w}", Msg(f"vindication.wish.{w}"), move=("wish", w))
                for w in sorted(set(state.wishes.get(d["hex"], [])))]

    def wish_effect(self, state, d, move, events):
        pop(state, d)
        token = move[1]
        display = state.wishes[d["hex"]]
        display.remove(token)
        events.append(Event("vindication.event.wish", {"seat": d["seat"],
                                                       "wish": Msg(f"vindication.wish.{token}")},
                            reveals=True))
        state.wish_pool.append(token)
        state.rng.shuffle(state.wish_pool)
        display.append(draw_wish(state))
        effects = next(w["effects"] for w in modules()["wish_tokens"] if w["id"] == token)
        push_effects(state, d["seat"], effects, None)

    problems = {"wish": must_be_listed}
    effects = {"wish": wish_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.wish")


# -- Temple Ruins (7.6) ---------------------------------------------------------------------

def _draw_quests(state, seat: int, draw: int, events: list) -> None:
    drawn = state.quest_deck[:draw]
    del state.quest_deck[:draw]
    if len(drawn) == 1:
        state.players[seat].quests.append(drawn[0])
        events.append(Event("vindication.event.quest_taken", {"seat": seat}, reveals=True))
        return
    events.append(Event("vindication.event.candidates_seen",
                        {"cards": [card_msg(q) for q in drawn]},
                        audience=frozenset({seat}), reveals=True))
    push(state, {"type": "temple_keep", "seat": seat, "drawn": drawn})


class TempleKeep(KeepQuest):
    """Keep one of the two quests drawn at the Temple Ruins (hidden from the others); the
    other goes back into the quest deck, which is shuffled."""

    kind = "temple_keep"
    offered = "drawn"

    def keep_effect(self, state, d, move, events):
        state.quest_deck.extend(self.keep(state, d, move))
        state.rng.shuffle(state.quest_deck)
        events.append(Event("vindication.event.quest_taken", {"seat": d["seat"]}, reveals=True))

    problems = {"keep": must_be_listed}
    effects = {"keep": keep_effect}



# -- Sacred Stones (7.5, R25) ---------------------------------------------------------------

def stone_hexes(state) -> list[str]:
    """Return the hexes holding a Sacred Stones tile."""
    return sorted(h for h, (tile, _) in state.hexes.items() if tile == "sacred_stones")


def stones_held(state, seat: int) -> int:
    """Return how many Sacred Stones ``seat`` controls."""
    return sum(1 for h in stone_hexes(state) if state.hexes[h][1] == seat)


def stone_targets(state, seat: int) -> list[str]:
    """Return the triangles a stone teleport of ``seat`` may reach now."""
    if stones_held(state, seat) >= 2:
        pool = set(board()["triangles"])
    else:
        pool = {t for h in stone_hexes(state) for t in hex_triangles(h)}
    banned = occupied(state, seat) | {state.players[seat].triangle}
    return sorted(pool - banned)


class Teleport(VerbHandler):
    """Move the medal to a stone destination; without a controlled stone it is the Move."""

    kind = "teleport"

    def options(self, state, d):
        return [Action(f"teleport {t}", move=("teleport", t))
                for t in stone_targets(state, d["seat"])]

    def teleport_effect(self, state, d, move, events):
        pop(state, d)
        seat = d["seat"]
        if stones_held(state, seat) == 0:
            state.turn["moved"] = True
        state.players[seat].triangle = move[1]
        events.append(Event("vindication.event.teleported", {"seat": seat, "triangle": move[1]}))
        guilds.passed(state, seat, [move[1]], events)  # an Obstacle there (7.10)
        if discover(state, [move[1]], events):
            fire(state, seat, "after_discover", {}, events)

    problems = {"teleport": must_be_listed}
    effects = {"teleport": teleport_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.teleport")


# -- Building Sites (7.9): the built region's visit, as part of the same visit -----------------

class SiteVisit(VerbHandler):
    """Resolve the new region's visit as part of this visit (no second toll), or skip it;
    nothing is asked when that visit is not possible now."""

    kind = "site_visit"

    def auto(self, state, d, events):
        if kind_problem(state, d["seat"], ("visit", d["hex"], None, None, None, None)) is None:
            return False
        pop(state, d)
        return True

    def options(self, state, d):
        region = msg(f"region.{region_at(state, d['hex'])}")
        return [Action("enter", msg("action.site_enter", region=region), move=("enter",)),
                Action("skip", msg("action.site_skip"), move=("skip",))]

    def enter_effect(self, state, d, move, events):
        pop(state, d)
        resolve_kind(state, {"seat": d["seat"], "hex": d["hex"], "steps": None, "color": None,
                             "mode": None}, events)

    def skip_effect(self, state, d, move, events):
        pop(state, d)

    problems = {"enter": must_be_listed, "skip": must_be_listed}
    effects = {"enter": enter_effect, "skip": skip_effect}

    def prompt(self, state, d):
        return msg("prompt.site_visit")


HANDLERS = [VisitBody(), InnColour(), VisitSteps(), Wish(), TempleKeep(), Teleport(),
            SiteVisit()]
