"""Golden playthroughs: replaying each recorded game must give the same events and score.

The files were recorded from the engines before a refactor (``python -m tests.golden.record``);
a behaviour change shows here as the first step whose events differ.
"""

from __future__ import annotations

import json

import pytest

from rules.core import all_games, get_game
from tests.golden.record import FOLDER, VARIANTS, event_record, path_for, score_record

FILES = sorted(FOLDER.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_gives_the_recorded_events_and_score(path):
    data = json.loads(path.read_text())
    game = get_game(data["game"])
    state = game.new_game(data["seed"], data["players"], dict(data["options"]))
    for number, (seat, text, expected) in enumerate(data["steps"]):
        state, events = game.play(state, seat, text)
        got = [event_record(e) for e in events]
        assert got == expected, f"step {number} ({seat}: {text}) produced other events"
    assert game.is_over(state)
    assert score_record(game, state) == data["score"]


@pytest.mark.parametrize("game", all_games(), ids=[g.name for g in all_games()])
def test_every_registered_game_has_golden_files(game):
    for players in range(game.min_players, game.max_players + 1):
        assert path_for(game.name, players).exists(), \
            f"record with: python -m tests.golden.record {game.name}"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_run_has_golden_files(name):
    for variant, (_, counts) in VARIANTS[name].items():
        for players in counts:
            assert path_for(name, players, variant).exists(), \
                f"record with: python -m tests.golden.record {name}"
