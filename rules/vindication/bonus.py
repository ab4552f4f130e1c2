"""Bonus actions (spec 4.4-4.8, 5.6): convert, Proficiency tiles, recover influence,
vindicate, use a relic. Each has its options, its refusal reason and its effect here.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop
from rules.core.verbs import VerbHandler, must_be_listed

from . import guilds
from .crystals import crystal_actions
from .data import ATTRIBUTES, BASIC, HEROIC, ability, attribute, card, game, rule
from .effects import push_effects
from .msgs import card_msg, msg
from .myths import warp_actions
from .pets import owner_discarded, rehome_actions
from .power import attr_msg, convertible, gain, gain_honor, holds, lose_honor, spend

# -- conversion to heroic (4.4) -------------------------------------------------------------

def convert_moves(state, seat: int) -> list[tuple]:
    """Return the conversions ``seat`` can make now."""
    return [("convert", h) for h in HEROIC if convertible(state.players[seat], h)]


def convert_problem(state, seat: int, heroic: str) -> Msg | None:
    """Say why converting to ``heroic`` is impossible now."""
    if heroic not in HEROIC:
        return Msg("vindication.reason.not_heroic")
    if not convertible(state.players[seat], heroic):
        return Msg("vindication.reason.convert_parts", {"attr": attr_msg(heroic)})
    return None


def do_convert(state, seat: int, heroic: str, events: list) -> None:
    """Spend one of each part and gain one ``heroic`` (Influence rises by one)."""
    spend(state, seat, {part: 1 for part in attribute(heroic)["made_of"]})
    gain(state, seat, heroic, 1, [])
    events.append(Event("vindication.event.converted", {"seat": seat, "attr": attr_msg(heroic)}))


# -- Proficiency tiles (4.5) ----------------------------------------------------------------

def proficiency_problem(state, seat: int, attr: str) -> Msg | None:
    """Say why taking a Proficiency tile of ``attr`` is impossible now."""
    if attr not in ATTRIBUTES:
        return Msg("vindication.reason.unknown_attr")
    if state.turn["proficiency_taken"]:
        return Msg("vindication.reason.proficiency_once")
    if state.prof_supply[attr] <= 0:
        return Msg("vindication.reason.proficiency_empty", {"attr": attr_msg(attr)})
    cost = rule("proficiency_tiles", "acquire_cost")
    if holds(state.players[seat], attr) < cost:
        return Msg("vindication.reason.need_attr", {"n": cost, "attr": attr_msg(attr)})
    return None


def do_proficiency(state, seat: int, attr: str, events: list) -> None:
    """Spend 3 of ``attr`` and take one of its Proficiency tiles."""
    player = state.players[seat]
    cost = rule("proficiency_tiles", "acquire_cost")
    spend(state, seat, {attr: cost})
    player.proficiency[attr] += 1
    state.prof_supply[attr] -= 1
    state.turn["proficiency_taken"] = True
    events.append(Event("vindication.event.proficiency", {"seat": seat, "attr": attr_msg(attr)}))


def discard_problem(state, seat: int, attr: str) -> Msg | None:
    """Say why discarding a Proficiency tile of ``attr`` is impossible."""
    if attr not in ATTRIBUTES or state.players[seat].proficiency[attr] <= 0:
        return Msg("vindication.reason.no_proficiency")
    return None


def do_discard(state, seat: int, attr: str, events: list) -> None:
    """Remove one held tile from the game (R19) and gain 2 of its attribute."""
    state.players[seat].proficiency[attr] -= 1
    state.prof_removed[attr] += 1
    events.append(Event("vindication.event.proficiency_discarded",
                        {"seat": seat, "attr": attr_msg(attr)}))
    gain(state, seat, attr, rule("proficiency_tiles", "discard_gain"), events)


# -- recover influence (4.7, R6) ------------------------------------------------------------

def recovery_sources(state, seat: int, exclude: str | None = None) -> list[tuple]:
    """Return ``(move, text, label)`` for each recovery source, one cube each (a companion:
    all its cubes); ``exclude`` keeps a card out (the champion, R11)."""
    player = state.players[seat]
    found = [(("recover", "attr", a, 1), f"recover attr {a} 1", attr_msg(a))
             for a in ATTRIBUTES if player.attrs[a] > 0]
    if player.conviction > 0:
        found.append((("recover", "conviction", None, 1), "recover conviction 1",
                      Msg("vindication.sphere.conviction")))
    found += [(("recover", "relic", r, 1), f"recover relic {r} 1", card_msg(r))
              for r, cubes in player.relics if cubes > 0 and r != exclude]
    found += [(("recover", "region", h, 1), f"recover region {h}", msg("hex", hex=h))
              for h, (_, owner) in sorted(state.hexes.items()) if owner == seat]
    found += [(("recover", "companion", c, 0), f"recover companion {c}", card_msg(c))
              for c, cubes in player.companions if cubes > 0 and c != exclude]
    return found


def has_recovery_source(state, seat: int) -> bool:
    """Tell whether ``seat`` has any cube to recover (what ``recovery_sources`` would list)."""
    player = state.players[seat]
    return (player.conviction > 0 or any(player.attrs.values())
            or any(cubes for _, cubes in player.relics)
            or any(cubes for _, cubes in player.companions)
            or any(owner == seat for _, owner in state.hexes.values()))


def recover_problem(state, seat: int, move: tuple) -> Msg | None:
    """Say why recovering ``move`` (kind, id, n) is impossible."""
    _, kind, ident, n = move
    player = state.players[seat]
    if n < 1 and kind != "companion":
        return Msg("vindication.reason.recover_nothing")
    held = {"attr": lambda: player.attrs.get(ident, 0) if ident in ATTRIBUTES else 0,
            "conviction": lambda: player.conviction,
            "relic": lambda: next((c for r, c in player.relics if r == ident), 0),
            "region": lambda: 1 if state.hexes.get(ident, [None, None])[1] == seat else 0,
            "companion": lambda: next((c for r, c in player.companions if r == ident), 0)}[kind]()
    if kind == "companion":
        return None if held > 0 else Msg("vindication.reason.recover_empty_companion")
    if held < n:
        return Msg("vindication.reason.recover_too_many", {"n": held})
    return None


def take_recovery(state, seat: int, move: tuple, events: list) -> None:
    """Move the cubes of one recovery source back to Influence (R6)."""
    _, kind, ident, n = move
    player = state.players[seat]
    if kind == "attr":
        player.attrs[ident] -= n
    elif kind == "conviction":
        player.conviction -= n
    elif kind == "relic":
        next(r for r in player.relics if r[0] == ident)[1] -= n
    elif kind == "region":
        state.hexes[ident][1] = None
    else:
        owner_discarded(state, seat, ident, events)  # discarded on purpose: its pets too (7.8)
        remove_companion(state, seat, ident, events)
        return
    player.influence += n
    events.append(Event("vindication.event.recovered", {"seat": seat, "n": n}))


def remove_companion(state, seat: int, cid: str, events: list) -> None:
    """Take companion ``cid`` out of the game (its cubes return, positive honor is lost)."""
    player = state.players[seat]
    entry = next(c for c in player.companions if c[0] == cid)
    player.companions.remove(entry)
    player.influence += entry[1]
    state.removed.append(cid)
    events.append(Event("vindication.event.companion_lost", {"seat": seat, "card": card_msg(cid)}))
    lose_honor(state, seat, max(0, card(cid)["honor"]), events)


# -- vindicate (4.8) and relics (5.6) -------------------------------------------------------

def vindicate_problem(state, seat: int) -> Msg | None:
    """Say why ``seat`` cannot vindicate now."""
    player = state.players[seat]
    rule = game()["vindication"]
    if player.vindicated:
        return Msg("vindication.reason.already_vindicated")
    if player.potential != 0 or player.honor < rule["min_honor"]:
        return Msg("vindication.reason.vindicate_needs", {"honor": rule["min_honor"]})
    return None


def do_vindicate(state, seat: int, events: list) -> None:
    """Flip to the Vindicated side and gain 5 honor."""
    state.players[seat].vindicated = True
    events.append(Event("vindication.event.vindicated", {"seat": seat}))
    gain_honor(state, seat, game()["vindication"]["honor_bonus"], events)


def usable_relics(state, seat: int) -> list[str]:
    """Return the relics with a ``use`` ability, a cube, and no use this turn."""
    return [r for r, cubes in state.players[seat].relics
            if guilds.relic_usable(state, seat, r, cubes) and r not in state.turn["relics_used"]
            and (ability(r) or {}).get("timing") == "use"]


def use_problem(state, seat: int, cid: str) -> Msg | None:
    """Say why relic ``cid`` cannot be used now."""
    if cid not in usable_relics(state, seat):
        return Msg("vindication.reason.relic_unusable")
    return None


def do_use(state, seat: int, cid: str, events: list) -> None:
    """Return one cube from the relic to Influence, then resolve its effects."""
    player = state.players[seat]
    guilds.pay_relic(state, seat, next(r for r in player.relics if r[0] == cid))  # 7.10
    state.turn["relics_used"].append(cid)
    events.append(Event("vindication.event.relic_used", {"seat": seat, "card": card_msg(cid)}))
    push_effects(state, seat, ability(cid)["effects"], cid)


def bonus_actions(state, seat: int) -> list[Action]:
    """List every bonus action ``seat`` can take now (one entry per source or tile)."""
    player = state.players[seat]
    found = [Action(f"convert {h}", msg("action.convert", attr=attr_msg(h)), move=m)
             for m in convert_moves(state, seat) for h in [m[1]]]
    if not state.turn["proficiency_taken"]:
        found += [Action(f"proficiency {a}", msg("action.proficiency", attr=attr_msg(a)),
                         move=("proficiency", a))
                  for a in ATTRIBUTES if proficiency_problem(state, seat, a) is None]
    found += [Action(f"discard {a}", Msg("vindication.action.discard", {"attr": attr_msg(a)}),
                     move=("discard", a)) for a in ATTRIBUTES if player.proficiency[a] > 0]
    if has_recovery_source(state, seat):
        found.append(Action("recover", msg("action.recover_menu"), move=("recover",)))
    if vindicate_problem(state, seat) is None:
        found.append(Action("vindicate", Msg("vindication.action.vindicate"), move=("vindicate",)))
    found += [Action(f"use {r}", card_msg(r), move=("use", r)) for r in usable_relics(state, seat)]
    return (found + crystal_actions(state, seat) + rehome_actions(state, seat)
            + warp_actions(state, seat))


class RecoverMenu(VerbHandler):
    """Recover influence: pick one source (or ``done`` to change your mind); recover again
    for more. Typed ``recover attr strength 3`` forms also work straight from the turn."""

    kind = "recover_menu"

    def options(self, state, d):
        found = [Action(text, msg("action.recover", source=label), move=move)
                 for move, text, label in recovery_sources(state, d["seat"])]
        return found + [Action("done", msg("action.done"), move=("done",))]

    def recover_problem(self, state, d, move):
        """A typed ``recover attr strength 3`` is judged by the rule; others must be listed."""
        if len(move) == 4:
            return recover_problem(state, d["seat"], move)
        return must_be_listed(self, state, d, move)

    def recover_effect(self, state, d, move, events):
        pop(state, d)
        take_recovery(state, d["seat"], move, events)

    def done_effect(self, state, d, move, events):
        pop(state, d)

    problems = {"recover": recover_problem, "done": must_be_listed}
    effects = {"recover": recover_effect, "done": done_effect}

    def prompt(self, state, d):
        return msg("prompt.recover_menu")


__all__ = ["BASIC", "RecoverMenu", "bonus_actions"]
