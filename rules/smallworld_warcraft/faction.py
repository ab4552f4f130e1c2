"""The faction bonus (spec §3.6, §5.7).

At the end of its turn an Alliance race earns a coin for each Horde race (and a Horde race
for each Alliance race) of an opponent from which it took at least one region this turn;
occupying the Battleground raises the cap to two coins per race, and lets a neutral race
declare a side for the turn. Neutral races and Murlocs never give the bonus.
"""

from __future__ import annotations

from typing import Iterable

ENEMY = {"alliance": "horde", "horde": "alliance"}


def faction_bonus(attacker_faction: str, taken: Iterable[tuple[str, int]],
                  battleground: bool = False, declared: str | None = None) -> int:
    """Return the bonus coins of an active race.

    ``taken``: (faction of the defeated race, regions taken from it this turn), one entry per
    opponent race (an opponent's active and declined races are two entries). ``declared``:
    the side a neutral race on the Battleground chose for this turn.
    """
    side = attacker_faction
    if side == "neutral":
        if not (battleground and declared in ENEMY):
            return 0
        side = declared
    enemy = ENEMY[side]
    cap = 2 if battleground else 1
    return sum(min(cap, count) for faction, count in taken if faction == enemy and count > 0)
