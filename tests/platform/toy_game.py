"""A tiny complete game used to test the platform without depending on a real game's rules.

"Race to 10": seats take turns; on your turn you either ``step`` (+1), ``roll`` (+1..3, a
chance outcome) or ``hop N`` (+N for N in 1..2, typed form accepted). Each seat also holds a
secret number (hidden information, shown only in its own view). When any seat reaches 10 the
game enters a simultaneous ``vote`` phase in which every seat must ``vote yes`` or
``vote no``; then it ends. Highest position wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import (
    Action,
    Event,
    Game,
    Msg,
    OptionSpec,
    Rng,
    ScoreLine,
    View,
    not_legal,
    start_seat,
)


@dataclass
class ToyState:
    rng: Rng
    positions: list[int]
    secrets: list[int]
    turn: int = 0
    votes: dict[int, str] = field(default_factory=dict)
    voting: bool = False
    over: bool = False


class ToyGame(Game):
    name = "toy"
    title = "toy.title"
    min_players = 1
    max_players = 4
    verbs = frozenset({"step", "roll", "hop", "vote"})
    options = (OptionSpec("goal", "int", 10, "toy.option.goal", minimum=2, maximum=50),
               OptionSpec("first", "int", 0, "toy.option.first", minimum=-1))

    def new_game(self, seed, players, options):
        rng = Rng(seed)
        secrets = [rng.randint(1, 100) for _ in range(players)]
        state = ToyState(rng=rng, positions=[0] * players, secrets=secrets,
                         turn=start_seat(options.get("first", 0), players, rng))
        state.goal = options.get("goal", 10)  # type: ignore[attr-defined]
        return state

    def to_act(self, state):
        if state.over:
            return frozenset()
        if state.voting:
            return frozenset(s for s in range(len(state.positions)) if s not in state.votes)
        return frozenset({state.turn})

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state.voting:
            return [Action("vote yes"), Action("vote no")]
        return [Action("step", Msg("toy.action.step")), Action("roll", Msg("toy.action.roll")),
                Action("hop 2")]

    def is_legal(self, state, seat, action):
        if seat not in self.to_act(state):
            return False
        if not state.voting and action.text in ("hop 1", "hop 2"):
            return True
        return super().is_legal(state, seat, action)

    def explain_illegal(self, state, seat, text):
        if text.startswith("hop"):
            return Msg("toy.error.hop_range")
        return None

    def prompt(self, state, seat):
        return Msg("toy.prompt.vote" if state.voting else "toy.prompt.move", {"seat": seat})

    def apply_unchecked(self, state, seat, action):
        if state.voting:
            state.votes[seat] = action.text.split()[1]
            events = [Event("toy.event.voted", {"seat": seat})]
            if len(state.votes) == len(state.positions):
                state.over = True
                events.append(Event("toy.event.over"))
            return events
        words = action.text.split()
        if words[0] == "roll":
            gain = state.rng.randint(1, 3)
            events = [Event("toy.event.rolled", {"seat": seat, "gain": gain}, reveals=True)]
        else:
            gain = int(words[1]) if words[0] == "hop" else 1
            events = [Event("toy.event.moved", {"seat": seat, "gain": gain})]
        state.positions[seat] += gain
        events.append(Event("toy.event.secret", {"secret": state.secrets[seat]},
                            audience=frozenset({seat})))
        if state.positions[seat] >= getattr(state, "goal", 10):
            state.voting = True
        else:
            state.turn = (state.turn + 1) % len(state.positions)
        return events

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
                "voting": state.voting, "over": state.over, "goal": getattr(state, "goal", 10)}

    def load(self, data):
        state = ToyState(Rng.load(data["rng"]), list(data["positions"]), list(data["secrets"]),
                         data["turn"], {int(k): v for k, v in data["votes"].items()},
                         data["voting"], data["over"])
        state.goal = data["goal"]  # type: ignore[attr-defined]
        return state

    def rerandomise_hidden(self, state, seat, seed):
        copy = self.copy(state)
        rng = Rng(seed)
        copy.secrets = [s if i == seat else rng.randint(1, 100)
                        for i, s in enumerate(copy.secrets)]
        return copy


TOY = ToyGame()
__all__ = ["TOY", "ToyGame", "not_legal"]
