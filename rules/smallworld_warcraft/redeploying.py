"""Warcraft redeployment and withdrawal decisions: Small World's, with beasts and the
Champion (spec §3.1 T7a, T10a; §4.2 Beastmaster, Champion).

Small World's ``place``, ``move`` and ``take`` handle race tokens (never a beast or the
Champion); beasts have their own forms (``place N beasts on R``, ``move N beasts from A to B``,
``take N beasts from R``) and so has the Champion (``champion to R``). Every region of the race
keeps at least 1 token, the Champion counting as 1 (Tauren: 2 Tauren tokens or beasts); the
Champion in hand is placed like every hand token. At
T10a withdrawn race tokens go first, then withdrawn beasts, then a ransomed Champion (or
``champion to R`` first); ``withdraw auto`` and ``redeploy auto`` place the Champion and
beasts too.
"""

from __future__ import annotations

from rules.core.types import Action
from rules.smallworld import msgs as base_msgs
from rules.smallworld import redeploy, withdraw
from rules.smallworld.board_decisions import RedeployDecision
from rules.smallworld.turn_decisions import WithdrawDecision

from . import beasts, champion, holding, moves, msgs

BEAST_MOVES = frozenset({"place_beasts", "move_beasts", "take_beasts"})
REDEPLOY_MOVES = BEAST_MOVES | {"champion_to"}


def option(move: tuple, label) -> Action:
    """Return the listed action of ``move`` with its canonical Warcraft text."""
    return Action(moves.text(move), label, None, move)


def race_token_problem(state, inst, move: tuple):
    """Return why a Small World redeployment move would use a beast or the Champion (or leave
    a Tauren region held by its Champion alone), or None."""
    kind = move[0]
    if kind == "place" and move[1] > inst.hand - beasts.in_hand(state, inst):
        return base_msgs.err("hand_has", have=inst.hand - beasts.in_hand(state, inst))
    if kind in ("move", "take") and 0 <= move[2] < len(state.regions):
        source = move[2]
        if state.regions[source].inst == inst.id and move[1] > holding.plain(state, source):
            return msgs.err("race_tokens_there", region=source,
                            have=holding.plain(state, source))
        left = holding.living(state, source) - move[1]
        if holding.champion_at(state, source) and not holding.holds(inst, left, True) and (
                kind == "move" or left):
            return base_msgs.err("keep_one", region=source)
    return None


class WarcraftRedeploy(RedeployDecision):
    """Redeployment with beasts and the Champion."""

    def options(self, state, d):
        inst = state.insts[d["inst"]]
        owned = state.regions_of(inst.id)
        hero_waits = bool(owned) and champion.in_hand(state, inst)
        listed = [a for a in super().options(state, d)
                  if race_token_problem(state, inst, a.move) is None
                  and not (hero_waits and a.move == ("done",))]
        if not owned:
            return listed
        targets = redeploy.threatened(state, inst, owned)
        in_hand = beasts.in_hand(state, inst)
        candidates = [("place_beasts", in_hand, r) for r in owned] if in_hand else []
        if in_hand > 1:
            candidates += [("place_beasts", 1, r) for r in targets]
        for source in owned:
            if holding.beasts_at(state, source):
                candidates += [("move_beasts", 1, source, r) for r in targets if r != source]
                candidates.append(("take_beasts", 1, source))
        if champion.is_champion(inst):
            candidates += [("champion_to", r) for r in owned]
        return listed + [option(m, msgs.label(m[0], **_params(m))) for m in candidates
                         if self.problems[m[0]](self, state, d, m) is None]

    def race_tokens_problem(self, state, d, move):
        """Small World's redeployment moves, with race tokens only (never a beast or the
        Champion): then judged by Small World's problem of the verb."""
        return (race_token_problem(state, state.insts[d["inst"]], move)
                or RedeployDecision.problems[move[0]](self, state, d, move))

    def done_problem(self, state, d, move):
        inst = state.insts[d["inst"]]
        if champion.in_hand(state, inst) and state.regions_of(inst.id):
            return msgs.err("place_champion")
        return self.race_tokens_problem(state, d, move)

    def place_beasts_problem(self, state, d, move):
        return beasts.place_problem(state, state.insts[d["inst"]], move[1], move[2])

    def move_beasts_problem(self, state, d, move):
        return beasts.move_problem(state, state.insts[d["inst"]], move[1], move[2], move[3])

    def take_beasts_problem(self, state, d, move):
        return beasts.take_problem(state, state.insts[d["inst"]], move[1], move[2])

    def champion_to_problem(self, state, d, move):
        return champion.move_problem(state, state.insts[d["inst"]], move[1])

    def place_beasts_effect(self, state, d, move, events):
        beasts.place(state, state.edit_inst(d["inst"]), move[1], move[2], events)

    def move_beasts_effect(self, state, d, move, events):
        beasts.move(state, state.edit_inst(d["inst"]), move[1], move[2], move[3], events)

    def take_beasts_effect(self, state, d, move, events):
        beasts.take(state, state.edit_inst(d["inst"]), move[1], move[2], events)

    def champion_to_effect(self, state, d, move, events):
        champion.move(state, state.edit_inst(d["inst"]), move[1], events)

    def redeploy_auto_effect(self, state, d, move, events):
        """Place the Champion and the beasts in hand, then Small World's ``redeploy auto``."""
        auto_specials(state, state.edit_inst(d["inst"]), events)
        RedeployDecision.redeploy_auto_effect(self, state, d, move, events)

    problems = {**dict.fromkeys(RedeployDecision.problems, race_tokens_problem),
                "done": done_problem, "place_beasts": place_beasts_problem,
                "move_beasts": move_beasts_problem, "take_beasts": take_beasts_problem,
                "champion_to": champion_to_problem}
    effects = {**RedeployDecision.effects, "place_beasts": place_beasts_effect,
               "move_beasts": move_beasts_effect, "take_beasts": take_beasts_effect,
               "champion_to": champion_to_effect, "redeploy_auto": redeploy_auto_effect}


