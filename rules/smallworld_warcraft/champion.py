"""The Champion (spec §4.2 Champion, §3.1 T4, §3.3.2, §3.3.4, §6.3, T25).

* ``champion R`` (CHAMPION_CONQUER, once a turn, never a first conquest): conquer a region
  adjacent to the race (Kobolds: any cavern too), whatever its defenders, by putting the
  Champion there alone (Tauren: with 2 Tauren tokens; option
  ``champion_conquest_places_token``: with 1 race token, Tauren 2). A hand of at least 1 token
  (Tauren 2) is still needed. The Champion comes from wherever it is; a region it held alone
  becomes empty. Every other conquest rule applies (defenders, triggers, Harmony, Aegis).
* ``hold R`` (CHAMPION_HOLD, before the first conquest, non-Tauren): the last race token of a
  region that also holds the Champion goes to hand; the Champion alone holds the region.
* ``champion to R`` (redeployment, and the owner's withdrawal at T10a): move the Champion.
* In defence it adds 1 to the cost. When another player conquers (or bombs) its region, its
  race loses no token (all withdrawn), the Champion is taken hostage and its owner pays the
  ransom (``champion_ransom``, what they can) to the conqueror; it comes back with the
  withdrawn tokens at T10a (to hand when the race has no region left).
* It goes when its race declines (a region it held alone becomes empty).

The Champion is counted among the tokens of its region (so it occupies, scores and defends as
1) and, while ransomed, among its race's withdrawn (``pending``) tokens; never in the hand.
``state.extra["champion"]`` is ``{"inst": id, "region": R}`` on the board or ``{"inst": id,
"pending": true}`` while ransomed; without it the Champion is in the hand of the active
Champion race (if any).
"""

from __future__ import annotations

from rules.smallworld import conquest
from rules.smallworld import msgs as base_msgs
from rules.smallworld.state import Instance, State
from rules.smallworld.variant import rules_of

from . import coins, data, harmony, holding, msgs, placements, reach, rule_options

POWER = "champion"
OPTION = "champion_conquest_places_token"


def flags(state: State) -> dict:
    """Return this turn's flags."""
    return state.extra.setdefault("turn", {})


def is_champion(inst: Instance | None) -> bool:
    """Tell whether ``inst`` is an active race with the Champion power."""
    return inst is not None and not inst.declined and inst.power == POWER


def record(state: State, inst: Instance) -> dict | None:
    """Return where ``inst``'s Champion is when it is not in hand (None: in hand)."""
    found = state.extra.get("champion")
    return found if found is not None and found["inst"] == inst.id else None


def in_hand(state: State, inst: Instance | None) -> bool:
    """Tell whether ``inst``'s Champion is in its owner's hand."""
    return is_champion(inst) and record(state, inst) is None


def region_of(state: State, inst: Instance) -> int | None:
    """Return the region holding ``inst``'s Champion, if it is on the board."""
    found = record(state, inst)
    return None if found is None else found.get("region")


def is_pending(state: State, inst: Instance) -> bool:
    """Tell whether ``inst``'s Champion was ransomed and awaits its owner's T10a."""
    found = record(state, inst)
    return bool(found and found.get("pending"))


def places_token(state: State) -> bool:
    """Tell whether the engine option puts a race token in with the Champion (§6.7)."""
    return bool(rule_options.get(state, OPTION))


def tokens_with(state: State, inst: Instance) -> int:
    """Return the race tokens a Champion conquest of ``inst`` places beside the Champion."""
    least = holding.least(inst)
    return least if least > 1 or places_token(state) else 0


# -- CHAMPION_CONQUER -----------------------------------------------------------------------
def conquer_problem(state: State, inst: Instance, region: int, owned: set[int] | None = None):
    """Return why ``champion region`` is refused now, or None (§6.3 CHAMPION_CONQUER)."""
    if not is_champion(inst):
        return msgs.err("not_champion")
    if flags(state).get("champion_used"):
        return msgs.err("champion_used")
    if inst.conquests_over:
        return base_msgs.err("conquests_over")
    if inst.hand < holding.least(inst):
        return base_msgs.err("no_tokens")
    owned = set(state.regions_of(inst.id)) if owned is None else owned
    if not owned:
        return msgs.err("champion_first_conquest")
    if not 0 <= region < len(state.regions):
        return msgs.err("no_such_region", region=region)
    if region in owned:
        return base_msgs.err("own_region")
    rules = rules_of(state)
    if state.board.regions[region].water and not rules.may_enter_water(state, inst):
        return base_msgs.err("water")
    if placements.immune(state, region, inst.owner):
        return base_msgs.err("immune")
    if not reach.adjacent_to(state.board, region, frozenset(owned), rules.reach_of(state, inst)):
        return base_msgs.err("not_adjacent", region=region)
    fee = harmony.fee_due(state, inst, region)
    if fee and not coins.affords(state, inst.owner, fee):
        return msgs.err("harmony_fee", coins=fee)
    return None


def targets(state: State, inst: Instance) -> list[int]:
    """Return every region ``inst`` may take with its Champion now (for menus)."""
    if not is_champion(inst) or flags(state).get("champion_used"):
        return []
    owned = set(state.regions_of(inst.id))
    return [r for r in range(len(state.regions))
            if conquer_problem(state, inst, r, owned) is None]


