"""Every card ability runs from its data through the one interpreter (spec 5.5, 5.8):
activated companions, used relics, on-join cards and every triggered passive fire and change
the state as their effects say."""

from __future__ import annotations

import pytest

from rules.vindication.data import ability, card_table

from .helpers import A, B, G, at, give, keys, own, play, script, stack_deck, table, tile

# the Treachery module's cards have their own tests (test_treachery.py)
BASIC_CARDS = {c: i for c, i in card_table().items() if not i.get("treachery")}
ACTIVATED = sorted(c for c, i in BASIC_CARDS.items()
                   if (i.get("ability") or {}).get("timing") == "activate")
USED = sorted(c for c, i in BASIC_CARDS.items() if (i.get("ability") or {}).get("timing") == "use")
PASSIVE = sorted(c for c, i in BASIC_CARDS.items()  # pets: test_pets.py
                 if (i.get("ability") or {}).get("timing") == "passive" and i["type"] != "pet")


def _settle_choices(state, seat=A):
    """Answer sub-decisions with their first option until the turn decision is back."""
    events = []
    while G.decision(state, seat) and G.decision(state, seat)["type"] != "turn":
        first = G.legal_actions(state, seat)[0].text
        state, new = play(state, seat, first)
        events += new
    return state, events


def _snapshot(state, seat=A):
    p = state.players[seat]
    return {"attrs": sum(p.attrs.values()), "honor": p.honor, "conviction": p.conviction,
            "potential": p.potential, "move": state.turn["move_bonus"],
            "relic_cubes": sum(c for _, c in p.relics),
            "companion_cubes": sum(c for _, c in p.companions)}


def _check_effects(before, after, effects, placed=0):
    for effect in effects:
        op, n = effect["op"], effect.get("n", 0)
        if op in ("gain", "roll_attribute"):
            assert after["attrs"] >= before["attrs"] + n, effect
        elif op == "honor":
            assert after["honor"] >= before["honor"] + n, effect
        elif op == "move":
            assert after["move"] >= before["move"] + n, effect
        elif op == "empower":
            assert (before["potential"] - after["potential"]) + \
                (after["conviction"] - before["conviction"]) >= n, effect
        elif op == "recover":
            assert after["companion_cubes"] < before["companion_cubes"] + placed, effect
        elif op == "recharge":
            assert after["relic_cubes"] > before["relic_cubes"], effect


def _rich(cid, relic=None):
    state = own(table(), A, cid)
    own(state, A, "Y01" if cid != "Y01" else "R03", 2)
    own(state, A, "P06" if "P06" not in (cid, relic) else "P05", 1)
    script(state, attribute_die=["strength", "knowledge", "wisdom"])
    return give(state, A, influence=8, conviction=2)


@pytest.mark.parametrize("cid", ACTIVATED)
def test_activated_companions(cid):
    state = _rich(cid)
    before = _snapshot(state)
    state, _ = play(state, A, f"activate {cid} noability")
    plain = _snapshot(state)
    state = _rich(cid)
    state, _ = play(state, A, f"activate {cid}")
    state, _ = _settle_choices(state)
    after = _snapshot(state)
    assert after != plain
    _check_effects(before, after, ability(cid)["effects"], placed=1)


@pytest.mark.parametrize("cid", USED)
def test_used_relics(cid):
    state = _rich("R03", relic=cid)
    own(state, A, cid, 1)
    state = give(state, A)
    before = _snapshot(state)
    state, _ = play(state, A, f"use {cid}")
    state, _ = _settle_choices(state)
    after = _snapshot(state)
    assert dict(after, relic_cubes=0) != dict(before, relic_cubes=0)
    _check_effects(before, after, ability(cid)["effects"])


def test_on_join_astrologer_rolls_twice():
    state = tile(at(table(), A, "T26"), "H07", "inn")
    state = give(state, A, knowledge=2)
    state = stack_deck(state, "companions_blue", ["B08"])
    script(state, attribute_die=["vision", "wisdom"])
    state, _ = play(state, A, "visit H07 blue blind")
    p = state.players[A]
    assert p.companions == [["B08", 0]] and (p.attrs["vision"], p.attrs["wisdom"]) == (1, 1)


PASSIVE_SCENES = {
    "after_visit": "visit", "after_rest": "rest", "after_control": "control",
    "after_toll": "toll", "after_acquire": "fight", "after_discover": "discover",
    "turn_start": "turn_start",
}


def _scene(cid):
    spec = ability(cid)
    state = own(at(table(), A, "T26"), A, cid)
    if spec["event"] == "turn_start":
        own(state, A, "Y01" if cid != "Y01" else "R03", 2)
    state = give(state, A, influence=6, conviction=2, strength=3, knowledge=3,
                 inspiration=2, courage=2)
    region = spec.get("region") or "fort"
    event = spec["event"]
    if event == "after_visit":
        tile(state, "H07", region)
        own(state, A, "Y01" if cid != "Y01" else "R03", 1)
        text = {"inn": "visit H07 red blind", "command_post": "visit H07 steps 1",
                "monastery": "visit H07 steps 1"}.get(region, "visit H07")
        return state, [(A, text)]
    if event == "after_rest":
        return state, [(A, "rest")]
    if event == "after_control":
        return tile(state, "H07", "fort"), [(A, "visit H07 before")]
    if event == "after_acquire":
        own(state, A, "Y01" if cid != "Y01" else "R03")
        script(state, monster_die=["blank"], attribute_die=["strength"])
        return tile(state, "H07", "gaping_maw"), [(A, "visit H07 blind")]
    if event == "after_discover":
        return state, [(A, "move T14")]
    if event == "after_toll":
        tile(state, "H07", "fort", A)
        at(state, B, "T44")
        return state, [(A, "move T14 T13"), (A, "end"), (B, "visit H07")]
    return state, [(A, "move T14"), (A, "end"), (B, "move T20"), (B, "end")]


@pytest.mark.parametrize("cid", PASSIVE)
def test_triggered_passives(cid):
    state, steps = _scene(cid)
    before = _snapshot(state)
    events = []
    for seat, text in steps:
        state, new = play(state, seat, text)
        events += new
        for chooser in dict.fromkeys([seat, A]):  # a turn_start pick belongs to A
            state, more = _settle_choices(state, chooser)
            events += more
    fired = [e for e in events if e.key.endswith(".ability") and e.params["card"].key.endswith(cid)]
    assert len(fired) == 1, keys(events)
    assert _snapshot(state) != before
    if ability(cid)["effects"][0]["op"] == "honor":
        assert state.players[A].honor > before["honor"]
