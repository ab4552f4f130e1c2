"""The Pandaren's Harmony tokens (spec §4.1 Pandaren, §3.11).

At the end of each expand turn of active Pandaren, every opponent whose active race they did
not attack this turn receives a Harmony token (in round 1 also every opponent who has no
race yet). Before a holder first attacks the active Pandaren in a turn (a conquest or a
final attempt on one of their regions), the holder pays the Pandaren player 2 coins, or may
not attack. The tokens return at the start of the Pandaren player's next turn.

``state.extra["harmony"]`` lists the holders' seats; this turn's flags record the seats the
Pandaren attacked (``pandaren_attacked``) and the holders who paid (``harmony_paid``).
"""

from __future__ import annotations

from rules.smallworld.state import Instance, State

from . import coins, data, msgs


def holders(state: State) -> list[int]:
    """Return the seats holding a Harmony token."""
    return state.extra.get("harmony", [])


def is_pandaren(inst: Instance | None) -> bool:
    """Tell whether ``inst`` is an active Pandaren race."""
    return (inst is not None and not inst.declined
            and "harmony" in data.races()[inst.race].get("hooks", ()))


def fee_due(state: State, inst: Instance, region: int) -> int:
    """Return the fee ``inst``'s owner owes before attacking ``region`` now (0 if none)."""
    target = state.inst(state.regions[region].inst)
    if not is_pandaren(target) or inst.owner not in holders(state):
        return 0
    if inst.owner in state.extra["turn"].get("harmony_paid", ()):
        return 0
    return data.constants()["payments"]["harmony_fee"]


def before_attack(state: State, inst: Instance, region: int, events: list) -> None:
    """Pay the Harmony fee if due; record the Pandaren's attack on an active race."""
    flags = state.extra["turn"]
    target = state.inst(state.regions[region].inst)
    if is_pandaren(inst) and target is not None and not target.declined:
        flags.setdefault("pandaren_attacked", []).append(target.owner)
    fee = fee_due(state, inst, region)
    if fee:
        coins.transfer(state, inst.owner, target.owner, fee, "pandaren", events)
        flags.setdefault("harmony_paid", []).append(inst.owner)


def hand_out(state: State, inst: Instance, events: list) -> None:
    """Give Harmony tokens at the end of an expand turn of the active Pandaren ``inst``."""
    attacked = set(state.extra["turn"].get("pandaren_attacked", ()))
    supply = data.constants()["supply"]["harmony"]
    given = state.extra.setdefault("harmony", [])
    for offset in range(1, state.n):
        seat = (inst.owner + offset) % state.n
        has_race = state.players[seat].active is not None
        eligible = (has_race and seat not in attacked) or (
            state.turn == 1 and not state.live_insts(seat))
        if eligible and seat not in given and len(given) < supply:
            given.append(seat)
            events.append(msgs.event("harmony_given", seat=seat, from_seat=inst.owner))


def recover(state: State, seat: int, events: list) -> None:
    """Return every Harmony token at the start of the Pandaren player's turn."""
    active = state.active(seat)
    if is_pandaren(active) and holders(state):
        state.extra["harmony"] = []
        events.append(msgs.event("harmony_returned", seat=seat))
