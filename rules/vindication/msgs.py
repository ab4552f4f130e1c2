"""Catalog messages of Vindication (keys under ``vindication.`` in data/messages/*/)."""

from __future__ import annotations

from rules.core.namespace import Namespace

NS = Namespace("vindication")

msg = NS.msg  # ``msg("reason.not_next_to", hex=h)``: the message ``vindication.<key>``
card_msg = NS.table("card")  # the name of card, quest or trigger ``cid``
deck_msg = NS.table("deck")  # the name of a card deck
face_msg = NS.table("face")  # the name of a die face
region_msg = NS.table("region")  # the name of a region tile
