"""The strength benchmark gives the same figures whether its games run side by side or not."""

from __future__ import annotations

from bench.ai_strength import outcome, paired_gain, pairing, play
from bench.hard_verdicts import table, verdicts
from rules.core import get_game, hard


def test_worker_processes_give_the_sequential_results():
    game = get_game("smallworld")
    alone = pairing(game, 2, "normal", "easy", 3, None, 5000, workers=1)
    together = pairing(game, 2, "normal", "easy", 3, None, 5000, workers=2)
    timing = ("cpu_max",)  # the only figure that differs between runs
    assert ({k: v for k, v in together.items() if k not in timing}
            == {k: v for k, v in alone.items() if k not in timing})
    assert alone["cpu_max"] > 0
    assert len(alone["results"]) == 3 and alone["cut"] == 0


def test_a_game_of_one_level_in_every_seat_is_timed():
    """hard:hard (here easy:easy, for speed) plays a game with no other level to beat."""
    found = pairing(get_game("caverna"), 2, "easy", "easy", 1, None, 5000)
    assert found["results"] == [(0.5, 0.0)] and found["cpu_max"] > 0


def test_paired_games_give_how_the_first_levels_seats_fared_with_the_second_level_alone():
    """Each seed is played again with the second level in every seat; ``alone`` is how the
    seats the first level held finished then (game k's seating, seed 1000 + k)."""
    game = get_game("smallworld")
    found = pairing(game, 2, "normal", "easy", 2, None, 5000, start=3, paired=True)
    for k, alone in zip((3, 4), found["alone"], strict=True):
        levels = ["normal" if (s + k) % 2 == 0 else "easy" for s in range(2)]
        state, _ = play(game, 2, ["easy", "easy"], 1000 + k, None, 5000)
        assert alone == outcome(game, state, levels, "normal")[0]
    assert found["results"] == pairing(game, 2, "normal", "easy", 2, None, 5000,
                                       start=3)["results"]


def test_the_paired_gain_is_the_mean_difference_with_its_interval():
    base, gain, half = paired_gain([1.0, 1.0, 0.0, 0.5], [0.0, 1.0, 0.0, 0.5])
    assert (base, gain) == (0.375, 0.25) and round(half, 3) == 0.49
    assert paired_gain([1.0], [1.0]) == (1.0, 0.0, 0.0)


def test_the_verdict_bench_counts_each_hard_decision_by_its_kind():
    """Game 1 at 2 players puts hard in seat 1 (seat s plays hard when s + k is even); the
    table's last row adds up the kinds."""
    game = get_game("smallworld")
    counted = verdicts(game, 2, 1, max_moves=24)
    total = sum(sum(row.values()) for row in counted.values())
    assert total > 0 and all(set(row) <= set(hard.VERDICTS) for row in counted.values())
    assert table(counted)[-1].endswith(f"| {total} |")


def test_real_game_timing_times_exactly_the_hard_seats_decisions():
    """``bench.ai_speed --real``: every decision of the hard seat (seat 1 in game 1) of the
    strength benchmark's game, none of normal's, each with its CPU time."""
    from bench.ai_speed import measure_real

    game = get_game("smallworld")
    seats = []
    play(game, 2, ["normal", "hard"], 1001, None, 24,
         watch=lambda state, seat, made, cpu: seats.append(seat))
    found = measure_real(game, 2, [1], None, max_moves=24)
    assert len(found["cpus"]) == seats.count(1) > 0
    assert all(cpu >= 0 for cpu in found["cpus"]) and found["rate"] > 0


def test_the_versus_bench_gives_each_side_its_settings_and_restores_them(monkeypatch):
    """``bench.ai_versus``: in game 3 (seed 1001, as game 2) side A holds seat 1 (1 + 3 is
    even) and decides with its settings, side B with the current ones; afterwards the
    evaluate module is as it was."""
    from bench import ai_strength, ai_versus

    game = get_game("smallworld")
    current = game.evaluator.CONQUEST
    seen = []
    real = ai_strength.plan

    def spy(game_, state, seat, level, seed, iterations=None):
        seen.append((seat, game_.evaluator.CONQUEST, seed // 100_003))
        return real(game_, state, seat, level, seed, iterations)

    monkeypatch.setattr(ai_strength, "plan", spy)
    won, margin, moves = ai_versus.one_game(game, 2, "normal", 3, {"CONQUEST": 7.0}, {}, 30)
    assert {value for seat, value, _ in seen if seat == 1} == {7.0}
    assert {value for seat, value, _ in seen if seat == 0} == {current}
    assert {seed for *_, seed in seen} == {1001}
    assert game.evaluator.CONQUEST == current
    assert (won, margin, moves) == (0.5, None, 30)  # cut at 30 moves: a tie
    assert ai_versus.settings(["SUPPLY=4", "CAP=2.5"]) == {"SUPPLY": 4.0, "CAP": 2.5}


def test_all_hard_timing_plays_hard_in_every_seat_and_times_the_whole_game():
    """``bench.ai_speed --real K --all-hard``: the seed of game K with hard in every seat,
    every seat's decisions timed, the game's CPU time their sum."""
    from bench.ai_speed import measure_real

    game = get_game("smallworld")
    seats = []
    play(game, 2, ["hard", "hard"], 1001, None, 16,
         watch=lambda state, seat, made, cpu: seats.append(seat))
    found = measure_real(game, 2, [1], None, max_moves=16, all_hard=True)
    assert len(found["cpus"]) == len(seats) and {0, 1} <= set(seats)
    assert found["game_cpu"] == sum(found["cpus"]) and found["cut"] == 1