def conquer(state: State, inst: Instance, region: int, events: list) -> None:
    """Take ``region`` with the Champion (and the Tauren's 2 tokens), §4.2 Champion."""
    rules_of(state).before_attack(state, inst, region, events)
    flags(state)["champion_used"] = True
    take_out(state, inst, events)
    placed = tokens_with(state, inst)
    events.append(msgs.event("champion_conquest", seat=inst.owner, region=region,
                             tokens=placed))
    spent = flags(state).get("ethereal_used")  # a free conquest spends no cost discount
    conquest.resolve(state, inst, region, placed, events, kind=None, beside=1)
    flags(state)["ethereal_used"] = spent
    state.extra["champion"] = {"inst": inst.id, "region": region}


def take_out(state: State, inst: Instance, events: list) -> None:
    """Take ``inst``'s Champion into hand from its region (a region it held alone empties)."""
    source = region_of(state, inst)
    state.extra.pop("champion", None)
    if source is None:
        return
    reg = state.edit(source)
    reg.tokens -= 1
    if reg.tokens == 0:
        holding.vacate(state, source, events)


# -- CHAMPION_HOLD ----------------------------------------------------------------------------
def hold_problem(state: State, inst: Instance, region: int):
    """Return why ``hold region`` is refused now, or None (§3.1 T4)."""
    if not is_champion(inst):
        return msgs.err("not_champion")
    if holding.least(inst) > 1:
        return msgs.err("hold_tauren")
    if inst.conquered or inst.conquests_over:
        return base_msgs.err("abandon_after_conquest")
    if region_of(state, inst) != region:
        return msgs.err("hold_region", region=region)
    if holding.living(state, region) != 1 or holding.beasts_at(state, region):
        return msgs.err("hold_region", region=region)
    return None


def hold(state: State, inst: Instance, region: int, events: list) -> None:
    """Lift the last race token of the Champion's ``region`` into hand."""
    state.edit(region).tokens -= 1
    inst.hand += 1
    state.highlight.append(region)
    events.append(msgs.event("champion_hold", seat=inst.owner, region=region))


# -- moving it (redeployment, withdrawal) ---------------------------------------------------
def move_problem(state: State, inst: Instance, region: int, withdrawing: bool = False):
    """Return why ``champion to region`` is refused now, or None."""
    held = is_pending(state, inst) if withdrawing else is_champion(inst)
    if not held:
        return msgs.err("no_champion")
    if not 0 <= region < len(state.regions) or state.regions[region].inst != inst.id:
        return msgs.err("not_your_region", region=region)
    source = region_of(state, inst)
    if source == region:
        return msgs.err("champion_there", region=region)
    if source is not None and not holding.holds(inst, holding.living(state, source), False):
        return base_msgs.err("keep_one", region=source)
    return None


def move(state: State, inst: Instance, region: int, events: list) -> None:
    """Move ``inst``'s Champion into ``region`` (from hand, its region, or ransom)."""
    found = record(state, inst)
    if found is not None and found.get("pending"):
        inst.pending -= 1
    elif found is not None:
        state.edit(found["region"]).tokens -= 1
        state.highlight.append(found["region"])
    state.edit(region).tokens += 1
    state.extra["champion"] = {"inst": inst.id, "region": region}
    state.highlight.append(region)
    events.append(msgs.event("champion_moved", seat=inst.owner, region=region))


def pending_into(state: State, inst: Instance, region: int) -> None:
    """Record that the ransomed Champion was among the withdrawn tokens put into ``region``."""
    state.extra["champion"] = {"inst": inst.id, "region": region}


def back_to_hand(state: State, inst: Instance) -> None:
    """A ransomed Champion whose race holds no region stays in its owner's hand."""
    if is_pending(state, inst):
        inst.pending -= 1
        del state.extra["champion"]


# -- in defence -------------------------------------------------------------------------------
def take_hostage(state: State, attacker: Instance, region: int, events: list) -> bool:
    """When ``attacker`` conquers (or bombs) the Champion's ``region``: the Champion is taken
    hostage and its owner pays the ransom; return True (its race then loses no token)."""
    found = state.extra.get("champion")
    if found is None or found.get("region") != region:
        return False
    owner = state.insts[found["inst"]]
    state.edit(region).tokens -= 1
    state.edit_inst(owner.id).pending += 1
    state.extra["champion"] = {"inst": owner.id, "pending": True}
    ransom = data.constants()["payments"]["champion_ransom"]
    events.append(msgs.event("champion_hostage", seat=owner.owner, target=attacker.owner,
                             region=region))
    coins.transfer(state, owner.owner, attacker.owner, ransom, POWER, events)
    return True


def remove(state: State, inst: Instance, events: list) -> None:
    """Take the Champion of a declining race off the board (§3.8 step 4)."""
    if is_champion(inst):
        take_out(state, inst, events)


def swap(state: State, a: int, b: int) -> None:
    """The Champion in region ``a`` or ``b`` follows a Portal Mage swap."""
    found = state.extra.get("champion")
    if found is not None and found.get("region") in (a, b):
        found["region"] = b if found["region"] == a else a


def problems(state: State) -> list[str]:
    """Return the broken invariants of the Champion (owner, where it lies)."""
    found = state.extra.get("champion")
    if found is None:
        return []
    inst = state.insts[found["inst"]]
    if not is_champion(inst):
        return [f"the Champion of instance {inst.id}, not an active Champion race"]
    if found.get("pending"):
        return [] if inst.pending >= 1 else ["a ransomed Champion outside the withdrawn tokens"]
    region = found.get("region")
    if region is None or state.regions[region].inst != inst.id:
        return [f"the Champion in region {region}, not held by its race"]
    return []
