"""Action texts: parse them, say why one is illegal, apply one, and list a short menu.

Canonical forms (region and seat numbers as in the map data; seats are 0-based):
``pick N`` · ``decline`` · ``abandon R`` · ``conquer R`` · ``die R`` · ``berserk roll`` ·
``convert R`` · ``dragon R`` · ``fortress R`` · ``encampment R`` · ``encampment off R`` ·
``hero R`` · ``ally S`` · ``end conquest`` · ``redeploy auto`` · ``place N on R`` ·
``move N from A to B`` · ``take N from R`` · ``done`` (any redeployment action typed
during conquests ends them first) · ``end turn`` · ``end turn decline``
(Stout) · ``withdraw N to R`` · ``withdraw auto``.
"""

from __future__ import annotations

import re

from . import combos, conquest, decline, msgs, pending, powers, races, redeploy, turn
from .state import State, copy_state

VERBS = frozenset({"pick", "decline", "abandon", "conquer", "die", "berserk", "convert",
                   "dragon", "fortress", "encampment", "hero", "ally", "end", "redeploy",
                   "place", "move", "take", "done", "withdraw"})

_PATTERNS = [
    (r"pick (\d+)", "pick"), (r"decline", "decline"), (r"abandon (\d+)", "abandon"),
    (r"conquer (\d+)", "conquer"), (r"die (\d+)", "die"), (r"berserk roll", "berserk"),
    (r"convert (\d+)", "convert"), (r"dragon (\d+)", "dragon"), (r"fortress (\d+)", "fortress"),
    (r"encampment (\d+)", "encampment"), (r"encampment off (\d+)", "encampment_off"),
    (r"hero (\d+)", "hero"), (r"ally (\d+)", "ally"), (r"end conquest", "end_conquest"),
    (r"end turn", "end_turn"), (r"end turn decline", "end_turn_decline"),
    (r"redeploy auto", "redeploy_auto"), (r"place (\d+) on (\d+)", "place"),
    (r"move (\d+) from (\d+) to (\d+)", "move"), (r"take (\d+) from (\d+)", "take"),
    (r"done", "done"), (r"withdraw (\d+) to (\d+)", "withdraw"),
    (r"withdraw auto", "withdraw_auto"),
]

PHASE_VERBS = {
    "pick": {"pick"},
    "conquest": {"abandon", "conquer", "die", "berserk", "convert", "dragon", "fortress",
                 "end_conquest", "redeploy_auto"},
    "redeploy": {"place", "move", "take", "redeploy_auto", "done", "fortress", "encampment",
                 "encampment_off"},
    "heroes": {"hero"},
    "end": {"ally", "end_turn", "end_turn_decline"},
    "withdraw": {"withdraw", "withdraw_auto", "encampment", "done"},
}


_COMPILED: dict[str, list] = {}
for _pattern, _verb in _PATTERNS:
    _COMPILED.setdefault(_pattern.split()[0], []).append((re.compile(_pattern), _verb))


def parse(text: str) -> tuple | None:
    """Return (verb, *numbers) for a normalised action text, or None."""
    for pattern, verb in _COMPILED.get(text.split(" ", 1)[0], ()):
        match = pattern.fullmatch(text)
        if match:
            return (verb, *(int(g) for g in match.groups()))
    return None


def to_act(state: State) -> frozenset[int]:
    """Return the seats owing a decision."""
    if state.over:
        return frozenset()
    if state.phase == "withdraw":
        return frozenset({pending.head(state).owner})
    return frozenset({state.current})


def problem(state: State, seat: int, cmd: tuple):
    """Return why ``cmd`` is illegal for ``seat`` now (a Msg), or None if it is legal."""
    if state.over:
        return msgs.err("game_over")
    if seat not in to_act(state):
        return msgs.err("not_your_turn")
    verb = cmd[0]
    if state.phase == "start":
        if verb == "decline":
            return decline.decline_problem(state, seat)
        probe = copy_state(state)
        turn.begin(probe, [])
        return problem(probe, seat, cmd)
    if verb == "decline":
        return msgs.err("decline_first")
    if state.phase == "conquest" and verb in _ENDS_CONQUEST:
        probe = copy_state(state)
        turn.end_conquest(probe, [])
        return problem(probe, seat, cmd)
    if verb not in PHASE_VERBS.get(state.phase, ()):
        return _wrong_step(state, seat, verb)
    return _CHECKS[verb](state, seat, *cmd[1:])


