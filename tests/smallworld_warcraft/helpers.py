"""Helpers for Small World of Warcraft scenario tests: fixed games, text moves, positions.

Positions of the spec's test section are set up by giving races to seats and tokens to
regions directly (``give``, ``occupy``), then played with text moves like a game record.
"""

from __future__ import annotations

from rules.core.text import translate
from rules.smallworld import flow
from rules.smallworld.state import Instance
from rules.smallworld.targets import cost as conquest_cost
from rules.smallworld.variant import rules_of
from rules.smallworld_warcraft import GAME, beasts, champion, data
from rules.smallworld_warcraft.variant import wc_board
from tests.smallworld import helpers as base

NAMES = ["A", "B", "C", "D", "E"]


def new(players: int = 2, islands: str = "", combos: str = "", first: int = 0, dice=(),
        markers: str = "", seed: int = 1, boards: str = "LM", **rules):
    """Start a game with fixed islands, stacks, first player, dice and markers (``rules``:
    the rule options of spec §6.7, e.g. ``garrison_timing="on_conquest"``)."""
    options = {"islands": [i for i in islands.split(",") if i],
               "combos": [c for c in combos.split(",") if c], "first_player": first,
               "dice": [str(d) for d in dice], "markers": [m for m in markers.split(",") if m],
               "two_player_boards": boards, **rules}
    return GAME.new_game(seed, players, options)


def r(state, code: str) -> int:
    """Return the board number of region ``code`` (``L1-07``)."""
    return wc_board(state).index(code)


def play(state, seat: int, *texts: str):
    """Play text moves of ``seat``; return the final state and every event (translated)."""
    return base.play_checked(GAME, _checked, state, seat, texts)


def _checked(state, new_events) -> None:
    for event in new_events:
        translate(event.msg, "en", NAMES)
        translate(event.msg, "ja", NAMES)
    check_invariants(state)


def reason(state, seat: int, text: str) -> str | None:
    """Return the short key of the rule refusing ``text`` (None if legal)."""
    return base.reason(state, seat, text, GAME, NAMES)


def find(events, key: str):
    """Return the events whose key ends with ``.key``."""
    return [e for e in events if e.key.rsplit(".", 1)[1] == key]


def give(state, seat: int, race: str, power: str = "blacksmith", declined: bool = False,
         hand: int | None = None) -> Instance:
    """Give ``seat`` a race (active, or declined) with tokens from the tray in hand."""
    tokens = data.races()[race]["banner"] + data.powers()[power]["badge"]
    tokens = min(tokens if hand is None else hand, state.tray[race])
    state.tray[race] -= tokens
    inst = Instance(id=len(state.insts), race=race, power=power, owner=seat,
                    picked_turn=state.turn, hand=tokens, declined=declined)
    state.insts.append(inst)
    player = state.players[seat]
    if declined:
        player.declined.append(inst.id)
    else:
        player.active = inst.id
    return inst


def occupy(state, inst: Instance, **tokens_by_code: int) -> None:
    """Put tokens of ``inst`` in regions (``L1_07=2``), from its hand, else from the tray."""
    for code, count in tokens_by_code.items():
        region = state.regions[r(state, code.replace("_", "-"))]
        if region.lost_tribe:
            region.lost_tribe = False
            state.lt_removed += 1
        from_hand = min(count, inst.hand)
        inst.hand -= from_hand
        state.tray[inst.race] -= count - from_hand
        region.inst, region.tokens = inst.id, count


def face_up(state, code: str, marker: str) -> None:
    """Lay ``marker`` face up in region ``code`` (taking it from wherever it was)."""
    region = r(state, code)
    placed = [m for m in state.extra["markers"] if m["id"] != marker]
    if marker in state.extra["pool"]:
        state.extra["pool"].remove(marker)
    state.extra["pool"].extend(m["id"] for m in placed if m["region"] == region)
    state.extra["markers"] = [m for m in placed if m["region"] != region]
    state.extra["markers"].append({"id": marker, "region": region, "up": True})


def check_invariants(state) -> None:
    """Tokens are conserved per race (beasts and the Champion come from the supply); pieces
    within supply; coins never negative."""
    rules = rules_of(state)
    for race, definition in data.races().items():
        held = sum(state.on_board(i.id) + i.hand + i.pending + i.reserve
                   - rules.not_from_tray(state, i) for i in state.insts if i.race == race)
        assert state.tray[race] + held == definition["tray"], race
    assert sum(r.lost_tribe for r in state.regions) + state.lt_removed == state.lt_placed
    assert all(p.coins >= 0 for p in state.players)
    assert len(state.extra["markers"]) + len(state.extra["pool"]) <= 12
    assert not beasts.problems(state) and not champion.problems(state)


def restart(state) -> list:
    """Begin the current seat's turn again after a position was set up; return its events."""
    events: list = []
    flow.start_turn(state, events)
    GAME.settle(state, events)
    return events


def cost(state, seat: int, code: str) -> int:
    """Return what ``code`` costs ``seat``'s active race now."""
    return conquest_cost(state, state.active(seat), r(state, code))


def gains(events):
    """Return the coin-gain events (announced to all, or told to the gainer alone)."""
    return [e for e in events if e.key.rsplit(".", 1)[1] in ("coins_gained", "coins_announced")]


def score_lines(events) -> dict:
    """Return the turn's score breakdown as {source id: coins}."""
    return {m.params["source"].key.rsplit(".", 1)[1]: m.params["coins"]
            for m in find(events, "score")[0].params["breakdown"]}


def menu_texts(state, seat: int) -> list[str]:
    """Return the canonical texts of ``seat``'s listed actions, in menu order."""
    return [GAME.move_text(a.move) for a in GAME.legal_actions(state, seat)]
