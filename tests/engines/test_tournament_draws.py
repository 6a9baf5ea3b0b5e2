"""TN1–TN3: draws checked for their properties over many seeds: one player of each group per table, no repeat
opponent while a seating without one exists, nobody sits out twice while anyone has not, the same document gives
the same draw, and the Břeclav schedule is a fixed, published function of the start numbers."""

import random
from itertools import combinations

import pytest

import games.registry  # noqa: F401
from games.tournaments import engine as T


def make_doc(*, preset="place-points", game="two-ten-jack", players=12, table_size=4, seed=1, **fields):
    raw = {
        "tournament": "Cup",
        "preset": preset,
        "game": game,
        "table_size": table_size,
        "draw": {**fields.pop("draw", {}), "seed": seed},
        "players": [{"no": i, "name": f"Player {i}"} for i in range(1, players + 1)],
        "played": [],
    }
    raw.update(fields)
    return raw


def play(raw, rounds, *, scores=None):
    """Draw and play ``rounds`` rounds, each table's totals drawn too (zero-sum); checks every draw's shape."""
    rng = random.Random(repr(raw["draw"]))
    draws = []
    for k in range(1, rounds + 1):
        t = T.load(raw)
        d = T.draw(t, k)
        check_shape(t, d)
        draws.append((t, d))
        tables = []
        for number, seats in d.tables:
            totals = [rng.randint(-30, 30) for _ in seats[1:]]
            tables.append({"table": number, "seats": list(seats), "totals": [-sum(totals), *totals]})
        raw["played"].append({"round": k, "tables": tables})
    return draws


def check_shape(t, d):
    seated = [no for _, seats in d.tables for no in seats]
    eligible = {p.no for p in t.players if p.active(d.round)}
    assert all(len(seats) == t.table_size for _, seats in d.tables)
    assert [number for number, _ in d.tables] == list(range(1, len(d.tables) + 1))
    assert len(set(seated)) == len(seated) and not set(seated) & set(d.sitting_out)
    if d.round <= t.rounds:
        assert set(seated) | set(d.sitting_out) == eligible
        assert len(d.sitting_out) == len(eligible) % t.table_size


def repeats(seating, met):
    return sum(met.get(T.pair_of(a, b), 0) for seats in seating for a, b in combinations(seats, 2))


def seating_without_repeat_exists(players, size, met):
    players = sorted(players)
    if not players:
        return True
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        table = (first, *others)
        if all(T.pair_of(a, b) not in met for a, b in combinations(table, 2)):
            if seating_without_repeat_exists([p for p in rest if p not in others], size, met):
                return True
    return False


@pytest.mark.parametrize(
    "players, size, rounds", [(8, 4, 3), (9, 3, 4), (10, 3, 4), (12, 4, 4), (12, 3, 5), (13, 4, 4)]
)
@pytest.mark.parametrize("seed", range(12))
def test_random_draws_repeat_an_opponent_only_when_no_seating_avoids_it(players, size, rounds, seed):
    draws = play(make_doc(players=players, table_size=size, seed=seed), rounds)
    for t, d in draws:
        met = T.met_before(t, d.round)
        seating = [seats for _, seats in d.tables]
        assert d.repeats == repeats(seating, met)
        if d.repeats:
            seated = [no for seats in seating for no in seats]
            assert not seating_without_repeat_exists(seated, size, met), (d, met)


@pytest.mark.parametrize("players, size", [(7, 3), (10, 3), (11, 4), (14, 4), (17, 4), (19, 4)])
@pytest.mark.parametrize("seed", range(8))
def test_nobody_sits_out_twice_while_anyone_has_not(players, size, seed):
    raw = make_doc(players=players, table_size=size, seed=seed)
    for t, d in play(raw, 5):
        before = T.sat_out_before(t, d.round)
        seated = [no for _, seats in d.tables for no in seats]
        assert max(before[no] for no in d.sitting_out) <= min(before[no] for no in seated)
    counts = T.sat_out_before(T.load(raw), 6).values()
    assert max(counts) - min(counts) <= 1 and sum(counts) == 5 * (players % size)


