"""Choices the spec leaves to a player rather than to the engine: the side of a neutral race
on the Battleground (§5.7) and where a short supply of forts or watchtowers goes (§1.4,
§4.2 Garrison and Fortified)."""

from __future__ import annotations

from rules.smallworld_warcraft import GAME
from rules.smallworld_warcraft import pieces as wc_pieces
from rules.smallworld_warcraft.position import position
from tests.smallworld_warcraft.helpers import (
    face_up,
    find,
    give,
    menu_texts,
    new,
    occupy,
    play,
    r,
    reason,
    restart,
    score_lines,
)

# ---------------------------------------------------------------- Battleground (§5.7)

def _kobolds_on_the_battleground(conquests=("L1-03", "L1-04", "L1-08")):
    """Neutral Kobolds on the Battleground take B's declined Dwarves (Alliance, 1 region) and
    B's active Orcs (Horde, 2 regions)."""
    state = new(2, islands="L1,M1")
    dwarves = give(state, 1, "dwarves", "farmer", declined=True)
    occupy(state, dwarves, L1_03=1)
    orcs = give(state, 1, "orcs", "farmer")
    occupy(state, orcs, L1_04=1, L1_08=1)
    kobolds = give(state, 0, "kobolds", "farmer")
    occupy(state, kobolds, L1_07=2)
    face_up(state, "L1-07", "battleground")
    restart(state)
    state, _ = play(state, 0, *(f"conquer {c}" for c in conquests), "redeploy auto")
    return state


def test_a_neutral_race_on_the_battleground_declares_its_side():
    """The player is asked; each side shows the bonus it gives (Alliance: 2 for the Horde
    Orcs; Horde: 1 for the Alliance Dwarves); nothing else can be played first."""
    state = _kobolds_on_the_battleground()
    assert state.pending[-1]["type"] == "battleground"
    assert menu_texts(state, 0) == ["side alliance", "side horde"]
    labels = [a.label.params["coins"] for a in GAME.legal_actions(state, 0)]
    assert labels == [2, 1]
    assert reason(state, 0, "end turn") == "choose_side_first"


def test_the_side_declared_is_scored_even_when_the_other_pays_more():
    """§5.7: the choice is the player's, not the engine's best pick."""
    horde = _kobolds_on_the_battleground()
    horde, events = play(horde, 0, "side horde")
    assert find(events, "battleground_side")[0].params["faction"].key.endswith(".horde")
    horde, events = play(horde, 0, "end turn")
    assert score_lines(events)["faction_bonus"] == 1
    alliance = _kobolds_on_the_battleground()
    alliance, events = play(alliance, 0, "side alliance", "end turn")
    assert score_lines(events)["faction_bonus"] == 2


def test_no_side_is_asked_when_no_faction_race_was_defeated():
    """A side changes nothing when no Alliance or Horde race lost a region: no question."""
    state = _kobolds_on_the_battleground(conquests=())
    assert state.pending[-1]["type"] != "battleground"
    state, events = play(state, 0, "end turn")
    assert "faction_bonus" not in score_lines(events)


def test_the_side_lasts_one_turn():
    """The flags reset at the next upkeep: the side is declared again each turn."""
    state = _kobolds_on_the_battleground()
    state, _ = play(state, 0, "side alliance", "end turn")
    assert "battleground_side" not in state.extra["turn"]


# ---------------------------------------------------------------- forts in short supply (§4.2)

def _elsewhere(piece: str, count: int) -> dict:
    """Region tables putting ``count`` pieces on M1, away from the regions under test."""
    return {f"M1-{k:02d}": {piece: 1} for k in range(1, count + 1)}


def _garrison(supply: int):
    state = position({"islands": ["L1", "M1"], "region": _elsewhere("fort", 10 - supply),
                      "seat": {"0": {"race": "orcs", "power": "garrison", "hand": 5,
                                     "regions": {"L1-07": 2, "L1-03": 1, "L1-04": 1}}}})
    state, _ = play(state, 0, "end conquest", "redeploy auto")
    return state


def test_short_forts_go_where_the_owner_chooses():
    """3 regions want a fort, 1 is left: the owner picks L1-04 (not the board order)."""
    state = _garrison(supply=1)
    regions = sorted(r(state, c) for c in ("L1-07", "L1-03", "L1-04"))
    assert state.pending[-1]["type"] == "place_pieces"
    assert menu_texts(state, 0) == [f"fort {x}" for x in regions]
    assert reason(state, 0, "fort M1-05") == "piece_region"
    state, _ = play(state, 0, "fort L1-04")
    assert [x for x in regions if wc_pieces.of(state, x).get("fort")] == [r(state, "L1-04")]
    assert state.pending[-1]["type"] == "end"


def test_two_short_forts_are_placed_one_at_a_time():
    state = _garrison(supply=2)
    state, _ = play(state, 0, "fort L1-07")
    assert state.pending[-1]["type"] == "place_pieces"
    assert f"fort {r(state, 'L1-07')}" not in menu_texts(state, 0)
    state, _ = play(state, 0, "fort L1-03", "end turn")
    assert not wc_pieces.of(state, r(state, "L1-04")).get("fort")


def test_forts_need_no_choice_when_the_supply_suffices_or_is_out():
    for supply, placed in ((3, 3), (0, 0)):
        state = _garrison(supply=supply)
        assert state.pending[-1]["type"] == "end"
        got = sum(bool(wc_pieces.of(state, r(state, c)).get("fort"))
                  for c in ("L1-07", "L1-03", "L1-04"))
        assert got == placed


# ---------------------------------------------------------------- watchtowers in short supply

def test_short_watchtowers_go_where_the_owner_chooses():
    """§4.2 Fortified: L1-05 and L1-09 (farmlands) both lead their neighbourhood alone; with
    1 watchtower left the owner chooses L1-09."""
    state = position({"islands": ["L1", "M1"], "region": _elsewhere("watchtower", 5),
                      "seat": {"0": {"race": "orcs", "power": "fortified", "hand": 5,
                                     "regions": {"L1-05": 2, "L1-09": 1, "L1-01": 1,
                                                 "L1-10": 1}}}})
    state, _ = play(state, 0, "end conquest", "redeploy auto")
    assert menu_texts(state, 0) == [f"watchtower {r(state, c)}" for c in ("L1-05", "L1-09")]
    state, events = play(state, 0, "watchtower L1-09")
    assert [e.params["region"] for e in find(events, "watchtower_placed")] == [r(state, "L1-09")]
    assert not wc_pieces.of(state, r(state, "L1-05")).get("watchtower")
