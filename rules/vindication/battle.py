"""The battle against Ronak (spec 7.11, R33, R34): preparation, initiative, the three-step
battle turn, commit circles, defeat and its reset, victory, loot picking.

The battle runs between two normal turns: once the awakener's turn is over, :func:`flow_step`
drives it (one pending decision at a time) until it is won or lost; normal play then resumes
with the holder of the first-player figure, and rounds count from that player (R34); the loot
is shared in :mod:`.loot`. ``state.myths["battle"]`` holds ``phase`` (prepare, fight, loot),
``queue`` (seats still to prepare), ``order`` and ``next`` (battle-turn order and whose turn
is next), ``fighters`` (seats that had a champion when the fight began), ``first_loot`` and
``looted``.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from . import bonus
from .data import BASIC, card
from .loot import LootPick, next_picker, seats_from
from .monsters import champion
from .msgs import card_msg
from .myths import battle_due, data, effect_of, mmsg
from .power import apply_step, attr_msg, gain
from .state import fresh_turn
from .turn import self_activation_max

CONVICTION = "conviction"
NO_COPY = ("copy", "first_loot")


def flow_step(state, events: list) -> bool:
    """Push the battle's next decision; False when no battle is under way (play goes on) or
    the game is over (an awakening in the game's last turn starts no battle)."""
    if not state.myths or state.over:
        return False
    if battle_due(state):
        _start(state, events)
    fight = state.myths["battle"]
    if fight is None:
        return False
    if fight["phase"] == "prepare":
        if fight["queue"]:
            seat = fight["queue"].pop(0)
            push(state, {"type": "myths_prepare", "seat": seat, "n": data()["prepare_empower"]})
            return True
        _begin_fight(state, events)
    if fight["phase"] == "fight":
        if all(owner is not None for _, owner in state.myths["circles"]):
            _victory(state, events)
        elif defeated(state):
            _defeat(state, events)
            return False
        else:
            _next_battle_turn(state, events)
            return True
    picker = next_picker(state)
    if picker is not None:
        push(state, {"type": "loot_pick", "seat": picker})
        return True
    _finish(state, events)
    return False


def _start(state, events: list) -> None:
    """Preparation: the player after the awakener takes the first-player figure (R34)."""
    first = (state.myths["awakener"] + 1) % len(state.players)
    state.first_seat = first
    state.current = first
    state.myths["battle"] = {"phase": "prepare", "queue": seats_from(state, first),
                             "order": [], "next": 0, "fighters": [], "first_loot": None,
                             "looted": []}
    events.append(Event("vindication_myths.event.battle", {"seat": first}))


def _begin_fight(state, events: list) -> None:
    """Initiative: each champion is its player's lowest-initiative companion; battle turns
    go clockwise from the lowest champion (from the first player when nobody has one)."""
    fight = state.myths["battle"]
    champs = {s: champion(state, s) for s in range(len(state.players))}
    fighters = [s for s, c in champs.items() if c is not None]
    first = min(fighters, key=lambda s: card(champs[s])["initiative"]) if fighters \
        else state.first_seat
    fight.update(phase="fight", fighters=fighters, order=seats_from(state, first), next=0)
    for seat in fighters:
        events.append(Event("vindication_myths.event.champion",
                            {"seat": seat, "card": card_msg(champs[seat])}))


def fallen(state, seat: int) -> bool:
    """Tell whether ``seat`` had a champion when the fight began and has none left."""
    fight = state.myths["battle"]
    return seat in fight["fighters"] and champion(state, seat) is None


def defeated(state) -> bool:
    """Tell whether every champion of every player is dead (Ronak wins)."""
    fight = state.myths["battle"]
    return bool(fight["fighters"]) and all(fallen(state, s) for s in fight["fighters"])


def _next_battle_turn(state, events: list) -> None:
    """Give the next battle turn in order, skipping players whose champions are all dead."""
    fight = state.myths["battle"]
    order = fight["order"]
    for step in range(len(order)):
        index = (fight["next"] + step) % len(order)
        seat = order[index]
        if not fallen(state, seat):
            break
    fight["next"] = (index + 1) % len(order)
    state.current = seat
    state.turn = fresh_turn(state.players[seat].triangle)
    state.players[seat].infused_used = []
    events.append(Event("vindication_myths.event.battle_turn", {"seat": seat}))
    push(state, {"type": "battle_turn", "seat": seat, "generated": False, "committed": False})


def _defeat(state, events: list) -> None:
    """Ronak wins: committed cubes go to their owners' Influence, the black cubes back around
    the centre; the event can happen again. Play resumes with the first player."""
    myths = state.myths
    for circle in myths["circles"]:
        if circle[1] is not None:
            state.players[circle[1]].influence += 1
            circle[1] = None
    myths.update(cubes=list(data()["black_cubes"]), ronak=0, awakener=None, battle=None)
    state.current = state.first_seat
    events.append(Event("vindication_myths.event.defeat"))


def _victory(state, events: list) -> None:
    """Every circle is filled: committed cubes return where they came from, the centre flips
    to Tuuk-Tuuk, and players + 2 loot cards are revealed."""
    myths = state.myths
    for circle in myths["circles"]:
        player = state.players[circle[1]]
        if circle[0] == CONVICTION:
            player.conviction += 1
        else:
            player.attrs[circle[0]] += 1
        circle[1] = None
    spec = data()
    state.hexes[spec["centre"]][0] = spec["tuuk_tuuk"]
    myths["side"] = spec["tuuk_tuuk"]
    shown = myths["loot_deck"][:len(state.players) + 2]
    del myths["loot_deck"][:len(shown)]
    myths["loot_shown"] = shown
    myths["battle"]["phase"] = "loot"
    events.append(Event("vindication_myths.event.victory",
                        {"loot": [mmsg(f"loot.{c}") for c in shown]}, reveals=True))


def _finish(state, events: list) -> None:
    """The loot is shared: unpicked loot leaves the game; play resumes (R34)."""
    myths = state.myths
    myths.update(loot_shown=[], awakener=None, battle=None)
    state.current = state.first_seat
    events.append(Event("vindication_myths.event.resumed", {"seat": state.first_seat}))


# -- the circles ---------------------------------------------------------------------------

def open_kinds(state, seat: int) -> list[str]:
    """Return the circle kinds with an empty circle that ``seat`` has a cube to commit to."""
    player = state.players[seat]
    kinds = []
    for kind, owner in state.myths["circles"]:
        if owner is None and kind not in kinds:
            have = player.conviction if kind == CONVICTION else player.attrs[kind]
            if have > 0:
                kinds.append(kind)
    return kinds


def full_kinds(state) -> list[str]:
    """Return the circle kinds with no empty circle left whose effect may be copied."""
    circles = state.myths["circles"]
    kinds = dict.fromkeys(k for k, _ in circles)
    return [k for k in kinds if all(o is not None for c, o in circles if c == k)
            and effect_of(k)["effect"] not in NO_COPY]


def commit(state, seat: int, kind: str, events: list) -> None:
    """Move one cube of ``kind`` onto its first empty circle and resolve the circle's effect."""
    player = state.players[seat]
    if kind == CONVICTION:
        player.conviction -= 1
    else:
        player.attrs[kind] -= 1
    circle = next(c for c in state.myths["circles"] if c[0] == kind and c[1] is None)
    circle[1] = seat
    label = Msg("vindication.sphere.conviction") if kind == CONVICTION else attr_msg(kind)
    events.append(Event("vindication_myths.event.committed", {"seat": seat, "kind": label}))
    circle_effect(state, seat, kind, events)


def circle_effect(state, seat: int, kind: str, events: list) -> None:
    """Resolve the effect the data maps circle ``kind`` to."""
    spec = effect_of(kind)
    effect = spec["effect"]
    player = state.players[seat]
    if effect == "recover":
        push(state, {"type": "recover_pick", "seat": seat, "n": spec["n"], "exclude": None,
                     "least": 0})
    elif effect == "empower_potential" and player.potential > 0:
        apply_step(state, seat, "up", "potential", events)
    elif effect == "empower_influence" and player.influence > 0:
        apply_step(state, seat, "up", "influence", events)
    elif effect == "teleport_token":
        state.myths["teleports"][seat] += 1
        events.append(Event("vindication_myths.event.token", {"seat": seat}))
    elif effect == "first_loot" and len(state.players) >= data()["first_loot_from"]:
        state.myths["battle"]["first_loot"] = seat
        events.append(Event("vindication_myths.event.first_loot", {"seat": seat}))
    elif effect == "copy" and full_kinds(state):
        push(state, {"type": "myths_copy", "seat": seat})


# -- the decisions -------------------------------------------------------------------------

class Prepare(VerbHandler):
    """Preparation: empower up to ``n`` times (``raise potential|influence``), or ``done``."""

    kind = "myths_prepare"

    def options(self, state, d):
        player = state.players[d["seat"]]
        found = [Action(f"raise {s}", Msg(f"vindication.action.raise_{s}"), move=("raise", s))
                 for s, have in (("potential", player.potential),
                                 ("influence", player.influence)) if have > 0]
        return found + [Action("done", Msg("vindication.action.done"), move=("done",))]

    def auto(self, state, d, events):
        if d["n"] > 0 and len(self.options(state, d)) > 1:
            return False
        pop(state, d)
        return True

    def raise_effect(self, state, d, move, events):
        apply_step(state, d["seat"], "up", move[1], events)
        d["n"] -= 1

    def done_effect(self, state, d, move, events):
        pop(state, d)

    problems = {"raise": must_be_listed, "done": must_be_listed}
    effects = {"raise": raise_effect, "done": done_effect}

    def prompt(self, state, d):
        return mmsg("prompt.prepare", n=d["n"])


class BattleTurn(VerbHandler):
    """One battle turn: generate (once), commit (once; generating comes first), conversions
    at any time, then ``end`` rolls both dice (R33: no companion, no dice)."""

    kind = "battle_turn"

    def options(self, state, d):
        seat = d["seat"]
        found = []
        if not d["generated"] and not d["committed"]:
            found += self._generate(state, seat)
        found += [Action(f"convert {m[1]}", Msg("vindication.action.convert",
                                                {"attr": attr_msg(m[1])}), move=m)
                  for m in bonus.convert_moves(state, seat)]
        if not d["committed"]:
            found += [Action(f"commit {k}", mmsg("action.commit", kind=_kind_msg(k)),
                             move=("commit", k)) for k in open_kinds(state, seat)]
        return found + [Action("end", mmsg("action.roll" if champion(state, seat)
                                           else "action.end_no_dice"), move=("end",))]

    def _generate(self, state, seat):
        player = state.players[seat]
        if player.influence < 1:
            return []
        found = [Action(f"activate self {a}", Msg("vindication.action.activate_self",
                                                  {"attr": attr_msg(a)}),
                        move=("activate_self", a, None)) for a in BASIC]
        return found + [Action(f"activate {c}", mmsg("action.generate", card=card_msg(c)),
                               move=("activate", c, None, True)) for c, _ in player.companions]

    def activate_self_effect(self, state, d, move, events):
        d["generated"] = True
        events.append(Event("vindication.event.activated_self", {"seat": d["seat"]}))
        gain(state, d["seat"], move[1], self_activation_max(state, d["seat"]), events)

    def activate_effect(self, state, d, move, events):
        """Activate a companion for its attributes (its cube placed; no card ability)."""
        seat, cid = d["seat"], move[1]
        player = state.players[seat]
        d["generated"] = True
        player.influence -= 1
        next(c for c in player.companions if c[0] == cid)[1] += 1
        events.append(Event("vindication.event.activated", {"seat": seat, "card": card_msg(cid)}))
        icon = card(cid)["icon"]
        gain(state, seat, icon["attr"], icon["n"], events)

    def convert_effect(self, state, d, move, events):
        bonus.do_convert(state, d["seat"], move[1], events)

    def commit_effect(self, state, d, move, events):
        d["committed"] = True
        if sum(owner is None for _, owner in state.myths["circles"]) == 1:
            pop(state, d)  # the last circle: the battle is won at once, no roll
        commit(state, d["seat"], move[1], events)

    def end_effect(self, state, d, move, events):
        pop(state, d)
        seat = d["seat"]
        if champion(state, seat) is None:
            events.append(Event("vindication_myths.event.no_dice", {"seat": seat}))
            return
        push(state, {"type": "roll", "seat": seat, "die": "monster", "purpose": "monster"})
        push(state, {"type": "roll", "seat": seat, "die": "attribute", "purpose": "battle"})

    problems = {"activate_self": must_be_listed, "activate": must_be_listed,
                "convert": must_be_listed, "commit": must_be_listed, "end": must_be_listed}
    effects = {"activate_self": activate_self_effect, "activate": activate_effect,
               "convert": convert_effect, "commit": commit_effect, "end": end_effect}

    def prompt(self, state, d):
        champ = champion(state, d["seat"])
        return mmsg("prompt.battle_turn", card=card_msg(champ) if champ else "-")


def _kind_msg(kind: str) -> Msg:
    return Msg("vindication.sphere.conviction") if kind == CONVICTION else attr_msg(kind)


class Copy(VerbHandler):
    """The copy circle: perform the effect of one kind with no empty circle left."""

    kind = "myths_copy"

    def options(self, state, d):
        return [Action(f"copy {k}", mmsg("action.copy", kind=_kind_msg(k)), move=("copy", k))
                for k in full_kinds(state)]

    def copy_effect(self, state, d, move, events):
        pop(state, d)
        circle_effect(state, d["seat"], move[1], events)

    problems = {"copy": must_be_listed}
    effects = {"copy": copy_effect}

    def prompt(self, state, d):
        return mmsg("prompt.copy")


HANDLERS = [Prepare(), BattleTurn(), Copy(), LootPick()]
__all__ = ["HANDLERS", "flow_step"]
