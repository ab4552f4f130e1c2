"""Helpers for Small World tests: new games with fixed options, text moves, invariants (5.8)."""

from __future__ import annotations

from rules.core.errors import NotLegalNow
from rules.core.text import translate
from rules.smallworld import GAME, data

NAMES = ["P1", "P2", "P3", "P4", "P5"]


def new(players: int = 2, combos: str = "", first: int = 0, dice=(), seed: int = 1):
    """Start a game with a fixed deck order, first player and forced dice."""
    options = {"combos": [c for c in combos.split(",") if c], "first_player": first,
               "dice": [str(d) for d in dice]}
    return GAME.new_game(seed, players, options)


def play(state, seat: int, *texts: str):
    """Play several text moves of ``seat``; return the final state and all events."""
    return play_checked(GAME, _checked, state, seat, texts)


def _checked(state, new_events) -> None:
    check_invariants(state)
    check_coins_private(state, new_events)
    for event in new_events:
        translate(event.msg, "en", NAMES)


def play_checked(game, check, state, seat: int, texts):
    """Play the text moves ``texts`` of ``seat`` in ``game``, calling ``check(state,
    new_events)`` after each (a refusal fails the test); return the final state and all
    events. The Small World of Warcraft helpers share it."""
    events = []
    for text in texts:
        try:
            state, new_events = game.play(state, seat, text)
        except NotLegalNow as refused:
            reason = refused.msg.params.get("reason")
            raise AssertionError(f"{text!r} refused: {reason}") from refused
        events.extend(new_events)
        check(state, new_events)
    return state, events


COIN_PARAMS = frozenset({"coins", "total", "paid", "taken", "breakdown"})


def check_coins_private(state, events) -> None:
    """Assert that every event telling coin totals goes to its owner alone (spec 5.5).

    Only the end-of-game reveal may show them to everybody.
    """
    for event in events:
        if not COIN_PARAMS & set(event.params):
            continue
        if event.key in ("smallworld.event.final_coins", "smallworld.event.game_over"):
            assert state.over, event.key
            continue
        assert event.audience == frozenset({event.params["seat"]}), event.key


def keys(events) -> list[str]:
    """Return the short keys of events (``conquer``, ``die_roll`` ...)."""
    return [e.key.rsplit(".", 1)[1] for e in events]


def find(events, key: str):
    """Return the events with short key ``key``."""
    return [e for e in events if e.key == f"smallworld.event.{key}"]


def reason(state, seat: int, text: str, game=GAME, names=NAMES) -> str | None:
    """Return the short key of the rule of ``game`` refusing ``text`` (None if legal)."""
    msg = game.explain_illegal(state, seat, text)
    if msg is None:
        return None
    translate(msg, "en", names)
    return msg.key.rsplit(".", 1)[1]


def active(state, seat: int):
    """Return ``seat``'s active race instance."""
    return state.active(seat)


def tokens(state, region: int) -> int:
    """Return the number of race tokens in ``region``."""
    return state.regions[region].tokens


def check_invariants(state) -> None:
    """Assert the invariants of spec 5.8."""
    races = data.races(state.variant)
    for race, definition in races.items():
        insts = [i for i in state.insts if i.race == race]
        held = sum(state.on_board(i.id) + i.hand + i.pending + i.reserve for i in insts)
        assert state.tray[race] + held == definition["tray"], race
        assert state.tray[race] >= 0
    on_board_lt = sum(r.lost_tribe for r in state.regions)
    assert on_board_lt + state.lt_removed == state.lt_placed
    supply = data.constants(state.variant)["supply"]
    for piece, attr in (("lair", "lair"), ("fortress", "fortress"), ("hero", "hero"),
                        ("hole", "hole"), ("dragon", "dragon")):
        placed = sum(bool(getattr(r, attr)) for r in state.regions)
        assert placed + state.supply[piece] == supply[piece], piece
    camps = sum(r.encampments for r in state.regions) + sum(i.camps for i in state.insts)
    assert camps + state.supply["encampment"] == supply["encampment"]
    for r, reg in enumerate(state.regions):
        assert (reg.inst is None) == (reg.tokens == 0), r
        assert not (reg.lost_tribe and reg.inst is not None)
        inst = state.inst(reg.inst)
        if reg.hole:
            assert inst is not None and not inst.declined and inst.race == "halflings"
        if reg.hero or reg.encampments or reg.dragon:
            assert inst is not None and not inst.declined
        if state.board.regions[r].water and inst is not None:
            assert inst.power == "seafaring"
    for seat, player in enumerate(state.players):
        assert player.coins >= 0
        declined = [state.insts[i] for i in player.declined]
        assert sum(not i.has_spirit for i in declined) <= 1
        assert sum(i.has_spirit for i in declined) <= 1
        for inst in state.live_insts(seat):
            assert inst.owner == seat and not inst.gone
    assert len(state.column) <= 6


ATTACK_FORMS = ("conquer {r}", "die {r}", "convert {r}", "dragon {r}", "fortress {r}",
                "abandon {r}")


def check_menu(state, seat: int) -> list:
    """Assert the menu of ``seat`` is complete, unique and legal; return it.

    Every listed move is legal except a combo refused only because the player cannot afford
    it (coins are hidden: the menu posted in the channel lists every combo). In a conquest
    decision every legal region move (conquer, die, convert, dragon, fortress, abandon) is
    listed, however many there are.
    """
    menu = list(GAME.legal_actions(state, seat))
    texts = [a.text for a in menu]
    assert menu and len(set(texts)) == len(texts)
    for action in menu:
        why = GAME.explain_illegal(state, seat, action.text)
        assert why is None or why.key == "smallworld.error.cannot_afford", (action.text, why)
    if state.phase == "conquest":
        for region in range(len(state.regions)):
            for form in ATTACK_FORMS:
                text = form.format(r=region)
                if GAME.explain_illegal(state, seat, text) is None:
                    assert text in texts, f"legal {text!r} not listed"
    return menu
