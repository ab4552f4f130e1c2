"""Guilds & Monuments (spec 7.10, R31, R32, module ``guilds``): the guild action and the
lasting effects of the guild medal's nine locations.

A player's medal is ``Player.guild = [location, target, turn placed]`` (None: in the
supply). Its effects are read where the shared rules need them, through the small hooks
below: control (Fortify), the toll (Diplomacy), movement (Obstacle), weaken effects of
other players (Command), companion activation (Loyalty), relic use (Empowered relic),
trait abilities (Praise) and dice (Destiny). Fortification is derived from the medal, so a
region flips back to its normal side the moment the medal leaves (R32).

Readings where the seed is silent: Diplomacy's split applies to any visitor's toll (its
owner's too) until the owner's next turn starts; the controller keeps any ``toll_bonus``.
An Obstacle pays once per move that passes through or ends on it (a Sacred Stones teleport
ending there too). Destiny replaces the reroll reactions of the roll (none is offered).
Activating a Loyalty companion still needs an Influence cube, as 5.4 asks of any companion.
A medal whose card or region is lost stays where it is, doing nothing, until it moves.

R31 is enforced at the end of the owner's turn: a medal this turn's guild action did not
place goes back to the supply (the only other choice, moving it, is the guild action
itself, so nothing needs asking). The same location can never be chosen two turns in a row.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from .data import board, card
from .data import guild_rules as rules_of
from .monuments import slot_moves
from .msgs import card_msg, face_msg, msg
from .power import apply_step, gain_honor, sphere_msg

MODULE = "guilds"
HEX_PLACES = ("fortify", "diplomacy")
CARD_PLACES = {"loyalty": "companions", "relic": "relics", "praise": "traits",
               "destiny": "monsters"}


def active(state) -> bool:
    """Tell whether the Guilds & Monuments module is on."""
    return MODULE in state.options.get("modules", ())


def medal_at(state, location: str, target) -> int | None:
    """Return the seat whose medal stands on ``location`` ``target`` (None: nobody's)."""
    for seat, player in enumerate(state.players):
        if player.guild and player.guild[0] == location and player.guild[1] == target:
            return seat
    return None


def holds_medal(state, seat: int, location: str, target=None) -> bool:
    """Tell whether ``seat``'s medal stands on ``location`` (and ``target``, if given)."""
    medal = state.players[seat].guild
    return bool(medal) and medal[0] == location and (target is None or medal[1] == target)


def _space(seat: int, location: str, target) -> tuple:
    """Where a medal stands, for "no two medals in one place": a hex, a triangle, or one of
    the owner's own locations (their power board, monument board and cards)."""
    if location in HEX_PLACES:
        return ("hex", target)
    if location == "obstacle":
        return ("triangle", target)
    return (seat, location, target)


# -- lasting effects, read by the shared rules ------------------------------------------------

def fortifier(state, hid: str) -> int | None:
    """Return the seat whose medal fortifies ``hid`` (the three-ring side), or None."""
    return medal_at(state, "fortify", hid)


def control_barred(state, seat: int, hid: str) -> bool:
    """Tell whether a fortification bars ``seat`` from taking control of ``hid``."""
    owner = fortifier(state, hid)
    return owner is not None and owner != seat


def pay_toll(state, hid: str, owner: int, toll: int, events: list) -> None:
    """Pay a toll on ``hid`` to its controller; with a Diplomacy medal there (not lapsed),
    the medal's owner takes ``toll_share`` of it after the controller's part (whoever visits,
    the owner included; R37 order). The controller keeps any ``toll_bonus``."""
    diplomat = medal_at(state, "diplomacy", hid)
    if diplomat is not None and lapsed(state, diplomat):
        diplomat = None
    share = min(toll, rules_of()["diplomacy"]["toll_share"]) if diplomat is not None else 0
    gain_honor(state, owner, toll - share, events)
    if share:
        events.append(Event("vindication.event.diplomacy", {"seat": diplomat, "n": share,
                                                            "hex": hid}))
        gain_honor(state, diplomat, share, events)


def lapsed(state, seat: int) -> bool:
    """Tell whether ``seat``'s Diplomacy has run out: it splits tolls only "until your next
    turn", so not on the owner's next turn while the medal still waits to move (R31)."""
    medal = state.players[seat].guild
    return state.current == seat and medal[2] != state.turns_played


def passed(state, seat: int, triangles: list[str], events: list) -> None:
    """Pay each opponent's Obstacle that ``seat``'s move passed through or ended on (once
    per move and obstacle); medals never block."""
    for owner, player in enumerate(state.players):
        medal = player.guild
        if owner != seat and medal and medal[0] == "obstacle" and medal[1] in triangles:
            n = rules_of()["obstacle"]["honor"]
            events.append(Event("vindication.event.obstacle", {"seat": owner, "mover_seat": seat,
                                                               "triangle": medal[1], "n": n}))
            gain_honor(state, owner, n, events)


def shielded(state, target: int, events: list) -> bool:
    """Tell whether Command shields ``target`` from another player's weaken effect (and say
    so in the log)."""
    if not holds_medal(state, target, "command"):
        return False
    events.append(Event("vindication.event.command_shield", {"seat": target}))
    return True


def loyal_activation(state, seat: int, cid: str, events: list) -> bool:
    """Activate a Loyalty companion: one of its cubes returns to Influence instead of one
    being placed (none if it has none). Return False for any other companion."""
    if not holds_medal(state, seat, "loyalty", cid):
        return False
    player = state.players[seat]
    entry = next(c for c in player.companions if c[0] == cid)
    back = min(1, entry[1])
    entry[1] -= back
    player.influence += back
    events.append(Event("vindication.event.loyalty", {"seat": seat, "card": card_msg(cid),
                                                      "n": back}))
    return True


def relic_usable(state, seat: int, cid: str, cubes: int) -> bool:
    """Tell whether a relic holding ``cubes`` may be used: an Empowered relic while it has
    room and an Influence cube to take, any other relic while it holds a cube."""
    if holds_medal(state, seat, "relic", cid):
        return cubes < card(cid)["capacity"] and state.players[seat].influence > 0
    return cubes > 0


def pay_relic(state, seat: int, relic: list) -> None:
    """Pay for one use of ``relic``: an Empowered relic takes a cube from Influence, any
    other returns one to Influence."""
    step = -1 if holds_medal(state, seat, "relic", relic[0]) else 1
    relic[1] -= step
    state.players[seat].influence += step


def praise(state, seat: int, cid: str, events: list) -> None:
    """A trait under ``seat``'s Praise medal was used or triggered: gain its honor."""
    if holds_medal(state, seat, "praise", cid):
        events.append(Event("vindication.event.praise", {"seat": seat, "card": card_msg(cid)}))
        gain_honor(state, seat, rules_of()["praise"]["honor"], events)


def destiny(state, seat: int) -> bool:
    """Tell whether ``seat`` rolls every die twice and keeps either result (Destiny)."""
    return holds_medal(state, seat, "destiny")


# -- the guild action ------------------------------------------------------------------------

def _targets(state, seat: int, location: str) -> list:
    """Return every target of ``location`` that suits ``seat`` (ignoring other medals)."""
    player = state.players[seat]
    if location == "fortify":
        return sorted(h for h, (tile, owner) in state.hexes.items() if tile and owner == seat)
    if location == "diplomacy":
        return sorted(h for h, (tile, owner) in state.hexes.items()
                      if tile and owner not in (None, seat))
    if location == "obstacle":
        figures = {p.triangle for p in state.players}
        return sorted(t for t in board()["triangles"] if t not in figures)
    if location == "command":
        return list(rules_of()["command"]["steps"])
    if location == "monument":
        return [None] if not player.monument_built and slot_moves(state, seat) else []
    return _owned(player, CARD_PLACES[location])


def _owned(player, kind: str) -> list[str]:
    if kind == "companions":
        return [c for c, _ in player.companions]
    if kind == "relics":
        return [r for r, _ in player.relics]
    return list(getattr(player, kind))


def place_problem(state, seat: int, location: str, target) -> Msg | None:
    """Say why ``seat`` cannot put the guild medal on ``location`` ``target`` now, or None."""
    if not active(state):
        return msg("reason.guild_off")
    if location not in rules_of()["locations"]:
        return msg("reason.guild_where")
    if state.turn.get("guild"):
        return msg("reason.guild_once")
    return spot_problem(state, seat, location, target)


def spot_problem(state, seat: int, location: str, target) -> Msg | None:
    """Say why ``location`` ``target`` cannot take ``seat``'s medal (the action aside)."""
    if target not in _targets(state, seat, location):
        return msg(f"reason.guild_{location}")
    if holds_medal(state, seat, location, target):
        return msg("reason.guild_same")
    spot = _space(seat, location, target)
    if any(p.guild and _space(s, p.guild[0], p.guild[1]) == spot
           for s, p in enumerate(state.players) if s != seat):
        return msg("reason.guild_occupied")
    return None


def guild_moves(state, seat: int) -> list[tuple]:
    """Return the guild actions ``seat`` may take now; the Obstacle is one entry (its
    triangle is asked next) so that the turn's menu stays short."""
    if not active(state) or state.turn.get("guild"):
        return []
    own = state.players[seat].guild
    taken = {_space(s, p.guild[0], p.guild[1]) for s, p in enumerate(state.players)
             if p.guild and s != seat}
    found = []
    for location in rules_of()["locations"]:
        if location == "obstacle":
            if _free_obstacles(state, seat):
                found.append(("guild", "obstacle", None))
            continue
        found += [("guild", location, t) for t in _targets(state, seat, location)
                  if _space(seat, location, t) not in taken
                  and not (own and own[0] == location and own[1] == t)]
    return found


def _free_obstacles(state, seat: int) -> list[str]:
    """Return the triangles an Obstacle of ``seat`` may take now: no figure, no guild medal
    (the owner's own included: not the same location two turns in a row)."""
    taken = {p.triangle for p in state.players}
    taken.update(p.guild[1] for p in state.players if p.guild and p.guild[0] == "obstacle")
    return [t for t in sorted(board()["triangles"]) if t not in taken]


def guild_actions(state, seat: int) -> list[Action]:
    """List the guild actions as the turn offers them."""
    return [Action(guild_text(m), msg("action.guild", where=where_msg(state, seat, m[1], m[2])),
                   move=m)
            for m in guild_moves(state, seat)]


def guild_text(move: tuple) -> str:
    """Return the canonical text of a guild move (``guild fortify H07``, ``guild monument``)."""
    return " ".join(str(p) for p in move if p is not None)


def where_msg(state, seat: int, location: str, target) -> Msg:
    """Name a medal's location (the Obstacle without a triangle: its menu entry)."""
    if location == "command":
        left = sphere_msg(target)
        right = sphere_msg("influence" if target == "potential" else "conviction")
        return msg("guild.command", source=left, target=right)
    if location in CARD_PLACES:
        return msg(f"guild.{location}", card=card_msg(target))
    if location == "obstacle" and target is None:
        return msg("guild.obstacle_any")
    return msg(f"guild.{location}", hex=target or "", triangle=target or "")


def guild_problem(state, seat: int, move: tuple) -> Msg | None:
    """Judge a guild move (the Obstacle without a triangle: some triangle must be free)."""
    _, location, target = move
    if location == "obstacle" and target is None:
        if not active(state) or state.turn.get("guild"):
            return msg("reason.guild_off" if not active(state) else "reason.guild_once")
        return None if _free_obstacles(state, seat) else msg("reason.guild_obstacle")
    return place_problem(state, seat, location, target)


def do_guild(state, seat: int, move: tuple, events: list) -> None:
    """Take the guild action: an Obstacle without a triangle asks for one first."""
    _, location, target = move
    state.turn["guild"] = True
    if location == "obstacle" and target is None:
        push(state, {"type": "guild_obstacle", "seat": seat})
        return
    place(state, seat, location, target, events)


def place(state, seat: int, location: str, target, events: list) -> None:
    """Put the medal on ``location`` ``target`` and apply the placement's effect."""
    state.players[seat].guild = [location, target, state.turns_played]
    events.append(Event("vindication.event.guild_placed",
                        {"seat": seat, "where": where_msg(state, seat, location, target)}))
    if location == "command" and getattr(state.players[seat], target) > 0:
        apply_step(state, seat, "up", target, events)
    elif location == "monument":
        push(state, {"type": "monument", "seat": seat, "least": 1})


def at_turn_end(state, seat: int, events: list) -> None:
    """R31: a medal this turn's guild action did not place returns to the supply."""
    medal = state.players[seat].guild
    if medal and medal[2] != state.turns_played:
        state.players[seat].guild = None
        events.append(Event("vindication.event.guild_returned", {"seat": seat}))


def add_guilds(state, data: dict) -> None:
    """Put the medals, the fortified hexes and the monument boards on a view's ``data``
    (public: nothing of the module is hidden)."""
    data["fortified"] = sorted(p.guild[1] for p in state.players
                               if p.guild and p.guild[0] == "fortify")
    for seat, (entry, player) in enumerate(zip(data["players"], state.players, strict=True)):
        entry["guild"] = list(player.guild[:2]) if player.guild else None
        entry["guild_stale"] = seat == state.current and bool(player.guild) \
            and player.guild[2] != state.turns_played  # it must move this turn (R31)
        entry["monument"] = list(player.monument)
        entry["monument_built"] = player.monument_built


# -- the decisions the guild action and Destiny ask ------------------------------------------

class GuildObstacle(VerbHandler):
    """Choose the empty triangle of an Obstacle (``obstacle T14``)."""

    kind = "guild_obstacle"

    def options(self, state, d):
        return [Action(f"obstacle {t}", msg("guild.obstacle", triangle=t), move=("obstacle", t))
                for t in _free_obstacles(state, d["seat"])]

    def obstacle_effect(self, state, d, move, events):
        pop(state, d)
        place(state, d["seat"], "obstacle", move[1], events)

    problems = {"obstacle": must_be_listed}
    effects = {"obstacle": obstacle_effect}

    def prompt(self, state, d):
        return msg("prompt.guild_obstacle")


class DestinyPick(VerbHandler):
    """Destiny: the die was rolled twice; keep either result (no reroll on that roll)."""

    kind = "destiny"

    def options(self, state, d):
        return [Action(f"face {f}", msg("action.keep_face", face=face_msg(f)), move=("face", f))
                for f in dict.fromkeys(d["faces"])]

    def auto(self, state, d, events):
        if d["faces"][0] != d["faces"][1]:
            return False
        self.face_effect(state, d, ("face", d["faces"][0]), events)
        return True

    def face_effect(self, state, d, move, events):
        pop(state, d)
        step = {k: v for k, v in d.items() if k not in ("type", "faces")}
        events.append(Event("vindication.event.destiny", {"seat": d["seat"],
                                                          "face": face_msg(move[1])}))
        push(state, {**step, "type": "die_result", "result": move[1]})

    problems = {"face": must_be_listed}
    effects = {"face": face_effect}

    def prompt(self, state, d):
        a, b = d["faces"]
        return msg("prompt.destiny", a=face_msg(a), b=face_msg(b))


HANDLERS = [GuildObstacle(), DestinyPick()]
