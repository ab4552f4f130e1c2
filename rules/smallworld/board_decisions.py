"""The board decisions of the acting race: conquests, then redeployment.

Each lists every legal option (every conquest, die roll, conversion, dragon, fortress and
abandon; redeployment: a sensible selection of its parametric forms, every other legal typed
form being accepted through ``problem``).
"""

from __future__ import annotations

from rules.core.types import Action
from rules.core.verbs import no_problem

from . import conquest, data, effects, flow, powers, races, redeploy
from .handling import (
    ENDS_CONQUEST,
    TurnHandler,
    delegate_effect,
    delegate_problem,
    edit_inst_of,
    inst_of,
    option,
    option_row,
)
from .state import Instance, State, copy_state
from .targets import attackable, costs, owned_set
from .variant import rules_of

_PRICED: dict[tuple[str, int, int], Action] = {}


def priced_option(kind: str, region: int, price: int) -> Action:
    """Return the listed ``kind region`` (conquer, die) labelled with its ``price`` (made once)."""
    key = (kind, region, price)
    found = _PRICED.get(key)
    if found is None:
        found = _PRICED[key] = option((kind, region), cost=price)
    return found


class ConquestDecision(TurnHandler):
    """Conquests of the acting race; a redeployment move ends them first."""

    kind = "conquest"

    def options(self, state, d):
        inst = inst_of(state, d)
        owned = owned_set(state, inst)
        fixed = []
        if effects.power_has(state, inst, "berserk") and powers.berserk_problem(state,
                                                                               inst) is None:
            fixed.append(option(("berserk",)))
        return (fixed + self._attacks(state, inst, owned) + self._own(state, inst, owned)
                + [option(("end_conquest",))])  # the common move (a conquest) first

    def _attacks(self, state: State, inst: Instance, owned: set[int]) -> list[Action]:
        targets = attackable(state, inst, owned)
        if not targets:
            return []
        prices = costs(state, inst, targets)
        roll, hand = inst.berserk or 0, inst.hand
        pairs = zip(prices, targets, strict=True)
        if inst.berserk is None:  # conquest.conquer_cost_problem
            pairs = [(price, r) for price, r in pairs if hand >= price]
        listed = [priced_option("conquer", r, max(1, price - roll)) for price, r in sorted(pairs)]
        if not effects.power_has(state, inst, "berserk"):  # conquest.die_cost_problem
            listed += [priced_option("die", r, price)
                       for r, price in zip(targets, prices, strict=True)
                       if hand < price <= hand + 3]
        if effects.race_has(state, inst, "convert"):
            listed += [option(("convert", r)) for r in targets
                       if races.convert_problem(state, inst, r, owned) is None]
        if effects.power_has(state, inst, "dragon") and not inst.dragon_used:
            listed += [option(("dragon", r)) for r in targets]
        return listed

    def _own(self, state: State, inst: Instance, owned: set[int]) -> list[Action]:
        mine = sorted(owned)
        listed = []
        if (effects.power_has(state, inst, "fortress")
                and powers.fortress_now_problem(state, inst) is None):
            listed += [option(("fortress", r)) for r in mine
                       if powers.fortress_region_problem(state, inst, r) is None]
        if not (inst.conquered or inst.conquests_over):  # conquest.abandon_problem
            listed += [option(("abandon", r)) for r in mine]
        return listed

    def region_problem(self, state, d, move):
        """A move on one region: judged by its rule in :data:`_CONQUEST_CHECKS`."""
        return _CONQUEST_CHECKS[move[0]](state, inst_of(state, d), move[1])

    def berserk_problem(self, state, d, move):
        return powers.berserk_problem(state, inst_of(state, d))

    def redeploying_problem(self, state, d, move):
        """A redeployment move ends the conquests first: judged on a probe that did."""
        probe = copy_state(state)
        flow.end_conquest(probe, [])
        return delegate_problem(probe, move)

    def region_effect(self, state, d, move, events):
        """Carry out a move on one region by :data:`_CONQUEST_EFFECTS`; a die roll, or a
        conquest that ends them, ends the conquests."""
        kind = move[0]
        inst = edit_inst_of(state, d)
        _CONQUEST_EFFECTS[kind](state, inst, move[1], events)
        if kind == "die" or (kind == "conquer" and inst.conquests_over):
            flow.end_conquest(state, events)

    def berserk_effect(self, state, d, move, events):
        powers.berserk_roll(state, edit_inst_of(state, d), events)

    def end_conquest_effect(self, state, d, move, events):
        flow.end_conquest(state, events)

    def redeploying_effect(self, state, d, move, events):
        """End the conquests, then play the move by the redeployment."""
        flow.end_conquest(state, events)
        delegate_effect(state, move, events)

    problems = {
        "abandon": region_problem, "conquer": region_problem, "die": region_problem,
        "convert": region_problem, "dragon": region_problem, "fortress": region_problem,
        "berserk": berserk_problem, "end_conquest": no_problem, "redeploy_auto": no_problem,
        **dict.fromkeys(ENDS_CONQUEST, redeploying_problem),  # place, move, take, done...
    }
    effects = {
        "abandon": region_effect, "conquer": region_effect, "die": region_effect,
        "convert": region_effect, "dragon": region_effect, "fortress": region_effect,
        "berserk": berserk_effect, "end_conquest": end_conquest_effect,
        "redeploy_auto": redeploying_effect,
        **dict.fromkeys(ENDS_CONQUEST, redeploying_effect),
    }


