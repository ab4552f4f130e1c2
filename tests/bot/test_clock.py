"""Reminders and time limits: durations, seat clocks, the scheduler, votes, restarts."""

from __future__ import annotations

import pytest

from bot import clock
from bot.clock import SeatClock, Settings
from bot.errors import UserError
from bot.scheduler import Scheduler
from bot.service import Service
from bot.store import Store
from tests.conftest import ALICE, BOB, CAROL, PLACE
from tests.platform.toy_game import TOY

H = 3600


@pytest.mark.parametrize("text, seconds", [("30m", 1800), ("12h", 12 * H), ("3d", 3 * 86400),
                                           (" 5M ", 300)])
def test_durations_read_minutes_hours_and_days(text, seconds):
    assert clock.parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "12", "h", "4m", "61d", "1.5h", "99999999999999h", "1w",
                                  "٣٠m", "²h"])
def test_bad_durations_are_refused(text):
    with pytest.raises(clock.BadDuration):
        clock.parse_duration(text)


def test_durations_are_written_for_people():
    assert [clock.format_duration(s) for s in (59, 600, 3 * H, 3 * H + 600, 86400,
                                               2 * 86400 + 5 * H, -5)] == \
        ["0m", "10m", "3h", "3h 10m", "1d", "2d 5h", "0m"]


def test_durations_are_written_in_the_players_language():
    """Issue 19: a Japanese table read 5m, 10m, 1d and 残り9m."""
    assert [clock.format_duration(s, "ja") for s in (300, 3 * H + 600, 86400, 2 * 86400 + 5 * H)
            ] == ["5分", "3時間10分", "1日", "2日5時間"]
    assert clock.format_duration(60, words=True) == "1 minute"
    assert clock.format_duration(93 * 60, words=True) == "1 hour 33 minutes"
    assert clock.format_duration(2 * 86400, words=True) == "2 days"


def test_time_left_counts_a_started_minute_whole():
    """A fresh 10-minute timer says 10 minutes left, not 9 (the first second has passed)."""
    assert clock.format_duration(599, round_up=True) == "10m"
    assert clock.format_duration(599) == "9m"
    assert clock.format_duration(599, "ja", round_up=True) == "10分"


def test_a_seat_starts_its_clock_when_it_starts_to_owe_and_banks_the_time_it_took():
    settings = Settings(reminder=H, timer=4 * H, bank=10 * H)
    clocks = clock.advance(settings, {}, {0}, None, 1000.0)
    assert clocks[0].since == 1000.0 and clocks[0].remind_at == 1000.0 + H
    clocks = clock.advance(settings, clocks, {1}, 0, 1000.0 + 2 * H)
    assert clocks[0].since is None and clocks[0].used == 2 * H
    assert clocks[1].since == 1000.0 + 2 * H
    assert clock.time_left(settings, clocks[1], 1000.0 + 3 * H) == 3 * H  # timer: 4h - 1h
    assert clock.time_left(settings, clocks[0], 0) == 8 * H  # bank: 10h - 2h used


def test_the_mover_who_still_owes_starts_a_new_decision():
    settings = Settings(timer=H)
    clocks = clock.advance(settings, {}, {0}, None, 0.0)
    clocks = clock.advance(settings, clocks, {0}, 0, 50.0)
    assert clocks[0].since == 50.0 and clocks[0].used == 50.0


def test_due_reminds_once_and_expires_once():
    settings = Settings(reminder=H, timer=2 * H)
    clocks = clock.advance(settings, {}, {0, 1}, None, 0.0)
    assert clock.due(settings, clocks, H - 1) == ([], [])
    assert clock.due(settings, clocks, H) == ([0, 1], [])
    assert clock.due(settings, clocks, 2 * H) == ([0, 1], [0, 1])
    reminded = {s: SeatClock(s, 0.0, H, True, 0.0, True) for s in clocks}
    assert clock.due(settings, reminded, 3 * H) == ([], [])
    assert clock.next_wake(settings, clocks, 0.0) == H