@pytest.mark.parametrize("seed", range(30))
def test_seeded_thirds_gives_each_table_one_player_of_each_group(seed):
    rng = random.Random(seed)
    n = rng.choice([9, 12, 13, 15, 20])
    raw = make_doc(preset="tarzs", game="slovenian-tarok", table_size=3, players=n, seed=seed)
    rankings = list(range(1, n + 1))
    rng.shuffle(rankings)
    for player, ranking in zip(raw["players"], rankings):
        player["ranking"] = ranking
    t = T.load(raw)
    d = T.draw(t, 1)
    check_shape(t, d)
    playing = sorted((no for _, seats in d.tables for no in seats), key=lambda no: t.player(no).ranking)
    third = len(playing) // 3
    group = {no: i // third for i, no in enumerate(playing)}
    for _, seats in d.tables:
        assert sorted(group[no] for no in seats) == [0, 1, 2]


def test_seeded_thirds_without_rankings_cuts_the_start_numbers():
    d = T.draw(T.load(make_doc(preset="tarzs", game="slovenian-tarok", table_size=3, players=9)), 1)
    assert all(sorted((no - 1) // 3 for no in seats) == [0, 1, 2] for _, seats in d.tables)


def test_by_standings_seats_the_top_three_together_unless_they_met():
    raw = make_doc(
        preset="tarzs",
        game="slovenian-tarok",
        table_size=3,
        players=9,
        played=[
            {
                "round": 1,
                "tables": [
                    {"table": 1, "seats": [1, 4, 7], "totals": [90, 0, 0]},
                    {"table": 2, "seats": [2, 5, 8], "totals": [80, 0, -10]},
                    {"table": 3, "seats": [3, 6, 9], "totals": [70, -5, -20]},
                ],
            }
        ],
    )
    d = T.draw(T.load(raw), 2)
    assert d.kind == "by-standings" and d.repeats == 0
    assert sorted(d.tables[0][1]) == [1, 2, 3]  # the three winners, who have not met
    assert sorted(d.tables[1][1]) == [4, 5, 6] and sorted(d.tables[2][1]) == [7, 8, 9]


def test_by_standings_is_repaired_to_avoid_a_repeat():
    raw = make_doc(
        preset="tarzs",
        game="slovenian-tarok",
        table_size=3,
        players=9,
        played=[
            {
                "round": 1,
                "tables": [
                    {"table": 1, "seats": [1, 2, 3], "totals": [90, 80, 70]},
                    {"table": 2, "seats": [4, 5, 6], "totals": [0, -5, -10]},
                    {"table": 3, "seats": [7, 8, 9], "totals": [-20, -30, -40]},
                ],
            }
        ],
    )
    d = T.draw(T.load(raw), 2)
    assert d.repeats == 0
    assert all(len({(no - 1) // 3 for no in seats}) == 3 for _, seats in d.tables)


@pytest.mark.parametrize("kind", ["random", "by-standings"])
def test_the_same_document_gives_the_same_draw_and_another_seed_another(kind):
    draws = play(make_doc(players=16, draw={"first": "random", "later": kind}, seed=7), 3)
    again = play(make_doc(players=16, draw={"first": "random", "later": kind}, seed=7), 3)
    assert [d for _, d in draws] == [d for _, d in again]
    other = play(make_doc(players=16, draw={"first": "random", "later": kind}, seed=8), 3)
    assert [d.tables for _, d in draws] != [d.tables for _, d in other]
    t = draws[-1][0]
    assert T.draw(t, 3) == draws[-1][1] and T.draw(t, 3, attempt=1).tables != draws[-1][1].tables


def test_a_draw_does_not_use_the_global_random_generator():
    t = T.load(make_doc(players=16))
    random.seed(1)
    first = T.draw(t, 1)
    random.seed(2)
    assert T.draw(t, 1) == first


def test_late_arrivals_join_and_withdrawn_players_are_drawn_no_more():
    raw = make_doc(players=13)
    raw["players"][12]["joins"] = 2
    raw["players"][0]["withdrawn_after"] = 1
    (t1, d1), (t2, d2) = play(raw, 2)
    assert 13 not in {no for _, seats in d1.tables for no in seats} | set(d1.sitting_out)
    assert 1 in {no for _, seats in d1.tables for no in seats}
    assert 13 in {no for _, seats in d2.tables for no in seats} and 1 not in d2.sitting_out
    assert {s.no for s in T.standings(T.load(raw))} == set(range(1, 14))  # the withdrawn keep their results


@pytest.mark.parametrize(
    "round_no, line",
    [
        (3, "round 3: round 1 has not been played yet"),
        (7, "round 7: the tournament has rounds 1 to 5"),
    ],
)
def test_a_draw_that_cannot_be_made_is_refused(round_no, line):
    with pytest.raises(T.InvalidTournament) as caught:
        T.draw(T.load(make_doc(players=8)), round_no)
    assert caught.value.message() == line


def test_too_few_players_for_a_table_is_refused():
    with pytest.raises(T.InvalidTournament) as caught:
        T.draw(T.load(make_doc(players=3)), 1)
    assert caught.value.message() == "round 1: 3 players cannot fill a table of 4"


# ---- the Břeclav schedule ------------------------------------------------------------------------------------


def schedule_repeats(rounds):
    met = {}
    count = 0
    for tables, _ in rounds:
        for seats in tables:
            for a, b in combinations(seats, 2):
                count += met.get((a, b), 0)
                met[(a, b)] = met.get((a, b), 0) + 1
    return count


@pytest.mark.parametrize("n", range(16, 84, 4))
def test_the_schedule_seats_nobody_with_the_same_player_twice(n):
    rounds = T.schedule(n, 4, 4)
    assert len(rounds) == 4 and schedule_repeats(rounds) == 0
    assert rounds[0][0][:2] == ((1, 2, 3, 4), (5, 6, 7, 8))  # round 1: the start numbers in order
    for tables, out in rounds:
        assert sorted(no for seats in tables for no in seats) == list(range(1, n + 1)) and out == ()


def test_sixteen_players_play_five_rounds_without_meeting_twice():
    assert schedule_repeats(T.schedule(16, 4, 5)) == 0 and schedule_repeats(T.schedule(9, 3, 4)) == 0


def test_the_schedule_is_a_fixed_function_of_the_start_numbers():
    fresh = T.schedule.__wrapped__(36, 4, 4)
    assert fresh == T.schedule(36, 4, 4) == T.schedule.__wrapped__(36, 4, 4)
    assert schedule_repeats(fresh) == 0


@pytest.mark.parametrize("n", [17, 18, 19, 21, 22, 23, 26])
def test_those_who_sat_out_play_an_extra_round_among_themselves(n):
    rounds = T.schedule(n, 4, 4)
    extra = n % 4
    outs = [out for _, out in rounds[:4]]
    assert all(len(out) == extra for out in outs)
    everyone_out = [no for out in outs for no in out]
    assert len(set(everyone_out)) == len(everyone_out)  # nobody twice
    tables, left = rounds[4]
    assert sorted(no for seats in tables for no in seats) == sorted(everyone_out) and left == ()
    assert schedule_repeats(rounds[:4]) == 0


def test_breclav_draws_follow_the_published_schedule_and_add_the_extra_round():
    raw = make_doc(preset="breclav", game="czech-taroky", players=18, draw={"first": "schedule", "later": "schedule"})
    draws = play(raw, 5)
    published = T.published_schedule(T.load(raw))
    lots = T.schedule_lots(T.load(raw))
    for (_t, d), (tables, out), (_places, places_out) in zip(draws, published, T.schedule(18, 4, 4)):
        assert sorted(tuple(sorted(seats)) for _, seats in d.tables) == sorted(tuple(sorted(s)) for s in tables)
        assert d.sitting_out == out == tuple(sorted(lots[place - 1] for place in places_out))
    t = T.load(raw)
    assert [len([s for s in row.rounds]) for row in T.standings(t)] == [4] * 18  # everyone played four rounds
    with pytest.raises(T.InvalidTournament):
        T.draw(t, 6)


def test_a_withdrawal_breaks_only_its_table_of_the_schedule():
    raw = make_doc(preset="breclav", game="czech-taroky", players=16, draw={"first": "schedule", "later": "schedule"})
    play(raw, 1)
    raw["players"][0]["withdrawn_after"] = 1
    d = T.draw(T.load(raw), 2)
    published = {tuple(sorted(s)) for s in T.published_schedule(T.load(raw))[1][0]}
    kept = [seats for _, seats in d.tables if tuple(sorted(seats)) in published]
    assert len(kept) == 3 and len(d.sitting_out) == 3 and 1 not in d.sitting_out


@pytest.mark.parametrize("seed", range(5))
def test_a_played_tournament_dumps_to_a_document_that_loads_back_the_same(seed):
    raw = make_doc(players=14, table_size=4, seed=seed)
    raw["players"][13]["joins"] = 2
    play(raw, 3)
    raw["corrections"] = [
        {"round": 2, "table": 1, "totals": [3, 2, 1, 0], "reason": "appeal", "at": "2026-05-01T21:00:00+02:00"}
    ]
    t = T.load(raw)
    assert T.load(T.dump(t)) == t and T.dump(T.load(T.dump(t))) == T.dump(t)


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_a_field_that_fills_one_table_is_drawn_every_round(players):
    """Břeclav's tables of four with 4 to 7 players: one table a round, the rest sitting out in turn (the schedule's
    repair of repeated meetings had no other table to swap with, and failed)."""
    raw = {
        "tournament": "Malý turnaj",
        "preset": "breclav",
        "game": "czech-taroky",
        "players": [{"no": no, "name": f"P{no}"} for no in range(1, players + 1)],
        "draw": {"seed": 7},
    }
    tournament = T.load(raw)
    drawn = T.draw(tournament, 1)
    assert [len(seats) for _table, seats in drawn.tables] == [4] and len(drawn.sitting_out) == players - 4
    rounds = T.published_schedule(tournament)
    for tables, sitting_out in rounds[: tournament.rounds]:
        (seats, *others) = tables
        assert not others and sorted(seats + tuple(sitting_out)) == list(range(1, players + 1))
    sat_out = {no for _tables, out in rounds[: tournament.rounds] for no in out}
    extra = [set(seats) for tables, _out in rounds[tournament.rounds :] for seats in tables]
    assert len(extra) == (players > 4) and all(len(seats) == 4 and seats <= sat_out for seats in extra)
    # TN2: those who sat out play their extra round among themselves
