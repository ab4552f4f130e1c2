"""Build Small World catalog messages and events (keys under ``smallworld.``)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.namespace import Namespace
from rules.core.text import Msg

NS = Namespace("smallworld")

err = NS.table("error")  # ``err(key, **params)``: a refusal, ``smallworld.error.<key>``
event = NS.event  # ``event(key, audience=None, reveals=False, **params)``; None: everyone
label = NS.table("action")  # ``label(key, **params)``: an action label
prompt = NS.table("prompt")  # ``prompt(key, **params)``: a decision's prompt
_race, _power = NS.table("race"), NS.table("power")


@lru_cache(maxsize=None)
def race(race_id: str) -> Msg:
    """Return the display name of a race (one shared message per race: messages are never
    changed)."""
    return _race(race_id)


@lru_cache(maxsize=None)
def power(power_id: str) -> Msg:
    """Return the display name of a power (one shared message per power)."""
    return _power(power_id)


# Events an automatic move repeats one piece at a time, with the parameter that counts the
# pieces (an encampment event has none: several in one region become ``encampments_placed``).
_COUNTED = {"smallworld.event.tokens_taken": "tokens", "smallworld.event.withdraw": "tokens",
            "smallworld.event.encampment_placed": None}


def fold(events: list, start: int = 0) -> None:
    """Merge the events from ``start`` on that repeat one another (the same seat taking,
    withdrawing or camping into the same region) into one event with the total, in place."""
    totals: dict[tuple, list] = {}
    kept: list = []
    for item in events[start:]:
        if item.key not in _COUNTED:
            kept.append(item)
            continue
        counter = _COUNTED[item.key]
        same = (item.key, item.audience, item.reveals,
                repr(sorted((k, v) for k, v in item.params.items() if k != counter)))
        if same not in totals:
            totals[same] = [item, 0, len(kept)]
            kept.append(item)
        totals[same][1] += 1 if counter is None else item.params[counter]
    for first, total, index in totals.values():
        kept[index] = _with_total(first, total)
    events[start:] = kept


def _with_total(item, total: int):
    counter = _COUNTED[item.key]
    if counter is None:
        if total == 1:
            return item
        return type(item)("smallworld.event.encampments_placed", {**item.params, "count": total},
                          item.audience, item.reveals)
    if item.params[counter] == total:
        return item
    return type(item)(item.key, {**item.params, counter: total}, item.audience, item.reveals)
