"""The one effect interpreter (spec 5.8): every card ability runs from its data through here.

Effects become ``fx`` steps on the decision stack (data, resolved in list order); triggered
abilities become ``ability`` steps (R35 order). Choices inside effects (which attribute, which
empower step, how to split a recovery or a recharge) are small pending decisions.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from . import guilds
from .data import ATTRIBUTES, BASIC, HEROIC, ability, card, rule
from .msgs import card_msg
from .power import apply_step, gain, gain_honor, raise_speed, step_options
from .treachery import take_honor_op, weaken_other_op

# -- what a player owns ---------------------------------------------------------------------

def ability_cards(state, seat: int) -> list[str]:
    """Return the ids of ``seat``'s cards that can carry abilities, ascending (R35)."""
    player = state.players[seat]
    owned = [c for c, _ in player.companions] + list(player.traits) + [r for r, _ in player.relics]
    party = {c for c, _ in player.companions}  # pets work while their owner is in the party
    return sorted(owned + [p for p, owner in player.pets if owner in party])


def statics(state, seat: int, mod: str) -> list[tuple[str, dict]]:
    """Return ``(card, modifier)`` for every static modifier ``mod`` that ``seat`` owns."""
    found = []
    for cid in ability_cards(state, seat):
        spec = ability(cid)
        if spec and spec["timing"] == "static":
            found += [(cid, m) for m in spec["modifiers"] if m["mod"] == mod]
    return found


def modifier_total(state, seat: int, mod: str, region: str | None = None) -> int:
    """Sum the ``n`` of ``seat``'s static modifiers ``mod`` (filtered by region if given)."""
    return sum(m["n"] for _, m in statics(state, seat, mod)
               if region is None or m.get("region") == region)


def seize_cost(state, seat: int) -> int:
    """Return the Conviction needed to seize another player's region (2, or a modifier)."""
    return min([rule("control", "cost_seize")]
               + [m["n"] for _, m in statics(state, seat, "seize_cost")])


# -- firing triggered abilities (passives) --------------------------------------------------

def _matches(spec: dict, event: str, filters: dict) -> bool:
    if spec.get("timing") != "passive" or spec.get("event") != event:
        return False
    for key in ("region", "deck"):
        wanted = spec.get(key)
        if wanted not in (None, "any") and wanted != filters.get(key):
            return False
    return True


def fire(state, seat: int, event: str, filters: dict, events: list) -> None:
    """Push the passive abilities of ``seat`` that ``event`` triggers (ascending card id);
    on another player's turn only those with ``scope: any_turn`` work."""
    own_turn = seat == state.current
    hits = [cid for cid in ability_cards(state, seat)
            if ability(cid) and _matches(ability(cid), event, filters)
            and (own_turn or ability(cid).get("scope") == "any_turn")]
    for cid in reversed(hits):
        push(state, {"type": "ability", "seat": seat, "card": cid})


def push_effects(state, seat: int, effects: list[dict], source: str | None,
                 required: bool = False) -> None:
    """Push ``effects`` as ``fx`` steps so they resolve in list order; ``required`` (a
    region's visit, R8) makes an "up to" effect move at least one cube."""
    extra = {"required": True} if required else {}
    for effect in reversed(effects):
        push(state, {"type": "fx", "seat": seat, "source": source, **effect, **extra})


def limit_reached(state, cid: str) -> bool:
    """Tell whether a once-per-turn ability of ``cid`` was already used this turn."""
    return cid in state.turn["abilities_used"]


class AbilityStep(VerbHandler):
    """Resolve one triggered ability: check its limit, then push its effects."""

    kind = "ability"

    def auto(self, state, d, events):
        pop(state, d)
        cid, spec = d["card"], ability(d["card"])
        if spec.get("limit") == "once_per_turn":
            if limit_reached(state, cid):
                return True
            state.turn["abilities_used"].append(cid)
        events.append(Event("vindication.event.ability", {"seat": d["seat"],
                                                          "card": card_msg(cid)}))
        push_effects(state, d["seat"], spec["effects"], cid)
        guilds.praise(state, d["seat"], cid, events)  # a praised trait triggered (7.10)
        return True


# -- the interpreter ------------------------------------------------------------------------

