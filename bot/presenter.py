"""Turn service results into text lines and board images, for Discord and the terminal alike.

Nothing here knows a game by name or imports Discord; every sentence comes from the catalog.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Iterable, Sequence

from rendering.registry import has_renderer, render_png
from rules.core import Event, Msg, translate
from rules.core.text import catalog, has_message

from .clock import format_duration, time_left
from .memory import warm_and_freeze
from .service import MoveOutcome, Table

MAX_MESSAGE = 2000
UNTOLD = "-"  # the wording of an event in which nothing happened (see told_msg)


def say(key: str, locale: str = "en", names: Sequence[str] = (), **params) -> str:
    """Translate a ``core.ui`` message."""
    return translate(Msg(f"core.ui.{key}", params), locale, names)


def game_title(table: Table, locale: str = "en") -> str:
    """The display name of the table's game."""
    return translate(Msg(table.game.title), locale) if table.game.title else table.game.name


def event_lines(events: Iterable[Event], seat: int | None, names: Sequence[str],
                locale: str = "en") -> list[str]:
    """Sentences for the events ``seat`` (None: the channel) may see; an event that tells
    nothing (see :func:`told_msg`) makes no line."""
    lines = []
    for event in events:
        if event.visible_to(seat) and (msg := told_msg(event.msg)) is not None:
            lines.append(translate(msg, locale, names))
    return lines


def told_msg(msg: Msg) -> Msg | None:
    """The message an event is told with: its own, or its wording for counts of 0.

    An event ``<key>`` with a count parameter at 0 ("takes 0 begging markers") is worded
    by the catalog entry ``zero.<key>.<params>``
    (``data/messages/<locale>/zero.toml``) when one exists, ``<params>`` being the zero
    parameters it leaves out, joined with ``_`` in alphabetical order (the most of them
    first). The wording :data:`UNTOLD` (for counts of 0, or the event's own) means that
    nothing is told (None): nothing happened, or the final message tells it (the winners)."""
    zeros = tuple(sorted(name for name, value in msg.params.items()
                         if value == 0 and type(value) is int and not _is_seat(name)))
    key = (_zero_key(msg.key, zeros) if zeros else None) or msg.key
    if catalog("en").get(key) == UNTOLD:
        return None
    return msg if key == msg.key else Msg(key, msg.params)


def _is_seat(name: str) -> bool:
    return name == "seat" or name.endswith("_seat")


def _zero_key(key: str, zeros: tuple[str, ...]) -> str | None:
    """The catalog key wording ``key`` without the most of its ``zeros`` (None: none)."""
    english = catalog("en")
    for size in range(len(zeros), 0, -1):
        for left_out in itertools.combinations(zeros, size):
            candidate = f"zero.{key}.{'_'.join(left_out)}"
            if candidate in english:
                return candidate
    return None


def mention_list(table: Table, seats: Iterable[int], mention) -> str:
    """Join the mentions of ``seats`` using ``mention(seat_record)``."""
    return ", ".join(mention(table.record.seats[s]) for s in sorted(seats))


def turn_lines(table: Table, mention, locale: str = "en") -> list[str]:
    """Who must act now and, when only one seat acts in public, what they must decide."""
    if table.is_over():
        return final_lines(table, locale)
    if table.record.status == "aborted":
        return [say("game_was_aborted", locale)]
    to_act = sorted(table.to_act())
    if len(to_act) == 1 and not table.game.private_decision(table.state, to_act[0]):
        seat = to_act[0]
        prompt = translate(table.game.prompt(table.state, seat), locale, table.names)
        return [say("to_act_one", locale, who=mention(table.record.seats[seat]), prompt=prompt)]
    return [say("waiting_for", locale, who=mention_list(table, to_act, mention))]


def final_lines(table: Table, locale: str = "en") -> list[str]:
    """The final score with its breakdown and the winner(s)."""
    names = table.names
    scores = table.game.score(table.state)
    lines = [say("game_over", locale)]
    for seat, line in sorted(scores.items(), key=lambda kv: (-kv[1].total, kv[0])):
        parts = ", ".join(say("score_part", locale, category=translate(Msg(key), locale),
                              points=points) for key, points in line.breakdown.items())
        lines.append(say("score_line", locale, name=names[seat], total=line.total,
                         breakdown=parts or "-"))
    winners = [names[s] for s in table.game.winners(table.state)]
    key = ("winner", "winners")[len(winners) > 1] if winners else "no_winner"
    lines.append(say(key, locale, players=", ".join(winners)))
    return lines


