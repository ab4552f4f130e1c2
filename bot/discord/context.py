"""One interaction as the flows see it: who, where, in which language, and the reply."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import UserError
from bot.service import Place, Player, Service, Table
from rules.core import Msg

from .client import Interaction
from .replies import Reply


@dataclass
class Context:
    """One interaction: its service, user and languages, its reply, and what it changed."""

    interaction: Interaction
    service: Service
    player: Player
    locale: str
    reply: Reply
    committed: bool = False  # a change was saved: never say "nothing was changed"
    posted: bool = False  # the channel's game message was posted or edited to the new version
    posting: int | None = None  # the game whose new message this interaction is to post
    channel_locale: str = "en"  # the language of the channel's messages and boards
    quiet: bool = True  # the server edits one message per turn (else: one per move)
    table: Table | None = None  # the channel's game as this interaction loaded it (once)

    def loaded(self, table: Table) -> Table:
        """Keep ``table`` as the channel's game this interaction read; return it."""
        self.table = table
        return table

    def commit(self, table: Table) -> None:
        """Note that a change of ``table`` was saved and its message is on its way."""
        self.committed = True
        self.table = table
        if self.posting is None:
            self.posting = table.record.id
            self.interaction.client.posting[table.record.id] += 1

    def done_posting(self) -> None:
        """Release the game this interaction was posting (see :meth:`commit`)."""
        if self.posting is None:
            return
        counts = self.interaction.client.posting
        counts[self.posting] -= 1
        if counts[self.posting] <= 0:
            del counts[self.posting]

    @classmethod
    def of(cls, interaction: Interaction, reply: Reply) -> Context:
        """Read the service, user and language of an interaction."""
        return cls(interaction, interaction.client.service, player_of(interaction),
                   reply.locale, reply)

    @property
    def place(self) -> Place:
        """The channel (or thread) of the interaction, as the service names it."""
        return place_of(self.interaction)

    @property
    def can_manage(self) -> bool:
        """True if the caller may manage this channel."""
        return self.interaction.permissions.manage_channels


def place_of(interaction: Interaction) -> Place:
    """The server channel (or thread) of an interaction; refused for a direct message.

    Games live in server channels only, whatever Discord's guild-only flag let through.
    """
    if interaction.guild_id is None or interaction.channel_id is None:
        raise UserError(Msg("core.ui.guild_only"))
    return Place(str(interaction.guild_id), str(interaction.channel_id))


def player_of(interaction: Interaction) -> Player:
    """The user of an interaction, as the service names them."""
    user = interaction.user
    return Player(str(user.id), getattr(user, "display_name", None) or user.name)


def where(interaction: Interaction) -> tuple[Place, Player]:
    """The channel and the user of an interaction (refused in a direct message)."""
    return place_of(interaction), player_of(interaction)
