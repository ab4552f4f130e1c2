"""Warcraft race decisions stacked on the Small World turn: the Worgen form (§4.1 Worgen, T3)
and the Forsaken recruitment (§4.1 Forsaken, T6).

* ``form human`` / ``form worgen``: owed at the start of every expand turn of active Worgen
  (above the start decision, where ``decline`` is still allowed instead) and right after
  picking them. Human form gains 2 coins; Worgen form pays 1 (refused with no coin) and
  every conquest of the turn costs 1 less.
* ``recruit N``: after the conquests of active Forsaken, buy up to one token per token they
  made another race lose this turn, 1 coin each, from their tray into hand (``redeploy
  auto`` typed during the conquests ends them without a purchase).

Both options are always listed in full (coins are hidden); a move the coins cannot pay is
refused with its reason.
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler
from rules.smallworld import handlers as base_handlers
from rules.smallworld.state import Instance, State

from . import coins, data, msgs

FORMS = ("human", "worgen")


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def wants_form(state: State, inst: Instance | None) -> bool:
    """Tell whether ``inst`` is an active Worgen race that owes its form choice."""
    return (inst is not None and not inst.declined
            and "worgen_forms" in data.races()[inst.race].get("hooks", ()))


def ask_form(state: State, inst: Instance) -> None:
    """Stack the Worgen form decision for ``inst``'s owner."""
    state.pending.append({"type": "form", "seat": inst.owner, "inst": inst.id})


class FormDecision(VerbHandler):
    """Choose the Worgen form for this turn (or decline instead, at the start of a turn)."""

    kind = "form"

    def _may_decline(self, state, d) -> bool:
        below = state.pending[-2] if len(state.pending) > 1 else None
        return below is not None and below["type"] == "start"

    def options(self, state, d):
        listed = [Action(f"form {f}", msgs.label(f"form_{f}"), None, ("form", f)) for f in FORMS]
        if self._may_decline(state, d):
            listed.append(Action("decline", None, None, ("decline",)))
        return listed

    def other_verb(self, state, d, move):
        return msgs.err("choose_form_first")

    def decline_problem(self, state, d, move):
        if move == ("decline",) and self._may_decline(state, d):
            return None
        return self.other_verb(state, d, move)

    def form_problem(self, state, d, move):
        fee = data.constants()["payments"]["worgen_form_fee"]
        if move[1] == "worgen" and state.players[d["seat"]].coins < fee:
            return msgs.err("form_needs_coin", coins=fee)
        return None

    def decline_effect(self, state, d, move, events):
        """Decline instead: played by the start of the turn below."""
        pop(state, d)
        start = state.pending[-1]
        base_handlers.handler_of(state, start).effect(state, start, move, events)

    def form_effect(self, state, d, move, events):
        pop(state, d)
        payments = data.constants()["payments"]
        seat = d["seat"]
        events.append(msgs.event("worgen_form", seat=seat, form=msgs.label(f"form_{move[1]}")))
        flags(state)["form"] = move[1]
        if move[1] == "human":
            coins.gain(state, seat, payments["worgen_human_gain"], "worgen", events)
            return
        player = state.edit_player(seat)
        player.coins -= payments["worgen_form_fee"]
        player.earned["worgen"] = player.earned.get("worgen", 0) - payments["worgen_form_fee"]

    problems = {"form": form_problem, "decline": decline_problem}
    effects = {"form": form_effect, "decline": decline_effect}


    def prompt(self, state, d):
        return msgs.prompt("form")


def count_kill(state: State, inst: Instance, tokens: int) -> None:
    """Count tokens another race lost to the active Forsaken ``inst`` this turn."""
    if "buy_tokens_per_kill" in data.races()[inst.race].get("hooks", ()) and not inst.declined:
        flags(state)["kills"] = flags(state).get("kills", 0) + tokens


def ask_recruit(state: State, inst: Instance) -> None:
    """Stack the Forsaken recruitment when they caused losses and have tokens left."""
    if flags(state).get("kills") and state.tray[inst.race] > 0 and not inst.declined:
        state.pending.append({"type": "recruit", "seat": inst.owner, "inst": inst.id})


class RecruitDecision(VerbHandler):
    """Forsaken: buy 0 to N extra tokens, 1 coin each (N = tokens lost to them this turn)."""

    kind = "recruit"

    def _most(self, state, d) -> int:
        return min(flags(state).get("kills", 0), state.tray[state.insts[d["inst"]].race])

    def options(self, state, d):
        return [Action(f"recruit {n}", msgs.label("recruit", count=n), None, ("recruit", n))
                for n in range(self._most(state, d) + 1)]

    def other_verb(self, state, d, move):
        return msgs.err("recruit_first")

    def recruit_problem(self, state, d, move):
        if not 0 <= move[1] <= self._most(state, d):
            return msgs.err("recruit_too_many", most=self._most(state, d))
        price = data.constants()["payments"]["forsaken_token_price"]
        if state.players[d["seat"]].coins < move[1] * price:
            return msgs.err("recruit_coins", count=move[1])
        return None

    def other_effect(self, state, d, move, events):
        """A redeployment move typed during the conquests (``redeploy auto``): no purchase;
        the move is played by the redeployment below."""
        pop(state, d)
        top = state.pending[-1]
        base_handlers.handler_of(state, top).effect(state, top, move, events)

    def recruit_effect(self, state, d, move, events):
        pop(state, d)
        inst = state.edit_inst(d["inst"])
        paid = move[1] * data.constants()["payments"]["forsaken_token_price"]
        player = state.edit_player(d["seat"])
        player.coins -= paid
        player.earned["forsaken"] = player.earned.get("forsaken", 0) - paid
        state.tray[inst.race] -= move[1]
        inst.hand += move[1]
        events.append(msgs.event("recruited", seat=inst.owner, count=move[1]))

    problems = {"recruit": recruit_problem}
    effects = {"recruit": recruit_effect}

    def prompt(self, state, d):
        return msgs.prompt("recruit", most=self._most(state, d))
