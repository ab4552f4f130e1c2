"""The turn decision (spec 3.1, 8.2): move, activate, visit or rest, bonus actions, end.

One ``turn`` decision stays on the stack for the whole turn; each command's steps are pushed
above it and resolved before the player is asked again.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler

from . import bonus, crystals, guilds, myths, pets
from .acquire import modes
from .data import BASIC, COLOR_DECK, ability, card, rule, triangle_hexes
from .effects import fire, modifier_total, push_effects
from .flow import end_turn
from .kinds import ACQUIRING, deck_of, kind_problem, visit_problem
from .movement import destinations, do_move, must_take_penalty, path_problem
from .moves import COLORS
from .moves import text as move_text
from .msgs import card_msg, msg, region_msg
from .power import attr_msg, gain
from .regions import (
    control_cost,
    control_problem,
    controllable,
    do_control,
    region_at,
    start_visit,
    visit_spec,
)


def self_activation_max(state, seat: int) -> int:
    """Return how much one self-activation may gain (5.4)."""
    base = rule("vindication", "self_activation_gain") if state.players[seat].vindicated else 1
    return base + modifier_total(state, seat, "self_activation")


ACTIONS = ("activate_self", "activate", "visit", "rest", "guild")
MOVE_GROUP = "vindication.group.move"
ACTION_GROUP = "vindication.group.actions"
BONUS_GROUP = "vindication.group.bonus"
VISIT_WORDS = {"faceup": "vindication.visit.faceup", "blind": "vindication.visit.blind",
               "empowered": "vindication.visit.empowered", "none": "vindication.visit.none",
               "before": "vindication.visit.before"}


def visit_label(state, move: tuple) -> Msg:
    """Name a listed visit: the region, its hex, and the colour, mode and control chosen."""
    _, hid, color, mode, control, _ = move
    details = ([msg(f"deck.{COLOR_DECK[color]}")] if color else []) + \
        [Msg(VISIT_WORDS[w]) for w in (mode, control) if w]
    params = {"region": region_msg(region_at(state, hid)), "hex": hid}
    if not details:
        return msg("action.visit_region", **params)
    return msg("action.visit_region_with", details=details, **params)


def move_in_progress(turn: dict) -> bool:
    """Tell whether the Move action has started (an ``unable`` penalty, 8.2) but its path is
    not walked yet: no other action may come in between (3.1, actions are atomic)."""
    return turn["unable_penalties"] > 0 and not turn["moved"]


def visit_moves(state, seat: int) -> list[tuple]:
    """List one visit per adjacent region, Inn colour, acquisition mode and control choice.

    The region's own legality is judged once per hex and colour (``kind_problem``); modes
    and control then differ only by the Conviction they need (the Sacred Stones also by the
    stone a ``before`` control adds, and the recharge-only Tower by its own rule). A test
    checks this list against ``visit_problem`` on every combination.
    """
    player = state.players[seat]
    found = []
    for hid in triangle_hexes(player.triangle):
        if region_at(state, hid) is None:
            continue
        spec = visit_spec(state, hid)
        price = control_cost(state, seat, hid) if controllable(state, seat, hid) else None
        controls = (None,) if price is None else (None, "before")
        judged: dict[tuple, bool] = {}
        for color in COLORS if spec["kind"] == "acquire_companion" else (None,):
            for mode in _listed_modes(state, seat, spec, color):
                for control in controls:
                    if (price if control else 0) + (mode == "empowered") > player.conviction:
                        continue
                    move = ("visit", hid, color, mode, control, None)
                    key = (color, mode == "none",
                           control if spec["kind"] == "stone_teleport" else None)
                    if key not in judged:
                        judged[key] = kind_problem(state, seat, move) is None
                    if judged[key]:
                        found.append(move)
    return found


def _listed_modes(state, seat: int, spec: dict, color: str | None) -> list:
    """Return the acquisition modes a visit lists (``none``: the recharge-only option)."""
    if spec["kind"] not in ACQUIRING:
        return [None]
    listed = modes(state, seat, deck_of(spec, color))
    if spec["kind"] == "acquire_and_recharge" and state.options.get("arcane_tower_recharge_only"):
        listed = listed + ["none"]
    return listed


class TurnDecision(VerbHandler):
    """The active player's next command of the turn."""

    kind = "turn"

    def options(self, state, d):
        """List the turn's choices in three groups (one menu each when the list is long):
        moving, the actions (activate, visit, rest, control), bonus actions and ``end``."""
        seat, turn = d["seat"], state.turn
        found: list[Action] = []
        if not turn["moved"]:
            reach = destinations(state, seat)
            found += [Action("move " + " ".join(p), Msg("vindication.action.move", {"triangle": t}),
                             MOVE_GROUP, ("move", tuple(p))) for t, p in reach.items()]
            if not reach:
                found.append(Action("unable", Msg("vindication.action.unable"), MOVE_GROUP,
                                    ("unable",)))
        actions: list[Action] = []
        in_move = move_in_progress(turn)
        if not turn["activated"] and not in_move:
            actions += self._activations(state, seat)
        if not turn["visited_or_rested"] and not in_move:
            actions += [Action(_text(m), visit_label(state, m), move=m)
                        for m in visit_moves(state, seat)]
            actions.append(Action("rest", Msg("vindication.action.rest"), move=("rest",)))
        hid = turn["visited_hex"]
        if hid and control_problem(state, seat, hid) is None:
            actions.append(Action(f"control {hid}", Msg("vindication.action.control"),
                                  move=("control", hid)))
        if not in_move:
            actions += guilds.guild_actions(state, seat)  # a fourth action (7.10)
        found += [replace(a, group=ACTION_GROUP) for a in actions]
        extra = bonus.bonus_actions(state, seat)
        if turn["moved"]:
            extra.append(Action("end", Msg("vindication.action.end"), move=("end",)))
        return found + [replace(a, group=BONUS_GROUP) for a in extra]

    def has_options(self, state, d):
        """A turn always offers something: a move (or ``unable``) before moving, ``end`` after."""
        return True

    def _activations(self, state, seat):
        """List self- and companion activations: the full gain (no amount in the text), and
        every smaller amount the Influence allows ("gain up to", 5.4)."""
        player = state.players[seat]
        found = []
        top = self_activation_max(state, seat)
        for a in BASIC if player.influence > 0 else ():
            found.append(Action(f"activate self {a}", msg("action.activate_self", attr=attr_msg(a)),
                                move=("activate_self", a, None)))
            found += [Action(f"activate self {a} {n}",
                             msg("action.activate_self_n", attr=attr_msg(a), n=n),
                             move=("activate_self", a, n))
                      for n in range(1, min(top, player.influence))]
        for cid, cubes in player.companions:
            loyal = guilds.holds_medal(state, seat, "loyalty", cid)  # no cube placed (7.10)
            if player.influence < 1 and not loyal:
                continue
            left = player.influence + min(1, cubes) if loyal else player.influence - 1
            uses = (True, False) if (ability(cid) or {}).get("timing") == "activate" else (True,)
            smaller = range(1, min(card(cid)["icon"]["n"], left))
            for use in uses:
                key = "action.activate_card" if use else "action.activate_card_plain"
                found += [Action(move_text(m), msg(key + ("_n" if m[2] else ""), card=card_msg(cid),
                                                   n=m[2] or 0), move=m)
                          for m in [("activate", cid, n, use) for n in (None, *smaller)]]
        return found

    def problem(self, state, d, move):
        """Refuse another action while the Move action is under way (3.1), then judge the
        move by its verb."""
        if move[0] in ACTIONS and move_in_progress(state.turn):
            return Msg("vindication.reason.finish_move")
        return super().problem(state, d, move)

    def other_verb(self, state, d, move):
        return Msg("vindication.reason.not_now")

    def move_problem(self, state, d, move):
        seat = d["seat"]
        return path_problem(state, seat, list(move[1]))

    def unable_problem(self, state, d, move):
        seat = d["seat"]
        return None if must_take_penalty(state, seat) else Msg("vindication.reason.can_move")

    def activate_self_problem(self, state, d, move):
        seat = d["seat"]
        if state.turn["activated"]:
            return Msg("vindication.reason.already_activated")
        top = self_activation_max(state, seat)
        if move[2] is not None and not 1 <= move[2] <= top:
            return Msg("vindication.reason.activation_max", {"n": top})
        return None

    def activate_problem(self, state, d, move):
        seat = d["seat"]
        _, cid, n, _ = move
        player = state.players[seat]
        if state.turn["activated"]:
            return Msg("vindication.reason.already_activated")
        if cid not in [c for c, _ in player.companions]:
            return Msg("vindication.reason.not_your_companion")
        if player.influence < 1 and not guilds.holds_medal(state, seat, "loyalty", cid):
            return Msg("vindication.reason.no_influence")  # Loyalty places no cube (7.10)
        if n is not None and not 1 <= n <= card(cid)["icon"]["n"]:
            return Msg("vindication.reason.activation_max", {"n": card(cid)["icon"]["n"]})
        return None

    def visit_problem(self, state, d, move):
        seat = d["seat"]
        return visit_problem(state, seat, move)

    def rest_problem(self, state, d, move):
        if state.turn["visited_or_rested"]:
            return Msg("vindication.reason.visited_or_rested")
        return None

    def control_problem(self, state, d, move):
        seat = d["seat"]
        return control_problem(state, seat, move[1])

    def convert_problem(self, state, d, move):
        seat = d["seat"]
        return bonus.convert_problem(state, seat, move[1])

    def proficiency_problem(self, state, d, move):
        seat = d["seat"]
        return bonus.proficiency_problem(state, seat, move[1])

    def discard_problem(self, state, d, move):
        seat = d["seat"]
        return bonus.discard_problem(state, seat, move[1])

    def recover_problem(self, state, d, move):
        seat = d["seat"]
        if len(move) == 1:
            return None if bonus.has_recovery_source(state, seat) else \
                msg("reason.recover_nothing")
        return bonus.recover_problem(state, seat, move)

    def vindicate_problem(self, state, d, move):
        seat = d["seat"]
        return bonus.vindicate_problem(state, seat)

    def use_problem(self, state, d, move):
        seat = d["seat"]
        return bonus.use_problem(state, seat, move[1])

    def crystal_problem(self, state, d, move):
        return crystals.crystal_problem(state, d["seat"], move[1])

    def rehome_problem(self, state, d, move):
        return pets.rehome_problem(state, d["seat"], move[1], move[2])

    def guild_problem(self, state, d, move):
        return guilds.guild_problem(state, d["seat"], move)

    def warp_problem(self, state, d, move):
        return myths.warp_problem(state, d["seat"], move[1])

    def end_problem(self, state, d, move):
        return None if state.turn["moved"] else Msg("vindication.reason.must_move")

    def effect(self, state, d, move, events):
        """Close the chance to take control after a visit (any move but ``control``), then
        carry the move out by its verb."""
        if move[0] != "control":
            state.turn["control_open"] = False
        super().effect(state, d, move, events)

    problems = {
        "move": move_problem,
        "unable": unable_problem,
        "activate_self": activate_self_problem,
        "activate": activate_problem,
        "visit": visit_problem,
        "rest": rest_problem,
        "control": control_problem,
        "convert": convert_problem,
        "proficiency": proficiency_problem,
        "discard": discard_problem,
        "recover": recover_problem,
        "vindicate": vindicate_problem,
        "use": use_problem,
        "crystal": crystal_problem,
        "rehome": rehome_problem,
        "guild": guild_problem,
        "warp": warp_problem,
        "end": end_problem,
    }

    def move_effect(self, state, d, move, events):
        seat = d["seat"]
        do_move(state, seat, list(move[1]), events)
        myths.after_move(state, seat, events)  # a black cube ends on Ronak (7.11)

    def unable_effect(self, state, d, move, events):
        seat = d["seat"]
        state.turn["unable_penalties"] += 1
        events.append(Event("vindication.event.unable", {"seat": seat}))
        push(state, {"type": "power_step", "seat": seat, "direction": "down", "n": 1})

    def activate_self_effect(self, state, d, move, events):
        seat = d["seat"]
        state.turn["activated"] = True
        n = move[2] or self_activation_max(state, seat)
        events.append(Event("vindication.event.activated_self", {"seat": seat}))
        gain(state, seat, move[1], n, events)

    def activate_effect(self, state, d, move, events):
        seat = d["seat"]
        _, cid, n, use = move
        player = state.players[seat]
        state.turn["activated"] = True
        events.append(Event("vindication.event.activated", {"seat": seat, "card": card_msg(cid)}))
        if not guilds.loyal_activation(state, seat, cid, events):  # Loyalty (7.10)
            player.influence -= 1
            next(c for c in player.companions if c[0] == cid)[1] += 1
        icon = card(cid)["icon"]
        gain(state, seat, icon["attr"], n or icon["n"], events)
        pets.on_owner_activated(state, seat, cid)  # pushed first: resolves after the card's
        spec = ability(cid)
        if use and spec and spec["timing"] == "activate":
            push_effects(state, seat, spec["effects"], cid)

    def visit_effect(self, state, d, move, events):
        seat = d["seat"]
        start_visit(state, seat, move, events)

    def rest_effect(self, state, d, move, events):
        seat = d["seat"]
        state.turn["visited_or_rested"] = True
        events.append(Event("vindication.event.rested", {"seat": seat}))
        fire(state, seat, "after_rest", {}, events)
        push(state, {"type": "power_step", "seat": seat, "direction": "up", "n": 1})

    def control_effect(self, state, d, move, events):
        seat = d["seat"]
        do_control(state, seat, move[1], events)

    def convert_effect(self, state, d, move, events):
        seat = d["seat"]
        bonus.do_convert(state, seat, move[1], events)

    def proficiency_effect(self, state, d, move, events):
        seat = d["seat"]
        bonus.do_proficiency(state, seat, move[1], events)

    def discard_effect(self, state, d, move, events):
        seat = d["seat"]
        bonus.do_discard(state, seat, move[1], events)

    def recover_effect(self, state, d, move, events):
        seat = d["seat"]
        if len(move) == 1:
            push(state, {"type": "recover_menu", "seat": seat})
        else:
            bonus.take_recovery(state, seat, move, events)

    def vindicate_effect(self, state, d, move, events):
        seat = d["seat"]
        bonus.do_vindicate(state, seat, events)

    def use_effect(self, state, d, move, events):
        seat = d["seat"]
        bonus.do_use(state, seat, move[1], events)

    def crystal_effect(self, state, d, move, events):
        crystals.do_crystal(state, d["seat"], move[1], events)

    def rehome_effect(self, state, d, move, events):
        pets.do_rehome(state, d["seat"], move[1], move[2], events)

    def guild_effect(self, state, d, move, events):
        guilds.do_guild(state, d["seat"], move, events)

    def warp_effect(self, state, d, move, events):
        myths.do_warp(state, d["seat"], move[1], events)

    def end_effect(self, state, d, move, events):
        pop(state, d)
        guilds.at_turn_end(state, d["seat"], events)  # R31
        end_turn(state, events)

    effects = {
        "move": move_effect,
        "unable": unable_effect,
        "activate_self": activate_self_effect,
        "activate": activate_effect,
        "visit": visit_effect,
        "rest": rest_effect,
        "control": control_effect,
        "convert": convert_effect,
        "proficiency": proficiency_effect,
        "discard": discard_effect,
        "recover": recover_effect,
        "vindicate": vindicate_effect,
        "use": use_effect,
        "crystal": crystal_effect,
        "rehome": rehome_effect,
        "guild": guild_effect,
        "warp": warp_effect,
        "end": end_effect,
    }

    def prompt(self, state, d):
        return msg("prompt.turn" if state.turn["moved"] else "prompt.turn_move")


def _text(move) -> str:
    return move_text(move)


__all__ = ["TurnDecision", "control_cost", "controllable"]
