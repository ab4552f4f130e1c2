"""The computer players' driver: whenever computer seats owe a decision, think and move.

Each game with a computer seat to act gets one task (:meth:`Robots.kick`). It decides with
:func:`rules.core.ai.decide` off the event loop (in a small process pool by default: the
search is pure Python, and in a thread it would hold the GIL while people click; see
``python -m bench.robots_ack``), then plays the move through the service exactly as a person's
move (:meth:`bot.service.Service.computer_act`, version check included: a decision taken on a
position that changed meanwhile is simply taken again). Moves are shown at a pace players can
follow (``pause`` seconds before each), and the moves of one run of computer turns fold onto
one board message, edited as they come. A decision that fails is logged and tried once
more, then an ``easy`` move is played; the driver never dies with a game.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from concurrent.futures.thread import BrokenThreadPool
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Mapping

import rules
from bot.config import parse_env_file
from bot.errors import UserError
from bot.local_bots import decision_seed, step_ender
from bot.presenter import board_png, summary_lines
from bot.service import MoveOutcome, Table, computer_turns
from rules.core import ai, all_games, get_game

from . import specs, texts
from .client import TabletopClient
from .notify import turn_messages
from .posting import POST_ERRORS, PostFailed, with_retry
from .posts import split_status
from .replies import UPLOAD_LIMIT, Board, content_of
from .story import link_line, thread_of, write_turn

log = logging.getLogger(__name__)

PAUSE = 1.5  # seconds before each computer move (BOT_PAUSE)
FOLD = 8.0  # seconds a run of computer moves may last before its message is posted
PROCESSES = 1  # worker processes that think (BOT_PROCESSES; 0: a thread)
MAX_RUN = 200  # moves one seat makes in a row before it must end its step (see local_bots)
REFUSALS = 3  # refused moves in a row after which a run stops until the next kick
BrokenExecutor = (BrokenProcessPool, BrokenThreadPool)  # the workers died


def think(game: Any, state: Any, seat: int, level: str, seed: int,
          iterations: int | None) -> str:
    """Decide ``seat``'s move (in a worker); ``game`` is a game or its registered name and
    ``state`` a state or its dump. Returns the action's text."""
    if isinstance(game, str):
        game = get_game(game)
        state = game.load(state)
    return ai.decide(game, state, seat, level, seed, iterations).text


def _share_rules(paths: list[str]) -> None:
    """A worker's initializer: find the same ``rules`` packages (games) as the bot, and load
    them all now rather than during the first decision."""
    rules.__path__[:] = [p for p in paths if p not in rules.__path__] + list(rules.__path__)
    all_games()


def pool_of(processes: int) -> Executor:
    """The workers that think: ``processes`` spawned processes, or one thread for 0."""
    if processes <= 0:
        return ThreadPoolExecutor(1, thread_name_prefix="robot")
    return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_share_rules, initargs=(list(rules.__path__),))


def settings_from(environ: Mapping[str, str] | None = None) -> tuple[float, int]:
    """The pause and worker count from ``BOT_PAUSE`` and ``BOT_PROCESSES`` (defaults if unset
    or malformed); by default read like the bot's other settings (:mod:`bot.config`): the
    environment over the ``.env`` file."""
    if environ is None:
        env_file = Path(".env")
        environ = {**(parse_env_file(env_file.read_text(encoding="utf-8"))
                      if env_file.is_file() else {}), **os.environ}
    try:
        pause = max(0.0, float(environ.get("BOT_PAUSE", PAUSE)))
    except ValueError:
        pause = PAUSE
    processes = environ.get("BOT_PROCESSES", str(PROCESSES)).strip()
    return pause, int(processes) if processes.isdigit() else PROCESSES


