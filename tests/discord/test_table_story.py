"""The table as players see it (issue 19): private boards, finished games, the story."""

from __future__ import annotations

from PIL import Image

from bot.service import MoveRecord, Place
from rules.core import Event

from .conftest import ALICE, BOB
from .harness import CHANNEL, GUILD
from .test_play import started

PLACE = Place(str(GUILD), str(CHANNEL))


def focus_recorder(no_renderers) -> list:
    """Give the toy game a renderer that records the seat asked for in full."""
    asked = []

    def render(view, last_move=None, focus_seat=None, names=None, locale="en"):
        asked.append((view.seat, focus_seat))
        return Image.new("RGB", (8, 8), "white")

    no_renderers["toy"] = render
    return asked


async def test_me_draws_the_callers_own_board_not_the_acting_players(discord_, no_renderers):
    asked = focus_recorder(no_renderers)
    turn = await started(discord_)  # Alice is to act
    await discord_.command(BOB, "me")
    assert asked[-1] == (1, 1)
    await discord_.click(BOB, turn, "tt:me:1")
    assert asked[-1] == (1, 1)


async def finish_toy(discord_) -> None:
    """Play a toy game to its end (first to 2, then a vote)."""
    await started(discord_, options="goal=2")
    await discord_.command(ALICE, "move", action="hop 2")
    await discord_.command(ALICE, "move", action="vote yes")
    await discord_.command(BOB, "move", action="vote no")


async def test_the_last_game_stays_reachable_until_a_new_one_opens(discord_, service,
                                                                   toy_renderer):
    await finish_toy(discord_)
    assert (await service.table_by_id(1)).record.status == "over"
    board = await discord_.command(BOB, "board")
    [post] = board.public
    assert "Game #1" in post.content and "**Game over.**" in post.content
    assert "last game" in post.content and post.files and post.components == []
    status = await discord_.command(BOB, "game status")
    assert "Winner: Alice" in status.text and not status.public
    log = await discord_.command(BOB, "log")
    assert "1. Alice moved 2." in log.text
    me = await discord_.command(BOB, "me")
    assert "Your secret number:" in me.text and me.private[-1].files
    assert all("There is no game" not in r.text for r in (board, status, log, me))
    await discord_.command(ALICE, "game new", game="toy")
    assert "Game #1" not in (await discord_.command(BOB, "game status")).text
    assert "not started" in (await discord_.command(BOB, "me")).text


async def test_an_aborted_game_is_shown_as_aborted(discord_, service):
    await started(discord_)
    await discord_.command(ALICE, "move", action="step")
    ask = await discord_.command(ALICE, "game abort")
    await discord_.click(ALICE, ask.private[-1], ask.private[-1].custom_ids()[0])
    assert (await service.table_by_id(1)).record.status == "aborted"
    status = await discord_.command(BOB, "game status")
    assert "This game was aborted." in status.text and "Waiting" not in status.text
    me = await discord_.command(BOB, "me")
    assert "Your secret number:" in me.text and not any(
        c.startswith("tt:act") for m in me.messages for c in m.custom_ids())
    board = await discord_.command(BOB, "board")
    assert board.public[-1].components == []


async def test_a_channel_that_never_had_a_game_still_says_so(discord_):
    for name in ("board", "me", "log", "game status"):
        assert "There is no game in this channel" in (await discord_.command(ALICE, name)).text


async def test_log_pages_through_the_whole_game(discord_, service):
    await started(discord_, options="goal=50", players=(ALICE,))  # alone: every move Alice's
    for _ in range(40):
        await discord_.command(ALICE, "move", action="step")
    newest = await discord_.command(ALICE, "log")
    assert "page 3 of 3" in newest.text and "40. Alice" in newest.text
    assert "`/log page:<1-3>`" in newest.text and "\n1. Alice" not in newest.text
    first = await discord_.command(ALICE, "log", page=1)
    assert "page 1 of 3" in first.text and "\n1. Alice moved 1." in first.text
    assert "15. Alice" in first.text and "16. Alice" not in first.text
    past = await discord_.command(ALICE, "log", page=9)
    assert "page 3 of 3" in past.text


