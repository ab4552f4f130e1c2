"""Computer players through Discord: /game addbot, removebot, replace, taking a seat back
with /game join, a seat handed over when its time runs out, the driver that moves computer
seats, and the rule that such games are not rated."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.discord import robots as robots_module
from bot.discord.notify import DiscordNotifier
from bot.service import Place

from .conftest import ALICE, BOB, CAROL, DAVE, EVE
from .harness import CHANNEL, GUILD, check_limits

H = 3600


@pytest.fixture
def robots(discord_):
    """The bot's computer-player driver, thinking in a thread, without pauses, on a budget."""
    driver = discord_.bot.robots
    driver.pause, driver.processes, driver.iterations = 0, 0, 8
    return driver


async def open_table(discord_, players=(ALICE,), bots=(), **options):
    await discord_.command(players[0], "game new", game="toy", **options)
    for player in players[1:]:
        await discord_.command(player, "game join")
    for level in bots:
        await discord_.command(players[0], "game addbot", level=level)


async def play_to_the_end(discord_, service, robots, player=ALICE, limit=60):
    """Play ``player``'s first listed option whenever it is to act; the computer moves."""
    place = Place(str(GUILD), str(CHANNEL))
    for _ in range(limit):
        await robots.idle()
        table = await service.table(place) if await _open(service) else None
        if table is None or table.is_over():
            return
        seat = table.record.seat_of(str(player[0]))
        assert seat in table.to_act(), "the computer seat did not move"
        await discord_.command(player, "move", action=table.actions(seat)[0].text)
    raise AssertionError("the game did not end")


async def _open(service) -> bool:
    return await service.store.open_game(str(GUILD), str(CHANNEL)) is not None


async def test_the_host_adds_and_removes_computer_players_in_the_lobby(discord_, robots):
    await discord_.command(ALICE, "game new", game="toy")
    added = await discord_.command(ALICE, "game addbot", level="easy")
    assert "Bot 1 (easy) takes a seat." in added.private[0].content
    lobby = discord_.recorder.public()[-1]
    assert "Alice, Bot 1 (easy)" in lobby.content
    await discord_.command(ALICE, "game addbot")
    assert "Bot 1 (easy), Bot 2 (normal)" in discord_.recorder.public()[-1].content
    removed = await discord_.command(ALICE, "game removebot")
    assert "Bot 2 (normal) leaves the table." in removed.private[0].content
    assert "Seated (2/4): Alice, Bot 1 (easy)\n" in discord_.recorder.public()[-1].content


async def test_computer_player_names_follow_the_channel_language(discord_, service, robots):
    await service.change_server_settings(str(GUILD), True, "ja", None)
    await discord_.command(ALICE, "game new", game="toy", locale="ja")
    await discord_.command(ALICE, "game addbot", level="hard", locale="ja")
    status = await discord_.command(ALICE, "game status")
    assert "ボット1（むずかしい）" in status.private[0].content


async def test_adding_and_removing_computer_players_is_refused_clearly(discord_, robots):
    none = await discord_.command(ALICE, "game addbot")
    assert "There is no game in this channel" in none.private[0].content
    await open_table(discord_, (ALICE, BOB), max_players=3)
    not_host = await discord_.command(BOB, "game addbot")
    assert "Only the host can add or remove computer players." in not_host.private[0].content
    nothing = await discord_.command(ALICE, "game removebot")
    assert "There is no computer player at this table." in nothing.private[0].content
    await discord_.command(ALICE, "game addbot")
    full = await discord_.command(ALICE, "game addbot")
    assert "The table is full (3 players)." in full.private[0].content
    await discord_.command(ALICE, "game start")
    await robots.idle()
    started = await discord_.command(ALICE, "game addbot")
    assert "in the lobby, before the game starts" in started.private[0].content
    removing = await discord_.command(ALICE, "game removebot")
    assert "in the lobby, before the game starts" in removing.private[0].content


