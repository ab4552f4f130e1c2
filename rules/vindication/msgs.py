"""Catalog messages of Vindication (keys under ``vindication.`` in data/messages/*/)."""

from __future__ import annotations

from rules.core import Msg


def msg(key: str, **params) -> Msg:
    """Return the message ``vindication.<key>`` with ``params``."""
    return Msg(f"vindication.{key}", params)


def card_msg(cid: str) -> Msg:
    """Name card, quest or trigger ``cid``."""
    return msg(f"card.{cid}")


def deck_msg(deck: str) -> Msg:
    """Name a card deck."""
    return msg(f"deck.{deck}")


def face_msg(face: str) -> Msg:
    """Name a die face."""
    return msg(f"face.{face}")


def region_msg(region: str) -> Msg:
    """Name a region tile."""
    return msg(f"region.{region}")
