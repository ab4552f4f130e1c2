"""Game sessions: lobby, seats, moves, undo, views. No Discord here.

The Discord layer and the terminal table both drive games only through :class:`Service`.
Every call takes the channel (``Place``) and the acting user (``Player``), loads the game
from the store, checks who may do what, and saves each accepted move in one transaction.
Every refusal is a :class:`bot.errors.UserError` and changes nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from rules.core import (
    Action,
    Event,
    Game,
    Msg,
    Rng,
    RulesError,
    View,
    all_games,
    normalise,
    parse_options,
    translate,
)
from rules.core.rng import SEED_BITS

from . import clock, history
from .errors import UserError
from .store import (
    ChannelBusy,
    GameRecord,
    MoveRecord,
    Seat,
    StaleVersion,
    Store,
    StoreBusy,
    servers,
)
from .store import clocks as clocks_store
from .store import results as stored
from .store.results import Finished

NO_DECISION = "-"  # the stamp of a seat that owes no decision

MAX_CHOICES = 25
HISTORY_LENGTH = 10

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Place:
    """Where a game lives: a guild (server) and a channel or thread in it."""

    guild: str
    channel: str


# Who is asking: a platform user id and display name, the same record a seat keeps.
Player = Seat


@dataclass
class Table:
    """A game as loaded: its record, its rules, and its state once started."""

    record: GameRecord
    game: Game
    state: Any | None
    _actions: dict[int, list[Action]] = field(default_factory=dict, repr=False, compare=False)
    _stamps: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        """Display names by seat."""
        return self.record.names

    @property
    def settings(self) -> clock.Settings:
        """The table's reminder and time limits."""
        return clock.Settings.from_json(self.record.settings)

    @property
    def started(self) -> bool:
        """True once the game has a state (active or over)."""
        return self.state is not None

    def to_act(self) -> frozenset[int]:
        """Seats owing a decision now (empty in the lobby or when over)."""
        return frozenset() if self.state is None else self.game.to_act(self.state)

    def may_act(self, seat: int) -> bool:
        """True if ``seat`` may send a move now (it owes a decision, or the game lets it act
        outside one, like a ready player taking it back: ``Game.may_act``)."""
        return self.started and not self.is_over() and self.game.may_act(self.state, seat)

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.state is not None and self.game.is_over(self.state)

    def view(self, seat: int | None) -> View:
        """What ``seat`` (None: the public) may see."""
        return self.game.view(self.state, seat)

    def lobby_players(self) -> int:
        """The player count the lobby's options are checked for: those seated, within limits."""
        record = self.record
        return min(max(len(record.seats), record.min_players), record.max_players)

    def option_problem(self) -> Msg | None:
        """Why the lobby's options cannot start a game with the players seated now (or None).

        Below the minimum, the options are checked for the smallest game allowed.
        """
        return self.game.check_options(self.record.options, self.lobby_players())

    def actions(self, seat: int) -> list[Action]:
        """The options of ``seat``'s decision now (none if it owes none), computed once."""
        if seat not in self._actions:
            acts = self.may_act(seat)
            self._actions[seat] = list(self.game.legal_actions(self.state, seat)) if acts else []
        return self._actions[seat]

    def stamp(self, seat: int) -> str:
        """A short fingerprint of ``seat``'s own decision, carried by its buttons and menus.

        It changes when that seat's prompt or options change or when the seat has moved
        since, and not when other seats decide, so one player's choice in a simultaneous
        phase leaves the others' buttons valid.
        """
        if seat not in self._stamps:
            self._stamps[seat] = self._decision_stamp(seat)
        return self._stamps[seat]

    def _decision_stamp(self, seat: int) -> str:
        if not self.actions(seat):
            return NO_DECISION
        prompt = self.game.prompt(self.state, seat)
        content = [self.record.turns_of(seat), prompt.to_json(),
                   [action.text for action in self.actions(seat)]]
        data = json.dumps(content, sort_keys=True, default=str).encode()
        return hashlib.blake2b(data, digest_size=5).hexdigest()


@dataclass
class MoveOutcome:
    """The result of an accepted move: the table after it and what happened."""

    table: Table
    seat: int
    action: Action
    events: list[Event]
    secret: bool = False  # other seats must not see ``action.text`` (Game.action_is_secret)
    newly_to_act: frozenset[int] = frozenset()  # seats that owe a decision and did not before
    conceded: bool = False  # the move was the seat's concession (announced as such)


