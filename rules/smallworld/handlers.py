"""The decisions of a Small World turn, one handler each: options, problem, effect.

Each handler lists every legal option of its decision (conquests, dice, conversions, the
dragon, fortresses, abandons, heroes, allies: all of them), says why a move is refused (the
reason comes from the rule's own module) and carries a legal move out. Redeployment and
withdrawal list a sensible selection of their parametric forms (``place N on R``, ``move N from
A to B``...) and accept every other legal typed form through ``problem``.

A move of a later step of the same turn is accepted where the rules allow it: the first move of
a turn readies the troops (``start``), and a redeployment move typed during the conquests ends
them first. Such moves are judged on a probe copy that took the step, and played by the
handler of the step they belong to.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.decisions import Handler, Handlers, pop
from rules.core.types import Action

from . import (
    combos,
    conquest,
    decline,
    effects,
    flow,
    moves,
    msgs,
    powers,
    races,
    redeploy,
    view,
    withdraw,
)
from .state import PROBE, Instance, State, copy_state
from .targets import attackable, costs, owned_set

ATTACKS = frozenset({"abandon", "conquer", "die", "berserk", "convert", "dragon"})
ENDING = frozenset({"ally", "end_turn", "end_turn_decline"})
ENDS_CONQUEST = frozenset({"place", "move", "take", "done", "encampment", "encampment_off"})


# the numbers of a move, in order, as the parameters of its label smallworld.action.<kind>
LABEL_PARAMS = {"pick": ("index",), "abandon": ("region",), "conquer": ("region",),
                "die": ("region",), "convert": ("region",), "dragon": ("region",),
                "fortress": ("region",), "encampment": ("region",),
                "encampment_off": ("region",), "hero": ("region",), "ally": ("ally_seat",),
                "place": ("tokens", "region"), "move": ("tokens", "from_region", "to_region"),
                "take": ("tokens", "region"), "withdraw": ("tokens", "region")}


def option(move: tuple, **extra) -> Action:
    """Return the listed action of ``move``: canonical text, label (``extra`` parameters)."""
    if not extra:
        found = _PLAIN.get(move)
        if found is None:
            found = _PLAIN[move] = _option(move, ())
        return found
    return _option(move, tuple(extra.items()))


_PLAIN: dict[tuple, Action] = {}  # actions whose label holds only the move's own numbers


@lru_cache(maxsize=8192)
def _option(move: tuple, extra: tuple) -> Action:
    params = dict(zip(LABEL_PARAMS.get(move[0], ()), move[1:], strict=False))
    params.update(extra)
    return Action(moves.text(move), msgs.label(move[0], **params), None, move)


def wrong_step(state: State, seat: int, kind: str):
    """Return the most helpful reason for a move of another step of the turn."""
    phase = state.phase
    acting = state.inst(state.acting)
    own_race_step = acting is None or not acting.declined
    if kind == "decline":
        return decline.decline_problem(state, seat)
    if kind == "pick" and state.active(seat) is not None:
        return msgs.err("pick_has_race")
    if kind == "pick" and not own_race_step:
        return msgs.err("ghouls_first")
    if phase == "pick" and kind != "pick":
        return msgs.err("pick_first")
    if kind in ENDING and phase in ("conquest", "redeploy"):
        return msgs.err("finish_first")
    if kind in ENDING | ATTACKS and phase == "heroes":
        return msgs.err("heroes_first")
    if kind in ATTACKS and own_race_step and phase in ("redeploy", "end"):
        return msgs.err("conquests_over")
    return msgs.err("not_now")


class TurnHandler(Handler):
    """Common parts of Small World's decisions: the moves each accepts, dispatch by kind."""

    accepts: frozenset[str] = frozenset()

    def has_options(self, state, d):
        return True  # every decision offers at least one move (end, auto, done...)

    def problem(self, state, d, move):
        if move[0] not in self.accepts:
            return wrong_step(state, d["seat"], move[0])
        return self.check(state, d, move)

    def check(self, state: State, d: dict, move: tuple):
        """Return why ``move`` (of a kind this decision accepts) is refused, or None."""
        return None

    def prompt(self, state, d):
        return view.prompt(state, d["seat"])


def _inst(state: State, d: dict) -> Instance:
    return state.insts[d["inst"]]


def _edit_inst(state: State, d: dict) -> Instance:
    return state.edit_inst(d["inst"])


def handler_of(state: State, d: dict) -> Handler:
    """Return the handler of decision ``d`` in the registry of ``state``'s variant."""
    return _BY_VARIANT[state.variant][d["type"]]


def register_handlers(variant: str, handlers: Handlers) -> None:
    """Use ``handlers`` for the decisions of games of ``variant`` (a variant's own list)."""
    _BY_VARIANT[variant] = handlers


def _delegate_problem(probe: State, move: tuple):
    top = probe.pending[-1]
    return handler_of(probe, top).problem(probe, top, move)


def _delegate_effect(state: State, move: tuple, events: list) -> None:
    top = state.pending[-1]
    handler_of(state, top).effect(state, top, move, events)