def settings_line(settings, locale: str = "en") -> list[str]:
    """The table's time settings in one line (nothing when it has none), and its rules for
    computer seats."""
    parts = []
    for key, seconds in (("reminder", settings.reminder), ("timer", settings.timer),
                         ("bank", settings.bank)):
        if seconds:
            parts.append(translate(Msg(f"clock.ui.{key}",
                                       {"time": format_duration(seconds, locale)}), locale))
    lines = [translate(Msg("clock.ui.settings", {"parts": ", ".join(parts)}), locale)
             ] if parts else []
    if settings.computer:
        level = translate(Msg(f"local.ui.level_{settings.computer}"), locale)
        lines.append(translate(Msg("bots.ui.on_timeout", {"level": level}), locale))
    if settings.takeover == "anyone":
        lines.append(translate(Msg("bots.ui.takeover_anyone"), locale))
    return lines


def time_lines(table: Table, settings, clocks, now: float, locale: str = "en") -> list[str]:
    """Each acting player's remaining time, when the table has a time limit."""
    parts = []
    for seat in sorted(table.to_act()):
        clock_ = clocks.get(seat)
        left = None if clock_ is None else time_left(settings, clock_, now)
        if left is None:
            continue
        key = "clock.ui.out_of_time" if left <= 0 else "clock.ui.left"
        parts.append(translate(Msg(key, {"name": table.names[seat],
                                         "time": format_duration(left, locale,
                                                                 round_up=True)}), locale))
    return [" · ".join(parts)] if parts else []


def summary_lines(table: Table, summary, locale: str = "en") -> list[str]:
    """The finished game's length and its place in the server's history (and, when computer
    players took part, that it is not rated)."""
    unrated = table.record.computer_took_part
    return [*_length_line(table, summary, locale),
            *([translate(Msg("bots.ui.not_rated"), locale)] if unrated else [])]


def _length_line(table: Table, summary, locale: str) -> list[str]:
    return [translate(Msg("history.ui.length", {
        "id": table.record.id, "moves": translate(Msg(
            "history.ui.moves_one" if summary.moves == 1 else "history.ui.moves",
            {"n": summary.moves}), locale),
        "time": (format_duration(summary.minutes * 60, locale, words=True) if summary.minutes
                 else translate(Msg("history.ui.under_a_minute"), locale)),
        "game": game_title(table, locale), "place": summary.place}), locale)]


def move_lines(outcome: MoveOutcome, mention, locale: str = "en") -> list[str]:
    """Everything the channel is told after a move: who did what, what happened, who is next."""
    table = outcome.table
    return [*told_move(table.names, outcome.seat, outcome.action.text, outcome.events,
                       outcome.secret, outcome.conceded, locale),
            *turn_lines(table, mention, locale)]


def tells_nothing(outcome: MoveOutcome) -> bool:
    """True for a secret move after which its player goes on deciding, announced by no
    public event: nothing public changed, so the table is told nothing (the number of such
    moves is nobody else's business; the contract tests check the rules for this)."""
    table = outcome.table
    return (outcome.secret and not outcome.conceded and not table.is_over()
            and outcome.seat in table.to_act() and outcome.newly_to_act <= {outcome.seat}
            and not any(event.audience is None for event in outcome.events))


def told_move(names: Sequence[str], seat: int, action: str, events: Iterable[Event],
              secret: bool = False, conceded: bool = False, locale: str = "en") -> list[str]:
    """What the channel is told of one move: who did what (a secret move: only who), then
    its public events."""
    if conceded:
        lines = [say("conceded", locale, name=names[seat])]
    elif secret:
        lines = [say("decided", locale, name=names[seat])]
    else:
        lines = [say("move_by", locale, name=names[seat], action=action)]
    return lines + event_lines(events, None, names, locale)


def status_lines(table: Table, mention, locale: str = "en") -> list[str]:
    """A short public summary of the table: lobby seats or game state and who is to act."""
    if not table.started:
        return lobby_lines(table, locale)
    lines = [say("status_turn", locale, id=table.record.id, version=table.record.version)]
    lines += [translate(m, locale, table.names) for m in table.view(None).summary]
    lines += turn_lines(table, mention, locale)
    return lines


def lobby_lines(table: Table, locale: str = "en") -> list[str]:
    """The lobby's title, seated players and limits."""
    record = table.record
    lines = [say("lobby_title", locale, game=game_title(table, locale)),
             say("lobby_seats", locale, count=len(record.seats), max=record.max_players,
                 players=", ".join(table.names) or "-"),
             say("lobby_need", locale, min=record.min_players, max=record.max_players)]
    changed = {k: v for k, v in record.options.items()
               if v != _default_option(table, k)}
    if changed:
        lines.append(say("lobby_options", locale,
                         options=" ".join(f"{k}={_option_text(v)}" for k, v in changed.items())))
    problem = table.option_problem() if record.status == "lobby" else None
    if problem is not None:
        lines.append(say("lobby_option_problem", locale, players=table.lobby_players(),
                         problem=translate(problem, locale, table.names)))
    return lines + settings_line(table.settings, locale)