_ATTACKS = frozenset({"abandon", "conquer", "die", "berserk", "convert", "dragon"})
_ENDING = frozenset({"ally", "end_turn", "end_turn_decline"})


def _wrong_step(state: State, seat: int, verb: str):
    """Return the most helpful reason for a move of another step of the turn."""
    acting = state.inst(state.acting)
    own_race_step = acting is None or not acting.declined
    if verb == "pick" and state.active(seat) is not None:
        return msgs.err("pick_has_race")
    if verb == "pick" and not own_race_step:
        return msgs.err("ghouls_first")
    if state.phase == "pick" and verb != "pick":
        return msgs.err("pick_first")
    if verb in _ENDING and state.phase in ("conquest", "redeploy"):
        return msgs.err("finish_first")
    if verb in _ENDING | _ATTACKS and state.phase == "heroes":
        return msgs.err("heroes_first")
    if verb in _ATTACKS and own_race_step and state.phase in ("redeploy", "end"):
        return msgs.err("conquests_over")
    return msgs.err("not_now")


_ENDS_CONQUEST = frozenset({"place", "move", "take", "done", "encampment", "encampment_off"})


def _acting(state: State):
    return state.insts[state.acting]


def _withdrawing(state: State):
    return pending.head(state)


_CHECKS = {
    "pick": lambda s, seat, i: combos.pick_problem(s, seat, i),
    "abandon": lambda s, seat, r: conquest.abandon_problem(s, _acting(s), r),
    "conquer": lambda s, seat, r: conquest.conquer_problem(s, _acting(s), r),
    "die": lambda s, seat, r: conquest.die_problem(s, _acting(s), r),
    "berserk": lambda s, seat: powers.berserk_problem(s, _acting(s)),
    "convert": lambda s, seat, r: races.convert_problem(s, _acting(s), r),
    "dragon": lambda s, seat, r: powers.dragon_problem(s, _acting(s), r),
    "fortress": lambda s, seat, r: powers.fortress_problem(s, _acting(s), r),
    "end_conquest": lambda s, seat: None,
    "place": lambda s, seat, n, r: redeploy.place_problem(s, _acting(s), n, r),
    "move": lambda s, seat, n, a, b: redeploy.move_problem(s, _acting(s), n, a, b),
    "take": lambda s, seat, n, r: redeploy.take_problem(s, _acting(s), n, r),
    "redeploy_auto": lambda s, seat: None,
    "encampment": lambda s, seat, r: powers.encampment_problem(s, _camp_owner(s), r, False),
    "encampment_off": lambda s, seat, r: powers.encampment_problem(s, _acting(s), r, True),
    "hero": lambda s, seat, r: powers.hero_problem(s, _acting(s), r),
    "ally": lambda s, seat, a: powers.ally_problem(s, s.active(seat), a),
    "end_turn": lambda s, seat: None,
    "end_turn_decline": lambda s, seat: (None if powers.is_stout(s, s.active(seat))
                                         else msgs.err("not_stout")),
    "withdraw": lambda s, seat, n, r: pending.withdraw_problem(s, _withdrawing(s), n, r),
    "withdraw_auto": lambda s, seat: None,
    "done": lambda s, seat: _done_problem(s),
}


def _camp_owner(state: State):
    return _withdrawing(state) if state.phase == "withdraw" else _acting(state)


def _done_problem(state: State):
    if state.phase == "withdraw":
        inst = _withdrawing(state)
        return msgs.err("pending_has", have=inst.pending) if inst.pending else None
    return redeploy.done_problem(state, _acting(state))


