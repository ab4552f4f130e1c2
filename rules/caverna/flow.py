"""Round flow (spec §2): start of round, replenish, work turns, return home, harvest,
end of game. Steps are queued as data in ``state.harvest_queue``; :func:`step` runs one
when no decision is pending."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop, push
from rules.core.verbs import must_be_listed

from . import animals, breeding, msgs, sowing, spaces, work
from .goods import gain, has
from .handler import DONE, Step


def stage_of(state, round_no: int) -> int:
    """Return the stage (1-4) of round ``round_no``."""
    if round_no <= 3:
        return 1
    if round_no <= 6:
        return 2
    stage3 = 3 if state.rounds_total == 12 else 2
    return 3 if round_no <= 6 + stage3 else 4


def order(state) -> list[int]:
    """Return the seats in turn order from the start player."""
    return [(state.start_player + i) % state.players for i in range(state.players)]


def harvest_kind(state, round_no: int) -> str:
    """Return the harvest of ``round_no``: none, normal, feed1 or choice (spec §2.3)."""
    if round_no <= 2:
        return "none"
    if round_no == 4:
        return "feed1"
    if round_no in (3, 5) or not state.markers:
        return "normal"
    marker = state.markers[round_no - 6]
    if marker == "green":
        return "normal"
    reds = sum(1 for m in state.markers[:round_no - 5] if m == "red")
    return {1: "none", 2: "feed1"}.get(reds, "choice")


def known_harvest(state) -> str | None:
    """Return this round's harvest kind once known (None before round 1)."""
    return harvest_kind(state, state.round) if state.round else None


def step(state, events: list) -> bool:
    """Run the next queued flow step; return False when nothing is left to run."""
    if state.phase == "over":
        return False
    if state.phase == "work":
        return _work_step(state, events)
    if not state.harvest_queue:
        _after_harvest(state, events)
        return True
    kind, seat = state.harvest_queue.pop(0)
    _RUN[kind](state, seat, events)
    return True


# -- rounds -----------------------------------------------------------------------------
def start_round(state, events: list) -> None:
    """Phase 1 and 2: newborns grow up, reveal the card and marker, replenish."""
    state.round += 1
    state.phase = "work"
    for player in state.ps:
        for dw in player["dwarfs"]:
            dw["newborn"] = False
            dw["placed"] = None
    card = state.round_cards[state.round - 1]
    if card == "wish-for-children" and state.wish_urgent:
        card = "urgent-wish-for-children"
    key = card
    state.spaces.append(spaces.new_space(key, state.round))
    events.append(msgs.event("round", reveals=True, round=state.round, card=msgs.space(card)))
    if card == "family-life":
        _flip_wish(state, events)
    state.harvest = harvest_kind(state, state.round)
    if state.round >= 6 and state.markers:
        events.append(msgs.event("marker", reveals=True, round=state.round,
                                 harvest=msgs.harvest(state.harvest)))
    if state.players == 1 and _solo_full(state) and state.ps[0]["goods"]["ruby"] > 0:
        push(state, {"type": "protect", "seat": 0, "kept": []})
    else:
        finish_start(state, events)


def _flip_wish(state, events: list) -> None:
    state.wish_urgent = True
    for space in list(state.spaces):
        if space["id"] == "wish-for-children":
            fresh = spaces.edit(state, space)
            fresh["id"] = fresh["key"] = "urgent-wish-for-children"
    events.append(msgs.event("wish_flipped"))


def _solo_full(state) -> list[str]:
    return [s["id"] for s in state.spaces if sum(s["goods"].values()) >= 6]


def finish_start(state, events: list, kept: tuple = ()) -> None:
    """Solo clearing, replenishment, supplier goods and the Miner; then the work phase."""
    if state.players == 1:
        for space in list(state.spaces):
            if sum(space["goods"].values()) >= 6 and space["id"] not in kept:
                spaces.edit(state, space)["goods"] = {}
    for index, space in enumerate(list(state.spaces)):
        spaces.replenish(state, space, index)
    for seat in order(state):
        player = state.ps[seat]
        gain(state, seat, player["future"].pop(str(state.round), {}), events)
        if has(player, "miner"):
            gain(state, seat, {"ore": animals.donkeys_in_mines(player, ("ore-mine",))}, events)
    state.turn = state.start_player


