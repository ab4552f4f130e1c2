"""The terminal table: play any registered game at the keyboard through the bot's own service.

    python -m bot.local <game> --players N [--names A,B,...] [--lang ja] [--seed S]
                        [--options "k=v ..."] [--script FILE] [--out DIR] [--db PATH]
                        [--bots N|all] [--level easy|normal|hard]
    python -m bot.local --replay FILE [--out DIR] [--pause]

One keyboard plays every seat. At each prompt type a move (its text, or the number shown
next to it), or one of: ``?`` (list options again), ``me`` (private information of the seat
to act), ``undo``, ``log``, ``concede`` (that seat leaves the game, in games that have a
concession), ``quit``. ``<seat>: ...`` acts for another seat (numbered from 1): a player who
owes nothing but may still act (a ready player taking it back) or concede.
``--script FILE`` feeds moves from a file instead (one per line, ``move`` or
``<seat>: move`` with seats numbered from 1; ``#`` starts a comment). After every move the
board image is written to the output folder.

``--names`` names the seats (their number is the player count when ``--players`` is left
out); ``--lang`` is the language of every line and board (default English). Lines are plain
text: the bold and code marks the Discord messages use are left out.

``--bots N`` gives the last N seats to computer players (``all``: every seat, the game
plays itself), named e.g. "Bot 1 (normal)" after ``--level`` (default normal); ``--names``
then names the other seats. Their moves go through the service like typed ones and are
printed the same way; ``--seed S`` makes the whole game repeatable.

``--replay FILE`` plays back a game exported with ``/game export`` exactly, move by move,
printing what happened and writing each board (``--pause``: wait for Enter between moves).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from pathlib import Path
from typing import Callable, Iterator

from rendering.registry import has_renderer, render_png
from rules.core import Msg, all_games, get_game, translate
from rules.core.numbers import whole_number
from rules.core.text import MESSAGES_DIR

from . import history, presenter
from .errors import UserError
from .local_bots import DEFAULT_LEVEL, LEVELS, Bots, bot_count, bot_name
from .service import Place, Player, Service, Table
from .store import Store

PLACE = Place("local", "terminal")
SHOWN = 25
YES = frozenset({"y", "yes", "はい"})  # answers that confirm a final option
LANGUAGES = sorted(p.name for p in MESSAGES_DIR.iterdir() if p.is_dir())
MARKS = re.compile(r"\*\*|`")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Read the command line."""
    names = sorted(g.name for g in all_games())
    parser = argparse.ArgumentParser(prog="python -m bot.local", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=names, nargs="?")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--names", default=None, help="the seats' names, comma-separated")
    parser.add_argument("--lang", default="en", choices=LANGUAGES)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--options", default="")
    parser.add_argument("--script", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=Path("var/local"))
    parser.add_argument("--db", default=":memory:")
    parser.add_argument("--replay", type=Path, default=None,
                        help="play back an exported game file")
    parser.add_argument("--pause", action="store_true", help="with --replay: wait for Enter")
    parser.add_argument("--bots", default="0",
                        help="computer players in the last seats: a number, or all")
    parser.add_argument("--level", default=DEFAULT_LEVEL, choices=LEVELS)
    args = parser.parse_args(argv)
    args.names = [n.strip() for n in args.names.split(",")] if args.names else None
    if args.names and (not all(args.names) or len(set(args.names)) < len(args.names)):
        parser.error("--names needs distinct, non-empty names separated by commas")
    if args.names and args.bots.strip().lower() == "all":
        parser.error("--bots all leaves no seat for --names")
    try:
        args.bots = bot_count(args.bots, args.players)
    except ValueError as error:
        parser.error(str(error))
    if args.players is None and args.names:
        args.players = len(args.names) + args.bots
    if args.names and len(args.names) != args.players - args.bots:
        parser.error(f"--names gives {len(args.names)} names for "
                     f"{args.players - args.bots} players at the keyboard")
    if args.replay is None and (args.game is None or args.players is None):
        parser.error("a game and --players (or --names) are required (or --replay FILE)")
    return args


