"""The cost of a Warcraft conquest, with its breakdown (spec §3.3.2).

    raw  = 2 + defenders + travel
    cost = max(minimum, raw - reductions)        minimum: 2 for Tauren, else 1

Defenders: other races' tokens (beasts included; the attacker's own declined tokens too),
Murlocs, the Mountain, a wisp wall, a fort and the Champion, one each. Reductions stack:
data-driven race and power discounts (terrain, symbol, non-empty, always, a face-up
legendary place for Ethereals) and the per-conquest ones declared with it (Worgen form,
Frostmourne, the Gnome air-raid die).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .data import Region


@dataclass(frozen=True)
class Defenders:
    """What defends a region against one attacker (counts of each kind)."""

    tokens: int = 0        # race tokens not of the attacker's active race, beasts included
    murlocs: int = 0
    mountain: int = 0
    wisp_wall: int = 0
    fort: int = 0
    champion: int = 0

    def total(self) -> int:
        """Return how many tokens the defenders add to the cost."""
        return (self.tokens + self.murlocs + self.mountain + self.wisp_wall + self.fort
                + self.champion)

    def nonempty(self) -> bool:
        """Tell whether the region is non-empty (race tokens, beasts, a Champion, Murlocs)."""
        return bool(self.tokens or self.murlocs or self.champion)


@dataclass(frozen=True)
class Breakdown:
    """A conquest cost and how it was reached (logged for disputes, §6.6)."""

    base: int
    defenders: int
    travel: int
    reductions: tuple[tuple[str, int], ...] = field(default_factory=tuple)
    minimum: int = 1

    @property
    def raw(self) -> int:
        """Return the cost before reductions."""
        return self.base + self.defenders + self.travel

    @property
    def cost(self) -> int:
        """Return the tokens the conquest needs."""
        return max(self.minimum, self.raw - sum(amount for _, amount in self.reductions))


def discount_applies(rule: dict, region: Region, defenders: Defenders,
                     face_up_place: bool) -> bool:
    """Tell whether one data discount rule (races.toml / powers.toml) applies to ``region``."""
    kind = rule["kind"]
    if kind == "always":
        return True
    if kind == "terrain":
        return region.terrain == rule["value"]
    if kind == "symbol":
        return rule["value"] in region.symbols
    if kind == "nonempty":
        return defenders.nonempty()
    if kind == "legendary_place":
        return face_up_place
    raise ValueError(f"unknown discount kind {kind!r}")


def data_reductions(sources: list[tuple[str, dict]], region: Region, defenders: Defenders,
                    face_up_place: bool, once_used: bool) -> list[tuple[str, int]]:
    """Return (source, amount) for every data discount of the race and power that applies.

    A once-per-turn discount (Ethereals) counts only when not yet used this turn.
    """
    found = []
    for source, definition in sources:
        for rule in definition.get("discount", ()):
            if rule.get("once_per_turn") and once_used:
                continue
            if discount_applies(rule, region, defenders, face_up_place):
                found.append((source, rule.get("amount", 1)))
    return found


def breakdown(defenders: Defenders, travel: int, reductions: list[tuple[str, int]],
              minimum: int = 1) -> Breakdown:
    """Return the cost breakdown of one conquest."""
    return Breakdown(2, defenders.total(), travel, tuple(reductions), minimum)
