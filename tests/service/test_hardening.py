"""Service holes found by trying to break the bot: hosts, options, lost races, stale clicks."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.service import NO_DECISION, Player, Service
from bot.store import Store
from rules.core import Rng
from tests.conftest import ALICE, BOB, CAROL, PLACE
from tests.discord.wide_game import WIDE
from tests.platform.toy_game import TOY

DAVE = Player("400", "Dave")


async def _refused(coro, key: str) -> UserError:
    with pytest.raises(UserError) as error:
        await coro
    assert error.value.msg.key == key
    return error.value


def _seed_moving_the_opener() -> int:
    """A seed whose shuffle of three seats does not leave the first one in seat 0."""
    for seed in range(100):
        seats = [0, 1, 2]
        Rng(seed, 1 << 32).shuffle(seats)
        if seats[0] != 0:
            return seed
    raise AssertionError("no such seed")


# -- host ------------------------------------------------------------------------------------
async def test_the_opener_stays_host_after_a_shuffled_start(store):
    service = Service(store, games=[TOY], seed_source=_seed_moving_the_opener)
    await service.new_game(PLACE, ALICE, "toy")
    await service.join(PLACE, BOB)
    await service.join(PLACE, CAROL)
    table = await service.start(PLACE, ALICE, shuffle=True)
    assert table.record.seats[0] != ALICE
    assert Service.host_of(table.record) == ALICE.user_id
    first = table.record.seats[0]
    await _refused(service.abort(PLACE, first), "core.service.abort_not_allowed")
    assert (await service.abort(PLACE, ALICE)).status == "aborted"


async def test_when_the_host_leaves_the_next_seated_hosts_for_good(service):
    await service.new_game(PLACE, ALICE, "toy")
    await service.join(PLACE, BOB)
    await service.leave(PLACE, ALICE)
    table = await service.join(PLACE, ALICE)
    assert Service.host_of(table.record) == BOB.user_id
    await _refused(service.start(PLACE, ALICE), "core.service.host_only")
    assert (await service.start(PLACE, BOB)).started


# -- options ---------------------------------------------------------------------------------
async def test_an_option_given_twice_is_refused(service):
    await _refused(service.new_game(PLACE, ALICE, "toy", "goal=5 goal=6"),
                   "core.error.duplicate_option")
    await service.new_game(PLACE, ALICE, "toy", "goal=5")


async def test_player_count_options_are_checked_whenever_the_seats_change(service):
    await _refused(service.new_game(PLACE, ALICE, "toy", "first=7"), "core.error.bad_start_seat")
    table = await service.new_game(PLACE, ALICE, "toy", "first=2")
    assert table.option_problem().key == "core.error.bad_start_seat"
    await _refused(service.start(PLACE, ALICE), "core.error.bad_start_seat")
    table = await service.join(PLACE, BOB)
    assert table.lobby_players() == 2 and table.option_problem() is not None
    table = await service.join(PLACE, CAROL)
    assert table.option_problem() is None
    table = await service.leave(PLACE, CAROL)
    assert table.option_problem() is not None


async def test_real_games_report_player_count_options_in_the_lobby(store):
    service = Service(store, seed_source=lambda: 3)  # every registered game
    table = await service.new_game(PLACE, ALICE, "smallworld", "first_player=3")
    assert table.lobby_players() == 2
    assert table.option_problem().key == "core.error.bad_start_seat"
    await service.join(PLACE, BOB)
    await service.join(PLACE, CAROL)
    assert (await service.join(PLACE, DAVE)).option_problem() is None
    await service.abort(PLACE, ALICE)
    table = await service.new_game(PLACE, ALICE, "caverna", "harvest=green,green")
    assert table.option_problem() is None  # the solo game has no harvest track
    assert (await service.join(PLACE, BOB)).option_problem().key == "caverna.error.bad_harvest"


def test_the_default_option_check_reports_what_set_up_refuses():
    assert TOY.check_options({"goal": 10, "first": 3}, 4) is None
    assert TOY.check_options({"goal": 10, "first": 3}, 3).key == "core.error.bad_start_seat"


# -- a game that is no longer installed ------------------------------------------------------
async def test_a_game_no_longer_installed_can_be_aborted_and_replaced(store):
    before = Service(store, games=[TOY], seed_source=lambda: 1)
    await before.open_and_start(PLACE, [ALICE, BOB], "toy")
    after = Service(store, games=[WIDE], seed_source=lambda: 1)
    await _refused(after.table(PLACE), "core.service.unknown_game")
    await _refused(after.abort(PLACE, BOB), "core.service.abort_not_allowed")
    assert (await after.abort(PLACE, ALICE)).status == "aborted"
    table = await after.new_game(PLACE, BOB, WIDE.name)
    assert table.record.status == "lobby"


# -- decision stamps -------------------------------------------------------------------------
async def _voting(service: Service, players) -> None:
    await service.new_game(PLACE, players[0], "toy", "goal=2")
    for player in players[1:]:
        await service.join(PLACE, player)
    await service.start(PLACE, players[0])
    await service.act(PLACE, players[0], "hop 2")  # reaches the goal: everyone votes at once


async def test_a_seat_stamp_changes_only_with_its_own_decision(service):
    await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    table = await service.table(PLACE)
    alice, bob = table.stamp(0), table.stamp(1)
    assert bob == NO_DECISION and alice != NO_DECISION and len(alice) <= 12
    outcome = await service.choose(PLACE, ALICE, 0, alice, index=0)  # step
    assert outcome.table.stamp(0) == NO_DECISION and outcome.table.stamp(1) != NO_DECISION
    outcome = await service.act(PLACE, BOB, "step")
    assert outcome.table.stamp(0) not in (alice, NO_DECISION)  # a new turn, the same options
    await _refused(service.choose(PLACE, ALICE, 0, alice, index=0), "core.service.stale")


async def test_three_simultaneous_deciders_keep_their_buttons(service):
    await _voting(service, [ALICE, BOB, CAROL, DAVE])
    table = await service.table(PLACE)
    assert table.to_act() == frozenset({0, 1, 2, 3})
    stamps = {seat: table.stamp(seat) for seat in range(4)}
    await service.choose(PLACE, BOB, 1, stamps[1], index=0)
    await service.choose(PLACE, DAVE, 3, stamps[3], text="vote no")
    outcome = await service.choose(PLACE, CAROL, 2, stamps[2], index=1)
    assert outcome.table.to_act() == frozenset({0})
    await _refused(service.choose(PLACE, CAROL, 2, stamps[2], index=1), "core.service.stale")
    await _refused(service.choose(PLACE, ALICE, 0, stamps[0], index=5), "core.service.stale")
    await _refused(service.choose(PLACE, ALICE, 0, stamps[0], text="vote maybe"),
                   "core.service.stale")
    await _refused(service.choose(PLACE, ALICE, 1, stamps[1], index=0),
                   "core.service.not_your_seat")
    outcome = await service.choose(PLACE, ALICE, 0, stamps[0], index=0)
    assert outcome.table.is_over()


async def test_a_click_plays_the_listed_action_without_parsing_text(service, monkeypatch):
    await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    stamp = (await service.table(PLACE)).stamp(0)

    def no_parsing(*args):
        raise AssertionError("a click must not parse text")

    monkeypatch.setattr(TOY, "parse_action", no_parsing)
    outcome = await service.choose(PLACE, ALICE, 0, stamp, index=2)
    assert outcome.action.text == "hop 2" and outcome.table.state.positions == [2, 0]


# -- a lost race -----------------------------------------------------------------------------
async def test_a_typed_move_that_loses_a_race_is_refused_in_its_own_words(database, monkeypatch):
    path = database
    first, second = await Store.open(path), await Store.open(path)
    try:
        mine = Service(first, games=[TOY], seed_source=lambda: 5)
        other = Service(second, games=[TOY], seed_source=lambda: 5)
        await mine.open_and_start(PLACE, [ALICE, BOB], "toy")
        await mine.act(PLACE, ALICE, "step")  # caches the state after it
        save = first.append_move

        async def other_process_first(*args, **kwargs):
            await other.act(PLACE, BOB, "hop 2")  # another process wins the race
            return await save(*args, **kwargs)

        monkeypatch.setattr(first, "append_move", other_process_first)
        await _refused(mine.act(PLACE, BOB, "step"), "core.service.stale_typed")
        monkeypatch.setattr(first, "append_move", save)
        outcome = await mine.act(PLACE, ALICE, "step")
        assert outcome.table.state.positions == [2, 2]
        moves = await first.moves(outcome.table.record.id)
        assert [m.action for m in moves] == ["step", "hop 2", "step"]
    finally:
        await first.close()
        await second.close()

