"""TN3 by-standings (issue 45): table 1 keeps the top of the standings, and among the seatings with the fewest pairs
who met before the draw moves the fewest group-steps; checked against every seating of small fields."""

import itertools
import random

import pytest

from games.tournaments.engine import by_standings, group_steps
from games.tournaments.engine.seating import pair_of, repeats_at


def _every_seating(ordered, size):
    """Every seating of ``ordered`` at tables of ``size``, tables in order (table 1 first)."""
    for permutation in itertools.permutations(ordered):
        tables = [list(permutation[i : i + size]) for i in range(0, len(ordered), size)]
        if all(seats == sorted(seats) for seats in tables):  # seat order within a table does not matter
            yield tables


def _costs(tables, ordered, size, met):
    return sum(repeats_at(seats, met) for seats in tables), group_steps(ordered, size, tables)


def _met(players, pairs, rng):
    everyone = [pair_of(a, b) for a, b in itertools.combinations(players, 2)]
    return {pair: 1 for pair in rng.sample(everyone, pairs)}


@pytest.mark.parametrize("players, size", [(6, 3), (9, 3), (8, 4), (8, 2), (12, 3)])
@pytest.mark.parametrize("seed", range(6))
def test_the_draw_by_standings_moves_the_fewest_group_steps_of_the_seatings_with_fewest_repeats(players, size, seed):
    rng = random.Random(f"{players}:{size}:{seed}")
    ordered = rng.sample(range(1, players + 1), players)  # start numbers in standings order
    met = _met(ordered, rng.randrange(1, players + 2), rng)
    if players > 9:  # 12 players: every seating is too many to list; a field that met at three tables of four
        met = {pair_of(a, b): 1 for t in range(3) for a, b in itertools.combinations(ordered[t::3][:4], 2)}
    drawn = by_standings(ordered, size, met, random.Random(seed))
    assert sorted(no for seats in drawn for no in seats) == sorted(ordered) and all(len(s) == size for s in drawn)
    if players <= 9:
        best = min(_costs(tables, ordered, size, met) for tables in _every_seating(ordered, size))
        assert _costs(drawn, ordered, size, met) == best


def test_the_leader_keeps_table_1_and_nobody_moves_who_need_not():
    """Issue 45's round: the leader (Bojan) was seated at table 3 with the 7th and 8th, and the 9th at table 1;
    a seating without repeats that moves fewer group-steps keeps table 1 for the top."""
    ordered = [2, 1, 3, 4, 5, 6, 7, 8, 9]  # Bojan (2) leads
    met = {pair_of(2, 1): 1, pair_of(4, 5): 1, pair_of(7, 9): 1}  # pairs in each group met in round 1
    drawn = by_standings(ordered, 3, met, random.Random(1))
    assert 2 in drawn[0], "the leader at table 1"
    assert sum(repeats_at(seats, met) for seats in drawn) == 0
    assert group_steps(ordered, 3, drawn) == 4  # the fewest there are (every seating: the test above)