@dataclass(frozen=True)
class Due:
    """What the scheduler must tell a table now: players to remind, players out of time."""

    table: Table
    remind: list[int]
    expired: list[int]


@dataclass(frozen=True)
class VoteResult:
    """A vote to end a game whose player ran out of time, and whether it ended the game."""

    table: Table
    target: int
    votes: int
    needed: int
    ended: bool


class Service:
    """Lobby and play for every registered game, on top of a :class:`Store`."""

    def __init__(self, store: Store, games: Sequence[Game] | None = None,
                 seed_source: Callable[[], int] | None = None, cache_size: int = 64):
        self.store = store
        self.games: dict[str, Game] = {g.name: g for g in (games or all_games())}
        if isinstance(store, Store):  # the store rebuilds older states by replaying moves
            store.games.update(self.games)
        self._seed_source = seed_source or (lambda: secrets.randbits(SEED_BITS))
        self._locks: dict[Place, asyncio.Lock] = {}
        # States by (game id, version): each version of a game has exactly one state, and a
        # state is remembered only under the version its own write created.
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self._cache_size = cache_size
        self.now: Callable[[], float] = time.time  # the scheduler's clock (tests set it)

    # -- lookup ------------------------------------------------------------------------------
    def game_named(self, name: str) -> Game:
        """Return the registered game called ``name`` or refuse with the list of games."""
        game = self.games.get(name)
        if game is None:
            raise UserError("unknown_game", name=name, known=", ".join(sorted(self.games)))
        return game

    def _lock(self, place: Place) -> asyncio.Lock:
        return self._locks.setdefault(place, asyncio.Lock())

    async def table(self, place: Place) -> Table:
        """Return the open game of ``place``; refuse if the channel has none."""
        record = await self.store.open_game(place.guild, place.channel)
        if record is None:
            raise UserError("no_game")
        return self._table(record)

    async def table_by_id(self, game_id: int) -> Table:
        """Return the game with ``game_id`` whatever its status; refuse if unknown."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise UserError("no_game")
        return self._table(record)

    def _table(self, record: GameRecord) -> Table:
        game = self.game_named(record.game)
        if record.state is None:
            return Table(record, game, None)
        key = (record.id, record.version)
        state = self._states.get(key)
        if state is None:
            state = game.load(record.state)
            self._remember(key, state)
        return Table(record, game, state)

    def _remember(self, key: tuple[int, int], state: Any) -> None:
        self._states[key] = state
        self._states.move_to_end(key)
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        """Drop every cached state of a game (after a lost race: reload from the store)."""
        for key in [k for k in self._states if k[0] == game_id]:
            del self._states[key]

    async def record(self, place: Place) -> GameRecord:
        """Return the open game record of ``place`` without loading its rules or state."""
        record = await self.store.open_game(place.guild, place.channel)
        if record is None:
            raise UserError("no_game")
        return record

    async def open_tables(self) -> list[Table]:
        """Return every game in lobby or play (what the bot resumes after a restart)."""
        return [self._table(record) for record in await self.store.active_games()]

    # -- lobby -------------------------------------------------------------------------------
    async def new_game(self, place: Place, host: Player, game_name: str,
                       options: str | Mapping[str, str] | None = None,
                       max_players: int | None = None,
                       min_players: int | None = None,
                       settings: clock.Settings | None = None) -> Table:
        """Open a lobby for ``game_name`` in ``place`` with ``host`` seated.

        ``settings`` are the table's reminder and time limits (none by default).
        """
        game = self.game_named(game_name)
        try:
            parsed = parse_options(game.options, options)
        except RulesError as error:
            raise UserError(error.msg) from None
        low, high = self._player_range(game, min_players, max_players)
        problems = [game.check_options(parsed, n) for n in range(low, high + 1)]
        if all(problems):  # no player count in range can start with these options
            raise UserError(problems[-1])  # type: ignore[arg-type]
        async with self._lock(place):
            try:
                record = await self.store.create_game(
                    game=game.name, guild=place.guild, channel=place.channel,
                    host=host, seed=self._seed_source(),
                    options=parsed, min_players=low, max_players=high)
            except ChannelBusy:
                raise UserError("channel_busy") from None
            except StoreBusy:
                raise UserError("busy") from None
            if settings is not None and settings.any:
                await clocks_store.set_settings(self.store, record.id, settings)
                record = await self.store.get_game(record.id)
        return self._table(record)

    @staticmethod
    def _player_range(game: Game, low: int | None, high: int | None) -> tuple[int, int]:
        low = game.min_players if low is None else low
        high = game.max_players if high is None else high
        if not (game.min_players <= low <= high <= game.max_players):
            raise UserError("bad_player_range", low=low, high=high,
                            min=game.min_players, max=game.max_players)
        return low, high

    async def open_and_start(self, place: Place, players: Sequence[Player], game_name: str,
                             options: str | Mapping[str, str] | None = None) -> Table:
        """Open a table for ``players`` (the first hosts), seat them in order and start."""
        await self.new_game(place, players[0], game_name, options)
        for player in players[1:]:
            await self.join(place, player)
        return await self.start(place, players[0])

    async def join(self, place: Place, player: Player) -> Table:
        """Seat ``player`` in the channel's lobby."""
        async with self._lock(place):
            table = await self._lobby(place)
            record = table.record
            if record.seat_of(player.user_id) is not None:
                raise UserError("already_seated")
            if len(record.seats) >= record.max_players:
                raise UserError("lobby_full", max=record.max_players)
            seats = (*record.seats, player)
            return self._table(await self._guard(
                self.store.set_seats(record.id, record.version, seats), record.id))

    async def leave(self, place: Place, player: Player) -> Table:
        """Unseat ``player`` from the lobby; the lobby closes when its last player leaves."""
        async with self._lock(place):
            record = (await self._lobby(place)).record
            if record.seat_of(player.user_id) is None:
                raise UserError("not_seated")
            seats = tuple(s for s in record.seats if s.user_id != player.user_id)
            if not seats:
                return self._table(await self._guard(
                    self.store.set_status(record.id, record.version, "aborted"), record.id))
            host = seats[0].user_id if self.host_of(record) == player.user_id else None
            return self._table(await self._guard(
                self.store.set_seats(record.id, record.version, seats, host), record.id))

    async def start(self, place: Place, player: Player, shuffle: bool = False) -> Table:
        """Start the lobby's game (host only), seating in join order or shuffled."""
        async with self._lock(place):
            table = await self._lobby(place)
            record = table.record
            if self.host_of(record) != player.user_id:
                raise UserError("host_only")
            if len(record.seats) < record.min_players:
                raise UserError("not_enough_players", min=record.min_players,
                                seated=len(record.seats))
            seats = list(record.seats)
            if shuffle:
                Rng(record.seed, 1 << 32).shuffle(seats)
            state = self._new_state(table.game, record.seed, len(seats), record.options)
            started = await self._guard(self.store.start_game(
                record.id, record.version, seats, table.game.dump(state)), record.id)
            table = self._table(started)
            await self._tick(table, None)
            return table

    @staticmethod
    def _new_state(game: Game, seed: int, players: int, options: Mapping) -> Any:
        """Set up a game, turning a refused option into a user message."""
        try:
            return game.new_game(seed, players, options)
        except RulesError as error:
            raise UserError(error.msg) from None

    @staticmethod
    def host_of(record: GameRecord) -> str:
        """The host: the player who opened the table (or the next seated, if they left).

        Seating order does not matter: a shuffled start keeps the same host.
        """
        if record.seat_of(record.host) is not None or not record.seats:
            return record.host
        return record.seats[0].user_id

    def check_abort(self, record: GameRecord, player: Player, can_manage: bool) -> None:
        """Refuse unless ``player`` hosts the game or may manage the channel."""
        if self.host_of(record) != player.user_id and not can_manage:
            raise UserError("abort_not_allowed")

    async def abort(self, place: Place, player: Player, can_manage: bool = False) -> GameRecord:
        """End the channel's game without a result (host, or anyone who manages the channel).

        This works on the stored record alone, so a game that is no longer installed can
        always be aborted and its channel freed.
        """
        async with self._lock(place):
            record = await self.record(place)
            self.check_abort(record, player, can_manage)
            return await self._guard(self.store.set_status(record.id, record.version,
                                                           "aborted"), record.id)

    async def _lobby(self, place: Place) -> Table:
        table = await self.table(place)
        if table.record.status != "lobby":
            raise UserError("already_started")
        return table

    async def _guard(self, write, game_id: int, stale: str = "stale"):
        """Await a versioned write; if the game moved on meanwhile, forget it and refuse."""
        try:
            return await write
        except StaleVersion:
            self._forget(game_id)
            raise UserError(stale) from None
        except StoreBusy:  # another process kept the database: nothing was written
            raise UserError("busy") from None

    # -- play --------------------------------------------------------------------------------
    def seat_of(self, table: Table, player: Player) -> int:
        """Return ``player``'s seat at ``table``; refuse if they do not play there."""
        seat = table.record.seat_of(player.user_id)
        if seat is None:
            raise UserError("not_in_game")
        return seat

    async def act(self, place: Place, player: Player, text: str,
                  expected_version: int | None = None, seat: int | None = None) -> MoveOutcome:
        """Play typed ``text`` for ``player`` (or their ``seat``): check, apply, save at once.

        With ``expected_version``, a game that moved on since is refused as stale. A typed
        move that loses a race with another write is refused with its own message.
        """
        async with self._lock(place):
            table = await self._active(place)
            seat = self._acting_seat(table, player, seat)
            if expected_version is not None and expected_version != table.record.version:
                raise UserError("stale")
            action = await asyncio.to_thread(self._parse, table, seat, text)
            return await self._apply(table, seat, action,
                                     "stale_typed" if expected_version is None else "stale",
                                     table.game.is_concession(table.state, seat, action))

    async def concede(self, place: Place, player: Player, seat: int | None = None,
                      game_id: int | None = None) -> MoveOutcome:
        """Play ``player``'s concession now, whether or not they owe a decision.

        Refused with a clear message when the game has no concession, or when the seat
        cannot concede now (already out). With ``game_id``, a channel whose game changed
        since the question was asked is refused as stale.
        """
        async with self._lock(place):
            table = await self._active(place)
            if game_id is not None and game_id != table.record.id:
                raise UserError("stale")
            seat = self._acting_seat(table, player, seat)
            action = self.concession_of(table, seat)
            return await self._apply(table, seat, action, "stale", conceded=True)

    @staticmethod
    def concession_of(table: Table, seat: int) -> Action:
        """The move by which ``seat`` concedes now, or refuse (no concession, or already out)."""
        if not table.game.has_concession():
            raise UserError("no_concession")
        action = table.game.concession(table.state, seat)
        if action is None:
            raise UserError("cannot_concede")
        return action

    async def check_concession(self, place: Place, player: Player) -> Table:
        """Refuse unless ``player`` could concede at this channel's game now (before asking)."""
        table = await self._active(place)
        self.concession_of(table, self.seat_of(table, player))
        return table

    async def choose(self, place: Place, player: Player, seat: int, stamp: str,
                     index: int | None = None, text: str | None = None) -> MoveOutcome:
        """Play the option a button (``index``) or menu entry (``text``) of ``seat`` names.

        ``stamp`` is the seat's decision stamp when the component was posted: if that seat's
        own decision changed since, the click is stale. The option is looked up among the
        seat's legal actions and played as it is, never re-parsed from text.
        """
        async with self._lock(place):
            table = await self._active(place)
            seat = self._acting_seat(table, player, seat)
            if stamp != table.stamp(seat):
                raise UserError("stale")
            action = _pick(await asyncio.to_thread(table.actions, seat), index, text)
            if action is None:
                raise UserError("stale")
            return await self._apply(table, seat, action, "stale")

    def _acting_seat(self, table: Table, player: Player, seat: int | None) -> int:
        own = self.seat_of(table, player)
        if seat is None or seat == own:
            return own
        raise UserError("not_your_seat")

    @staticmethod
    def _parse(table: Table, seat: int, text: str) -> Action:
        """Read typed text as an action of ``seat``'s current decision, or refuse.

        A seat that may not act now may still type its concession (``Game.concession``).
        """
        if not table.may_act(seat) and not table.game.is_concession(
                table.state, seat, Action(text)):
            raise UserError("not_your_turn")
        try:
            return table.game.parse_action(table.state, seat, text)
        except RulesError as error:
            raise UserError(error.msg) from None

    async def _apply(self, table: Table, seat: int, action: Action, stale: str,
                     conceded: bool = False) -> MoveOutcome:
        """Apply ``action`` and save it; the cache keeps the state under the version written.

        The rules work (apply, dump) runs in a worker thread, so the event loop keeps
        acknowledging other interactions and answering autocomplete meanwhile.
        """
        game = table.game
        new_state, events, undoable, secret, status, dumped = await asyncio.to_thread(
            _rules_step, game, table.state, seat, action)
        record = await self._guard(self.store.append_move(
            table.record.id, table.record.version, seat=seat, action=action.text,
            events=[e.to_json() for e in events], state=dumped,
            undoable=undoable and not conceded, status=status, secret=secret),
            table.record.id, stale)
        self._remember((record.id, record.version), new_state)
        after = Table(record, game, new_state)
        if status == "over":
            await self._rate(game, record, new_state)
        await self._tick(after, seat)
        newly = after.to_act() - game.to_act(table.state)
        return MoveOutcome(after, seat, action, events, secret, frozenset(newly), conceded)

    async def _rate(self, game: Game, record, state: Any) -> None:
        """Record a finished game's result; a failure here loses no move (caught up later)."""
        try:
            await history.record_finish(self.store, game, record, state)
        except Exception:  # the move is saved; catch_up() rates it on the next start
            log.exception("rating game %s failed", record.id)

    async def _active(self, place: Place) -> Table:
        table = await self.table(place)
        if table.record.status != "active":
            raise UserError("not_started")
        return table

    async def undo(self, place: Place, player: Player) -> Table:
        """Take back ``player``'s last move while they alone are to act and nothing was revealed."""
        async with self._lock(place):
            table = await self._active(place)
            seat = self.seat_of(table, player)
            last = await self.store.moves(table.record.id, last=1)
            if not last or last[0].seat != seat:
                raise UserError("undo_not_yours")
            if not last[0].undoable:
                raise UserError("undo_revealed")
            if table.to_act() != frozenset({seat}):
                raise UserError("undo_others_acting")
            record = await self._guard(self.store.undo_last_move(
                table.record.id, table.record.version), table.record.id)
            undone = self._table(record)
            await self._tick(undone, None)
            return undone

    # -- information -------------------------------------------------------------------------
    async def decision(self, place: Place, player: Player) -> tuple[Table, int, Msg | None,
                                                                   list[Action]]:
        """Return ``player``'s seat, prompt and options now (no prompt if they owe nothing)."""
        table = await self._active(place)
        seat = self.seat_of(table, player)
        return (table, seat, *self.options_for(table, seat))

    @staticmethod
    def options_for(table: Table, seat: int) -> tuple[Msg | None, list[Action]]:
        """Return the prompt and legal actions of ``seat`` at ``table`` (None, [] if idle).

        A seat that owes nothing but may still act (``Game.may_act``) gets its prompt and
        options too.
        """
        if not table.may_act(seat):
            return None, []
        return table.game.prompt(table.state, seat), table.actions(seat)

    async def suggest(self, place: Place, player: Player, typed: str,
                      locale: str = "en") -> list[Action]:
        """Offer up to 25 legal actions matching ``typed`` (words in text or label)."""
        try:
            table = await self._active(place)
            seat = self.seat_of(table, player)
        except UserError:
            return []
        return await asyncio.to_thread(suggest_actions, table, seat, typed, locale)

    # -- reminders and time limits ----------------------------------------------------------
    async def _tick(self, table: Table, mover: int | None) -> None:
        """Move the seat clocks of a timed table on after its seats to act changed."""
        try:
            settings = table.settings
            if not settings.any:
                return
            owing = table.to_act() if table.record.status == "active" else frozenset()
            old = await clocks_store.clocks_of(self.store, table.record.id)
            new = clock.advance(settings, old, owing, mover, self.now())
            await clocks_store.save_clocks(self.store, table.record.id, new)
            if mover is not None:
                await clocks_store.clear_votes(self.store, table.record.id, mover)
        except Exception:  # the move is saved; the scheduler reconciles the clocks
            log.exception("updating the clocks of game %s failed", table.record.id)

    async def time_table(self, table: Table) -> tuple[clock.Settings, dict[int, clock.SeatClock]]:
        """Return a table's time settings and its seat clocks."""
        settings = table.settings
        if not settings.any:
            return settings, {}
        return settings, await clocks_store.clocks_of(self.store, table.record.id)

    async def next_wake(self) -> float | None:
        """Return when the scheduler next has something to do (None: nothing timed)."""
        times = []
        for game_id, settings in await clocks_store.timed_games(self.store):
            clocks = await clocks_store.clocks_of(self.store, game_id)
            wake = clock.next_wake(settings, clocks, self.now())
            times.append(self.now() if not clocks else wake)
        return min((t for t in times if t is not None), default=None)

    async def claim_due(self) -> list[Due]:
        """Return (and mark as done) the reminders and time-outs due now, table by table."""
        out = []
        for game_id, settings in await clocks_store.timed_games(self.store):
            record = await self.store.get_game(game_id)
            if record is None or record.game not in self.games:
                log.warning("game %s is no longer installed: no reminders", game_id)
                continue
            async with self._lock(Place(record.guild, record.channel)):  # not during a move
                due = await self._claim_due_of(game_id, settings)
            if due is not None:
                out.append(due)
        return out

    async def _claim_due_of(self, game_id: int, settings: clock.Settings) -> Due | None:
        """Claim one table's reminders and time-outs (its place's lock held)."""
        now = self.now()
        table = await self.table_by_id(game_id)
        if table.record.status != "active":
            return None
        clocks = await clocks_store.clocks_of(self.store, game_id)
        owing = table.to_act()
        if {s for s, c in clocks.items() if c.since is not None} != owing:
            # a stop between a move and its clocks: the clocks follow the stored game
            clocks = clock.advance(settings, clocks, owing, None, now)
        remind, expired = clock.due(settings, clocks, now)
        for seat in remind:
            clocks[seat] = dataclasses.replace(clocks[seat], reminded=True)
        for seat in expired:
            clocks[seat] = dataclasses.replace(clocks[seat], expired=True)
        await clocks_store.save_clocks(self.store, game_id, clocks)
        return Due(table, remind, expired) if remind or expired else None

    async def set_notify(self, player: Player, on: bool) -> None:
        """Remember whether ``player`` wants a direct message when it is their turn."""
        await clocks_store.set_notify(self.store, player.user_id, on)

    async def wants_notify(self, user_id: str) -> bool:
        """Tell whether a player asked for direct messages on their turn."""
        return await clocks_store.wants_notify(self.store, user_id)

    async def vote_end(self, place: Place, player: Player, target_user: str) -> VoteResult:
        """Vote to end the game because ``target_user`` ran out of time.

        The game ends (aborted, unrated) when a majority of the other players voted.
        """
        async with self._lock(place):
            table = await self._active(place)
            voter = self.seat_of(table, player)
            target = table.record.seat_of(target_user)
            if target is None:
                raise UserError("player_not_in_game")
            if target == voter:
                raise UserError(Msg("clock.error.not_yourself"))
            settings, clocks = await self.time_table(table)
            if target not in clocks or not clocks[target].expired or \
                    target not in table.to_act():
                raise UserError(Msg("clock.error.not_out_of_time",
                                    {"name": table.names[target]}))
            voters = await clocks_store.add_vote(self.store, table.record.id, target, voter)
            needed = (len(table.record.seats) - 1) // 2 + 1
            if len(voters) < needed:
                return VoteResult(table, target, len(voters), needed, False)
            record = await self._guard(self.store.set_status(
                table.record.id, table.record.version, "aborted"), table.record.id)
            return VoteResult(Table(record, table.game, table.state), target, len(voters),
                              needed, True)

    # -- server settings ----------------------------------------------------------------------
    async def server_settings(self, guild: str) -> servers.ServerSettings:
        """Return a server's language and message settings."""
        return await servers.server_settings(self.store, guild)

    async def change_server_settings(self, guild: str, may_manage: bool,
                                     language: str | None = None,
                                     messages: str | None = None) -> servers.ServerSettings:
        """Change a server's settings (only those who manage the server may)."""
        current = await servers.server_settings(self.store, guild)
        if language is None and messages is None:
            return current
        if not may_manage:
            raise UserError(Msg("settings.error.manage_only"))
        if language not in (None, *servers.LANGUAGES) or \
                messages not in (None, *servers.MESSAGE_MODES):
            raise UserError(Msg("settings.error.bad_value"))
        changed = servers.ServerSettings(language or current.language,
                                         messages or current.messages)
        await servers.set_server_settings(self.store, guild, changed)
        return changed

    # -- history and ratings -----------------------------------------------------------------
    async def history(self, place: Place, limit: int = HISTORY_LENGTH) -> list[Finished]:
        """Return the channel's newest finished games (over or aborted), newest first."""
        return await stored.finished_games(self.store, place.guild, place.channel, limit=limit)

    async def finished_table(self, place: Place, game_id: int | None = None) -> Table:
        """Return a finished game of this channel: ``game_id``, or the newest one."""
        if game_id is None:
            newest = await stored.finished_games(self.store, place.guild, place.channel, limit=1)
            if not newest:
                raise UserError(Msg("history.error.no_finished_game"))
            record = newest[0].record
        else:
            record = await self.store.get_game(game_id)
            if record is None or (record.guild, record.channel) != (place.guild, place.channel):
                raise UserError(Msg("history.error.no_such_game", {"id": game_id}))
        if record.status not in stored.FINISHED or record.state is None:
            raise UserError(Msg("history.error.not_finished"))
        return self._table(record)

    def finished_from_record(self, record: GameRecord) -> Table:
        """Return the table of a finished game's record (for the history list)."""
        return self._table(record)

    async def export(self, place: Place, game_id: int | None = None) -> tuple[Table, dict]:
        """Return a finished game and its export document (options, seed, moves)."""
        table = await self.finished_table(place, game_id)
        moves = await stored.all_moves(self.store, table.record.id)
        return table, history.export_document(table.record, moves)

    async def summary(self, table: Table) -> history.Summary:
        """Return a finished game's length and its place in the server's history."""
        return await history.summary(self.store, table.record)

    async def stats(self, guild: str, user_id: str) -> dict[str, stored.Rating]:
        """Return a player's ratings on a server, by game."""
        return await stored.player_ratings(self.store, guild, user_id)

    async def leaderboard(self, guild: str, game_name: str) -> list[stored.Rating]:
        """Return the best-rated players of a server in one game."""
        return await stored.leaderboard(self.store, guild, self.game_named(game_name).name)

    async def catch_up_ratings(self) -> int:
        """Rate finished games left unrated by a crash (the bot calls this at start)."""
        return await history.catch_up(self.store, self.games)

    async def log(self, place: Place, last: int = 10) -> tuple[Table, list[MoveRecord]]:
        """Return the table and its ``last`` moves."""
        table = await self.table(place)
        return table, await self.store.moves(table.record.id, last=last)


