"""Information: a player's decision and options, move suggestions, the log, and which
message of the channel shows each game (so a saved change that was never posted is found)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rules.core import Action, Event, Msg, RulesError, normalise, translate

from ..errors import UserError
from ..store import results as stored
from .lookup import ServiceBase
from .tables import GameRecord, MoveRecord, Place, Player, Table

MAX_CHOICES = 25
TURN_SETTING = "turn:{}"  # the bot setting holding where a game's turn message begins


@dataclass(frozen=True)
class TurnStory:
    """The moves a game's current turn message tells, from the store's move log.

    ``from_start`` when the turn began with the game's start (told before its first move);
    ``conceded`` holds the numbers (``seq``) of the moves that were concessions.
    """

    from_start: bool
    moves: tuple[MoveRecord, ...]
    conceded: frozenset[int] = frozenset()


class Information(ServiceBase):
    """What a player or the channel may read about a game, and where it is shown."""

    async def decision(self, place: Place, player: Player, game_id: int | None = None
                       ) -> tuple[Table, int, Msg | None, list[Action]]:
        """Return ``player``'s seat, prompt and options now (no prompt if they owe nothing).

        With ``game_id`` (a click on that game's message), another game is refused as stale.
        Without, a channel whose game ended answers about that last game (no options).
        """
        table = await (self._active(place, game_id) if game_id is not None
                       else self.shown_table(place))
        if table.record.status == "lobby":
            raise UserError("not_started")
        seat = self.seat_of(table, player)
        return (table, seat, *self.options_for(table, seat))

    async def shown_table(self, place: Place) -> Table:
        """Return the channel's open game or, if it has none, its last game (over or aborted
        after it started) until a new game opens; refuse if the channel never had one."""
        try:
            return await self.table(place)
        except UserError as error:
            if error.msg.key != "core.service.no_game":
                raise
        newest = await stored.finished_games(self.store, place.guild, place.channel, limit=1)
        if not newest or newest[0].record.state is None:
            raise UserError("no_game")
        return self._table(newest[0].record)

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

    async def log(self, place: Place, last: int = 10) -> tuple[Table, list[MoveRecord]]:
        """Return the table (the open one, else the channel's last) and its ``last`` moves."""
        table = await self.shown_table(place)
        return table, await self.store.moves(table.record.id, last=last)

    async def log_page(self, place: Place, page: int | None, size: int
                       ) -> tuple[Table, list[MoveRecord], int, int, int]:
        """Return the table, one page of ``size`` of its move log as anyone may read it, the
        page's number, the page count and the number of the page's first move. Page 1 holds
        the first moves; None (or a page past the end) the last. A secret move that no public
        event told is left out, and the moves are numbered without it: how many secret
        steps a player took is theirs alone, as in the channel."""
        table = await self.shown_table(place)
        moves = [m for m in await self.store.moves(table.record.id) if not untold(m)]
        pages = max(1, -(-len(moves) // size))
        number = pages if page is None else min(max(page, 1), pages)
        first = (number - 1) * size
        return table, moves[first:first + size], number, pages, first + 1

    async def remember_board_message(self, table: Table, message_id: str | None) -> None:
        """Remember that ``message_id`` now shows ``table`` (as of its version)."""
        await self.store.set_board_message(table.record.id, message_id, table.record.version)

    async def begin_turn(self, table: Table, first: int | None = None) -> None:
        """Note that a new turn message begins with ``table``'s newest move (with none, with
        the game's start), or with move ``first`` when it tells several (a run of computer
        moves); :meth:`turn_story` tells that turn's moves again."""
        start = sum(table.record.turns) if first is None else first
        await self.store.set_setting(TURN_SETTING.format(table.record.id), str(start))

    async def turn_story(self, table: Table) -> TurnStory | None:
        """The moves of the turn begun at the last :meth:`begin_turn`, up to ``table``'s newest
        (None if no turn was begun). Read from the move log, so it survives a restart."""
        value = await self.store.setting(TURN_SETTING.format(table.record.id))
        if value is None or not value.isdigit():
            return None
        first, newest = int(value), sum(table.record.turns)
        moves = await self._moves_up_to(table.record.id, max(first, 1), newest)
        conceding = _concession_texts(table)
        return TurnStory(first == 0, tuple(moves),
                         frozenset(m.seq for m in moves if m.action in conceding))

    async def _moves_up_to(self, game_id: int, first: int, newest: int) -> list[MoveRecord]:
        """The moves ``first`` to ``newest`` (moves saved since are read past, not told)."""
        if newest < first:
            return []
        moves = await self.store.moves(game_id, last=newest - first + 1)
        if moves and moves[-1].seq > newest:  # another move was saved meanwhile: read more
            moves = await self.store.moves(game_id, last=moves[-1].seq - first + 1)
        return [m for m in moves if first <= m.seq <= newest]

    async def unposted_games(self) -> list[GameRecord]:
        """Return the open games of this process's shards whose channel message may lag a
        saved change (to post again)."""
        return [record for record in await self.store.unposted_games()
                if self.owns(record.guild)]


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


def _concession_texts(table: Table) -> set[str]:
    """The texts of the game's concession moves (none in a game without concession)."""
    game = table.game
    if not game.has_concession() or table.state is None:
        return set()
    found = (game.concession(table.state, seat) for seat in range(len(table.record.seats)))
    return {action.text for action in found if action is not None}


def untold(move: MoveRecord) -> bool:
    """True for a secret move that no public event told (the channel said nothing of it)."""
    return move.secret and not any(Event.from_json(e).visible_to(None) for e in move.events)