_CONQUEST_CHECKS = {
    "abandon": conquest.abandon_problem, "conquer": conquest.conquer_problem,
    "die": conquest.die_problem, "convert": races.convert_problem,
    "dragon": powers.dragon_problem, "fortress": powers.fortress_problem,
}
_CONQUEST_EFFECTS = {
    "abandon": conquest.abandon, "conquer": conquest.conquer, "die": conquest.die,
    "convert": races.convert, "dragon": powers.dragon, "fortress": powers.fortress,
}


class RedeployDecision(TurnHandler):
    """Redeployment of the acting race (a sensible selection listed, any legal form typed)."""

    kind = "redeploy"

    def options(self, state, d):
        inst = inst_of(state, d)
        owned = state.regions_of(inst.id)
        hand, regions = inst.hand, state.regions
        need = races.reserve_needed(state, inst) if owned else 0
        if not owned:
            return [_AUTO, _DONE]
        listed = [_AUTO, _DONE] if hand == need else [_AUTO]  # redeploy.done_problem
        targets = redeploy.threatened(state, inst, owned)
        rich = owned[0]
        for r in owned:
            if regions[r].tokens > regions[rich].tokens:
                rich = r
        keep = rules_of(state).min_tokens(state, inst)  # what a region keeps (move, take)
        if hand:
            place_all = option_row("place", hand)
            listed += [place_all[r] for r in owned]
        if hand > 1:
            place_one = option_row("place", 1)
            listed += [place_one[r] for r in targets]
        if regions[rich].tokens - 1 >= keep:  # redeploy.move_problem
            move_one = option_row("move", 1, rich)
            listed += [move_one[r] for r in targets if r != rich]
        # take_problem for one token: legal where enough stay, or when Amazons must empty
        emptying = need > 0 and redeploy.must_abandon(state, inst)
        stays = max(keep, 1)
        take_one = option_row("take", 1)
        listed += [take_one[r] for r in owned
                   if regions[r].tokens - 1 >= stays or (emptying and regions[r].tokens == 1)]
        if not inst.declined and data.power_hooks(inst.power, state.variant) & _POWER_HOOKS:
            listed += self._power_options(state, d, inst, owned, targets)
        return listed

    def _power_options(self, state: State, d: dict, inst: Instance, owned: list[int],
                       targets: list[int]) -> list[Action]:
        hooks = data.power_hooks(inst.power, state.variant)
        listed = []
        if "fortress" in hooks and powers.fortress_now_problem(state, inst) is None:
            listed += [("fortress", r) for r in owned
                       if powers.fortress_region_problem(state, inst, r) is None]
        if "encampments" in hooks:
            # every target is the race's own region: one answer holds for all of them
            if targets and self.problem(state, d, ("encampment", targets[0])) is None:
                listed += [("encampment", r) for r in targets]
            listed += self._legal(state, d, [("encampment_off", r) for r in owned
                                             if state.regions[r].encampments])
        return [option(m) for m in listed]

    def _legal(self, state: State, d: dict, candidates: list) -> list:
        return [m for m in candidates if self.problems[m[0]](self, state, d, m) is None]

    def tokens_problem(self, state, d, move):
        """Place, move, take tokens, or a fortress: judged by :data:`_REDEPLOY_CHECKS`."""
        return _REDEPLOY_CHECKS[move[0]](state, inst_of(state, d), *move[1:])

    def done_problem(self, state, d, move):
        return redeploy.done_problem(state, inst_of(state, d))

    def encampment_problem(self, state, d, move):
        return powers.encampment_problem(state, inst_of(state, d), move[1],
                                         move[0] == "encampment_off")

    def tokens_effect(self, state, d, move, events):
        _REDEPLOY_EFFECTS[move[0]](state, edit_inst_of(state, d), *move[1:], events)

    def done_effect(self, state, d, move, events):
        flow.finish_redeploy(state, events, auto=False)

    def redeploy_auto_effect(self, state, d, move, events):
        flow.finish_redeploy(state, events, auto=True)

    def encampment_effect(self, state, d, move, events):
        powers.encampment(state, edit_inst_of(state, d), move[1], move[0] == "encampment_off",
                          events)

    problems = {"place": tokens_problem, "move": tokens_problem, "take": tokens_problem,
                "fortress": tokens_problem, "done": done_problem, "redeploy_auto": no_problem,
                "encampment": encampment_problem, "encampment_off": encampment_problem}
    effects = {"place": tokens_effect, "move": tokens_effect, "take": tokens_effect,
               "fortress": tokens_effect, "done": done_effect,
               "redeploy_auto": redeploy_auto_effect, "encampment": encampment_effect,
               "encampment_off": encampment_effect}


_AUTO, _DONE = option(("redeploy_auto",)), option(("done",))
_POWER_HOOKS = frozenset({"fortress", "encampments"})  # powers adding redeployment moves
_REDEPLOY_CHECKS = {"place": redeploy.place_problem, "move": redeploy.move_problem,
                    "take": redeploy.take_problem, "fortress": powers.fortress_problem}
_REDEPLOY_EFFECTS = {"place": redeploy.place, "move": redeploy.move, "take": redeploy.take,
                     "fortress": powers.fortress}