@dataclass
class Run:
    """One run of computer moves in a game, and the board message they fold onto."""

    message: Any = None  # the message posted for this run (edited by the next moves)
    started: float = field(default_factory=time.monotonic)
    pending: list[str] = field(default_factory=list)  # lines of moves not posted yet
    story: list[str] = field(default_factory=list)  # the lines it shows
    pinged: frozenset[int] = frozenset()  # the people its status mentioned when posted
    moves: dict[int, int] = field(default_factory=dict)  # moves by seat in this run
    refused: int = 0
    pending_from: int = 0  # the move whose lines open ``pending``
    moves_seen: int | None = None  # the game's move count after the run's previous move

    def follow(self, moves: int) -> None:
        """Note the game's move count ``moves`` after a move of the run. If a person moved
        since the run's previous move, their message is the channel's newest: the run's
        next moves go on a new message below it, never onto the older one above."""
        if self.moves_seen is not None and moves != self.moves_seen + 1:
            self.message, self.story = None, []
        self.moves_seen = moves


class Robots:
    """Move every computer seat that owes a decision, one task per game."""

    def __init__(self, client: TabletopClient, pause: float | None = None,
                 processes: int | None = None, iterations: int | None = None):
        env_pause, env_processes = settings_from()
        self.client = client
        self.service = client.service
        self.pause = env_pause if pause is None else pause
        self.processes = env_processes if processes is None else processes
        self.iterations = iterations  # the search budget (None: each game's own)
        self.fold = FOLD
        self._pool: Executor | None = None
        self.tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self.locales: dict[int, str] = {}  # each game's channel language, as last seen

    @property
    def pool(self) -> Executor:
        """The workers, started on first use."""
        if self._pool is None:
            self._pool = pool_of(self.processes)
        return self._pool

    def kick(self, table: Table, locale: str | None = None) -> None:
        """Start moving ``table``'s computer seats if one owes a decision (once per game);
        ``locale`` is the channel's language, as the interaction that changed it saw it."""
        game_id = table.record.id
        if locale is not None:
            self.locales[game_id] = locale
        if not computer_turns(table):
            return
        task = self.tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self.tasks[game_id] = asyncio.create_task(self._drive(game_id),
                                                  name=f"robots-{game_id}")

    async def resume(self) -> int:
        """Start every stored game whose computer seat owes a decision (after a restart)."""
        tables = await self.service.computer_tables()
        for table in tables:
            self.kick(table)
        return len(tables)

    async def idle(self) -> None:
        """Wait until no game's computer seat is moving (tests)."""
        while any(not task.done() for task in self.tasks.values()):
            await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        """Stop every run and the workers, waiting (off the event loop) until the workers'
        manager thread has ended: a process exiting while it still runs can meet it closing
        its wake-up pipe ("Bad file descriptor" at exit, seen in the e2e tests)."""
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.tasks.clear()
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _restart_pool(self) -> None:
        """Drop the workers (a dead one broke them); new ones start on the next decision."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def _drive(self, game_id: int) -> None:
        """Move the game's computer seats until none owes a decision.

        Meanwhile the game counts as being posted (``client.posting``): a person's
        interaction does not post the run's moves again on its own."""
        self.client.posting[game_id] += 1
        try:
            while True:
                await self._run(game_id, Run())
                if game_id not in self._again:
                    return
                self._again.discard(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # the game is stored: the next kick or start resumes it
            log.exception("the computer players of game %s stopped", game_id)
        finally:
            self._done_posting(game_id)
            if self.tasks.get(game_id) is asyncio.current_task():
                del self.tasks[game_id]

    async def _run(self, game_id: int, run: Run) -> None:
        while run.refused < REFUSALS:
            table = await self.service.table_by_id(game_id)
            seats = computer_turns(table)
            if not seats:
                return
            seat = seats[0]
            if self.pause:
                await asyncio.sleep(self.pause)
            text = await self._choose(table, seat, run)
            if text is None:
                log.warning("game %s: computer seat %s has no move that ends its step",
                            game_id, seat)
                return
            try:
                outcome = await self.service.computer_act(game_id, seat, text,
                                                          table.record.version)
            except UserError as refusal:  # the game moved on meanwhile: decide again
                log.info("game %s: computer move %r refused (%s)", game_id, text,
                         refusal.msg.key)
                run.refused += 1
                continue
            run.refused = 0
            run.moves[seat] = run.moves.get(seat, 0) + 1
            await self._show(run, outcome)
        log.warning("game %s: computer moves refused %d times in a row", game_id, REFUSALS)

    def _done_posting(self, game_id: int) -> None:
        counts = self.client.posting
        counts[game_id] -= 1
        if counts[game_id] <= 0:
            del counts[game_id]

    async def _choose(self, table: Table, seat: int, run: Run) -> str | None:
        """The text of ``seat``'s move: decided in a worker; retried once, then an easy move."""
        if run.moves.get(seat, 0) >= MAX_RUN:
            run.moves[seat] = 0
            action = await asyncio.to_thread(step_ender, table, seat, table.actions(seat))
            return None if action is None else action.text
        level = table.record.seats[seat].level or "normal"
        seed = decision_seed(table.record.seed, sum(table.record.turns))
        for attempt, chosen in enumerate((level, level, "easy")):
            try:
                return await self._decide(table, seat, chosen, seed + attempt)
            except Exception as error:
                log.warning("game %s: the %s decision of seat %s failed (attempt %d)",
                            table.record.id, chosen, seat, attempt + 1, exc_info=True)
                if isinstance(error, BrokenExecutor):  # a worker died: start new ones
                    self._restart_pool()
        listed = table.actions(seat)
        return listed[0].text if listed else None

    async def _decide(self, table: Table, seat: int, level: str, seed: int) -> str:
        """Run :func:`think` in the pool: a process gets the game's name and dumped state."""
        loop = asyncio.get_running_loop()
        if isinstance(self.pool, ProcessPoolExecutor):
            game, state = table.game.name, table.record.state
        else:
            game, state = table.game, table.state
        return await loop.run_in_executor(self.pool, think, game, state, seat, level, seed,
                                          self.iterations)

    async def _show(self, run: Run, outcome: MoveOutcome) -> None:
        """Fold the move onto the run's message (posted once the run ends or has lasted
        ``fold`` seconds); post a new one when the run ends on people it did not mention.
        Each message the run posts begins a turn as a person's move does
        (:meth:`bot.service.Service.begin_turn`): a person's move edited onto it tells that
        turn's lines again, no older ones. The game's story thread shows what the channel
        shows: a message per turn message, edited with it (the story module reads only the
        service and the client of what it is given). A secret move that shows nothing new
        (:func:`silent`) is not told at all: how many such moves a seat makes is secret too."""
        table = outcome.table
        run.follow(sum(table.record.turns))
        if silent(outcome):
            if table.record.board_message_id is not None:  # nothing new to show
                await self.service.remember_board_message(table, table.record.board_message_id)
            return
        locale = await self._locale(table)
        lines = texts.public_move_lines(texts.shown_outcome(outcome), locale)
        story, status = await asyncio.to_thread(split_status, table, lines, locale)
        if table.is_over():
            status += summary_lines(table, await self.service.summary(table), locale)
        storyteller = SimpleNamespace(service=self.service,
                                      interaction=SimpleNamespace(client=self.client))
        status += link_line(await thread_of(storyteller, table), locale)
        try:
            posted = await self._fold(run, outcome, story, status, locale)
        except (*POST_ERRORS, PostFailed) as error:  # the move is saved: a later post shows it
            log.warning("game %s: could not show a computer move (%r)", table.record.id, error)
        else:
            if posted is not None:  # the thread's message follows the channel's
                await write_turn(storyteller, table, run.story, new_turn=posted)
        await turn_messages(self.client, self.service, table, outcome.newly_to_act, locale)

    async def _fold(self, run: Run, outcome: MoveOutcome, story: list[str], status: list[str],
                    locale: str) -> bool | None:
        """Show a move's ``story`` and the new ``status`` on the run's message: kept back
        until the run ends or has lasted ``fold`` seconds, then posted, then edited; a run
        that ends on people its message did not mention posts anew (an edit pings nobody).
        True when a message was posted, False when the run's message was edited, None when
        the move was kept back."""
        table = outcome.table
        people = frozenset(s for s in table.to_act() if not table.record.seats[s].is_computer)
        ends = not computer_turns(table)
        mine = run.message is not None and \
            table.record.board_message_id == str(run.message.id)
        move = sum(table.record.turns)
        if not mine:
            if not run.pending:
                run.pending_from = move
            run.pending += story
            if not ends and time.monotonic() - run.started < self.fold:
                return None
            await self._post(run, table, run.pending, status, people, locale, outcome,
                             run.pending_from)
        elif ends and not people <= run.pinged:
            await self._post(run, table, story, status, people, locale, outcome, move)
        else:
            run.story += story
            await self._edit(run, table, status, locale, outcome)
            return False
        return True

    async def _locale(self, table: Table) -> str:
        """The channel's language: the server's setting, else as last seen, else the
        server's Discord language from the cache (English when unknown)."""
        setting = (await self.service.server_settings(table.record.guild)).language
        if setting == "auto" and table.record.id in self.locales:
            return self.locales[table.record.id]
        guild = self.client.get_guild(int(table.record.guild))
        return specs.server_language(setting, getattr(guild, "preferred_locale", None))

    async def _parts(self, table: Table, outcome: MoveOutcome, locale: str):
        rows = await asyncio.to_thread(specs.turn_rows, table, locale)
        last = None if outcome.secret else outcome.action.text
        png = await board_png(table, None, last, locale=locale)
        guild = self.client.get_guild(int(table.record.guild))
        return rows, Board(png, min(UPLOAD_LIMIT, getattr(guild, "filesize_limit",
                                                          UPLOAD_LIMIT)))

    def _channel(self, table: Table):
        record = table.record
        return self.client.get_partial_messageable(int(record.channel),
                                                   guild_id=int(record.guild))

    async def _post(self, run: Run, table: Table, story: list[str], status: list[str],
                    people: frozenset[int], locale: str, outcome: MoveOutcome,
                    first: int) -> None:
        """Post a new board message for the run, its turn beginning with move ``first``, and
        retire the channel's previous one."""
        rows, board = await self._parts(table, outcome, locale)
        content = content_of(texts.turn_text(story, status), board, locale)
        extras = {"view": v} if (v := self.client.view_for(rows)) is not None else {}
        channel = self._channel(table)
        message = await with_retry(
            lambda: channel.send(content, **extras, **_file(board)),
            f"computer move of game {table.record.id}")
        previous = table.record.board_message_id
        await self.service.begin_turn(table, first)
        await self.service.remember_board_message(table, str(message.id))
        run.message, run.story, run.pinged, run.pending = message, list(story), people, []
        if previous and previous != str(message.id):
            try:
                await channel.get_partial_message(int(previous)).edit(view=None)
            except POST_ERRORS:
                log.info("could not retire message %s", previous)

    async def _edit(self, run: Run, table: Table, status: list[str], locale: str,
                    outcome: MoveOutcome) -> None:
        """Show the run's moves so far and the new board on the run's message."""
        rows, board = await self._parts(table, outcome, locale)
        content = content_of(texts.turn_text(run.story, status), board, locale)
        file = board.file()
        await run.message.edit(content=content, view=self.client.view_for(rows),
                               attachments=[file] if file is not None else [])
        await self.service.remember_board_message(table, str(run.message.id))


def silent(outcome: MoveOutcome) -> bool:
    """True for a secret move after which its seat goes on deciding, announced by no public
    event and making no one else owe a decision: the channel is told nothing (as
    :func:`bot.discord.posts.is_silent` for a person's move)."""
    table = outcome.table
    return (outcome.secret and not outcome.conceded and not table.is_over()
            and outcome.seat in table.to_act() and outcome.newly_to_act <= {outcome.seat}
            and not any(event.audience is None for event in outcome.events))


def _file(board: Board) -> dict:
    file = board.file()
    return {} if file is None else {"file": file}

