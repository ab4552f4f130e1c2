"""Coins gained and paid during a Warcraft turn (spec §3.11, §6.4): never below zero.

Gains and payments are told to everybody, never the totals (option ``announce_coin_events``,
default true, as at the table); with the option false only the players concerned hear of them,
a gain with its new total. A consequence payment short of its amount reveals that the payer had
fewer coins, which the spec accepts: that event is marked as revealing.

Every gain or payment is booked under a source (a race, power or score id) so the final
breakdown explains the total. A consequence payment pays ``min(amount, coins)``. A precondition
payment is checked with :func:`affords`, which menus switch off (:func:`menu_listing`): a menu
never depends on a player's hidden coins, a move they cannot pay is refused when chosen.
"""

from __future__ import annotations

from contextlib import contextmanager

from rules.smallworld.scoring import source_msg
from rules.smallworld.state import State

from . import msgs, rule_options


def announced(state: State) -> bool:
    """Tell whether coin gains and payments are told to everybody (§6.4)."""
    return rule_options.enabled(state, "announce_coin_events")


def gain(state: State, seat: int, amount: int, source: str, events: list) -> None:
    """Give ``seat`` ``amount`` coins now (Orcs, Battlemaster, Furious...), and say so."""
    if amount <= 0:
        return
    player = state.edit_player(seat)
    player.coins += amount
    player.earned[source] = player.earned.get(source, 0) + amount
    if announced(state):
        events.append(msgs.event("coins_announced", seat=seat, coins=amount,
                                 source=source_msg(state, source)))
        return
    events.append(msgs.event("coins_gained", audience=frozenset({seat}), seat=seat,
                             coins=amount, total=player.coins,
                             source=source_msg(state, source)))


def transfer(state: State, payer: int, payee: int, amount: int, source: str,
             events: list) -> int:
    """Make ``payer`` pay up to ``amount`` coins to ``payee``; return what was paid.

    Everybody is told the amount paid (only both players with ``announce_coin_events`` off);
    nobody's total is told. Announced, even a payment of 0 is told, so that what is posted
    does not depend on whether the payer's hidden total was short.
    """
    paid = min(amount, state.players[payer].coins)
    public = announced(state)
    if paid <= 0 and not public:
        return 0
    for seat, sign in ((payer, -1), (payee, 1)) if paid > 0 else ():
        player = state.edit_player(seat)
        player.coins += sign * paid
        player.earned[source] = player.earned.get(source, 0) + sign * paid
    events.append(msgs.event("coins_paid", audience=None if public else frozenset({payer, payee}),
                             reveals=public and paid < amount, seat=payer, to_seat=payee,
                             coins=paid, source=source_msg(state, source)))
    return paid


def affords(state: State, seat: int, amount: int) -> bool:
    """Tell whether ``seat`` can pay ``amount`` now (always, while a menu is being listed)."""
    return state.extra.get("turn", {}).get("listing", False) or state.players[
        seat].coins >= amount


@contextmanager
def menu_listing(state: State):
    """List a menu without looking at hidden coins (see :func:`affords`)."""
    turn = state.extra.setdefault("turn", {})
    turn["listing"] = True
    try:
        yield
    finally:
        turn.pop("listing", None)


def pay_bank(state: State, seat: int, amount: int, source: str) -> None:
    """Make ``seat`` pay ``amount`` coins to the bank (a precondition payment it affords; the
    public move that needs it says so)."""
    player = state.edit_player(seat)
    player.coins -= amount
    player.earned[source] = player.earned.get(source, 0) - amount