async def test_a_person_plays_a_computer_player_to_the_end_unrated(discord_, service, robots):
    await open_table(discord_, bots=("easy",), options="goal=3")
    start = await discord_.command(ALICE, "game start")
    assert "Alice, Bot 1 (easy)" in start.public[-1].content
    await play_to_the_end(discord_, service, robots)
    final = discord_.recorder.public()[-1]
    assert "Game over" in final.content and "Bot 1 (easy)" in final.content
    assert "Computer players took part, so this game is not rated." in final.content
    check_limits(final)
    stats = await discord_.command(ALICE, "stats")
    assert "1000" not in stats.private[0].content  # no rating was recorded


async def test_the_computer_moves_of_a_run_fold_onto_one_message(discord_, service, robots):
    await open_table(discord_, bots=("easy", "easy", "easy"), options="goal=3")
    await discord_.command(ALICE, "game start")
    before = len(discord_.recorder.public())
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    posted = discord_.recorder.public()[before:]
    computer_posts = [m for m in posted if "Bot 1" in m.content and "Alice" not in
                      m.content.split("\n")[0]]
    assert len(computer_posts) == 1, [m.content for m in posted]
    shown = computer_posts[0].content
    assert all(f"Bot {n} (easy)" in shown for n in (1, 2, 3)), shown
    assert f"<@{ALICE[0]}>" in shown  # the run ends on Alice's turn, pinged when posted


async def test_every_computer_seat_decides_in_a_simultaneous_phase(discord_, service, robots):
    await open_table(discord_, bots=("easy",), options="goal=2")
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="hop 2")  # Alice reaches the goal: all vote
    await robots.idle()
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.to_act() == {0}  # the computer seat voted; Alice still owes her vote
    assert "🤖" not in discord_.recorder.public()[-1].content.split("\u2063")[-1]
    await discord_.command(ALICE, "move", action="vote yes")
    assert "Game over" in discord_.recorder.public()[-1].content


async def test_the_host_hands_a_seat_to_a_computer_player(discord_, service, robots):
    await open_table(discord_, (ALICE, BOB))
    await discord_.command(ALICE, "game start")
    handed = await discord_.command(ALICE, "game replace", player=ALICE, level="easy")
    assert handed.public and "Alice's seat is now played by Bot 1 (easy)" in \
        handed.public[0].content.replace(f"<@{ALICE[0]}>", "Alice")
    await robots.idle()
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.seats[0].is_computer and table.record.turns_of(0) == 1
    refused = await discord_.command(ALICE, "move", action="step")
    assert "You are not playing in this game." in refused.private[0].content


async def test_a_majority_of_the_other_people_hands_a_seat_over(discord_, service, robots):
    await open_table(discord_, (ALICE, BOB, CAROL, DAVE))
    await discord_.command(ALICE, "game start")
    first = await discord_.command(BOB, "game replace", player=DAVE)
    assert "(1 of 2 needed)" in first.public[0].content
    again = await discord_.command(BOB, "game replace", player=DAVE)
    assert "(1 of 2 needed)" in again.public[0].content  # one vote each
    final = await discord_.command(CAROL, "game replace", player=DAVE)
    assert "now played by Bot 1 (normal)" in final.public[0].content
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.seats[3].replaced == str(DAVE[0])


async def test_handing_a_seat_over_is_refused_clearly(discord_, service, robots):
    await open_table(discord_, (ALICE, BOB))
    lobby = await discord_.command(ALICE, "game replace", player=BOB)
    assert "in a running game only" in lobby.private[0].content
    await discord_.command(ALICE, "game start")
    nobody = await discord_.command(ALICE, "game replace", player=CAROL)
    assert "does not hold a seat" in nobody.private[0].content
    outsider = await discord_.command(CAROL, "game replace", player=BOB)
    assert "Only the host or the other seated players" in outsider.private[0].content
    yourself = await discord_.command(BOB, "game replace", player=BOB)
    assert "Only the host or the other seated players" in yourself.private[0].content
    await discord_.command(ALICE, "game replace", player=BOB)
    twice = await discord_.command(ALICE, "game replace", player=BOB)
    assert "does not hold a seat" in twice.private[0].content


