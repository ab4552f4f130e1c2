"""Computer seats in the service, on both store backends: stored with the seats, handed over,
taken back, their moves checked like a person's, and games they played in left unrated."""

from __future__ import annotations

import pytest

from bot.clock import Settings
from bot.errors import UserError
from bot.service import Player, Service, computer_turns
from bot.store import results
from rules.core import ai
from tests.conftest import ALICE, BOB, CAROL, PLACE

DAVE = Player("400", "Dave")


async def _refused(coro, key: str):
    with pytest.raises(UserError) as error:
        await coro
    assert error.value.msg.key == key


async def test_a_computer_seat_is_stored_and_read_back(service: Service, store):
    await service.new_game(PLACE, ALICE, "toy")
    table = await service.add_computer(PLACE, ALICE, "hard", "en")
    seat = table.record.seats[1]
    assert (seat.user_id, seat.name, seat.level, seat.replaced) == \
        ("bot:1", "Bot 1 (hard)", "hard", None)
    reread = await store.get_game(table.record.id)
    assert reread.seats == table.record.seats and not reread.computer_played


async def test_only_the_host_adds_computer_seats_in_a_lobby_with_room(service: Service):
    await _refused(service.add_computer(PLACE, ALICE), "core.service.no_game")
    await service.new_game(PLACE, ALICE, "toy", max_players=2)
    await service.join(PLACE, BOB)
    await _refused(service.add_computer(PLACE, BOB), "bots.error.host_only")
    await _refused(service.add_computer(PLACE, ALICE), "core.service.lobby_full")
    await _refused(service.add_computer(PLACE, ALICE, "genius"), "bots.error.bad_level")
    await _refused(service.remove_computer(PLACE, ALICE), "bots.error.no_computer")


async def test_the_lobby_closes_when_only_computer_seats_are_left(service: Service):
    await service.new_game(PLACE, ALICE, "toy")
    await service.add_computer(PLACE, ALICE, "easy")
    table = await service.leave(PLACE, ALICE)
    assert table.record.status == "aborted"


async def test_a_computer_seat_never_hosts(service: Service):
    await service.new_game(PLACE, ALICE, "toy")
    await service.add_computer(PLACE, ALICE, "easy")
    await service.join(PLACE, BOB)
    table = await service.leave(PLACE, ALICE)
    assert service.host_of(table.record) == BOB.user_id


async def _started_with_computer(service: Service, *players, options="goal=3"):
    await service.new_game(PLACE, players[0], "toy", options)
    for player in players[1:]:
        await service.join(PLACE, player)
    await service.add_computer(PLACE, players[0], "easy")
    return await service.start(PLACE, players[0])


async def _play_out(service: Service, table):
    """Play the game to its end: the person's first option, the computer's decision."""
    while not table.is_over():
        seat = min(table.to_act())
        if table.record.seats[seat].is_computer:
            action = ai.decide(table.game, table.state, seat, "easy", 7, 8)
            outcome = await service.computer_act(table.record.id, seat, action.text,
                                                 table.record.version)
        else:
            player = Player(table.record.seats[seat].user_id, table.names[seat])
            outcome = await service.act(PLACE, player, table.actions(seat)[0].text)
        table = outcome.table
    return table


async def test_a_game_with_a_computer_seat_is_not_rated(service: Service, store):
    table = await _play_out(service, await _started_with_computer(service, ALICE))
    assert table.record.status == "over"
    assert await results.is_rated(store, table.record.id)  # its result is recorded
    assert await results.player_ratings(store, PLACE.guild, ALICE.user_id) == {}


async def test_the_same_game_between_people_is_rated(service: Service, store):
    await service.new_game(PLACE, ALICE, "toy", "goal=3")
    await service.join(PLACE, BOB)
    table = await _play_out(service, await service.start(PLACE, ALICE))
    assert table.record.status == "over"
    assert set(await results.player_ratings(store, PLACE.guild, ALICE.user_id)) == {"toy"}