def auto_specials(state, inst, events: list) -> None:
    """Place the Champion in hand and every beast in hand on the weakest threatened regions
    (the rest of ``redeploy auto`` then places the race tokens)."""
    owned = state.regions_of(inst.id)
    if not owned:
        return
    targets = redeploy.threatened(state, inst, owned)
    if champion.in_hand(state, inst):
        weakest = min(targets, key=lambda r: (state.regions[r].tokens, r))
        champion.move(state, inst, weakest, events)
    beasts.spread(state, inst, targets, events)


def _params(move: tuple) -> dict:
    names = {"place_beasts": ("beasts", "region"),
             "move_beasts": ("beasts", "region", "target"),
             "take_beasts": ("beasts", "region"), "champion_to": ("region",)}[move[0]]
    return dict(zip(names, move[1:], strict=True))


class WarcraftWithdraw(WithdrawDecision):
    """T10a with withdrawn beasts and a ransomed Champion."""

    def auto(self, state, d, events):
        inst = state.insts[d["inst"]]
        if not inst.gone and not state.regions_of(inst.id):
            inst = state.edit_inst(inst.id)
            champion.back_to_hand(state, inst)
            beasts.to_hand(state, inst)
        return super().auto(state, d, events)

    def options(self, state, d):
        inst = state.insts[d["inst"]]
        listed = super().options(state, d)
        if champion.is_pending(state, inst):
            listed += [option(("champion_to", r), msgs.label("champion_to", region=r))
                       for r in state.regions_of(inst.id)]
        return listed

    def champion_to_problem(self, state, d, move):
        return champion.move_problem(state, state.insts[d["inst"]], move[1], withdrawing=True)

    def champion_to_effect(self, state, d, move, events):
        champion.move(state, state.edit_inst(d["inst"]), move[1], events)

    def withdraw_effect(self, state, d, move, events):
        _withdraw(state, state.edit_inst(d["inst"]), move[1], move[2], events)

    def withdraw_auto_effect(self, state, d, move, events):
        """Place the ransomed Champion and withdrawn beasts, then Small World's
        ``withdraw auto``."""
        _auto_specials_withdrawn(state, state.edit_inst(d["inst"]), events)
        WithdrawDecision.withdraw_auto_effect(self, state, d, move, events)

    problems = {**WithdrawDecision.problems, "champion_to": champion_to_problem}
    effects = {**WithdrawDecision.effects, "champion_to": champion_to_effect,
               "withdraw": withdraw_effect, "withdraw_auto": withdraw_auto_effect}


def _withdraw(state, inst, count: int, region: int, events: list) -> None:
    """Put ``count`` withdrawn tokens into ``region``: race tokens first, then beasts, then
    the ransomed Champion."""
    hero = int(champion.is_pending(state, inst))
    in_beasts = beasts.in_pending(state, inst)
    race_tokens = inst.pending - in_beasts - hero
    from_beasts = min(in_beasts, max(0, count - race_tokens))
    withdraw.withdraw(state, inst, count, region, events)
    beasts.pending_into(state, inst, region, from_beasts)
    if count - race_tokens - from_beasts > 0:
        champion.pending_into(state, inst, region)


def _auto_specials_withdrawn(state, inst, events: list) -> None:
    """``withdraw auto``: the ransomed Champion joins the race's strongest region, then the
    withdrawn tokens (race tokens, then beasts) go one at a time onto the weakest ones (told
    as one event per region)."""
    start, owned = len(events), state.regions_of(inst.id)
    if not owned:
        return
    if champion.is_pending(state, inst):
        strongest = max(owned, key=lambda r: (state.regions[r].tokens, -r))
        champion.move(state, inst, strongest, events)
    while inst.pending:
        weakest = min(owned, key=lambda r: (state.regions[r].tokens, r))
        _withdraw(state, inst, 1, weakest, events)
    base_msgs.fold(events, start)