@lru_cache(maxsize=None)
def _protect(space_id: str) -> Action:
    """The (immutable) action paying 1 ruby to keep ``space_id``'s goods."""
    return Action(f"protect {space_id}", msgs.action("protect", space=msgs.space(space_id)),
                  move=("protect", space_id))


class ProtectDecision(Step):
    """Solo: pay 1 ruby per accumulating space with 6+ goods to keep it from being emptied."""

    kind = "protect"

    def options(self, state, d):
        out = []
        if state.ps[0]["goods"]["ruby"] > 0:
            out = [_protect(sid) for sid in _solo_full(state) if sid not in d["kept"]]
        return out + [DONE]

    def done_effect(self, state, d, move, events):
        pop(state, d)
        finish_start(state, events, tuple(d["kept"]))

    def protect_effect(self, state, d, move, events):
        d["kept"].append(move[1])
        state.ps[0]["goods"]["ruby"] -= 1

    problems = {"protect": must_be_listed, "done": must_be_listed}
    effects = {"protect": protect_effect, "done": done_effect}


def _home_dwarfs(player: dict) -> list[int]:
    return [i for i, d in enumerate(player["dwarfs"]) if d["placed"] is None and not d["newborn"]]


def _work_step(state, events: list) -> bool:
    for i in range(state.players):
        seat = (state.turn + i) % state.players
        if _home_dwarfs(state.ps[seat]):
            if not work.can_place(state, seat):
                stranded = _home_dwarfs(state.ps[seat])
                for i in stranded:
                    state.ps[seat]["dwarfs"][i]["placed"] = "-"
                events.append(msgs.event("no_space", seat=seat, count=len(stranded)))
                continue
            push(state, {"type": "turn", "seat": seat})
            state.turn = seat
            return True
    _return_home(state, events)
    return True


def _return_home(state, events: list) -> None:
    for player in state.ps:
        for dw in player["dwarfs"]:
            dw["placed"] = None
    state.spaces = [{**space, "occupant": None} for space in state.spaces]
    if state.next_start is not None:
        state.start_player = state.next_start
        state.next_start = None
    state.phase = "harvest"
    state.harvest_queue = _harvest_steps(state)
    if state.harvest != "none":
        events.append(msgs.event("harvest", round=state.round, kind=msgs.harvest(state.harvest)))


def _harvest_steps(state) -> list:
    seats = order(state)
    kind = state.harvest
    steps: list = []
    if kind == "choice":
        steps.append(["all", "harvest-choice"])
    if kind in ("normal", "choice"):
        steps += [["field", s] for s in seats]
    if kind in ("normal", "choice", "feed1"):
        steps.append(["all", "feed1" if kind == "feed1" else "feed2"])
    if kind in ("normal", "choice"):
        steps += [["breed", s] for s in seats]
    if state.round == state.rounds_total:
        steps.append(["all", "final"])
    return steps


def _after_harvest(state, events: list) -> None:
    if state.round >= state.rounds_total:
        state.phase = "over"
        events.append(msgs.event("game_over"))
        return
    start_round(state, events)


def _field(state, seat, events):
    if state.harvest != "choice" or state.ps[seat]["flags"].get("harvest_choice") == "field":
        sowing.field_phase(state, seat, events)


def _breed(state, seat, events):
    if state.harvest != "choice" or state.ps[seat]["flags"].get("harvest_choice") == "breed":
        breeding.breed(state, seat, events=events)


def _all(state, kind: str, events: list) -> None:
    """Every player owes the same decision at once (answered in any order)."""
    extra = {"feed1": {"per_adult": 1}, "feed2": {"per_adult": 2}}.get(kind)
    for seat in reversed(order(state)):
        if extra is not None:
            push(state, {"type": "feed", "seat": seat, **extra})
        else:
            push(state, {"type": kind, "seat": seat})


_RUN = {
    "field": _field,
    "all": _all,
    "breed": _breed,
}