def start_probe(state: State) -> State:
    """Return a copy of ``state`` past the start step (troops readied), made once per state.

    The copy is kept beside the state (never dumped or copied) and only read; changing the
    state in place drops it (:meth:`rules.smallworld.game.SmallWorld.apply_unchecked`).
    """
    probe = state.__dict__.get(PROBE)
    if probe is None:
        probe = copy_state(state)
        flow.begin(probe, [])
        state.__dict__[PROBE] = probe
    return probe


class StartDecision(TurnHandler):
    """The first move of a turn: ``decline``, or any first move of the next step."""

    kind = "start"

    def options(self, state, d):
        probe = start_probe(state)
        top = probe.pending[-1]
        return ([option(("decline",))]
                + handler_of(probe, top).options(probe, top))

    def problem(self, state, d, move):
        if move[0] == "decline":
            return decline.decline_problem(state, d["seat"])
        return _delegate_problem(start_probe(state), move)

    def effect(self, state, d, move, events):
        if move[0] == "decline":
            flow.declined_turn(state, events)
            return
        flow.begin(state, events)
        _delegate_effect(state, move, events)


class PickDecision(TurnHandler):
    """Pick a combo of the column (every combo listed, whatever the player's hidden coins)."""

    kind = "pick"
    accepts = frozenset({"pick"})

    def options(self, state, d):
        return [option(("pick", i), race=msgs.race(race), power=msgs.power(power),
                       coins=coins, cost=i)
                for i, (race, power, coins) in enumerate(state.column)]

    def check(self, state, d, move):
        return combos.pick_problem(state, d["seat"], move[1])

    def effect(self, state, d, move, events):
        combos.pick(state, d["seat"], move[1], events)
        flow.after_pick(state)


class ConquestDecision(TurnHandler):
    """Conquests of the acting race; a redeployment move ends them first."""

    kind = "conquest"
    accepts = frozenset({"abandon", "conquer", "die", "berserk", "convert", "dragon", "fortress",
                         "end_conquest", "redeploy_auto"})

    def options(self, state, d):
        inst = _inst(state, d)
        owned = owned_set(state, inst)
        fixed = []
        if powers.berserk_problem(state, inst) is None:
            fixed.append(option(("berserk",)))
        fixed.append(option(("end_conquest",)))
        return fixed + self._attacks(state, inst, owned) + self._own(state, inst, owned)

    def _attacks(self, state: State, inst: Instance, owned: set[int]) -> list[Action]:
        conquer, die, convert, dragon = [], [], [], []
        may_die = not effects.power_has(state, inst, "berserk")
        may_convert = effects.race_has(state, inst, "convert")
        may_dragon = effects.power_has(state, inst, "dragon") and not inst.dragon_used
        roll, hand, berserk = inst.berserk or 0, inst.hand, inst.berserk is not None
        targets = attackable(state, inst, owned)
        for r, price in zip(targets, costs(state, inst, targets), strict=True):
            if berserk or hand >= price:  # conquest.conquer_cost_problem
                conquer.append((price, r))
            if may_die and hand < price <= hand + 3:  # conquest.die_cost_problem
                die.append(option(("die", r), cost=price))
            if may_convert and races.convert_problem(state, inst, r, owned) is None:
                convert.append(option(("convert", r)))
            if may_dragon:
                dragon.append(option(("dragon", r)))
        conquer.sort()
        listed = [option(("conquer", r), cost=max(1, c - roll)) for c, r in conquer]
        return listed + die + convert + dragon

    def _own(self, state: State, inst: Instance, owned: set[int]) -> list[Action]:
        mine = sorted(owned)
        listed = []
        if effects.power_has(state, inst, "fortress"):
            listed += [option(("fortress", r)) for r in mine
                       if powers.fortress_problem(state, inst, r) is None]
        if not (inst.conquered or inst.conquests_over):  # conquest.abandon_problem
            listed += [option(("abandon", r)) for r in mine]
        return listed

    def problem(self, state, d, move):
        if move[0] in ENDS_CONQUEST:
            probe = copy_state(state)
            flow.end_conquest(probe, [])
            return _delegate_problem(probe, move)
        return super().problem(state, d, move)

    def check(self, state, d, move):
        inst, kind = _inst(state, d), move[0]
        if kind in ("end_conquest", "redeploy_auto"):
            return None
        if kind == "berserk":
            return powers.berserk_problem(state, inst)
        return _CONQUEST_CHECKS[kind](state, inst, move[1])

    def effect(self, state, d, move, events):
        kind = move[0]
        if kind in ENDS_CONQUEST or kind in ("end_conquest", "redeploy_auto"):
            flow.end_conquest(state, events)
            if kind != "end_conquest":
                _delegate_effect(state, move, events)
            return
        inst = _edit_inst(state, d)
        if kind == "berserk":
            powers.berserk_roll(state, inst, events)
            return
        _CONQUEST_EFFECTS[kind](state, inst, move[1], events)
        if kind == "die" or (kind == "conquer" and inst.conquests_over):
            flow.end_conquest(state, events)


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
    accepts = frozenset({"place", "move", "take", "redeploy_auto", "done", "fortress",
                         "encampment", "encampment_off"})

    def options(self, state, d):
        inst = _inst(state, d)
        owned = state.regions_of(inst.id)
        fixed = [option(("redeploy_auto",))]
        if redeploy.done_problem(state, inst, owned) is None:
            fixed.append(option(("done",)))
        if not owned:
            return fixed
        targets = redeploy.threatened(state, inst, owned)
        hand, regions = inst.hand, state.regions
        rich = max(owned, key=lambda r: (regions[r].tokens, -r))
        listed = [("place", hand, r) for r in owned if hand]
        if effects.power_has(state, inst, "fortress"):
            listed += self._legal(state, d, [("fortress", r) for r in owned])
        camps = effects.power_has(state, inst, "encampments")
        if camps:
            listed += self._legal(state, d, [("encampment", r) for r in targets])
        if hand > 1:
            listed += [("place", 1, r) for r in targets]
        if regions[rich].tokens > 1:
            listed += [("move", 1, rich, r) for r in targets if r != rich]
        # take_problem for one token: legal where two or more lie, or when Amazons must empty
        emptying = any(regions[r].tokens == 1 for r in owned) and redeploy.must_abandon(state,
                                                                                        inst)
        listed += [("take", 1, r) for r in owned if regions[r].tokens > 1 or emptying]
        if camps:
            listed += self._legal(state, d, [("encampment_off", r) for r in owned
                                             if regions[r].encampments])
        return fixed + [_PLAIN.get(m) or option(m) for m in listed]

    def _legal(self, state: State, d: dict, candidates: list) -> list:
        return [m for m in candidates if self.check(state, d, m) is None]

    def check(self, state, d, move):
        inst, kind, args = _inst(state, d), move[0], move[1:]
        if kind == "redeploy_auto":
            return None
        if kind == "done":
            return redeploy.done_problem(state, inst)
        if kind in ("encampment", "encampment_off"):
            return powers.encampment_problem(state, inst, args[0], kind == "encampment_off")
        return _REDEPLOY_CHECKS[kind](state, inst, *args)

    def effect(self, state, d, move, events):
        inst, kind, args = _edit_inst(state, d), move[0], move[1:]
        if kind in ("redeploy_auto", "done"):
            flow.finish_redeploy(state, events, auto=kind == "redeploy_auto")
        elif kind in ("encampment", "encampment_off"):
            powers.encampment(state, inst, args[0], kind == "encampment_off", events)
        else:
            _REDEPLOY_EFFECTS[kind](state, inst, *args, events)


