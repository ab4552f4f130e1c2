"""Finished games through Discord: the final summary, /game history|export|replay, ratings."""

from __future__ import annotations

import io
import json

from PIL import Image

from .conftest import ALICE, BOB, CAROL


async def play_to_the_end(discord_, players=(ALICE, BOB)):
    """Open a toy race to 2, hop to the goal, vote; return the last public message."""
    await discord_.command(players[0], "game new", game="toy", options="goal=2")
    for player in players[1:]:
        await discord_.command(player, "game join")
    await discord_.command(players[0], "game start")
    await discord_.command(players[0], "move", action="hop 2")
    result = None
    for player in players:
        result = await discord_.command(player, "move", action="vote yes")
    return result.public[-1]


async def test_the_final_message_gives_length_and_place_in_history(discord_):
    final = await play_to_the_end(discord_)
    assert "Game over" in final.content
    assert ("moves over less than a minute; Race to Ten (test game) game number 1 on this"
            " server."
            in final.content)


async def test_history_lists_the_channel_games_privately(discord_):
    await play_to_the_end(discord_)
    result = await discord_.command(ALICE, "game history")
    [reply] = result.private
    assert reply.ephemeral and "Finished games in this channel:" in reply.content
    assert "finished, 3 moves — won by Alice" in reply.content
    assert result.public == []


async def test_export_sends_the_file_only_to_the_caller(discord_):
    await play_to_the_end(discord_)
    result = await discord_.command(BOB, "game export")
    [reply] = result.private
    [(name, data)] = reply.files
    document = json.loads(data)
    assert name.endswith(".json") and document["moves"][0] == [0, "hop 2"]
    assert document["players"] == ["Alice", "Bob"] and document["seed"] == 4242
    assert result.public == []


async def test_export_of_a_running_game_is_refused(discord_):
    await discord_.command(ALICE, "game new", game="toy")
    await discord_.command(BOB, "game join")
    await discord_.command(ALICE, "game start")
    result = await discord_.command(ALICE, "game export", game_id=1)
    assert "Only a finished game can be exported" in result.private[0].content
    assert not result.private[0].files


async def test_replay_posts_an_animated_board_in_the_channel(discord_, no_renderers):
    drawn = []

    def render(view, last_move=None, **options):
        drawn.append(view)
        shade = 40 * sum(view.data["positions"]) + 20 * len(drawn)
        return Image.new("RGB", (48, 24), (shade % 256, 90, 200))

    no_renderers["toy"] = render
    await play_to_the_end(discord_)
    result = await discord_.command(CAROL, "game replay")
    [post] = result.public
    [(name, data)] = post.files
    with Image.open(io.BytesIO(data)) as gif:
        assert name.endswith(".gif") and gif.format == "GIF" and gif.n_frames >= 3
    assert "Replay of game #1" in post.content
    assert drawn and all(view.seat is None for view in drawn)  # public boards only


async def test_replay_without_a_board_is_refused_privately(discord_):
    await play_to_the_end(discord_)
    result = await discord_.command(ALICE, "game replay")
    assert "has no board renderer" in result.private[0].content and result.public == []


async def test_stats_and_leaderboard_after_a_rated_game(discord_):
    await play_to_the_end(discord_)
    mine = await discord_.command(ALICE, "stats")
    assert "Race to Ten (test game): **" in mine.private[0].content and "(1 played, 1 won)" in \
        mine.private[0].content
    board = await discord_.command(CAROL, "leaderboard", game="toy")
    lines = board.private[0].content.splitlines()
    assert lines[1].startswith("1. Alice") and lines[2].startswith("2. Bob")
    nobody = await discord_.command(BOB, "stats", player=CAROL)
    assert "Carol has no rated games" in nobody.private[0].content


async def test_history_in_japanese(discord_):
    await play_to_the_end(discord_)
    result = await discord_.command(ALICE, "game history", locale="ja")
    assert "このチャンネルで終了したゲーム" in result.private[0].content