def _rules_step(game: Game, state: Any, seat: int, action: Action) -> tuple:
    """Apply ``action`` for ``seat``: the pure part of a move (safe in a worker thread)."""
    try:
        new_state, events = game.apply(state, seat, action)
    except RulesError as error:
        raise UserError(error.msg) from None
    status = "over" if game.is_over(new_state) else "active"
    return (new_state, events, _undoable(state, new_state, events),
            game.action_is_secret(state, seat, action), status, game.dump(new_state))


def _pick(actions: Sequence[Action], index: int | None, text: str | None) -> Action | None:
    """The option at ``index``, or the one whose text is ``text``; None if there is none."""
    if index is not None:
        return actions[index] if 0 <= index < len(actions) else None
    return next((action for action in actions if action.text == text), None)


def suggest_actions(table: Table, seat: int, typed: str, locale: str = "en") -> list[Action]:
    """Filter ``seat``'s legal actions by the words of ``typed``; put an exact typed move first,
    then the game's legal completions of ``typed`` (typed coordinates beyond the listed ones)."""
    if not table.may_act(seat):
        return []
    actions = table.actions(seat)
    words = normalise(typed).split()
    matches = [a for a in actions if _matches(a, words, locale, table.names)]
    typed_text = normalise(typed)
    if typed_text:
        shown = {normalise(a.text) for a in matches}
        completed = [a for a in table.game.complete(table.state, seat, typed_text, MAX_CHOICES)
                     if normalise(a.text) not in shown]
        matches = completed + matches
    if typed_text and all(normalise(a.text) != typed_text for a in matches):
        candidate = Action(typed_text)
        try:
            if table.game.is_legal(table.state, seat, candidate):
                matches.insert(0, candidate)
        except (RulesError, ValueError, KeyError, IndexError):
            pass
    return matches[:MAX_CHOICES]


def _matches(action: Action, words: list[str], locale: str, names: list[str]) -> bool:
    haystack = action.text.lower()
    if action.label is not None:
        haystack += " " + translate(action.label, locale, names).lower()
    return all(word in haystack for word in words)


def _undoable(before: Any, after: Any, events: list[Event]) -> bool:
    """A move may be undone only if it drew no random number and revealed nothing."""
    if any(event.reveals for event in events):
        return False
    rng_before, rng_after = getattr(before, "rng", None), getattr(after, "rng", None)
    return rng_before is None or rng_after is None or rng_before.counter == rng_after.counter
