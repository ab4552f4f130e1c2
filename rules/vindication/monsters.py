"""Dice, reroll reactions, and the monster fight's aftermath (spec 5.7, R10-R12).

A roll is a ``roll`` step; its outcome becomes a ``die_result`` step, with a ``reroll``
decision on top while a reroll reaction is available. Exhaust and death act on the champion
(the companion with the lowest initiative).
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from . import guilds
from .bonus import recovery_sources, remove_companion, take_recovery
from .data import ability, card, game
from .effects import limit_reached, statics
from .msgs import card_msg, face_msg, msg
from .pets import owner_left
from .power import attr_msg, gain


def roll_die(state, die: str) -> str:
    """Roll the attribute or monster die (scripted results first, for tests)."""
    scripted = state.script.get(f"{die}_die")
    if scripted:
        return scripted.pop(0)
    return state.rng.choice(game()["dice"][f"{die}_die"]["faces"])


def reaction_sources(state, seat: int, event: str, die: str | None = None) -> list[str]:
    """Return the cards of ``seat`` whose reaction to ``event`` can be used now."""
    player = state.players[seat]
    found = []
    for cid, cubes in player.relics:
        spec = ability(cid)
        if _reacts(spec, event, die) and guilds.relic_usable(state, seat, cid, cubes) \
                and cid not in state.turn["relics_used"]:
            found.append(cid)
    for cid in player.traits:
        spec = ability(cid)
        if _reacts(spec, event, die) and not limit_reached(state, cid):
            found.append(cid)
    return sorted(found)


def _reacts(spec, event, die) -> bool:
    return bool(spec and spec["timing"] == "reaction" and spec["event"] == event
                and spec.get("die", "any") in ("any", die))


def use_reaction(state, seat: int, cid: str, events: list) -> None:
    """Pay for a reaction: a relic returns 1 cube (once per turn), a trait marks its limit."""
    player = state.players[seat]
    relic = next((r for r in player.relics if r[0] == cid), None)
    if relic is not None:
        guilds.pay_relic(state, seat, relic)  # an Empowered relic (7.10)
        state.turn["relics_used"].append(cid)
    else:
        state.turn["abilities_used"].append(cid)
    events.append(Event("vindication.event.reaction", {"seat": seat, "card": card_msg(cid)}))
    if relic is None:
        guilds.praise(state, seat, cid, events)  # a praised trait was used (7.10)


class Roll(VerbHandler):
    """Roll a die, then offer reroll reactions before the result applies."""

    kind = "roll"

    def auto(self, state, d, events):
        pop(state, d)
        result = roll_die(state, d["die"])
        events.append(Event("vindication.event.rolled", {"seat": d["seat"],
                                                         "die": msg(f"die.{d['die']}"),
                                                         "face": face_msg(result)},
                            reveals=True))
        step = {k: v for k, v in d.items() if k != "type"}
        if guilds.destiny(state, d["seat"]):  # roll twice, keep either, no reroll (7.10)
            second = _roll_again(state, d, events)
            push(state, {**step, "type": "destiny", "faces": [result, second]})
            return True
        push(state, {**step, "type": "die_result", "result": result})
        if reaction_sources(state, d["seat"], "die_rolled", d["die"]):
            push(state, {"type": "reroll", "seat": d["seat"], "die": d["die"]})
        return True


def _roll_again(state, d: dict, events: list) -> str:
    """Roll Destiny's second die (told like the first)."""
    result = roll_die(state, d["die"])
    events.append(Event("vindication.event.rolled", {"seat": d["seat"],
                                                     "die": msg(f"die.{d['die']}"),
                                                     "face": face_msg(result)}, reveals=True))
    return result


class Reroll(VerbHandler):
    """Use a reroll reaction on the die just rolled, or keep the result."""

    kind = "reroll"

    def options(self, state, d):
        found = [Action(f"reroll {c}", card_msg(c), move=("reroll", c))
                 for c in reaction_sources(state, d["seat"], "die_rolled", d["die"])]
        return found + [Action("keep", Msg("vindication.action.keep"), move=("keep",))]

    def keep_effect(self, state, d, move, events):
        pop(state, d)

    def reroll_effect(self, state, d, move, events):
        pop(state, d)
        use_reaction(state, d["seat"], move[1], events)
        result = state.pending[-1]
        result["result"] = roll_die(state, d["die"])
        events.append(Event("vindication.event.rolled", {"seat": d["seat"],
                                                         "die": msg(f"die.{d['die']}"),
                                                         "face": face_msg(result["result"])},
                            reveals=True))
        if reaction_sources(state, d["seat"], "die_rolled", d["die"]):
            push(state, d)

    problems = {"reroll": must_be_listed, "keep": must_be_listed}
    effects = {"reroll": reroll_effect, "keep": keep_effect}

    def prompt(self, state, d):
        result = state.pending[-2]["result"]
        return Msg("vindication.prompt.reroll", {"face": face_msg(result)})