async def timed(service, reminder="1h", timer="4h", bank=None, players=(ALICE, BOB)):
    settings = Settings.parse(reminder, timer, bank)
    await service.new_game(PLACE, players[0], "toy", settings=settings)
    for player in players[1:]:
        await service.join(PLACE, player)
    return await service.start(PLACE, players[0])


class Told:
    """A notifier that remembers what it was asked to say."""

    def __init__(self):
        self.said: list[tuple[str, int]] = []

    async def remind(self, table, seat):
        self.said.append(("remind", seat))

    async def expired(self, table, seat):
        self.said.append(("expired", seat))


async def test_the_scheduler_reminds_then_times_out_the_player_to_act(service):
    service.now = lambda: 0.0
    table = await timed(service)
    assert table.settings.reminder == H
    told = Told()
    scheduler = Scheduler(service, told)
    assert await scheduler.tick() == 0 and await scheduler.delay() == 60.0
    service.now = lambda: H + 1
    assert await scheduler.tick() == 1 and told.said == [("remind", 0)]
    assert await scheduler.tick() == 0  # once only
    service.now = lambda: 4 * H + 1
    await scheduler.tick()
    assert told.said[-1] == ("expired", 0)


async def test_a_move_restarts_the_clocks_and_a_restart_keeps_them(tmp_path):
    path = tmp_path / "games.db"
    store = await Store.open(path)
    service = Service(store, games=[TOY], seed_source=lambda: 4242)
    service.now = lambda: 0.0
    await timed(service)
    service.now = lambda: 600.0
    await service.act(PLACE, ALICE, "step")
    await store.close()
    store = await Store.open(path)  # the bot restarts
    again = Service(store, games=[TOY])
    again.now = lambda: 600.0 + H + 1
    told = Told()
    await Scheduler(again, told).tick()
    assert told.said == [("remind", 1)]
    settings, clocks = await again.time_table(await again.table(PLACE))
    assert clocks[0].used == 600.0 and clocks[1].since == 600.0
    await store.close()


async def test_untimed_tables_have_no_clocks(service):
    await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    assert await service.next_wake() is None
    assert await service.claim_due() == []


async def test_the_others_may_end_a_game_whose_player_ran_out_of_time(service):
    service.now = lambda: 0.0
    await timed(service, players=(ALICE, BOB, CAROL))
    with pytest.raises(UserError) as early:
        await service.vote_end(PLACE, BOB, ALICE.user_id)
    assert early.value.msg.key == "clock.error.not_out_of_time"
    service.now = lambda: 5 * H
    await service.claim_due()
    with pytest.raises(UserError):
        await service.vote_end(PLACE, ALICE, ALICE.user_id)
    first = await service.vote_end(PLACE, BOB, ALICE.user_id)
    assert (first.votes, first.needed, first.ended) == (1, 2, False)
    again = await service.vote_end(PLACE, BOB, ALICE.user_id)
    assert again.votes == 1  # one vote per player
    final = await service.vote_end(PLACE, CAROL, ALICE.user_id)
    assert final.ended and final.table.record.status == "aborted"


async def test_a_move_cancels_the_votes_against_the_mover(service):
    service.now = lambda: 0.0
    await timed(service, players=(ALICE, BOB, CAROL))
    service.now = lambda: 5 * H
    await service.claim_due()
    await service.vote_end(PLACE, BOB, ALICE.user_id)
    await service.act(PLACE, ALICE, "step")
    with pytest.raises(UserError):
        await service.vote_end(PLACE, CAROL, ALICE.user_id)  # Alice moved: not out of time


async def test_notification_wishes_are_stored_per_player(service):
    assert not await service.wants_notify(ALICE.user_id)
    await service.set_notify(ALICE, True)
    assert await service.wants_notify(ALICE.user_id)
    await service.set_notify(ALICE, False)
    assert not await service.wants_notify(ALICE.user_id)