async def test_the_replaced_player_takes_the_seat_back_with_join(discord_, service, robots):
    await open_table(discord_, (ALICE, BOB, CAROL))
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    await discord_.command(ALICE, "game replace", player=BOB, level="easy")
    await robots.idle()
    stranger = await discord_.command(DAVE, "game join")
    assert "only the player it replaced" in stranger.private[0].content
    back = await discord_.command(BOB, "game join")
    assert "Bob takes seat 2 back from the computer player." in back.public[0].content
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.seats[1].user_id == str(BOB[0]) and not table.record.seats[1].is_computer
    seated = await discord_.command(BOB, "game join")
    assert "already" in seated.private[0].content


async def test_anyone_may_take_a_computer_seat_when_the_table_allows_it(discord_, service,
                                                                        robots):
    await open_table(discord_, bots=("easy",), bot_seats="anyone")
    assert "Anyone may take over a computer seat" in discord_.recorder.public()[0].content
    await discord_.command(ALICE, "game start")
    await robots.idle()
    taken = await discord_.command(EVE, "game join")
    assert "Eve takes seat 2 back" in taken.public[0].content
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert [s.user_id for s in table.record.seats] == [str(ALICE[0]), str(EVE[0])]
    assert table.record.computer_played  # a computer played part of it: still not rated


async def test_a_seat_whose_time_runs_out_goes_to_a_computer_player(discord_, service, robots,
                                                                    monkeypatch):
    service.now = lambda: 0.0
    refused = await discord_.command(ALICE, "game new", game="toy", timeout_bot="easy")
    assert "needs a time limit" in refused.private[0].content
    await open_table(discord_, (ALICE, BOB), timer="1h", timeout_bot="easy")
    assert "goes to a computer player (easy)" in discord_.recorder.public()[-1].content
    await discord_.command(ALICE, "game start")
    said = await _tick_two_hours_later(discord_, service, monkeypatch)
    assert any("ran out of time: Bot 1 (easy) plays their seat now" in t for t in said), said
    await robots.idle()
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.seats[0].is_computer and table.record.turns_of(0) == 1
    assert table.to_act() == {1}


async def test_a_failing_decision_is_retried_then_an_easy_move_is_played(
        discord_, service, robots, monkeypatch, caplog):
    calls = []
    real = robots_module.think

    def flaky(game, state, seat, level, seed, iterations):
        calls.append(level)
        if level != "easy":
            raise RuntimeError("the search broke")
        return real(game, state, seat, level, seed, iterations)

    monkeypatch.setattr(robots_module, "think", flaky)
    await open_table(discord_, bots=("hard",))
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    assert calls == ["hard", "hard", "easy"]
    assert sum("decision of seat 1 failed" in r.getMessage() for r in caplog.records) == 2
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.turns_of(1) == 1 and table.to_act() == {0}


async def test_a_stale_decision_is_taken_again(discord_, service, robots, monkeypatch):
    """A move decided on a position that changed meanwhile is refused and decided again."""
    await open_table(discord_, bots=("easy",), bot_seats="anyone")
    await discord_.command(ALICE, "game start")
    place = Place(str(GUILD), str(CHANNEL))
    real = robots_module.Robots._decide
    seen = []

    async def slow(self, table, seat, level, seed):
        seen.append(table.record.version)
        if len(seen) == 1:  # meanwhile the table changes (a seat is written)
            fresh = await service.table(place)
            await service.store.set_board_message(fresh.record.id, None, fresh.record.version)
            from bot.store import seats as seats_store
            await seats_store.change_seats(service.store, fresh.record.id,
                                           fresh.record.version, fresh.record.seats)
        return await real(self, table, seat, level, seed)

    monkeypatch.setattr(robots_module.Robots, "_decide", slow)
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    assert len(seen) == 2 and seen[1] == seen[0] + 1
    table = await service.table(place)
    assert table.record.turns_of(1) == 1


async def test_a_restart_resumes_the_computer_seat_to_act(discord_, service, robots,
                                                          monkeypatch):
    await open_table(discord_, bots=("easy",))
    monkeypatch.setattr(robots, "kick", lambda table: None)  # the bot "stops" before moving
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="step")
    monkeypatch.undo()
    robots.pause, robots.processes, robots.iterations = 0, 0, 8
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.to_act() == {1}
    assert await robots.resume() == 1
    await robots.idle()
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.to_act() == {0} and table.record.turns_of(1) == 1
    assert "Bot 1 (easy)" in discord_.recorder.public()[-1].content


