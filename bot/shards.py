"""Which Discord shards this process runs, and so which servers' games are its own.

Discord splits a bot's servers (guilds) into shards: a guild belongs to shard
``(guild_id >> 22) % shard_count`` (Discord "Gateway" page, Sharding), and that shard's
gateway session receives the guild's events and interactions. The bot may run one process per
group of shards (``SHARD_COUNT`` and ``SHARD_IDS``), all on one PostgreSQL database; then each
process answers only its own guilds' interactions, and its background work (reminders and
time-outs, posting a turn message a stop left unposted, catching up ratings) must touch only
the games of those guilds, so two processes never post or time out the same thing twice.
With ``SHARD_IDS`` unset, one process runs every shard (discord.py's automatic sharding) and
every game is its own.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives ``guild_id``'s events when the bot runs ``shard_count`` shards."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardPlan:
    """The shards one process runs: ``ids`` of ``count`` (None: every shard, automatically).

    ``count`` None lets discord.py ask Discord for the recommended number of shards.
    """

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.ids is not None and self.count is None:
            raise ValueError("shard ids need a shard count")
        if self.ids is not None and (not self.ids or any(
                not 0 <= i < self.count for i in self.ids)):  # type: ignore[operator]
            raise ValueError(f"shard ids must be 0 to {self.count - 1}")  # type: ignore[operator]

    @property
    def every_shard(self) -> bool:
        """True when this process runs all shards (then every game is its own)."""
        return self.ids is None

    def owns(self, guild: str) -> bool:
        """Tell whether the stored game of server ``guild`` (its id as text) is this process's.

        A guild that is not a Discord id (games of the terminal table) belongs to no shard of
        a process that runs only some shards."""
        if self.ids is None:
            return True
        if not (guild.isascii() and guild.isdigit()):
            return False
        return shard_of(int(guild), self.count) in self.ids  # type: ignore[arg-type]

    @property
    def syncs_commands(self) -> bool:
        """Whether this process publishes the slash commands (only the one running shard 0,
        so processes started together do not all sync)."""
        return self.ids is None or 0 in self.ids

    def describe(self) -> str:
        """A short text for the log: which shards this process runs."""
        if self.ids is None:
            return "all shards" + (f" of {self.count}" if self.count else " (automatic)")
        return f"shards {','.join(map(str, self.ids))} of {self.count}"


EVERY_SHARD = ShardPlan()


def parse_plan(count_text: str, ids_text: str) -> ShardPlan:
    """Read ``SHARD_COUNT`` and ``SHARD_IDS`` (e.g. ``"4"`` and ``"0,1"``); ValueError with a
    sentence saying what is wrong."""
    count_text, ids_text = count_text.strip(), ids_text.strip()
    count = None
    if count_text:
        if not (count_text.isascii() and count_text.isdigit()) or int(count_text) < 1:
            raise ValueError(f"SHARD_COUNT must be a number of shards (1 or more), not "
                             f"{count_text!r}.")
        count = int(count_text)
    if not ids_text:
        return ShardPlan(count)
    if count is None:
        raise ValueError("SHARD_IDS needs SHARD_COUNT: set both, e.g. SHARD_COUNT=4 "
                         "SHARD_IDS=0,1.")
    words = [w.strip() for w in ids_text.split(",")]
    if not all(w.isascii() and w.isdigit() for w in words) or len(set(words)) != len(words):
        raise ValueError(f"SHARD_IDS must be distinct shard numbers separated by commas, not "
                         f"{ids_text!r}.")
    ids = tuple(sorted(int(w) for w in words))
    if ids[-1] >= count:
        raise ValueError(f"SHARD_IDS must be 0 to {count - 1} with SHARD_COUNT={count}, not "
                         f"{ids_text!r}.")
    return ShardPlan(count, ids)
