"""The housing solver: assign farm animals and dogs to housing units, or prove they
cannot all fit (spec §5.1).

A unit is (square, capacity, types, dogable); it holds one farm type. Single-type units
(forest stables, mines, Breakfast and Cuddle rooms) are filled first, which is never
worse. The others take any type, so they are grouped into classes of equal capacity and
the search decides how many units of each class go to each type; donkeys, boar and
cattle are interchangeable there, and failures are remembered under a sorted key.

Dogs only help sheep on dogable units (meadows, pastures): a unit of capacity c with
k >= 1 dogs holds max(c, k + 1) sheep. For the set of dogable sheep units the best use
of D >= 1 dogs adds D + z sheep room when z >= 1 bare meadows (capacity 0) are among
them (one dog each on min(z, D) of them, the rest on one of those), else D + 1 - c_min
(all dogs on the smallest unit, when that helps).
"""

from __future__ import annotations

FARM = ("sheep", "donkey", "boar", "cattle")


def dog_gain(dogs: int, bare: int, cmin: int | None) -> int:
    """Return the extra sheep room from ``dogs`` on the dogable sheep units."""
    if dogs == 0:
        return 0
    if bare:
        return dogs + min(bare, dogs)
    return max(0, dogs + 1 - cmin) if cmin is not None else 0


def solve(unit_list: tuple, need: tuple, dogs: int) -> list | None:
    """Return [(type or None, animals, dogs)] per unit housing ``need``, or None."""
    plan: list = [(None, 0, 0)] * len(unit_list)
    rest = list(need)
    generic: dict[tuple[int, bool], list[int]] = {}
    for i, (_where, cap, types, dogable) in enumerate(unit_list):
        if len(types) > 1:
            if cap > 0 or (dogable and dogs):
                generic.setdefault((cap, dogable), []).append(i)
            continue
        index = FARM.index(next(iter(types)))
        put = min(cap, rest[index])
        if put:
            plan[i] = (FARM[index], put, 0)
            rest[index] -= put
    classes = sorted(generic.items(), key=lambda kv: -kv[0][0])
    counts = _search([(cap, dogable, len(ids)) for (cap, dogable), ids in classes], rest, dogs)
    if counts is None:
        return None
    _place(plan, unit_list, [ids for _key, ids in classes], counts, rest, dogs)
    return plan


def _search(classes: list, need: list, dogs: int) -> list | None:
    """Return per class the units given to each type [sheep, donkey, boar, cattle]."""
    n = len(classes)
    room_after = [sum(c * k for c, _d, k in classes[j:]) for j in range(n + 1)]
    bare_after = [sum(k for c, d, k in classes[j:] if c == 0 and d) for j in range(n + 1)]
    sums_after = _subset_sums(classes)
    dog_caps = [[c for c, d, _k in classes[j:] if d and c > 0] for j in range(n + 1)]
    smallest_after = [min(caps) if caps else None for caps in dog_caps]
    failed: set = set()

    def go(j: int, need: list, bare: int, cmin: int | None) -> list | None:
        gain = dog_gain(dogs, bare, cmin)
        if j == n:
            return [] if not any(need[1:]) and need[0] <= gain else None
        best_gain = gain
        if need[0] > gain and dogs:
            if bare + bare_after[j]:
                best_gain = dogs + min(bare + bare_after[j], dogs)
            else:
                smallest = min(x for x in (cmin, smallest_after[j], 1 << 20) if x is not None)
                best_gain = max(gain, dogs + 1 - smallest)
        if room_after[j] + best_gain < sum(need):
            return None
        sums = sums_after[j]
        least = sum(_least_sum(sums, r) for r in need[1:])
        if least + _least_sum(sums, max(0, need[0] - best_gain)) > room_after[j]:
            return None
        key = (j, need[0], tuple(sorted(need[1:])), min(bare, dogs), cmin)
        if key in failed:
            return None
        cap, dogable, count = classes[j]
        for split in _splits(cap, dogable, count, need, dogs):
            left = [max(0, need[t] - split[t] * cap) for t in range(4)]
            new_bare, new_cmin = bare, cmin
            if split[0] and dogable:
                if cap == 0:
                    new_bare += split[0]
                else:
                    new_cmin = cap if cmin is None else min(cmin, cap)
            tail = go(j + 1, left, new_bare, new_cmin)
            if tail is not None:
                return [split] + tail
        failed.add(key)
        return None

    return go(0, list(need), 0, None)


def _subset_sums(classes: list) -> list[int]:
    """Return, per class index j, the capacities reachable by units of classes j.. as a
    bit set (bit s set = some units hold exactly s)."""
    out = [1]
    for cap, _dogable, count in reversed(classes):
        mask = out[-1]
        for _ in range(count if cap else 0):
            mask |= mask << cap
        out.append(mask)
    return out[::-1]


def _least_sum(sums: int, r: int) -> int:
    """Return the smallest reachable capacity >= r (a large number if none)."""
    if r <= 0:
        return 0
    high = sums >> r
    if not high:
        return 1 << 20
    return r + (high & -high).bit_length() - 1


def _splits(cap: int, dogable: bool, count: int, need: list, dogs: int):
    """Yield ways to give units of one class to the four types, most useful first."""
    limits = []
    for t in range(4):
        if cap == 0:
            useful = min(count, dogs) if (t == 0 and dogable and need[0]) else 0
        else:
            useful = min(count, -(-need[t] // cap))
        if t == 0 and dogable and dogs and need[0]:
            useful = min(count, max(useful, 1))
        limits.append(useful)
    order = sorted(range(4), key=lambda t: -need[t])
    yield from _fill(order, limits, count, [0, 0, 0, 0])


def _fill(order: list, limits: list, left: int, split: list):
    if not order:
        yield tuple(split)
        return
    t, rest = order[0], order[1:]
    for k in range(min(limits[t], left), -1, -1):
        split[t] = k
        yield from _fill(rest, limits, left - k, split)
    split[t] = 0


def _place(plan: list, unit_list: tuple, class_ids: list, counts: list, need: list,
           dogs: int) -> None:
    """Turn class counts into animals and dogs per unit."""
    chosen: list[list[int]] = [[], [], [], []]
    for ids, split in zip(class_ids, counts, strict=True):
        at = 0
        for t in range(4):
            chosen[t] += ids[at:at + split[t]]
            at += split[t]
    dog_at = _dogs_for_sheep(unit_list, chosen[0], dogs)
    for t in range(4):
        left = need[t]
        for i in sorted(chosen[t], key=lambda i: -unit_list[i][1]):
            cap = unit_list[i][1]
            k = dog_at.get(i, 0)
            room = max(cap, k + 1) if k else cap
            put = min(room, left)
            left -= put
            plan[i] = (FARM[t] if put else None, put, k)


def _dogs_for_sheep(unit_list: tuple, sheep_units: list, dogs: int) -> dict[int, int]:
    """Spread the dogs over the sheep units as in :func:`dog_gain`."""
    dogable = [i for i in sheep_units if unit_list[i][3]]
    if not dogs or not dogable:
        return {}
    bare = [i for i in dogable if unit_list[i][1] == 0]
    if bare:
        out = {i: 1 for i in bare[:dogs]}
        out[bare[0]] += dogs - len(out)
        return out
    smallest = min(dogable, key=lambda i: unit_list[i][1])
    return {smallest: dogs} if dogs + 1 > unit_list[smallest][1] else {}