async def test_a_turn_message_keeps_every_line_of_its_turn(discord_, service, recorder):
    turn = await started(discord_, players=(ALICE,))  # alone: one turn, edited in place
    for text in ("step", "hop 2", "step"):
        await discord_.command(ALICE, "move", action=text)
    assert recorder.public()[-1] is turn
    for line in ("**Alice** played `step`.", "**Alice** played `hop 2`.", "Alice moved 2."):
        assert line in turn.content, line
    assert turn.content.count("Alice moved 1.") == 2 and "begins!" in turn.content
    assert turn.content.count("<@111>: Step, roll or hop.") == 1  # one status, at the end
    assert turn.content.endswith("The whole story, turn by turn: <#5900>")
    [story] = recorder.in_thread(5900)  # one turn: one message, edited in place
    assert story.content == turn.content.split("\n\u2063")[0]


async def test_each_game_keeps_its_whole_story_in_a_thread_of_its_own(discord_, recorder):
    await started(discord_, options="goal=3")
    name = "Game #1: Race to Ten (test game), the whole story"
    assert recorder.threads == {5900: (CHANNEL, name)}
    for user, text in ((ALICE, "step"), (BOB, "hop 2"), (ALICE, "hop 2")):
        await discord_.command(user, "move", action=text)
    await discord_.command(ALICE, "move", action="vote yes")
    await discord_.command(BOB, "move", action="vote no")
    story = [m.content for m in recorder.in_thread(5900)]
    assert story[0] == "Race to Ten (test game) begins! Seat order: Alice, Bob."
    assert "**Alice** played `step`.\nAlice moved 1." == story[1]
    assert "**Bob** played `hop 2`." in story[2] and "**Alice** played `hop 2`." in story[3]
    assert "**Alice** has made their choice." in story[3] and len(story) == 5  # edited in
    assert "**Game over.**" in story[-1] and "Winner: Alice" in story[-1]
    assert not any("<@" in line for line in story)
    assert all("<#5900>" in m.content for m in recorder.public()[1:])  # linked, every turn


async def test_a_game_in_a_thread_has_no_story_thread_and_still_plays(discord_, recorder):
    await discord_.command(ALICE, "game new", game="toy", channel=5001)
    await discord_.command(BOB, "game join", channel=5001)
    start = await discord_.command(ALICE, "game start", channel=5001)
    assert recorder.threads == {} and "whole story" not in start.public[-1].content
    moved = await discord_.command(ALICE, "move", action="step", channel=5001)
    assert "**Alice** played `step`." in moved.public[-1].content


def test_a_long_turn_keeps_its_newest_lines_and_its_status():
    from bot.discord.texts import STATUS_MARK, story_of, turn_text

    story = [f"line {n} " + "x" * 40 for n in range(100)]
    lines = turn_text(story, ["<@1>: your move"])
    text = "\n".join(lines)
    assert len(text) <= 1800 and lines[0] == "…" and lines[-1] == STATUS_MARK + "<@1>: your move"
    assert lines[-2] == story[-1] and story_of(text) == lines[:-1]


async def test_a_board_repost_mid_turn_leaves_the_story_whole(discord_, recorder):
    await started(discord_, players=(ALICE,))
    await discord_.command(ALICE, "move", action="step")
    await discord_.command(ALICE, "board")
    await discord_.command(ALICE, "move", action="hop 2")
    [story] = recorder.in_thread(5900)
    assert "begins!" in story.content and "played `step`" in story.content
    assert "played `hop 2`" in story.content and "version" not in story.content


async def test_log_leaves_out_the_secret_steps_nothing_public_told(discord_, service,
                                                                   monkeypatch):
    """/log told every secret step as 'has made their choice' and numbered them: anyone
    could count another player's secret actions (issue 19, point 1)."""
    await started(discord_, players=(ALICE, BOB))
    said = Event("toy.event.voted", {"seat": 1}).to_json()
    private = Event("toy.event.secret", {"secret": 7}, audience=frozenset({0})).to_json()
    log = [MoveRecord(1, 0, "step", [], True),
           MoveRecord(2, 0, "hop 1", [private], True, secret=True),
           MoveRecord(3, 0, "hop 1", [private], True, secret=True),
           MoveRecord(4, 1, "vote yes", [said], True, secret=True),
           MoveRecord(5, 1, "roll", [], True)]

    async def moves(game_id, last=None):
        return log

    monkeypatch.setattr(service.store, "moves", moves)
    shown = (await discord_.command(BOB, "log")).text
    assert "hop" not in shown and "made their choice" not in shown
    assert "1. Alice: `step`" in shown and "2. Bob voted." in shown
    assert "3. Bob: `roll`" in shown and "4." not in shown and "5." not in shown
