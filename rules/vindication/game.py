"""Vindication on the platform's decision engine: handlers, grammar, flow, information."""

from __future__ import annotations

from rules.core import CannotParse, Msg, OptionSpec
from rules.core.decisions import DecisionGame, Handlers

from . import (
    acquire,
    battle,
    crystals,
    effects,
    guilds,
    kinds,
    monsters,
    monuments,
    moves,
    pets,
    sites,
    treachery,
)
from .bonus import RecoverMenu
from .data import MODULE_NAMES, build_problem, buildable, removal_problem, removals
from .flow import check_triggers, flow_step
from .hidden import SECRET_DECISIONS, rerandomise
from .options import check as check_options
from .regions import VisitEnd
from .scoring import score_lines
from .setup import QuestKeep, new_state, setup_events
from .state import dump_state, load_state
from .turn import TurnDecision
from .view import build_view

HANDLERS = Handlers([TurnDecision(), RecoverMenu(), QuestKeep(), VisitEnd(),
                     *effects.HANDLERS, *acquire.HANDLERS, *monsters.HANDLERS, *kinds.HANDLERS,
                     *crystals.HANDLERS, *sites.HANDLERS, *treachery.HANDLERS,
                     *pets.HANDLERS, *guilds.HANDLERS, *monuments.HANDLERS,
                     *battle.HANDLERS])


def chosen_modules(options) -> list[str]:
    """Return the modules the ``modules`` option names (``all``: every module there is), or
    raise :class:`CannotParse` naming an unknown one."""
    chosen = [m.lower() for m in options.get("modules", []) if m]
    if "all" in chosen:
        return list(MODULE_NAMES)
    unknown = [m for m in chosen if m not in MODULE_NAMES]
    if unknown:
        raise CannotParse(Msg("vindication.error.unknown_module",
                              {"module": ",".join(unknown), "known": ",".join(MODULE_NAMES)}))
    return list(dict.fromkeys(chosen))


class VindicationGame(DecisionGame):
    """Vindication for 2 to 5 players, with the expansion modules of data as options."""

    name = "vindication"
    title = "vindication.title"
    min_players = 2
    max_players = 5
    verbs = moves.VERBS
    handlers = HANDLERS
    from . import evaluate as evaluator  # computer players (rules.core.ai)
    contract_options = ({"modules": list(MODULE_NAMES)}, {"modules": ["crystals"]},
                        {"modules": ["treachery"]},
                        {"modules": ["pets"]},
                        {"modules": ["guilds"]}, {"modules": ["myths"]},
                        {"modules": ["sites", "crystals"], "build": ["crystal_mine"],
                         "remove": ["command_post", "shrine", "monastery"]})
    options = (
        OptionSpec("modules", "list", [], "vindication.option.modules"),
        OptionSpec("remove", "list", [], "vindication.option.remove"),
        OptionSpec("build", "list", [], "vindication.option.build"),
        OptionSpec("journey", "list", [], "vindication.option.journey"),
        OptionSpec("companion_tops", "list", [], "vindication.option.companion_tops"),
        OptionSpec("triggers", "list", [], "vindication.option.triggers"),
        OptionSpec("bag", "list", [], "vindication.option.bag"),
        OptionSpec("attribute_dice", "list", [], "vindication.option.attribute_dice"),
        OptionSpec("monster_dice", "list", [], "vindication.option.monster_dice"),
        OptionSpec("arcane_tower_recharge_only", "bool", False,
                   "vindication.option.arcane_tower_recharge_only"),
    )

    def new_game(self, seed, players, options):
        chosen = chosen_modules(options)
        if options.get("build") and "sites" not in chosen:
            raise CannotParse(Msg("vindication.error.build_without_sites"))
        build = buildable(chosen, options)
        problem = build_problem(chosen, build) or removal_problem(chosen, removals(options), build)
        if problem is not None:
            raise CannotParse(problem)
        check_options({**options, "modules": chosen}, players)
        state = new_state(seed, players, {**options, "modules": chosen})
        self.settle(state, [])
        return state

    def after_move(self, state, seat, events):
        """Tell the set-up (starting companions, cards set aside) with the first move: a new
        game returns no events, and what was turned up at set-up is public (8.4)."""
        if state.announce:
            events[:0] = setup_events(state)
            state.announce = []

    def after_step(self, state, events):
        """Check the end-game triggers between every two steps (continuously, R14)."""
        check_triggers(state, events)

    def flow_step(self, state, events):
        """The battle against Ronak (7.11) runs between two turns; otherwise the next turn."""
        return battle.flow_step(state, events) or flow_step(state, events)

    def parse_move(self, text):
        return moves.parse(text)

    def move_text(self, move):
        return moves.text(move)

    def copy(self, state):
        return state.clone()

    def is_over(self, state):
        return state.over

    def view(self, state, seat):
        return build_view(self, state, seat)

    def score(self, state):
        return score_lines(state)

    def dump(self, state):
        return dump_state(state)

    def load(self, data):
        return load_state(dict(data))

    def action_is_secret(self, state, seat, action):
        d = self.decision(state, seat)
        return d is not None and d["type"] in SECRET_DECISIONS

    def private_decision(self, state, seat):
        """Picks among cards only this seat has seen (quests, empowered draws) are private."""
        d = self.decision(state, seat)
        return d is not None and d["type"] in SECRET_DECISIONS

    def rerandomise_hidden(self, state, seat, seed):
        return rerandomise(state, seat, seed)