def players(count: int, names: list[str] | None = None, bots: int = 0,
            level: str = DEFAULT_LEVEL, locale: str = "en") -> list[Player]:
    """The seats of one table: the keyboard's first (the given names, or P1, P2, ...), then
    ``bots`` computer seats ("Bot 1 (normal)", ...)."""
    humans = count - bots
    return [Player(f"local-{i + 1}", names[i] if names else f"P{i + 1}") for i in range(humans)
            ] + [Player(f"local-{humans + i + 1}", bot_name(i + 1, level, locale))
                 for i in range(bots)]


def plain(player) -> str:
    """Mention a seat in the terminal by name."""
    return player.name


def unmarked(text: str) -> str:
    """Drop the Discord marks (bold, code) from a line meant for the terminal."""
    return MARKS.sub("", text)


def local_say(key: str, locale: str, **params) -> str:
    """Translate a ``local.ui`` message (the terminal's own wording)."""
    return translate(Msg(f"local.ui.{key}", params), locale)


class Terminal:
    """Drive one game through the service: moves come from ``read``, text goes to ``write``."""

    def __init__(self, service: Service, seats: list[Player], out: Path,
                 read: Callable[[str], str | None], write: Callable[[str], None],
                 locale: str = "en"):
        self.service, self.seats, self.out = service, seats, out
        self.read, self.locale = read, locale
        self.write = lambda text: write(unmarked(text))
        self.images = 0
        self.game_id = 0
        self.fail_fast = False
        self.listed: tuple[int, int] | None = None  # (version, seat) whose options are shown
        self.bots = Bots(set())

    async def setup(self, game: str, options: str) -> Table:
        """Open the table, seat everyone and start."""
        table = await self.service.open_and_start(PLACE, self.seats, game, options or None)
        self.game_id = table.record.id
        self.write(presenter.say("started", self.locale,
                                 game=presenter.game_title(table, self.locale),
                                 players=", ".join(table.names)))
        await self.save_board(table, None)
        return table

    async def run(self) -> int:
        """Play until the game ends or input runs out; return the exit code."""
        while True:
            table = await self.service.table_by_id(self.game_id)
            if table.is_over():  # the final score was printed with the last move
                return 0
            computer = self.bots.next_seat(table)
            if computer is not None:
                code = await self._computer_move(table, computer)
                if code is not None:
                    return code
                continue
            seat = min(table.to_act())
            if self.listed != (table.record.version, seat):
                self.show_options(table, seat)
            line = self.read(f"{table.names[seat]}> ")
            if line is None:
                return 0
            code = await self.handle(table, seat, line.strip())
            if code is not None:
                return code

    async def handle(self, table: Table, seat: int, line: str) -> int | None:
        """Act on one input line; return an exit code to stop, or None to go on."""
        seat, line = self._explicit_seat(seat, line)
        command = line.lower()
        if seat in self.bots.seats and command not in ("", "?", "quit", "log"):
            self.write("! " + local_say("computer_seat", self.locale, name=table.names[seat]))
            return 1 if self.fail_fast else None
        if command == "?":
            self.listed = None
        if command in ("", "?"):
            return None
        if command == "quit":
            return 0
        if command == "me":
            self.write("\n".join(presenter.private_lines(table, seat, self.locale)))
            return None
        if command == "log":
            await self.show_log()
            return None
        if command == "undo":
            return await self._undo(seat)
        if command == "concede":
            return await self._concede(seat)
        return await self._move(table, seat, line)

    def _explicit_seat(self, seat: int, line: str) -> tuple[int, str]:
        head, sep, rest = line.partition(":")
        number = whole_number(head.strip(), 1, len(self.seats)) if sep else None
        return (seat, line) if number is None else (number - 1, rest.strip())

    async def _move(self, table: Table, seat: int, line: str) -> int | None:
        _, actions = self.service.options_for(table, seat)
        number = whole_number(line, 1, min(len(actions), SHOWN))
        if number is not None:
            if not self._sure(actions[number - 1], table.names):
                self.write(presenter.say("sure_cancelled", self.locale))
                return None
            line = actions[number - 1].text
        try:
            outcome = await self.service.act(PLACE, self.seats[seat], line)
        except UserError as error:
            return self._refused(error, table.names)
        await self._show(outcome)
        return None

    def _sure(self, action, names: list[str]) -> bool:
        """Ask y/n before a final option picked by its number (its game marks it so, as the
        Discord buttons ask); True for any other option."""
        question = presenter.confirmation(action, names, self.locale)
        if question is None:
            return True
        answer = self.read(unmarked(local_say("sure", self.locale, question=question)))
        return (answer or "").strip().lower() in YES

    async def _computer_move(self, table: Table, seat: int) -> int | None:
        """Let computer ``seat`` choose and play its move through the service, printed like a
        typed one; stop (exit code 1) if it is refused or the seat cannot end its step."""
        name, listed = table.names[seat], self.service.options_for(table, seat)[1]
        action, capped = await self.bots.choose(table, seat, listed)
        if capped:
            key = "capped" if action is not None else "stuck"
            self.write(local_say(key, self.locale, name=name, count=self.bots.max_run))
        if action is None:
            return 1
        self.write(f"{name}> {action.text}")
        try:
            outcome = await self.service.act(PLACE, self.seats[seat], action.text)
        except UserError as error:
            self._refused(error, table.names)
            return 1
        await self._show(outcome)
        return None

    def _refused(self, error: UserError, names: list[str]) -> int | None:
        """Print why the service refused (seat names from ``names``); stop a script (exit
        code 1), go on otherwise."""
        self.write("! " + translate(error.msg, self.locale, names))
        return 1 if self.fail_fast else None

    async def _concede(self, seat: int) -> int | None:
        try:
            outcome = await self.service.concede(PLACE, self.seats[seat])
        except UserError as error:
            return self._refused(error, [])
        await self._show(outcome)
        return None

    async def _show(self, outcome) -> None:
        """Print what a move did, the mover's private events marked, then the final score if
        the game ended (who acts next is told with their options), and save the board."""
        seat, table, locale = outcome.seat, outcome.table, self.locale
        lines = presenter.move_lines(outcome, plain, locale)
        turn = presenter.turn_lines(table, plain, locale)
        if not presenter.tells_nothing(outcome):  # as in Discord: one secret step says nothing
            self.write("\n".join(lines[:len(lines) - len(turn)]))
        private = [e for e in outcome.events if e.audience is not None and seat in e.audience
                   and seat not in self.bots.seats]  # a computer seat's secrets stay hidden
        for line_text in presenter.event_lines(private, seat, table.names, locale):
            self.write("  " + local_say("private", locale, name=table.names[seat],
                                        line=line_text))
        if table.is_over():
            self.write("\n".join(turn))
        await self.save_board(table, outcome.action.text)

    async def _undo(self, seat: int) -> int | None:
        try:
            table = await self.service.undo(PLACE, self.seats[seat])
        except UserError as error:
            return self._refused(error, [])
        self.write(presenter.say("undone", self.locale, name=table.names[seat]))
        return None

    async def show_log(self) -> None:
        """Print the last moves."""
        table, moves = await self.service.log(PLACE, 10)
        if not moves:
            self.write(presenter.say("log_empty", self.locale))
        for move in moves:
            self.write(presenter.say("log_line", self.locale, seq=move.seq,
                                     name=table.names[move.seat], action=move.action))

    def show_options(self, table: Table, seat: int) -> None:
        """Print who is to act, ``seat``'s prompt and its numbered options (once for each
        decision: again only after ``?``)."""
        locale, names = self.locale, table.names
        prompt, actions = self.service.options_for(table, seat)
        to_act = sorted(table.to_act())
        if len(to_act) > 1:
            self.write(presenter.say("waiting_for", locale,
                                     who=", ".join(names[s] for s in to_act)))
        self.write(presenter.say("to_act_one", locale, who=names[seat],
                                 prompt=translate(prompt, locale, names)))
        for number, action in enumerate(actions[:SHOWN], start=1):
            self.write(f"  {number:>2}. {presenter.action_label(action, names, locale)}"
                       f"  [{action.text}]")
        if len(actions) > SHOWN:
            self.write("  " + local_say("more_options", locale, count=len(actions) - SHOWN))
        self.listed = (table.record.version, seat)

    async def save_board(self, table: Table, last_move: str | None) -> None:
        """Write the public board image of ``table`` to the output folder."""
        png = await presenter.board_png(table, None, last_move, locale=self.locale)
        if png is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"board-{self.images:04d}.png"
        path.write_bytes(png)
        self.images += 1