def execute(state: State, seat: int, cmd: tuple) -> list:
    """Apply a legal ``cmd`` for ``seat`` in place and return the events."""
    events: list = []
    state.highlight = []
    verb, args = cmd[0], cmd[1:]
    if verb == "decline":
        turn.declined_turn(state, events)
        return events
    if state.phase == "start":
        turn.begin(state, events)
    if state.phase == "conquest" and verb in _ENDS_CONQUEST:
        turn.end_conquest(state, events)
    _EFFECTS[verb](state, seat, events, *args)
    state.highlight = sorted(set(state.highlight))
    return events


def _pick(state, seat, events, index):
    combos.pick(state, seat, index, events)
    turn.after_pick(state)


def _after_attack(state, events):
    if _acting(state).conquests_over:
        turn.end_conquest(state, events)


def _conquer(state, seat, events, region):
    conquest.conquer(state, _acting(state), region, events)
    _after_attack(state, events)


def _die(state, seat, events, region):
    conquest.die(state, _acting(state), region, events)
    turn.end_conquest(state, events)


def _hero(state, seat, events, region):
    powers.hero(state, _acting(state), region, events)
    if state.heroes_left <= 0:
        state.phase = "end"


def _withdraw_step(state, events):
    inst = _withdrawing(state)
    if inst.pending == 0 and inst.knocked_camps == 0:
        state.withdraw_queue.pop(0)
        turn.continue_withdrawals(state, events)


def _withdraw(state, seat, events, count, region):
    pending.withdraw(state, _withdrawing(state), count, region, events)
    _withdraw_step(state, events)


def _withdraw_auto(state, seat, events):
    pending.auto(state, _withdrawing(state), events)
    _withdraw_step(state, events)


def _encampment(state, seat, events, region):
    powers.encampment(state, _camp_owner(state), region, False, events)
    if state.phase == "withdraw":
        _withdraw_step(state, events)


def _redeploy_auto(state, events):
    if state.phase == "conquest":
        turn.end_conquest(state, events)
    turn.finish_redeploy(state, events, auto=True)


def _done(state, seat, events):
    if state.phase == "withdraw":
        _withdrawing(state).knocked_camps = 0
        _withdraw_step(state, events)
    else:
        turn.finish_redeploy(state, events, auto=False)


_EFFECTS = {
    "pick": _pick,
    "abandon": lambda s, seat, ev, r: conquest.abandon(s, _acting(s), r, ev),
    "conquer": _conquer,
    "die": _die,
    "berserk": lambda s, seat, ev: powers.berserk_roll(s, _acting(s), ev),
    "convert": lambda s, seat, ev, r: races.convert(s, _acting(s), r, ev),
    "dragon": lambda s, seat, ev, r: powers.dragon(s, _acting(s), r, ev),
    "fortress": lambda s, seat, ev, r: powers.fortress(s, _acting(s), r, ev),
    "end_conquest": lambda s, seat, ev: turn.end_conquest(s, ev),
    "place": lambda s, seat, ev, n, r: redeploy.place(s, _acting(s), n, r, ev),
    "move": lambda s, seat, ev, n, a, b: redeploy.move(s, _acting(s), n, a, b, ev),
    "take": lambda s, seat, ev, n, r: redeploy.take(s, _acting(s), n, r, ev),
    "redeploy_auto": lambda s, seat, ev: _redeploy_auto(s, ev),
    "encampment": _encampment,
    "encampment_off": lambda s, seat, ev, r: powers.encampment(s, _acting(s), r, True, ev),
    "hero": _hero,
    "ally": lambda s, seat, ev, a: powers.choose_ally(s, s.active(seat), a, ev),
    "end_turn": lambda s, seat, ev: turn.end_turn(s, False, ev),
    "end_turn_decline": lambda s, seat, ev: turn.end_turn(s, True, ev),
    "withdraw": _withdraw,
    "withdraw_auto": _withdraw_auto,
    "done": _done,
}
