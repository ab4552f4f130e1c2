"""Finished games: history, export and exact replay, ratings once per game, the summary."""

from __future__ import annotations

import json

import pytest

from bot import history, local, ratings
from bot.errors import UserError
from bot.service import Place
from bot.store import results as stored
from rules.core import ScoreLine
from tests.conftest import ALICE, BOB, CAROL, PLACE
from tests.platform.toy_game import TOY


async def finish(service, players=(ALICE, BOB), place=PLACE, goal=2):
    """Play a toy game to its end (hops to the goal, then everyone votes)."""
    await service.open_and_start(place, list(players), "toy", f"goal={goal}")
    while True:
        table = await service.table(place)
        if table.is_over():
            return table
        seat = min(table.to_act())
        text = "vote yes" if table.state.voting else "hop 2"
        outcome = await service.act(place, players[seat], text)
        if outcome.table.is_over():
            return outcome.table


def test_ranks_share_places_and_put_the_winners_first():
    scores = {0: ScoreLine(10), 1: ScoreLine(12), 2: ScoreLine(10), 3: ScoreLine(3)}
    assert ratings.ranks(scores, [1]) == [2, 1, 2, 4]
    assert ratings.ranks(scores, [3]) == [3, 2, 3, 1]  # a victory condition beats points
    tied = {0: ScoreLine(5, tiebreak=(2,)), 1: ScoreLine(5, tiebreak=(1,))}
    assert ratings.ranks(tied, [0]) == [1, 2]


def test_rating_rewards_the_winner_and_is_shown_conservatively():
    new = ratings.rate([None, None], [1, 2])
    assert new[0][0] > 25 > new[1][0]
    assert ratings.shown(25.0, 25 / 3) == 1000 < ratings.shown(*new[0])


def test_a_first_game_lost_does_not_read_as_unrated():
    """Issue 19: a one-game loser was shown as 0; now below the new player's 1000, well
    above 0, and the scale is explained wherever ratings are listed (en and ja)."""
    from rules.core import Msg, translate

    loser = ratings.shown(*ratings.rate([None, None], [1, 2])[1])
    assert 900 < loser < 1000
    for locale in ("en", "ja"):
        for key in ("stats_title", "leaderboard_title"):
            assert "1000" in translate(Msg(f"history.ui.{key}", {"name": "A", "game": "G"}),
                                       locale)


@pytest.mark.parametrize(("current", "places", "expected"), [
    ([None, None], [1, 2], [(27.635389493, 8.065901414), (22.364610507, 8.065901414)]),
    ([None, None, None], [1, 2, 2],
     [(27.869048681, 8.205243377), (23.56547566, 8.058224223), (23.56547566, 8.058224223)]),
    ([(30.0, 4.0), None, (20.0, 7.0), None], [2, 1, 4, 3],
     [(30.224357086, 3.987596461), (28.174107925, 8.234626974),
      (17.49663866, 6.846226667), (24.400144821, 7.98057247)]),
])
def test_ratings_follow_the_weng_lin_plackett_luce_update(current, places, expected):
    """Values from openskill 6's PlackettLuce with its defaults (the reference this module
    reimplements; 3,000 random games agreed to 2e-15)."""
    assert ratings.rate(current, places) == [
        (pytest.approx(mu, abs=1e-8), pytest.approx(sigma, abs=1e-8)) for mu, sigma in expected]


async def test_a_finished_game_is_rated_once(service, store):
    table = await finish(service)
    board = await stored.leaderboard(store, PLACE.guild, "toy")
    assert [r.user_id for r in board] == [ALICE.user_id, BOB.user_id]
    assert board[0].won == 1 and board[0].played == 1 and board[1].won == 0
    assert not await history.record_finish(store, TOY, table.record, table.state)
    assert (await stored.leaderboard(store, PLACE.guild, "toy"))[0].played == 1


async def test_a_solo_game_is_recorded_but_not_rated(service, store):
    await finish(service, players=(ALICE,))
    assert await stored.leaderboard(store, PLACE.guild, "toy") == []
    assert await stored.unrated_games(store) == []