class DieResult(VerbHandler):
    """Apply a final die result for its purpose (attribute gain, Academy, monster)."""

    kind = "die_result"

    def auto(self, state, d, events):
        pop(state, d)
        seat, result = d["seat"], d["result"]
        if d["purpose"] == "monster":
            apply_monster(state, seat, result, events)
            return True
        had = state.players[seat].attrs[result]
        gain(state, seat, result, 1, events)
        if d["purpose"] == "academy" and d.get("first") and had == 0:
            push(state, {"type": "roll", "seat": seat, "die": "attribute",
                         "purpose": "academy", "first": False})
        return True


def champion(state, seat: int) -> str | None:
    """Return the companion with the lowest initiative (R10: unique in the data)."""
    companions = state.players[seat].companions
    if not companions:
        return None
    return min(companions, key=lambda c: card(c[0])["initiative"])[0]


def exhaust_cubes(state, seat: int, champ: str) -> int:
    """Return how many cubes an exhaust places: 2 less ``exhaust_reduce`` modifiers, min 0."""
    cut = sum(m["n"] for cid, m in statics(state, seat, "exhaust_reduce")
              if m["who"] == "any" or cid == champ)
    return max(0, game()["dice"]["monster_die"]["exhaust_cubes"] - cut)


def apply_monster(state, seat: int, result: str, events: list) -> None:
    """Push the consequence of the monster die for the champion."""
    champ = champion(state, seat)
    if champ is None or result == "blank":
        return
    if result == "exhaust":
        push(state, {"type": "exhaust", "seat": seat, "card": champ,
                     "n": exhaust_cubes(state, seat, champ)})
    else:
        push(state, {"type": "avoid_death", "seat": seat, "card": champ})


class Exhaust(VerbHandler):
    """Place the exhaust cubes on the champion, recovering first for a shortfall (R11)."""

    kind = "exhaust"

    def auto(self, state, d, events):
        player = state.players[d["seat"]]
        short = d["n"] - player.influence
        if short > 0 and recovery_sources(state, d["seat"], exclude=d["card"]):
            push(state, {"type": "exhaust_recover", "seat": d["seat"], "card": d["card"],
                         "need": d["n"]})
            return True
        pop(state, d)
        placed = min(d["n"], player.influence)
        player.influence -= placed
        next(c for c in player.companions if c[0] == d["card"])[1] += placed
        events.append(Event("vindication.event.exhausted", {"seat": d["seat"], "n": placed,
                                                            "card": card_msg(d["card"])}))
        return True


class ExhaustRecover(VerbHandler):
    """Forced recovery for an exhaust shortfall (R11); never from the champion."""

    kind = "exhaust_recover"

    def options(self, state, d):
        if state.players[d["seat"]].influence >= d["need"]:
            return []
        return [Action(text, label, move=move)
                for move, text, label in recovery_sources(state, d["seat"], exclude=d["card"])]

    def recover_effect(self, state, d, move, events):
        pop(state, d)
        take_recovery(state, d["seat"], move, events)

    problems = {"recover": must_be_listed}
    effects = {"recover": recover_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.exhaust_recover",
                   {"n": d["need"] - state.players[d["seat"]].influence})


class AvoidDeath(VerbHandler):
    """The champion would die: pay 1 Conviction, use a ``cancel_death`` reaction, or accept."""

    kind = "avoid_death"

    def options(self, state, d):
        found = []
        if state.players[d["seat"]].conviction >= 1:
            found.append(Action("pay", Msg("vindication.action.pay_conviction"), move=("pay",)))
        found += [Action(f"cancel {c}", card_msg(c), move=("cancel", c))
                  for c in reaction_sources(state, d["seat"], "champion_would_die")]
        return found + [Action("accept", Msg("vindication.action.accept_death"),
                               move=("accept",))]

    def auto(self, state, d, events):
        if len(self.options(state, d)) > 1:
            return False
        pop(state, d)
        kill(state, d["seat"], d["card"], events)
        return True

    def pay_effect(self, state, d, move, events):
        pop(state, d)
        player = state.players[d["seat"]]
        player.conviction -= 1
        player.influence += 1
        events.append(Event("vindication.event.death_prevented", {"seat": d["seat"]}))

    def cancel_effect(self, state, d, move, events):
        pop(state, d)
        use_reaction(state, d["seat"], move[1], events)

    def accept_effect(self, state, d, move, events):
        pop(state, d)
        kill(state, d["seat"], d["card"], events)

    problems = {"pay": must_be_listed, "cancel": must_be_listed, "accept": must_be_listed}
    effects = {"pay": pay_effect, "cancel": cancel_effect, "accept": accept_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.avoid_death", {"card": card_msg(d["card"])})


def kill(state, seat: int, cid: str, events: list) -> None:
    """The champion dies: removed from the game, cubes to Influence, positive honor lost."""
    remove_companion(state, seat, cid, events)
    events.append(Event("vindication.event.died", {"seat": seat, "card": card_msg(cid)}))
    owner_left(state, seat, cid)  # its pets move to another companion for free (7.8)


HANDLERS = [Roll(), Reroll(), DieResult(), Exhaust(), ExhaustRecover(), AvoidDeath()]
__all__ = ["HANDLERS", "attr_msg", "champion", "remove_companion", "roll_die"]