_REDEPLOY_CHECKS = {"place": redeploy.place_problem, "move": redeploy.move_problem,
                    "take": redeploy.take_problem, "fortress": powers.fortress_problem}
_REDEPLOY_EFFECTS = {"place": redeploy.place, "move": redeploy.move, "take": redeploy.take,
                     "fortress": powers.fortress}


class HeroesDecision(TurnHandler):
    """Heroic: place the heroes on two different regions at the end of the turn."""

    kind = "heroes"
    accepts = frozenset({"hero"})

    def options(self, state, d):
        inst = _inst(state, d)
        return [option(("hero", r))
                for r in state.regions_of(inst.id) if powers.hero_problem(state, inst, r) is None]

    def check(self, state, d, move):
        return powers.hero_problem(state, _inst(state, d), move[1])

    def effect(self, state, d, move, events):
        powers.hero(state, _edit_inst(state, d), move[1], events)
        if state.heroes_left <= 0:
            flow.decide(state, "end", d["inst"])


class EndDecision(TurnHandler):
    """The end of the turn: ``end turn``, Stout's ``end turn decline``, Diplomat's ``ally S``."""

    kind = "end"
    accepts = ENDING

    def options(self, state, d):
        listed = [option(("end_turn",))]
        candidates = [("end_turn_decline",)] + [("ally", s) for s in range(state.n)]
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
        if withdraw.resolve_without_choice(state, _edit_inst(state, d), events):
            pop(state, d)
            return True
        return False

    def options(self, state, d):
        inst = _inst(state, d)
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
        inst, kind = _inst(state, d), move[0]
        if kind == "withdraw":
            return withdraw.withdraw_problem(state, inst, move[1], move[2])
        if kind == "encampment":
            return powers.encampment_problem(state, inst, move[1], False)
        if kind == "done":
            return withdraw.done_problem(state, inst)
        return None

    def effect(self, state, d, move, events):
        inst, kind = _edit_inst(state, d), move[0]
        if kind == "withdraw":
            withdraw.withdraw(state, inst, move[1], move[2], events)
        elif kind == "withdraw_auto":
            withdraw.auto(state, inst, events)
        elif kind == "encampment":
            powers.encampment(state, inst, move[1], False, events)
        else:
            inst.knocked_camps = 0


BASE_HANDLERS = (StartDecision(), PickDecision(), ConquestDecision(), RedeployDecision(),
                 HeroesDecision(), EndDecision(), WithdrawDecision())
HANDLERS = Handlers(BASE_HANDLERS)
_BY_VARIANT: dict[str, Handlers] = {"base": HANDLERS}
