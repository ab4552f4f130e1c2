"""What every Small World decision handler shares: listed actions, wrong-step reasons, the
registry of handlers by variant, and the delegation of a later step's move.

A move of a later step of the same turn is accepted where the rules allow it: the first move of
a turn readies the troops (``start``), and a redeployment move typed during the conquests ends
them first. Such moves are judged on a probe copy that took the step, and played by the
handler of the step they belong to (:func:`delegate_problem`, :func:`delegate_effect`).
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.decisions import Handler, Handlers
from rules.core.types import Action
from rules.core.verbs import VerbHandler

from . import decline, flow, moves, msgs, view
from .state import PROBE, Instance, State, copy_state
from .variant import rules_of

ATTACKS = frozenset({"abandon", "conquer", "die", "berserk", "convert", "dragon"})
ENDING = frozenset({"ally", "end_turn", "end_turn_decline"})
ENDS_CONQUEST = frozenset({"place", "move", "take", "done", "encampment", "encampment_off"})


# the numbers of a move, in order, as the parameters of its label smallworld.action.<kind>
LABEL_PARAMS = {"pick": ("index",), "abandon": ("region",), "conquer": ("region",),
                "die": ("region",), "convert": ("region",), "dragon": ("region",),
                "fortress": ("region",), "encampment": ("region",),
                "encampment_off": ("region",), "hero": ("region",), "ally": ("ally_seat",),
                "place": ("tokens", "region"), "move": ("tokens", "from_region", "to_region"),
                "take": ("tokens", "region"), "withdraw": ("tokens", "region")}


def option(move: tuple, **extra) -> Action:
    """Return the listed action of ``move``: canonical text, label (``extra`` parameters)."""
    if not extra:
        found = PLAIN_ACTIONS.get(move)
        if found is None:
            found = PLAIN_ACTIONS[move] = _option(move, ())
        return found
    return _option(move, tuple(extra.items()))


PLAIN_ACTIONS: dict[tuple, Action] = {}  # actions whose label holds only the move's own numbers


class OptionRow(dict):
    """The listed actions of one move shape, by its last number (a region), made on first use.

    ``OptionRow(("place", 2))[7]`` is ``option(("place", 2, 7))``: menus index rows by region
    instead of building and hashing a tuple per listed option.
    """

    def __init__(self, head: tuple, **extra):
        super().__init__()
        self.head, self.extra = head, extra

    def __missing__(self, region: int) -> Action:
        found = self[region] = option(self.head + (region,), **self.extra)
        return found


_ROWS: dict[tuple, OptionRow] = {}


def option_row(*head) -> OptionRow:
    """Return the shared :class:`OptionRow` of moves starting with ``head``."""
    row = _ROWS.get(head)
    if row is None:
        row = _ROWS[head] = OptionRow(head)
    return row


@lru_cache(maxsize=8192)
def _option(move: tuple, extra: tuple) -> Action:
    params = dict(zip(LABEL_PARAMS.get(move[0], ()), move[1:], strict=False))
    params.update(extra)
    return Action(moves.text(move), msgs.label(move[0], **params), None, move)


def wrong_step(state: State, seat: int, kind: str):
    """Return the most helpful reason for a move of another step of the turn."""
    phase = state.phase
    acting = state.inst(state.acting)
    own_race_step = acting is None or not acting.declined
    if kind == "decline":
        return decline.decline_problem(state, seat)
    if kind == "pick" and state.active(seat) is not None:
        return msgs.err("pick_has_race")
    if kind == "pick" and not own_race_step:
        return msgs.err("ghouls_first")
    if phase == "pick" and kind != "pick":
        return msgs.err("pick_first")
    if kind in ENDING and phase in ("conquest", "redeploy"):
        return msgs.err("finish_first")
    if kind in ENDING | ATTACKS and phase == "heroes":
        return msgs.err("heroes_first")
    if kind in ATTACKS and own_race_step and phase in ("redeploy", "end"):
        return msgs.err("conquests_over")
    return msgs.err("not_now")


class TurnHandler(VerbHandler):
    """A Small World decision in the core shape: a move of another step of the turn gets the
    most helpful wrong-step reason."""

    exact_options = True  # each decision lists only moves its problems accept

    def lists_exactly(self, state, d):
        return self.exact_options and rules_of(state).listings_exact

    def has_options(self, state, d):
        return True  # every decision offers at least one move (end, auto, done...)

    def other_verb(self, state, d, move):
        return wrong_step(state, d["seat"], move[0])

    def prompt(self, state, d):
        return view.prompt(state, d["seat"])


def inst_of(state: State, d: dict) -> Instance:
    """Return the race instance decision ``d`` concerns (to read)."""
    return state.insts[d["inst"]]


def edit_inst_of(state: State, d: dict) -> Instance:
    """Return the race instance decision ``d`` concerns, ready to be changed."""
    return state.edit_inst(d["inst"])


def handler_of(state: State, d: dict) -> Handler:
    """Return the handler of decision ``d`` in the registry of ``state``'s variant."""
    return BY_VARIANT[state.variant][d["type"]]


def register_handlers(variant: str, handlers: Handlers) -> None:
    """Use ``handlers`` for the decisions of games of ``variant`` (a variant's own list)."""
    BY_VARIANT[variant] = handlers


def delegate_problem(probe: State, move: tuple):
    """Judge ``move`` by the decision on top of ``probe`` (a copy that took a step)."""
    top = probe.pending[-1]
    return handler_of(probe, top).problem(probe, top, move)


def delegate_effect(state: State, move: tuple, events: list) -> None:
    """Play ``move`` by the decision now on top of ``state``."""
    top = state.pending[-1]
    handler_of(state, top).effect(state, top, move, events)


def start_probe(state: State) -> State:
    """Return a copy of ``state`` past the start step (troops readied), made once per state.

    The copy is kept beside the state (never dumped or copied) and only read; changing the
    state in place drops it (:meth:`rules.smallworld.game.SmallWorld.apply_unchecked`).
    """
    return started(state)[0]


def started(state: State) -> tuple[State, list, list]:
    """Return the start probe of ``state`` with the events and highlights of its start step
    (what :func:`flow.begin` produced on it), made once per state."""
    found = state.__dict__.get(PROBE)
    if found is None:
        probe = copy_state(state)
        probe.highlight, events = [], []
        flow.begin(probe, events)
        found = state.__dict__[PROBE] = (probe, events, list(probe.highlight))
    return found


BY_VARIANT: dict[str, Handlers] = {}  # filled by rules.smallworld.handlers (and variants)

