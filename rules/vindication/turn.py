"""The turn decision (spec 3.1, 8.2): move, activate, visit or rest, bonus actions, end.

One ``turn`` decision stays on the stack for the whole turn; each command's steps are pushed
above it and resolved before the player is asked again.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Action, Event, Msg
from rules.core.decisions import Handler, pop, push

from . import bonus
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


ACTIONS = ("activate_self", "activate", "visit", "rest")
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


class TurnDecision(Handler):
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
        if player.influence <= 0:
            return []
        found = []
        top = self_activation_max(state, seat)
        for a in BASIC:
            found.append(Action(f"activate self {a}", msg("action.activate_self", attr=attr_msg(a)),
                                move=("activate_self", a, None)))
            found += [Action(f"activate self {a} {n}",
                             msg("action.activate_self_n", attr=attr_msg(a), n=n),
                             move=("activate_self", a, n))
                      for n in range(1, min(top, player.influence))]
        for cid, _ in player.companions:
            uses = (True, False) if (ability(cid) or {}).get("timing") == "activate" else (True,)
            smaller = range(1, min(card(cid)["icon"]["n"], player.influence - 1))
            for use in uses:
                key = "action.activate_card" if use else "action.activate_card_plain"
                found += [Action(move_text(m), msg(key + ("_n" if m[2] else ""), card=card_msg(cid),
                                                   n=m[2] or 0), move=m)
                          for m in [("activate", cid, n, use) for n in (None, *smaller)]]
        return found

    def problem(self, state, d, move):
        seat = d["seat"]
        check = getattr(self, f"_check_{move[0]}", None)
        if check is None:
            return Msg("vindication.reason.not_now")
        if move[0] in ACTIONS and move_in_progress(state.turn):
            return Msg("vindication.reason.finish_move")
        return check(state, seat, move)

    def _check_move(self, state, seat, move):
        return path_problem(state, seat, list(move[1]))

    def _check_unable(self, state, seat, move):
        return None if must_take_penalty(state, seat) else Msg("vindication.reason.can_move")

    def _check_activate_self(self, state, seat, move):
        if state.turn["activated"]:
            return Msg("vindication.reason.already_activated")
        top = self_activation_max(state, seat)
        if move[2] is not None and not 1 <= move[2] <= top:
            return Msg("vindication.reason.activation_max", {"n": top})
        return None

    def _check_activate(self, state, seat, move):
        _, cid, n, _ = move
        player = state.players[seat]
        if state.turn["activated"]:
            return Msg("vindication.reason.already_activated")
        if cid not in [c for c, _ in player.companions]:
            return Msg("vindication.reason.not_your_companion")
        if player.influence < 1:
            return Msg("vindication.reason.no_influence")
        if n is not None and not 1 <= n <= card(cid)["icon"]["n"]:
            return Msg("vindication.reason.activation_max", {"n": card(cid)["icon"]["n"]})
        return None

    def _check_visit(self, state, seat, move):
        return visit_problem(state, seat, move)

    def _check_rest(self, state, seat, move):
        if state.turn["visited_or_rested"]:
            return Msg("vindication.reason.visited_or_rested")
        return None

    def _check_control(self, state, seat, move):
        return control_problem(state, seat, move[1])

    def _check_convert(self, state, seat, move):
        return bonus.convert_problem(state, seat, move[1])

    def _check_proficiency(self, state, seat, move):
        return bonus.proficiency_problem(state, seat, move[1])

    def _check_discard(self, state, seat, move):
        return bonus.discard_problem(state, seat, move[1])

    def _check_recover(self, state, seat, move):
        if len(move) == 1:
            return None if bonus.has_recovery_source(state, seat) else \
                msg("reason.recover_nothing")
        return bonus.recover_problem(state, seat, move)

    def _check_vindicate(self, state, seat, move):
        return bonus.vindicate_problem(state, seat)

    def _check_use(self, state, seat, move):
        return bonus.use_problem(state, seat, move[1])

    def _check_end(self, state, seat, move):
        return None if state.turn["moved"] else Msg("vindication.reason.must_move")

    def effect(self, state, d, move, events):
        seat, verb = d["seat"], move[0]
        if verb != "control":
            state.turn["control_open"] = False
        getattr(self, f"_do_{verb}")(state, d, seat, move, events)

    def _do_move(self, state, d, seat, move, events):
        do_move(state, seat, list(move[1]), events)

    def _do_unable(self, state, d, seat, move, events):
        state.turn["unable_penalties"] += 1
        events.append(Event("vindication.event.unable", {"seat": seat}))
        push(state, {"type": "power_step", "seat": seat, "direction": "down", "n": 1})

    def _do_activate_self(self, state, d, seat, move, events):
        state.turn["activated"] = True
        n = move[2] or self_activation_max(state, seat)
        events.append(Event("vindication.event.activated_self", {"seat": seat}))
        gain(state, seat, move[1], n, events)

    def _do_activate(self, state, d, seat, move, events):
        _, cid, n, use = move
        player = state.players[seat]
        state.turn["activated"] = True
        player.influence -= 1
        next(c for c in player.companions if c[0] == cid)[1] += 1
        events.append(Event("vindication.event.activated", {"seat": seat, "card": card_msg(cid)}))
        icon = card(cid)["icon"]
        gain(state, seat, icon["attr"], n or icon["n"], events)
        spec = ability(cid)
        if use and spec and spec["timing"] == "activate":
            push_effects(state, seat, spec["effects"], cid)

    def _do_visit(self, state, d, seat, move, events):
        start_visit(state, seat, move, events)

    def _do_rest(self, state, d, seat, move, events):
        state.turn["visited_or_rested"] = True
        events.append(Event("vindication.event.rested", {"seat": seat}))
        fire(state, seat, "after_rest", {}, events)
        push(state, {"type": "power_step", "seat": seat, "direction": "up", "n": 1})

    def _do_control(self, state, d, seat, move, events):
        do_control(state, seat, move[1], events)

    def _do_convert(self, state, d, seat, move, events):
        bonus.do_convert(state, seat, move[1], events)

    def _do_proficiency(self, state, d, seat, move, events):
        bonus.do_proficiency(state, seat, move[1], events)

    def _do_discard(self, state, d, seat, move, events):
        bonus.do_discard(state, seat, move[1], events)

    def _do_recover(self, state, d, seat, move, events):
        if len(move) == 1:
            push(state, {"type": "recover_menu", "seat": seat})
        else:
            bonus.take_recovery(state, seat, move, events)

    def _do_vindicate(self, state, d, seat, move, events):
        bonus.do_vindicate(state, seat, events)

    def _do_use(self, state, d, seat, move, events):
        bonus.do_use(state, seat, move[1], events)

    def _do_end(self, state, d, seat, move, events):
        pop(state, d)
        end_turn(state, events)

    def prompt(self, state, d):
        return msg("prompt.turn" if state.turn["moved"] else "prompt.turn_move")


def _text(move) -> str:
    return move_text(move)


__all__ = ["TurnDecision", "control_cost", "controllable"]