def _default_option(table: Table, name: str):
    return next((spec.default for spec in table.game.options if spec.name == name), None)


def _option_text(value) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def private_lines(table: Table, seat: int, locale: str = "en") -> list[str]:
    """What only ``seat`` may read: its hidden information and its current decision."""
    names = table.names
    lines = [say("your_seat", locale, seat_number=seat + 1, name=names[seat])]
    lines += [translate(m, locale, names) for m in table.view(seat).private]
    if table.may_act(seat):
        lines.append(translate(table.game.prompt(table.state, seat), locale, names))
    else:
        lines.append(say("nothing_to_do", locale))
    return lines


def confirmation(action, names: Sequence[str] = (), locale: str = "en") -> str | None:
    """The question to ask before ``action`` is played with one click, when its game marks
    it as final (a ``<game>.confirm.<name>`` catalog entry beside its label
    ``<game>.action.<name>``, such as going into decline); None for any other action."""
    label = action.label
    head, found, name = label.key.rpartition(".action.") if label is not None else ("", "", "")
    key = f"{head}.confirm.{name}"
    if not found or not has_message(key, locale):
        return None
    return translate(Msg(key, label.params), locale, names)


def action_label(action, names: Sequence[str], locale: str = "en") -> str:
    """The human label of an action (its text when it has none)."""
    return translate(action.label, locale, names) if action.label else action.text


def clip(lines: Sequence[str], limit: int = MAX_MESSAGE) -> str:
    """Join lines into one message no longer than ``limit``, cutting at a line end.

    Lines that do not fit are replaced by "…"; a first line too long on its own is cut at a
    word boundary (or mid-word if it has none near the end) and ends with "…".
    """
    text = ""
    for line in lines:
        candidate = f"{text}\n{line}" if text else line
        if len(candidate) > limit:
            if not text:
                return _cut(line, limit)
            return text + "\n…" if len(text) + 2 <= limit else _cut(text, limit)
        text = candidate
    return text


def _cut(line: str, limit: int) -> str:
    """``line`` shortened to ``limit`` characters, ending with "…" (at a space if one is near)."""
    head = line[: limit - 1]
    space = head.rfind(" ")
    if space >= limit * 3 // 4:
        head = head[:space]
    return head.rstrip() + "…"


_render_pool: Executor | None = None
# Boards drawn at once in this process's threads: one per core. More would not draw faster
# (drawing holds the GIL; only compression runs in parallel) but would hold more boards'
# images in memory at once, each some tens of megabytes.
RENDER_THREADS = 2
_render_threads = ThreadPoolExecutor(RENDER_THREADS, thread_name_prefix="board")


def render_in_processes(count: int) -> None:
    """Draw boards in ``count`` worker processes from now on (0: in this process's threads).

    Workers start with the "spawn" method (the bot already runs threads, which fork does not
    copy safely), warm their renderers' static layers once and freeze what lives as long
    as they do (:mod:`bot.memory`). Processes never hold this
    process's GIL (autocomplete stays fast under heavy load), but on 2 cores threads measured
    the faster click-to-board (``python -m bench.discord_load``), so threads are the default.
    """
    global _render_pool
    if _render_pool is not None:
        _render_pool.shutdown(wait=False, cancel_futures=True)
    _render_pool = None
    if count > 0:
        _render_pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=warm_and_freeze)


def renders_in_processes() -> bool:
    """True once boards are drawn in worker processes."""
    return _render_pool is not None


async def board_png(table: Table, seat: int | None = None, last_move: str | None = None,
                    focus_seat: int | None = None, locale: str = "en",
                    whole: bool = False) -> bytes | None:
    """Render ``seat``'s view of the board to PNG off the event loop (None if no renderer).

    ``focus_seat`` asks for that player's own board in full, where the game has one;
    ``locale`` is the language of the words drawn; ``whole`` asks for the whole map where the
    game's board shows only a part of it. The view is built and drawn in one of
    :data:`RENDER_THREADS` worker threads, or a worker process after
    :func:`render_in_processes`.
    """
    if not table.started or not has_renderer(table.game.name):
        return None
    draw = functools.partial(view_png, table.game, table.state, seat, last_move,
                             names=table.names, focus_seat=focus_seat, locale=locale,
                             whole=whole or None)
    pool = _render_pool if _render_pool is not None else _render_threads
    return await asyncio.get_running_loop().run_in_executor(pool, draw)


def view_png(game, state, seat: int | None, last_move: str | None, **options) -> bytes:
    """Build ``seat``'s view of ``state`` and draw it to PNG (in the worker that draws it)."""
    return render_png(game.view(state, seat), last_move, **options)