def test_the_driver_reads_its_settings_from_the_environment():
    assert robots_module.settings_from({"BOT_PAUSE": "0.5", "BOT_PROCESSES": "2"}) == (0.5, 2)
    assert robots_module.settings_from({"BOT_PAUSE": "soon", "BOT_PROCESSES": "x"}) == (
        robots_module.PAUSE, robots_module.PROCESSES)


def test_the_driver_reads_the_env_file_under_the_environment(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("BOT_PAUSE=0.25\nBOT_PROCESSES=3\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BOT_PAUSE", raising=False)
    monkeypatch.setenv("BOT_PROCESSES", "0")
    assert robots_module.settings_from() == (0.25, 0)


async def test_computer_moves_are_told_in_the_story_thread_too(discord_, recorder, robots):
    await open_table(discord_, bots=("easy",))
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    story = [m.content for m in recorder.in_thread(5900)]
    assert len(story) == 3 and story[2].startswith("**Bot 1 (easy)** played"), story
    assert "whole story" in discord_.recorder.public()[-1].content


async def test_an_overdue_computer_seat_is_set_to_work_again(discord_, service, robots,
                                                             monkeypatch):
    service.now = lambda: 0.0
    await open_table(discord_, bots=("easy",), reminder="1h")
    kicks = []
    monkeypatch.setattr(robots, "kick", lambda table, locale=None: kicks.append(table))
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="step")  # the computer is "stuck"
    monkeypatch.undo()
    robots.pause, robots.processes, robots.iterations = 0, 0, 8
    said = await _tick_two_hours_later(discord_, service, monkeypatch)
    await robots.idle()
    assert said == []  # nobody is reminded: the computer seat moved
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.turns_of(1) == 1 and table.to_act() == {0}


async def test_workers_that_died_are_replaced(discord_, service, robots, monkeypatch):
    from concurrent.futures.process import BrokenProcessPool
    real = robots_module.think
    calls = []

    def dies_once(*args):
        calls.append(args[3])
        if len(calls) == 1:
            raise BrokenProcessPool("a worker died")
        return real(*args)

    monkeypatch.setattr(robots_module, "think", dies_once)
    await open_table(discord_, bots=("normal",))
    await discord_.command(ALICE, "game start")
    await robots.idle()
    first_pool = robots.pool
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    assert calls == ["normal", "normal"] and robots.pool is not first_pool
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert table.record.turns_of(1) == 1


async def test_a_channel_that_refuses_a_post_does_not_stop_the_computer(discord_, service,
                                                                         robots, monkeypatch):
    import discord
    await open_table(discord_, bots=("easy", "easy"))
    await discord_.command(ALICE, "game start")
    real, refused = discord_.bot.http.send_message, []

    async def refuse_once(channel_id, *, params):
        if not refused and int(channel_id) == CHANNEL:  # not the story thread
            refused.append(channel_id)
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "no")
        return await real(channel_id, params=params)

    monkeypatch.setattr(robots, "fold", 0.0)  # post at the first computer move
    monkeypatch.setattr(discord_.bot.http, "send_message", refuse_once)
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    assert refused and table.to_act() == {0}  # both computer seats moved all the same
    last = discord_.recorder.public()[-1].content
    assert "Bot 1 (easy)" in last and "Bot 2 (easy)" in last  # the refused lines come later


async def test_a_secret_computer_move_that_shows_nothing_new_is_not_told(discord_, service,
                                                                          robots):
    """How many secret moves a computer seat makes in a row is nobody's business."""
    from bot.service import MoveOutcome
    from rules.core import Action, Event
    await open_table(discord_, bots=("easy",), options="goal=2")
    await discord_.command(ALICE, "game start")
    table = await service.table(Place(str(GUILD), str(CHANNEL)))
    secret = Event("toy.event.voted", {"seat": 1}, audience=1)
    still_deciding = MoveOutcome(table, 0, Action("step"), [secret], secret=True)
    assert robots_module.silent(still_deciding)
    before = [(m.id, m.content) for m in discord_.recorder.public()]
    await robots._show(robots_module.Run(), still_deciding)
    assert [(m.id, m.content) for m in discord_.recorder.public()] == before
    public = MoveOutcome(table, 0, Action("step"), [Event("toy.event.voted", {"seat": 1})],
                         secret=True)
    assert not robots_module.silent(public)