def script_reader(path: Path) -> Callable[[str], str | None]:
    """Return a reader that yields the moves of a script file, then None."""
    lines: Iterator[str] = (
        raw.split("#", 1)[0].strip() for raw in path.read_text(encoding="utf-8").splitlines())
    moves = (line for line in lines if line)

    def read(prompt: str) -> str | None:
        line = next(moves, None)
        if line is not None:
            print(prompt + line)
        return line

    return read


def keyboard(prompt: str) -> str | None:
    """Read a line from the keyboard (None at end of input)."""
    try:
        return input(prompt)
    except EOFError:
        return None


def play_back(path: Path, out: Path, pause: bool = False, write=print,
              locale: str = "en") -> int:
    """Replay an exported game move by move, writing each public board; return the exit code."""
    try:
        document = history.parse_export(path.read_text(encoding="utf-8"))
        game = get_game(document["game"])
    except (OSError, ValueError, KeyError) as error:
        write(local_say("cannot_replay", locale, path=path, error=error))
        return 2
    names = list(document["players"])
    out.mkdir(parents=True, exist_ok=True)
    try:
        for step in history.replay(game, document):
            if step.seq:
                write(unmarked(presenter.say("log_line", locale, seq=step.seq,
                                             name=names[step.seat], action=step.text)))
                for line in presenter.event_lines(step.events, None, names, locale):
                    write(unmarked(f"  {line}"))
            _write_board(game, step, names, out, locale)
            if pause and step.seq < len(document["moves"]) and keyboard("") is None:
                break
    except ValueError as error:
        write(f"! {error}")
        return 1
    write(local_say("images", locale, folder=out))
    return 0