async def test_catch_up_rates_a_game_a_crash_left_unrated(service, store, monkeypatch):
    async def crash(*args):
        raise RuntimeError("power cut")

    monkeypatch.setattr(history, "record_finish", crash)
    await finish(service)
    monkeypatch.undo()
    assert len(await stored.unrated_games(store)) == 1
    assert await service.catch_up_ratings() == 1
    assert await stored.unrated_games(store) == []
    assert len(await stored.leaderboard(store, PLACE.guild, "toy")) == 2


async def test_history_lists_finished_and_aborted_games_of_the_channel(service):
    await finish(service)
    await service.new_game(PLACE, ALICE, "toy")
    await service.abort(PLACE, ALICE)
    await finish(service, place=Place(PLACE.guild, "elsewhere"))
    listed = await service.history(PLACE)
    assert [f.record.status for f in listed] == ["aborted", "over"]
    assert listed[1].moves > 0


async def test_only_finished_games_of_this_channel_are_exported(service):
    with pytest.raises(UserError) as none:
        await service.export(PLACE)
    assert none.value.msg.key == "history.error.no_finished_game"
    await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    running = (await service.table(PLACE)).record.id
    with pytest.raises(UserError) as refused:
        await service.export(PLACE, running)
    assert refused.value.msg.key == "history.error.not_finished"
    with pytest.raises(UserError) as foreign:
        await service.export(Place(PLACE.guild, "other"), running)
    assert foreign.value.msg.key == "history.error.no_such_game"


async def test_an_export_replays_exactly_to_the_same_final_state(service):
    table = await finish(service, players=(ALICE, BOB, CAROL), goal=4)
    _, document = await service.export(PLACE)
    parsed = history.parse_export(history.export_bytes(document).decode())
    assert parsed == json.loads(json.dumps(document))
    steps = list(history.replay(TOY, parsed))
    assert steps[0].seq == 0 and len(steps) == len(document["moves"]) + 1
    assert TOY.dump(steps[-1].state) == TOY.dump(table.state)


@pytest.mark.parametrize("text, problem", [
    ("not json", "not JSON"),
    ('{"format": "other"}', "not a tabletop-game/1 export"),
    ('{"format": "tabletop-game/1", "game": "toy", "options": {}, "seed": 1,'
     ' "players": ["A"], "moves": [["x", 1]]}', "bad move entry"),
])
def test_a_broken_export_is_refused_with_the_reason(text, problem):
    with pytest.raises(ValueError, match=problem):
        history.parse_export(text)


def test_a_refused_move_in_an_export_names_the_move():
    document = {"format": history.EXPORT_FORMAT, "game": "toy", "options": {}, "seed": 1,
                "players": ["A", "B"], "moves": [[0, "hop 9"]]}
    with pytest.raises(ValueError, match="move 1"):
        list(history.replay(TOY, document))


async def test_summary_gives_length_and_place_in_history(service):
    first = await finish(service)
    second = await finish(service)
    assert (await service.summary(first)).place == 1
    summary = await service.summary(second)
    moves = await stored.all_moves(service.store, second.record.id)
    assert summary.place == 2 and summary.moves == len(moves) > 0


def test_terminal_replays_an_export_and_writes_every_board(tmp_path):
    from rules.core import get_game
    game = get_game("smallworld")
    from rules.core.playout import random_playout
    playout = random_playout(game, seed=3, players=2, max_steps=12)
    document = {"format": history.EXPORT_FORMAT, "game": "smallworld", "options": {},
                "seed": 3, "players": ["Ann", "Bo"],
                "moves": [list(m) for m in playout.moves]}
    path = tmp_path / "game.json"
    path.write_bytes(history.export_bytes(document))
    lines: list[str] = []
    assert local.play_back(path, tmp_path / "boards", write=lines.append) == 0
    assert len(list((tmp_path / "boards").glob("board-*.png"))) == 13
    assert lines[0].startswith("1. Ann:") or lines[0].startswith("1. Bo:")


def test_terminal_refuses_a_file_that_is_not_an_export(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{}")
    lines: list[str] = []
    assert local.play_back(path, tmp_path, write=lines.append) == 2
    assert "cannot replay" in lines[0]
