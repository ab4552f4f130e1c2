"""A tiny complete game used to test the platform without depending on a real game's rules.

"Race to 10": seats take turns; on your turn you either ``step`` (+1), ``roll`` (+1..3, a
chance outcome) or ``hop N`` (+N for N in 1..2, typed form accepted). Each seat also holds a
secret number (hidden information, shown only in its own view). When any seat reaches 10 the
game enters a simultaneous ``vote`` phase in which every seat must ``vote yes`` or
``vote no``; then it ends. Highest position wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rules.core import (
    Action,
    Event,
    Msg,
    OptionSpec,
    Rng,
    ScoreLine,
    View,
    not_legal,
    start_seat,
)
from rules.core.decisions import DecisionGame, Handlers, pop, push
from rules.core.numbers import ascii_digits
from rules.core.text import add_messages
from rules.core.verbs import VerbHandler, must_be_listed

add_messages(Path(__file__).parent / "messages")  # the toy's words live beside it, not in data/

# Structured moves: ("step",), ("roll",), ("hop", n), ("vote", "yes" | "no").
STEP, ROLL = ("step",), ("roll",)


@dataclass
class ToyState:
    rng: Rng
    positions: list[int]
    secrets: list[int]
    turn: int = 0
    votes: dict[int, str] = field(default_factory=dict)
    voting: bool = False
    over: bool = False
    goal: int = 10
    pending: list[dict] = field(default_factory=list)


class TurnDecision(VerbHandler):
    """The seat on turn steps, rolls or hops."""

    kind = "turn"

    def options(self, state, d):
        return [Action("step", Msg("toy.action.step"), move=STEP),
                Action("roll", Msg("toy.action.roll"), move=ROLL),
                Action("hop 2", move=("hop", 2))]

    def hop_problem(self, state, d, move):
        return None if move[1] in (1, 2) else Msg("toy.error.hop_range")

    def step_effect(self, state, d, move, events):
        self.advance(state, d, 1, events)

    def roll_effect(self, state, d, move, events):
        gain = state.rng.randint(1, 3)
        events.append(Event("toy.event.rolled", {"seat": d["seat"], "gain": gain}, reveals=True))
        self.advance(state, d, gain, events, moved=False)

    def hop_effect(self, state, d, move, events):
        self.advance(state, d, move[1], events)

    problems = {"step": must_be_listed, "roll": must_be_listed, "hop": hop_problem}
    effects = {"step": step_effect, "roll": roll_effect, "hop": hop_effect}

    def advance(self, state, d, gain, events, moved=True):
        """Move the seat on by ``gain``, show it its secret, then pass the turn or vote."""
        seat = d["seat"]
        if moved:
            events.append(Event("toy.event.moved", {"seat": seat, "gain": gain}))
        state.positions[seat] += gain
        events.append(Event("toy.event.secret", {"secret": state.secrets[seat]},
                            audience=frozenset({seat})))
        pop(state, d)
        if state.positions[seat] >= state.goal:
            state.voting = True
            for voter in reversed(range(len(state.positions))):
                push(state, {"type": "vote", "seat": voter})
        else:
            state.turn = (state.turn + 1) % len(state.positions)

    def prompt(self, state, d):
        return Msg("toy.prompt.move", {"seat": d["seat"]})


class VoteDecision(VerbHandler):
    """Every seat votes at once (a simultaneous, secret decision)."""

    kind = "vote"
    simultaneous = True

    def options(self, state, d):
        return [Action("vote yes", move=("vote", "yes")), Action("vote no", move=("vote", "no"))]

    def vote_effect(self, state, d, move, events):
        state.votes[d["seat"]] = move[1]
        events.append(Event("toy.event.voted", {"seat": d["seat"]}))
        pop(state, d)
        if len(state.votes) == len(state.positions):
            state.over = True
            events.append(Event("toy.event.over"))

    problems = {"vote": must_be_listed}
    effects = {"vote": vote_effect}

    def prompt(self, state, d):
        return Msg("toy.prompt.vote", {"seat": d["seat"]})


class ToyGame(DecisionGame):
    """Race to Ten. Hooks it keeps at the platform's defaults: ``may_act`` (only the seats of
    ``to_act`` may move) and ``concession`` (no concession: ``/game concede`` says so);
    Antiquity overrides both (a ready player may ``unready``; ``concede`` at any time)."""

    name = "toy"
    title = "toy.title"
    min_players = 1
    max_players = 4
    verbs = frozenset({"step", "roll", "hop", "vote"})
    options = (OptionSpec("goal", "int", 10, "toy.option.goal", minimum=2, maximum=50),
               OptionSpec("first", "int", 0, "toy.option.first", minimum=-1))
    handlers = Handlers([TurnDecision(), VoteDecision()])

    def new_game(self, seed, players, options):
        rng = Rng(seed)
        secrets = [rng.randint(1, 100) for _ in range(players)]
        state = ToyState(rng=rng, positions=[0] * players, secrets=secrets,
                         turn=start_seat(options.get("first", 0), players, rng),
                         goal=options.get("goal", 10))
        self.settle(state, [])
        return state

    def flow_step(self, state, events):
        """Give the seat on turn its decision (until the vote starts)."""
        if state.voting or state.over:
            return False
        push(state, {"type": "turn", "seat": state.turn})
        return True

    def parse_move(self, text):
        words = text.split()
        if words in (["step"], ["roll"]):
            return (words[0],)
        if len(words) == 2 and words[0] == "hop" and ascii_digits(words[1]) and len(words[1]) < 6:
            return ("hop", int(words[1]))
        if len(words) == 2 and words[0] == "vote" and words[1] in ("yes", "no"):
            return ("vote", words[1])
        return None

    def move_text(self, move):
        return " ".join(str(part) for part in move)

    def action_is_secret(self, state, seat, action):
        return state.voting

    def view(self, state, seat):
        data = {"positions": list(state.positions), "turn": state.turn,
                "secret": None if seat is None else state.secrets[seat]}
        private = [] if seat is None else [Msg("toy.private.secret",
                                               {"secret": state.secrets[seat]})]
        return View("toy", seat, data, private, [Msg("toy.summary", {"turn_seat": state.turn})])

    def is_over(self, state):
        return state.over

    def score(self, state):
        return {s: ScoreLine(p, {"toy.score.position": p}) for s, p in enumerate(state.positions)}

    def dump(self, state):
        return {"rng": state.rng.dump(), "positions": state.positions, "secrets": state.secrets,
                "turn": state.turn, "votes": {str(k): v for k, v in state.votes.items()},
                "voting": state.voting, "over": state.over, "goal": state.goal,
                "pending": [dict(d) for d in state.pending]}

    def load(self, data):
        return ToyState(Rng.load(data["rng"]), list(data["positions"]), list(data["secrets"]),
                        data["turn"], {int(k): v for k, v in data["votes"].items()},
                        data["voting"], data["over"], data["goal"],
                        [dict(d) for d in data["pending"]])

    def rerandomise_hidden(self, state, seat, seed):
        copy = self.copy(state)
        rng = Rng(seed)
        copy.secrets = [s if i == seat else rng.randint(1, 100)
                        for i, s in enumerate(copy.secrets)]
        return copy


TOY = ToyGame()
__all__ = ["TOY", "ToyGame", "not_legal"]