def _write_board(game, step, names: list[str], out: Path, locale: str) -> None:
    if not has_renderer(game.name):
        return
    png = render_png(game.view(step.state, None), last_move=step.text, names=names,
                     locale=locale)
    (out / f"board-{step.seq:04d}.png").write_bytes(png)


async def main(argv: list[str] | None = None) -> int:
    """Run the terminal table (or play back an exported game)."""
    args = parse_args(argv)
    if args.replay is not None:
        return play_back(args.replay, args.out, args.pause, locale=args.lang)
    store = await Store.open(args.db)
    seed = args.seed
    service = Service(store, seed_source=(lambda: seed) if seed is not None else None)
    read = script_reader(args.script) if args.script else keyboard
    seats = players(args.players, args.names, args.bots, args.level, args.lang)
    terminal = Terminal(service, seats, args.out, read, print, args.lang)
    terminal.bots = Bots(set(range(args.players - args.bots, args.players)), args.level)
    terminal.fail_fast = args.script is not None
    try:
        await terminal.setup(args.game, args.options)
        return await terminal.run()
    except UserError as error:
        print("! " + unmarked(translate(error.msg, args.lang, [])), file=sys.stderr)
        return 2
    finally:
        print(local_say("images", args.lang, folder=args.out))
        await store.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