class EffectStep(VerbHandler):
    """Resolve one effect op of the closed list of spec 5.8."""

    kind = "fx"

    def auto(self, state, d, events):
        pop(state, d)
        self.ops[d["op"]](self, state, d, events)
        return True

    def gain_op(self, state, d, events):
        kinds = {"any_basic": BASIC, "any_heroic": HEROIC, "any": ATTRIBUTES}.get(d["attr"])
        if kinds is None:
            gain(state, d["seat"], d["attr"], d["n"], events)
        elif state.players[d["seat"]].influence > 0:
            push(state, {"type": "any_attribute", "seat": d["seat"], "kinds": list(kinds),
                         "n": d["n"]})

    def empower_op(self, state, d, events):
        push(state, {"type": "power_step", "seat": d["seat"], "direction": "up", "n": d["n"]})

    def recover_op(self, state, d, events):
        exclude = d["source"] if d.get("exclude_self") else None
        push(state, {"type": "recover_pick", "seat": d["seat"], "n": d["n"],
                     "exclude": exclude, "least": 1 if d.get("required") else 0})

    def honor_op(self, state, d, events):
        gain_honor(state, d["seat"], d["n"], events)

    def move_op(self, state, d, events):
        if not state.turn["moved"] and d["seat"] == state.current:
            state.turn["move_bonus"] += d["n"]

    def speed_op(self, state, d, events):
        raise_speed(state, d["seat"], d["n"], events)

    def recharge_op(self, state, d, events):
        push(state, {"type": "recharge_pick", "seat": d["seat"], "n": d["n"]})

    def roll_attribute_op(self, state, d, events):
        for _ in range(d["n"]):
            push(state, {"type": "roll", "seat": d["seat"], "die": "attribute",
                         "purpose": "attr"})

    def acquire_op(self, state, d, events):
        push(state, {"type": "acquire", "seat": d["seat"], "deck": d["deck"], "mode": None})

    def reroll_op(self, state, d, events):
        """Rerolls are resolved by the reroll decision itself (reactions)."""

    def cancel_death_op(self, state, d, events):
        """Cancelling a death is resolved by the avoid-death decision itself (reactions)."""

    # every op of spec 5.8, by name (the data's ``op``)
    ops = {
        "gain": gain_op,
        "empower": empower_op,
        "recover": recover_op,
        "honor": honor_op,
        "move": move_op,
        "speed": speed_op,
        "recharge": recharge_op,
        "roll_attribute": roll_attribute_op,
        "acquire": acquire_op,
        "reroll": reroll_op,
        "cancel_death": cancel_death_op,
        "weaken_other": weaken_other_op,  # Treachery (7.3, 9.4)
        "take_honor": take_honor_op,
    }


# -- small decisions inside effects ---------------------------------------------------------

