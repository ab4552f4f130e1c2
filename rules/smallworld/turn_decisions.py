"""The turn's own decisions: start (decline or go on), pick, heroes, end, withdrawals."""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.verbs import no_problem

from . import combos, decline, effects, flow, msgs, powers, withdraw
from .handling import (
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

    def decline_problem(self, state, d, move):
        return decline.decline_problem(state, d["seat"])

    def decline_effect(self, state, d, move, events):
        flow.declined_turn(state, events)

    problems = {"decline": decline_problem}
    effects = {"decline": decline_effect}

    def other_verb(self, state, d, move):
        """Any first move of the next step: judged on the start probe (troops readied)."""
        return delegate_problem(start_probe(state), move)

    def other_effect(self, state, d, move, events):
        """Ready the troops, then play the move by the next step's handler."""
        flow.begin(state, events)
        delegate_effect(state, move, events)


class PickDecision(TurnHandler):
    """Pick a combo of the column (every combo listed, whatever the player's hidden coins)."""

    kind = "pick"
    exact_options = False  # a combo the player cannot afford is listed (coins are hidden)

    def options(self, state, d):
        return [option(("pick", i), race=msgs.race(race), power=msgs.power(power),
                       coins=coins, cost=i)
                for i, (race, power, coins) in enumerate(state.column)]

    def pick_problem(self, state, d, move):
        return combos.pick_problem(state, d["seat"], move[1])

    def pick_effect(self, state, d, move, events):
        combos.pick(state, d["seat"], move[1], events)
        flow.after_pick(state)

    problems = {"pick": pick_problem}
    effects = {"pick": pick_effect}



class HeroesDecision(TurnHandler):
    """Heroic: place the heroes on two different regions at the end of the turn."""

    kind = "heroes"

    def options(self, state, d):
        inst = inst_of(state, d)
        return [option(("hero", r))
                for r in state.regions_of(inst.id) if powers.hero_problem(state, inst, r) is None]

    def hero_problem(self, state, d, move):
        return powers.hero_problem(state, inst_of(state, d), move[1])

    def hero_effect(self, state, d, move, events):
        powers.hero(state, edit_inst_of(state, d), move[1], events)
        if state.heroes_left <= 0:
            flow.decide(state, "end", d["inst"])

    problems = {"hero": hero_problem}
    effects = {"hero": hero_effect}


class EndDecision(TurnHandler):
    """The end of the turn: ``end turn``, Stout's ``end turn decline``, Diplomat's ``ally S``."""

    kind = "end"

    def options(self, state, d):
        listed = [option(("end_turn",))]
        active = state.active(d["seat"])
        candidates = [("end_turn_decline",)] if powers.is_stout(state, active) else []
        if active is not None and effects.power_has(state, active, "diplomat"):
            candidates += [("ally", s) for s in range(state.n)]
        return listed + [option(m) for m in candidates
                         if self.problems[m[0]](self, state, d, m) is None]

    def ally_problem(self, state, d, move):
        return powers.ally_problem(state, state.active(d["seat"]), move[1])

    def end_turn_decline_problem(self, state, d, move):
        return None if powers.is_stout(state, state.active(d["seat"])) else msgs.err("not_stout")

    def ally_effect(self, state, d, move, events):
        powers.choose_ally(state, state.active(d["seat"]), move[1], events)

    def end_turn_effect(self, state, d, move, events):
        flow.end_turn(state, False, events)

    def end_turn_decline_effect(self, state, d, move, events):
        flow.end_turn(state, True, events)

    problems = {"ally": ally_problem, "end_turn": no_problem,
                "end_turn_decline": end_turn_decline_problem}
    effects = {"ally": ally_effect, "end_turn": end_turn_effect,
               "end_turn_decline": end_turn_decline_effect}


class WithdrawDecision(TurnHandler):
    """A defender puts back its withdrawn tokens and knocked-out encampments (3.13)."""

    kind = "withdraw"

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
        judge = self.problems
        return fixed + [option(m) for m in candidates if judge[m[0]](self, state, d, m) is None]

    def withdraw_problem(self, state, d, move):
        return withdraw.withdraw_problem(state, inst_of(state, d), move[1], move[2])

    def encampment_problem(self, state, d, move):
        return powers.encampment_problem(state, inst_of(state, d), move[1], False)

    def done_problem(self, state, d, move):
        return withdraw.done_problem(state, inst_of(state, d))

    def withdraw_effect(self, state, d, move, events):
        withdraw.withdraw(state, edit_inst_of(state, d), move[1], move[2], events)

    def withdraw_auto_effect(self, state, d, move, events):
        withdraw.auto(state, edit_inst_of(state, d), events)

    def encampment_effect(self, state, d, move, events):
        powers.encampment(state, edit_inst_of(state, d), move[1], False, events)

    def done_effect(self, state, d, move, events):
        edit_inst_of(state, d).knocked_camps = 0

    problems = {"withdraw": withdraw_problem, "withdraw_auto": no_problem,
                "encampment": encampment_problem, "done": done_problem}
    effects = {"withdraw": withdraw_effect, "withdraw_auto": withdraw_auto_effect,
               "encampment": encampment_effect, "done": done_effect}


