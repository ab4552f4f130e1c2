"""The turn's own decisions: start (decline or go on), pick, heroes, end, withdrawals."""

from __future__ import annotations

from rules.core.decisions import pop

from . import combos, decline, effects, flow, msgs, powers, withdraw
from .handling import (
    ENDING,
    TurnHandler,
    delegate_effect,
    delegate_problem,
    edit_inst_of,
    handler_of,
    inst_of,
    option,
    start_probe,
)


class StartDecision(TurnHandler):
    """The first move of a turn: ``decline``, or any first move of the next step."""

    kind = "start"

    def options(self, state, d):
        probe = start_probe(state)
        top = probe.pending[-1]
        return (handler_of(probe, top).options(probe, top)  # going on first: decline is
                + [option(("decline",))])  # rarer and final, never one click from the top

    def lists_exactly(self, state, d):
        if not super().lists_exactly(state, d):
            return False
        if decline.decline_problem(state, d["seat"]) is not None:
            return False
        probe = start_probe(state)
        top = probe.pending[-1]
        return handler_of(probe, top).lists_exactly(probe, top)

    def problem(self, state, d, move):
        if move[0] == "decline":
            return decline.decline_problem(state, d["seat"])
        return delegate_problem(start_probe(state), move)

    def effect(self, state, d, move, events):
        if move[0] == "decline":
            flow.declined_turn(state, events)
            return
        flow.begin(state, events)
        delegate_effect(state, move, events)


class PickDecision(TurnHandler):
    """Pick a combo of the column (every combo listed, whatever the player's hidden coins)."""

    kind = "pick"
    accepts = frozenset({"pick"})
    exact_options = False  # a combo the player cannot afford is listed (coins are hidden)

    def options(self, state, d):
        return [option(("pick", i), race=msgs.race(race), power=msgs.power(power),
                       coins=coins, cost=i)
                for i, (race, power, coins) in enumerate(state.column)]

    def check(self, state, d, move):
        return combos.pick_problem(state, d["seat"], move[1])

    def effect(self, state, d, move, events):
        combos.pick(state, d["seat"], move[1], events)
        flow.after_pick(state)



class HeroesDecision(TurnHandler):
    """Heroic: place the heroes on two different regions at the end of the turn."""

    kind = "heroes"
    accepts = frozenset({"hero"})

    def options(self, state, d):
        inst = inst_of(state, d)
        return [option(("hero", r))
                for r in state.regions_of(inst.id) if powers.hero_problem(state, inst, r) is None]

    def check(self, state, d, move):
        return powers.hero_problem(state, inst_of(state, d), move[1])

    def effect(self, state, d, move, events):
        powers.hero(state, edit_inst_of(state, d), move[1], events)
        if state.heroes_left <= 0:
            flow.decide(state, "end", d["inst"])


class EndDecision(TurnHandler):
    """The end of the turn: ``end turn``, Stout's ``end turn decline``, Diplomat's ``ally S``."""

    kind = "end"
    accepts = ENDING

    def options(self, state, d):
        listed = [option(("end_turn",))]
        active = state.active(d["seat"])
        candidates = [("end_turn_decline",)] if powers.is_stout(state, active) else []
        if active is not None and effects.power_has(state, active, "diplomat"):
            candidates += [("ally", s) for s in range(state.n)]
        return listed + [option(m) for m in candidates
                         if self.check(state, d, m) is None]

    def check(self, state, d, move):
        active = state.active(d["seat"])
        if move[0] == "ally":
            return powers.ally_problem(state, active, move[1])
        if move[0] == "end_turn_decline" and not powers.is_stout(state, active):
            return msgs.err("not_stout")
        return None

    def effect(self, state, d, move, events):
        if move[0] == "ally":
            powers.choose_ally(state, state.active(d["seat"]), move[1], events)
        else:
            flow.end_turn(state, move[0] == "end_turn_decline", events)


class WithdrawDecision(TurnHandler):
    """A defender puts back its withdrawn tokens and knocked-out encampments (3.13)."""

    kind = "withdraw"
    accepts = frozenset({"withdraw", "withdraw_auto", "encampment", "done"})

    def auto(self, state, d, events):
        if withdraw.resolve_without_choice(state, edit_inst_of(state, d), events):
            pop(state, d)
            return True
        return False

    def options(self, state, d):
        inst = inst_of(state, d)
        owned = state.regions_of(inst.id)
        fixed = [option(("withdraw_auto",))]
        if not inst.pending:
            fixed.append(option(("done",)))
        candidates = []
        if inst.pending:
            candidates += [("withdraw", inst.pending, r) for r in owned]
        candidates += [("encampment", r) for r in owned]
        if inst.pending > 1:
            candidates += [("withdraw", 1, r) for r in owned]
        return fixed + [option(m) for m in candidates if self.check(state, d, m) is None]

    def check(self, state, d, move):
        inst, kind = inst_of(state, d), move[0]
        if kind == "withdraw":
            return withdraw.withdraw_problem(state, inst, move[1], move[2])
        if kind == "encampment":
            return powers.encampment_problem(state, inst, move[1], False)
        if kind == "done":
            return withdraw.done_problem(state, inst)
        return None

    def effect(self, state, d, move, events):
        inst, kind = edit_inst_of(state, d), move[0]
        if kind == "withdraw":
            withdraw.withdraw(state, inst, move[1], move[2], events)
        elif kind == "withdraw_auto":
            withdraw.auto(state, inst, events)
        elif kind == "encampment":
            powers.encampment(state, inst, move[1], False, events)
        else:
            inst.knocked_camps = 0