async def test_a_game_a_computer_played_in_stays_unrated_after_the_seat_is_taken_back(
        service: Service, store):
    await service.new_game(PLACE, ALICE, "toy", "goal=3")
    await service.join(PLACE, BOB)
    await service.start(PLACE, ALICE)
    await service.hand_over(PLACE, ALICE, BOB.user_id, "easy")
    table = await service.join(PLACE, BOB)
    assert not any(seat.is_computer for seat in table.record.seats)
    table = await _play_out(service, table)
    assert table.record.status == "over"
    assert await results.player_ratings(store, PLACE.guild, BOB.user_id) == {}


async def test_a_computer_move_is_checked_like_a_persons(service: Service):
    table = await _started_with_computer(service, ALICE)
    await _refused(service.computer_act(table.record.id, 1, "step", table.record.version),
                   "core.service.not_your_turn")
    await _refused(service.computer_act(table.record.id, 0, "step", table.record.version),
                   "core.service.stale")  # a person's seat
    moved = await service.act(PLACE, ALICE, "step")
    await _refused(service.computer_act(table.record.id, 1, "step", table.record.version),
                   "core.service.stale")  # decided on an older version
    outcome = await service.computer_act(table.record.id, 1, "step", moved.table.record.version)
    assert outcome.table.record.turns_of(1) == 1 and computer_turns(outcome.table) == []


async def test_the_host_hands_a_seat_over_and_the_player_takes_it_back(service: Service, store):
    await service.new_game(PLACE, ALICE, "toy")
    await service.join(PLACE, BOB)
    await service.start(PLACE, ALICE)
    handed = await service.hand_over(PLACE, ALICE, BOB.user_id, "hard", "ja")
    seat = handed.table.record.seats[1]
    assert handed.done and seat.is_computer and seat.replaced == BOB.user_id
    assert seat.name == "ボット1（むずかしい）"
    await _refused(service.join(PLACE, CAROL), "bots.error.not_your_seat")
    back = await service.join(PLACE, BOB)
    assert back.record.seats[1].user_id == BOB.user_id and back.record.computer_played
    assert (await store.get_game(back.record.id)).computer_played


async def test_a_majority_of_the_other_people_hands_a_seat_over(service: Service):
    for player in (ALICE, BOB, CAROL, DAVE):
        if player is ALICE:
            await service.new_game(PLACE, ALICE, "toy")
        else:
            await service.join(PLACE, player)
    await service.start(PLACE, ALICE)
    await _refused(service.hand_over(PLACE, DAVE, DAVE.user_id), "bots.error.not_a_voter")
    first = await service.hand_over(PLACE, BOB, DAVE.user_id)
    assert (first.votes, first.needed, first.done) == (1, 2, False)  # Alice, Bob, Carol vote
    final = await service.hand_over(PLACE, CAROL, DAVE.user_id)
    assert final.done and final.table.record.seats[3].level == "normal"
    await _refused(service.hand_over(PLACE, BOB, "bot:1"), "bots.error.no_such_seat")
    again = await service.hand_over(PLACE, BOB, CAROL.user_id)  # the computer does not vote
    assert (again.votes, again.needed) == (1, 2)  # Alice and Bob are the others now


async def test_a_seat_out_of_time_goes_to_a_computer_only_if_the_table_chose_it(
        service: Service):
    settings = Settings(timer=3600, computer="easy")
    service.now = lambda: 0.0
    table = await service.new_game(PLACE, ALICE, "toy", settings=settings)
    assert table.settings.computer == "easy"
    await service.join(PLACE, BOB)
    table = await service.start(PLACE, ALICE)
    assert await service.hand_over_expired(table.record.id, 1) is None  # not Bob's turn
    handed = await service.hand_over_expired(table.record.id, 0)
    assert handed.record.seats[0].is_computer and computer_turns(handed) == [0]
    assert await service.hand_over_expired(table.record.id, 0) is None  # already handed


async def test_seat_rules_alone_do_not_make_a_table_timed(service: Service):
    table = await service.new_game(PLACE, ALICE, "toy", settings=Settings(takeover="anyone"))
    assert table.settings.takeover == "anyone" and not table.settings.any
    await service.start(PLACE, ALICE)
    assert await service.next_wake() is None
