"""The one error type the service raises for anything a user did wrong; it carries a Msg."""

from __future__ import annotations

from rules.core import Msg


class UserError(Exception):
    """A refused request: nothing changed, and ``msg`` says why (shown ephemerally)."""

    def __init__(self, key: str | Msg, **params):
        msg = key if isinstance(key, Msg) else Msg(f"core.service.{key}", params)
        super().__init__(msg.key)
        self.msg = msg