async def test_a_long_run_is_shown_as_it_goes_and_pings_the_next_person(discord_, service,
                                                                         robots, monkeypatch):
    await open_table(discord_, bots=("easy", "easy", "easy"), options="goal=30")
    await discord_.command(ALICE, "game start")
    monkeypatch.setattr(robots, "fold", 0.0)  # the run's message is posted at its first move
    before = len(discord_.recorder.public())
    await discord_.command(ALICE, "move", action="step")
    await robots.idle()
    computer = [m for m in discord_.recorder.public()[before:] if m.token == ""]
    assert len(computer) == 2, [m.content for m in computer]
    running, last = computer
    assert running.edits >= 1 and "Bot 1 (easy)** played" in running.content
    assert "Bot 2 (easy)** played" in running.content and "<@111>" not in running.content
    assert running.components == []  # retired when the next message was posted
    assert "Bot 3 (easy)** played" in last.content and "<@111>" in last.content


def test_a_run_moves_below_a_persons_move_made_in_the_middle_of_it():
    """Seen through the stand-in under load: a person's move came between two computer
    moves of one run, and the run edited its older message above the person's, so the
    channel's newest message named the wrong seat to act."""
    run = robots_module.Run(message=object(), story=["Bot 1 moved 2."])
    run.follow(5)
    run.follow(6)  # the run's own next move: it goes on editing its message
    assert run.message is not None and run.story
    run.follow(8)  # a person moved in between
    assert run.message is None and run.story == []


async def _tick_two_hours_later(discord_, service, monkeypatch) -> list[str]:
    """Run the scheduler two hours on, its notices sent to a recorded channel; return them."""
    said = []

    async def send(text, **kwargs):
        said.append(text)

    client = discord_.bot
    channel = SimpleNamespace(send=send, guild=SimpleNamespace(preferred_locale="en-US"))
    monkeypatch.setattr(client, "get_channel", lambda channel_id: channel)
    monkeypatch.setattr(client.scheduler, "notifier", DiscordNotifier(client, service))
    service.now = lambda: 2 * H
    await client.scheduler.tick()
    return said


async def test_a_persons_move_after_a_computer_post_tells_only_that_messages_turn(
        discord_, recorder, robots):
    """The computer's post begins a turn as a person's does (``Service.begin_turn``): a
    person's move edited onto it told again the lines of the message before it, in the
    channel and in the story thread."""
    await open_table(discord_, (ALICE, BOB), bots=("easy",), options="goal=2")
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "move", action="hop 2")  # everyone votes now
    await robots.idle()  # the computer seat votes: a new message
    posted = discord_.recorder.public()[-1]
    assert "Bot 1 (easy)" in posted.content and "hop" not in posted.content
    await discord_.command(BOB, "move", action="vote yes")  # edits that message in place
    edited = discord_.recorder.public()[-1]
    assert edited.id == posted.id and "Bob" in edited.content, edited.content
    assert "Bot 1 (easy)" in edited.content and "hop" not in edited.content, edited.content
    story = [m.content for m in recorder.in_thread(5900)]
    assert sum("hop" in line for line in story) == 1, story
    assert "Bot 1 (easy)" in story[-1] and "Bob" in story[-1], story


async def test_every_step_of_a_computer_seat_in_a_row_stays_in_the_thread(discord_, recorder,
                                                                          robots):
    """A seat acting again in the same run (here: it reaches the goal, then votes) edited
    the thread's message to its newest move alone: its earlier lines were lost there."""
    await open_table(discord_, bots=("normal",), options="goal=2 first=1")
    await discord_.command(ALICE, "game start")  # the computer seat begins
    await robots.idle()
    channel = discord_.recorder.public()[-1].content
    story = [m.content for m in recorder.in_thread(5900)]
    assert "Bot 1 (normal)** played `hop 2`" in channel and "Bot 1 (normal) voted" in channel
    assert "Bot 1 (normal)** played `hop 2`" in story[-1], story
    assert "Bot 1 (normal) voted" in story[-1], story