class AnyAttribute(VerbHandler):
    """Choose the attribute of a ``gain any_*`` effect."""

    kind = "any_attribute"

    def options(self, state, d):
        return [Action(f"attr {a}", Msg(f"vindication.attr.{a}"), move=("attr", a))
                for a in d["kinds"]]

    def attr_effect(self, state, d, move, events):
        pop(state, d)
        gain(state, d["seat"], move[1], d["n"], events)

    problems = {"attr": must_be_listed}
    effects = {"attr": attr_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.any_attribute", {"n": d["n"]})


class PowerStep(VerbHandler):
    """Choose each empower (``up``) or weaken (``down``) step when both are possible (4.2)."""

    kind = "power_step"

    def options(self, state, d):
        verb = "raise" if d["direction"] == "up" else "lower"
        return [Action(f"{verb} {s}", Msg(f"vindication.action.{verb}_{s}"), move=(verb, s))
                for s in step_options(state.players[d["seat"]], d["direction"])]

    def auto(self, state, d, events):
        steps = step_options(state.players[d["seat"]], d["direction"])
        if d["n"] <= 0 or not steps:
            pop(state, d)
            return True
        if len(steps) == 1:
            self._step(state, d, steps[0], events)
            return True
        return False

    def _step(self, state, d, source, events):
        apply_step(state, d["seat"], d["direction"], source, events)
        d["n"] -= 1

    def step_effect(self, state, d, move, events):
        self._step(state, d, move[1], events)

    problems = {"raise": must_be_listed, "lower": must_be_listed}
    effects = {"raise": step_effect, "lower": step_effect}

    def prompt(self, state, d):
        return Msg(f"vindication.prompt.power_{d['direction']}", {"n": d["n"]})


def recover_sources(state, seat: int, exclude: str | None) -> list[tuple[str, int]]:
    """Return ``(companion, cubes)`` for the companions of ``seat`` holding cubes (minus
    ``exclude``)."""
    return [(c, cubes) for c, cubes in state.players[seat].companions
            if cubes > 0 and c != exclude]


def can_perform(state, seat: int, effect: dict) -> bool:
    """Tell whether a region's ``effect`` can be performed at least once (R8): a recovery
    needs a companion holding a cube, a recharge a relic with room and an Influence cube;
    every other op always qualifies (a gain is only capped by Influence, R5)."""
    if effect["op"] == "recover":
        return bool(recover_sources(state, seat, None))
    if effect["op"] == "recharge":
        return bool(recharge_targets(state, seat))
    return True


def _amount_options(verb: str, label: str, sources, n: int | None, least: int) -> list[Action]:
    """List one option per source and amount (1..its room, at most ``n``; ``n`` None: no
    limit), then ``done`` (stop here) once ``least`` cubes have been moved."""
    found = []
    for cid, room in sources:
        top = room if n is None else min(room, n)
        found += [Action(f"{verb} {cid} {k}", Msg(label, {"card": card_msg(cid), "n": k}),
                         move=(verb, cid, k)) for k in range(1, top + 1)]
    if least <= 0:
        found.append(Action("done", Msg("vindication.action.done"), move=("done",)))
    return found


class _AmountPick(VerbHandler):
    """Move up to ``n`` cubes one chosen source at a time (``n`` None: no limit): each pick
    names a source not picked yet and an amount; ``done`` stops, not before ``least`` cubes
    (a region's visit must perform its effect, R8). A subclass names its sources, its move
    verb and label, and what one pick moves."""

    verb = label = event = ""

    def sources(self, state, seat: int, d: dict) -> list[tuple[str, int]]:
        """Return ``(card, room)`` for every source of the decision's seat."""
        raise NotImplementedError

    def move_cubes(self, player, cid: str, k: int) -> None:
        """Move ``k`` cubes between card ``cid`` and the player's Influence."""
        raise NotImplementedError

    def _open(self, state, d):
        picked = d.get("picked", [])
        return [s for s in self.sources(state, d["seat"], d) if s[0] not in picked]

    def options(self, state, d):
        return _amount_options(self.verb, self.label, self._open(state, d), d["n"],
                               d.get("least", 0))

    def auto(self, state, d, events):
        if (d["n"] is not None and d["n"] <= 0) or not self._open(state, d):
            pop(state, d)
            return True
        return False

    def done_effect(self, state, d, move, events):
        pop(state, d)

    def pick_effect(self, state, d, move, events):
        _, cid, k = move
        self.move_cubes(state.players[d["seat"]], cid, k)
        if d["n"] is not None:
            d["n"] -= k
        d["least"] = d.get("least", 0) - k
        d["picked"] = d.get("picked", []) + [cid]
        events.append(Event(self.event, {"seat": d["seat"], "n": k, "card": card_msg(cid)}))


class RecoverPick(_AmountPick):
    """Return up to ``n`` cubes from companions to Influence, without discarding them (5.8).
    Asked even with one companion: the amount is the player's choice, made in one pick."""

    kind = "recover_pick"
    verb, label, event = ("take", "vindication.action.take_cubes",
                          "vindication.event.cubes_back")
    problems = {"take": must_be_listed, "done": must_be_listed}
    effects = {"take": _AmountPick.pick_effect, "done": _AmountPick.done_effect}

    def sources(self, state, seat, d):
        return recover_sources(state, seat, d["exclude"])

    def move_cubes(self, player, cid, k):
        next(c for c in player.companions if c[0] == cid)[1] -= k
        player.influence += k

    def prompt(self, state, d):
        return Msg("vindication.prompt.recover_pick", {"n": d["n"]})


def recharge_targets(state, seat: int) -> list[tuple[str, int]]:
    """Return ``(relic, room)`` for the relics of ``seat`` below capacity, room capped by
    Influence (none when Influence is empty)."""
    player = state.players[seat]
    if player.influence <= 0:
        return []
    return [(r, min(card(r)["capacity"] - cubes, player.influence))
            for r, cubes in player.relics if cubes < card(r)["capacity"]]


class RechargePick(_AmountPick):
    """Move up to ``n`` cubes from Influence onto relics (``n`` None: any number, the Arcane
    Tower's recharge, R24)."""

    kind = "recharge_pick"
    verb, label, event = ("charge", "vindication.action.charge_cubes",
                          "vindication.event.recharged")
    problems = {"charge": must_be_listed, "done": must_be_listed}
    effects = {"charge": _AmountPick.pick_effect, "done": _AmountPick.done_effect}

    def sources(self, state, seat, d):
        return recharge_targets(state, seat)

    def move_cubes(self, player, cid, k):
        next(r for r in player.relics if r[0] == cid)[1] += k
        player.influence -= k

    def prompt(self, state, d):
        if d["n"] is None:
            return Msg("vindication.prompt.recharge_any")
        return Msg("vindication.prompt.recharge_pick", {"n": d["n"]})


HANDLERS = [AbilityStep(), EffectStep(), AnyAttribute(), PowerStep(), RecoverPick(),
            RechargePick()]
