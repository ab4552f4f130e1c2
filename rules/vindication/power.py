"""The power board and attributes (spec 4.1-4.3): gains, costs, empower/weaken steps, honor.

Every honor gain runs the condition-token check at once (spec 6.1, R13, R37); a token taken
reveals one face-down end-game trigger.
"""

from __future__ import annotations

from rules.core import Event, Msg

from .data import ATTRIBUTES, attribute, rule, speed_honor


def gain(state, seat: int, attr: str, n: int, events: list) -> int:
    """Move up to ``n`` cubes from Influence to ``attr`` (R5); return how many moved."""
    player = state.players[seat]
    moved = max(0, min(n, player.influence))
    if moved:
        player.influence -= moved
        player.attrs[attr] += moved
        events.append(Event("vindication.event.gain", {"seat": seat, "n": moved,
                                                       "attr": attr_msg(attr)}))
    return moved


def spend(state, seat: int, cost: dict, events: list | None = None) -> None:
    """Pay the attribute cubes of ``cost`` (the caller checked :func:`can_pay`): an unused
    infused crystal of an attribute pays 1 of it first (once per turn each, spec 7.7), the
    rest returns to Influence."""
    player = state.players[seat]
    for attr, n in cost.items():
        crystal = min(n, credit(player, attr))
        player.infused_used.extend([attr] * crystal)
        player.attrs[attr] -= n - crystal
        player.influence += n - crystal


def credit(player, attr: str) -> int:
    """Return how many of ``player``'s infused crystals of ``attr`` can still pay this turn."""
    return player.infused.count(attr) - player.infused_used.count(attr)


def holds(player, attr: str) -> int:
    """Return how much of ``attr`` ``player`` can pay now: cubes plus unused infused crystals."""
    return player.attrs[attr] + credit(player, attr)


def can_pay(player, cost: dict) -> bool:
    """Tell whether ``player`` can pay every attribute of ``cost`` (cubes and infused crystals)."""
    return all(holds(player, a) >= n for a, n in cost.items())


def attr_msg(attr: str):
    """Return the catalog message naming ``attr``."""
    return Msg(f"vindication.attr.{attr}")


def step_options(player, direction: str) -> list[str]:
    """Return the possible empower ("up") or weaken ("down") steps, by source sphere."""
    if direction == "up":
        return [s for s, ok in (("potential", player.potential > 0),
                                ("influence", player.influence > 0)) if ok]
    return [s for s, ok in (("conviction", player.conviction > 0),
                            ("influence", player.influence > 0)) if ok]


def apply_step(state, seat: int, direction: str, source: str, events: list) -> None:
    """Move one cube one step up (empower) or down (weaken) from sphere ``source``."""
    player = state.players[seat]
    target = {("up", "potential"): "influence", ("up", "influence"): "conviction",
              ("down", "conviction"): "influence", ("down", "influence"): "potential"}
    goal = target[(direction, source)]
    setattr(player, source, getattr(player, source) - 1)
    setattr(player, goal, getattr(player, goal) + 1)
    key = "empowered" if direction == "up" else "weakened"
    events.append(Event(f"vindication.event.{key}", {"seat": seat,
                                                     "source": sphere_msg(source),
                                                     "target": sphere_msg(goal)}))


def sphere_msg(sphere: str):
    """Return the catalog message naming a power-board sphere."""
    return Msg(f"vindication.sphere.{sphere}")


def gain_honor(state, seat: int, n: int, events: list) -> None:
    """Add ``n`` honor (floor 0, R7); take condition tokens passed by a gain (R13, R37)."""
    player = state.players[seat]
    if n <= 0:
        lose_honor(state, seat, -n, events)
        return
    player.honor += n
    events.append(Event("vindication.event.honor", {"seat": seat, "n": n,
                                                    "total": player.honor}))
    for token in sorted(state.tokens_left):
        if token <= player.honor:
            state.tokens_left.remove(token)
            player.tokens.append(token)
            events.append(Event("vindication.event.token", {"seat": seat, "token": token}))
            reveal_trigger(state, events)


def lose_honor(state, seat: int, n: int, events: list) -> None:
    """Remove ``n`` honor, never below 0 (R7)."""
    if n <= 0:
        return
    player = state.players[seat]
    lost = min(n, player.honor)
    player.honor -= lost
    events.append(Event("vindication.event.honor_lost", {"seat": seat, "n": lost,
                                                         "total": player.honor}))


def reveal_trigger(state, events: list) -> None:
    """Turn the next face-down end-game trigger face up (if any remain)."""
    if state.trigger_deck:
        trigger = state.trigger_deck.pop(0)
        state.triggers_up.append(trigger)
        events.append(Event("vindication.event.trigger_revealed",
                            {"trigger": Msg(f"vindication.card.{trigger}")}, reveals=True))


def raise_speed(state, seat: int, levels: int, events: list) -> None:
    """Raise speed by up to ``levels`` (max 5), gaining each new level's honor."""
    player = state.players[seat]
    for _ in range(levels):
        if player.speed >= rule("speed_track", "max_speed"):
            return
        player.speed += 1
        events.append(Event("vindication.event.speed", {"seat": seat, "speed": player.speed}))
        gain_honor(state, seat, speed_honor(player.speed), events)


def convertible(player, heroic: str) -> bool:
    """Tell whether ``player`` holds one cube of each part of ``heroic``."""
    return all(holds(player, part) >= 1 for part in attribute(heroic)["made_of"])


def cube_total(state, seat: int) -> int:
    """Count every cube of ``seat`` wherever it lies (spec 4.1; always 21)."""
    player = state.players[seat]
    total = player.potential + player.influence + player.conviction
    total += sum(player.attrs[a] for a in ATTRIBUTES)
    total += sum(c[1] for c in player.companions) + sum(r[1] for r in player.relics)
    total += sum(1 for _, owner in state.hexes.values() if owner == seat)
    # Myths & Marvels (7.11): cubes committed onto the board's circles
    total += sum(1 for _, owner in state.myths.get("circles", ()) if owner == seat)
    return total + monument_cubes(player)


def monument_cubes(player) -> int:
    """Return how many of ``player``'s cubes stand on their monument board (Guilds &
    Monuments, 7.10): every filled slot but the Proficiency tiles (``tile_<attr>``)."""
    return sum(1 for slot in player.monument if not slot.startswith("tile_"))
