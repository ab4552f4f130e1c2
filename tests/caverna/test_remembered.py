"""What the engine remembers between positions (tile fits per area shape, buildable
furnishings per goods and supply) agrees with asking each rule directly, at every step of
random games, on boards with the Office room's overhangs too: a remembered answer must
never come from a position that differs in something the rule reads."""

from __future__ import annotations

from rules.caverna import GAME, board, furnish
from rules.core.playout import random_playout
from rules.core.rng import Rng


def _starts(player: dict, area_name: str) -> list[str]:
    starts = list(board.squares(area_name))
    if "office-room" in player["furnishings"]:
        starts += list(board.frame(area_name))
    return starts


def _direct_twins(player: dict, twin: str) -> list[tuple[str, str]]:
    area_name = "forest" if twin == "meadow-field" else "mountain"
    return [(s, d) for s in _starts(player, area_name) for d in board.DIRS
            if board.twin_ok(player, twin, s, d)]


def _bonus_first(player: dict, placements: list) -> list:
    def bonus(sd):
        return -sum(1 for s in (sd[0], board.step_any(*sd))
                    if s in player["cells"] and player["cells"][s]["bonus"])
    return sorted(placements, key=bonus)


def _check_board(player: dict) -> None:
    for twin in board.TWINS:
        direct = _direct_twins(player, twin)
        assert board.has_twin(player, twin) == bool(direct), twin
        assert board.twin_options(player, twin) == _bonus_first(player, direct), twin
    for kind in board.SINGLES:
        area_name = "forest" if kind in ("meadow", "field") else "mountain"
        assert board.single_options(player, kind) == [
            s for s in board.squares(area_name) if board.single_ok(player, kind, s)], kind


def test_remembered_tile_fits_agree_with_each_placement_rule():
    rng = Rng(77)
    steps = []

    def check(state, seat, action):
        steps.append(seat)
        if len(steps) % 3:
            return  # every third position: enough to meet both areas changing
        for player in state.ps:
            _check_board(player)
            office = {**player, "cells": dict(player["cells"]),
                      "furnishings": [*player["furnishings"], "office-room"]}
            _check_board(office)
            for _ in range(2):  # lay random twins, overhangs included, and ask again
                twin = rng.choice(sorted(board.TWINS))
                placements = _direct_twins(office, twin)
                if placements:
                    board.place_twin(office, twin, *rng.choice(placements))
                    _check_board(office)

    for seed, players in ((1, 1), (2, 2)):
        random_playout(GAME, seed, players, on_step=check)


def test_remembered_furnishing_choices_agree_with_each_tile_check():
    def check(state, seat, action):
        for s in range(state.players):
            for kind in ("any", "dwelling", "dwelling-growth"):
                direct = [t for t in state.tiles_left if furnish.fits_filter(state, s, t, kind)
                          and furnish.buildable(state, s, t)]
                assert furnish.choices(state, s, kind) == direct, kind
                assert furnish.any_choice(state, s, kind) == bool(direct), kind

    for seed, players in ((3, 1), (4, 4)):
        random_playout(GAME, seed, players, on_step=check)

