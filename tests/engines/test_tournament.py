"""Tournaments (shared/formats/tournament.md): the document, places at a table, standings, corrections, a league.
The draws' properties are in test_tournament_draws.py."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games.registry  # noqa: F401  (the games a tournament may be of)
from games.tournaments import engine as T

NAMES = ["Ana", "Bojan", "Cene", "Dora", "Eva", "Filip", "Gal", "Hana", "Ivo", "Jure", "Katja", "Luka"]


def make_doc(*, preset="tarzs", players=9, played=(), **fields):
    raw = {
        "tournament": "DP Šmarjetna",
        "preset": preset,
        "draw": {"seed": 2026},
        "players": [{"no": i, "name": NAMES[i - 1]} for i in range(1, players + 1)],
        "played": [{"round": k, "tables": tables} for k, tables in enumerate(played, start=1)],
    }
    raw.update(fields)
    return raw


def typed(number, seats, totals, **more):
    return {"table": number, "seats": seats, "totals": totals, **more}


def refusal(raw):
    with pytest.raises(T.InvalidTournament) as caught:
        T.load(raw)
    return caught.value.message()


# ---- the document ------------------------------------------------------------------------------------------------


def test_the_spec_document_example_loads_and_dumps_back():
    raw = {
        "tournament": "DP Šmarjetna",
        "game": "slovenian-tarok",
        "preset": "tarzs",
        "rules": {"preset": "seed"},
        "table_size": 3,
        "rounds": 4,
        "round_limit": {"hands": 21, "minutes": 90},
        "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
        "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
        "players": [{"no": 1, "name": "Ana"}, {"no": 2, "name": "Bojan", "ranking": 1}]
        + [{"no": i, "name": f"Player {i}"} for i in range(3, 14)],
        "played": [
            {
                "round": 1,
                "tables": [
                    {"table": 1, "seats": [2, 7, 12], "totals": [120, -40, -80]},
                    {
                        "table": 2,
                        "seats": [3, 8, 13],
                        "document": {
                            "game": "slovenian-tarok",
                            "rules": {"preset": "seed"},
                            "players": ["Player 3", "Player 8", "Player 13"],
                            "hands": [{"contract": "three", "declarer": "Player 8", "points": 45}],
                        },
                    },
                ],
            }
        ],
    }
    t = T.load(raw)
    assert t.scoring.place_points == (2, 1, Fraction(1, 2))
    table_2 = t.played[0].tables[1]
    assert table_2.totals == (0, 20, 0)  # settle's totals of the table's document
    half, three_quarters = Fraction(1, 2), Fraction(3, 4)  # 3 and 13 tie for second: (1 + ½) / 2 each
    assert [(s.no, s.place, s.measure) for s in T.standings(t)][:6] == [
        (2, 1, 2),
        (8, 2, 2),
        (7, 3, 1),
        (3, 4, three_quarters),
        (13, 4, three_quarters),
        (12, 6, half),
    ]
    assert T.dump(t)["scoring"]["place_points"] == [2, 1, 0.5]
    assert T.load(T.dump(t)) == t
    assert T.differs(t) == []


def test_what_differs_from_the_preset_is_named():
    t = T.load(make_doc(rounds=5, scoring={"tie_breaks": ["wins"]}))
    assert T.differs(t) == ["rounds", "scoring"]


def test_a_preset_fills_what_the_document_leaves_out():
    t = T.load(make_doc(preset="breclav", players=8))
    assert (t.game, t.table_size, t.rounds, t.scoring.measure, t.draw.first) == (
        "czech-taroky",
        4,
        4,
        "balance",
        "schedule",
    )
    assert T.load(make_doc(preset="place-points", game="two-ten-jack", table_size=3)).scoring.place_points == (3, 2, 1)


@pytest.mark.parametrize(
    "change, line",
    [
        ({"colour": "red"}, "colour: is not a field of a tournament document"),
        ({"scoring": {"measure": "place-points", "bonus": 1}}, "scoring.bonus: is not a field"),
        ({"players": [{"no": 1, "name": "Ana", "club": "x"}]}, "player 1, club: is not a field"),
        (
            {"players": [{"no": 1, "name": "Ana"}, {"no": 3, "name": "Bojan"}]},
            "player 2, no: start numbers are 1 to 2 without gaps, got 3",
        ),
        (
            {"players": [{"no": 1, "name": "Ana"}, {"no": 1, "name": "Bojan"}]},
            "player 2, no: start number 1 is given twice",
        ),
        ({"players": [{"no": 1, "name": "Ana"}, {"no": 2, "name": "Ana"}]}, "player 2, name: Ana is registered twice"),
        ({"players": [{"no": 1, "name": " Ana"}]}, "player 1, name: may not begin or end with a space"),
        ({"players": [{"no": 1, "name": "A" * 41}]}, "player 1, name: must be 1 to 40 characters"),
        ({"preset": "chess"}, "preset: must be one of tarzs, breclav, place-points, points"),
        ({"table_size": 5}, "table_size: slovenian-tarok is not played by 5 at a table"),
        ({"rules": {"radelci": "maybe"}}, "rules: radelci:"),
        ({"scoring": {"place_points": [2, 1]}}, "scoring.place_points: must give one number for each place"),
        ({"scoring": {"tie_breaks": ["coin"]}}, "scoring.tie_breaks[0]: must be one of score, wins"),
        ({"draw": {"first": "schedule"}}, "draw: a schedule places every round"),
        ({"draw": {}}, "draw.seed: is required"),
    ],
)
def test_the_document_refuses_what_the_format_does_not_allow(change, line):
    raw = make_doc()
    if "draw" in change and "seed" not in change["draw"] and change["draw"]:
        change = {"draw": {**change["draw"], "seed": 1}}
    raw.update(change)
    assert refusal(raw).startswith(line)


def test_a_document_without_its_preset_says_the_preset_is_required():
    raw = make_doc()
    del raw["preset"]
    assert refusal(raw) == "preset: is required"


@pytest.mark.parametrize(
    "tables, line",
    [
        ([typed(1, [1, 2, 10], [1, 2, 3])], "round 1, table 1, seats: 10 is not a start number of this tournament"),
        (
            [typed(1, [1, 2, 3], [1, 2, 3]), typed(2, [3, 4, 5], [1, 2, 3])],
            "round 1, table 2, seats: player 3 is seated at two tables of this round (1 and 2)",
        ),
        ([typed(1, [1, 2, 3, 4], [1, 2, 3, 4])], "round 1, table 1, seats: must list the start numbers of 3 players"),
        ([typed(1, [1, 2, 3], [1, 2])], "round 1, table 1, totals: must give one whole number for each of the 3"),
        ([typed(1, [1, 2, 3], [1, 2, 3.5])], "round 1, table 1, totals: must be a whole number"),
        (
            [{"table": 1, "seats": [1, 2, 3]}],
            "round 1, table 1, totals: a table's result is its typed totals or its document, exactly one",
        ),
        ([typed(1, [1, 2, 3], [1, 2, 3], document={})], "round 1, table 1, totals: a table's result"),
        (
            [typed(1, [1, 2, 3], [1, 2, 3]), typed(1, [4, 5, 6], [1, 2, 3])],
            "round 1, table 1, table: table 1 is given twice",
        ),
        (
            [
                {
                    "table": 1,
                    "seats": [1, 2, 3],
                    "document": {"game": "slovenian-tarok", "players": ["Bojan", "Ana", "Cene"]},
                }
            ],
            "round 1, table 1, document: its players must be the seated players in seat order: Ana, Bojan, Cene",
        ),
        (
            [
                {
                    "table": 1,
                    "seats": [1, 2, 3],
                    "document": {
                        "game": "slovenian-tarok",
                        "players": ["Ana", "Bojan", "Cene"],
                        "hands": [{"contract": "three", "declarer": "Ana", "points": 99}],
                    },
                }
            ],
            "round 1, table 1, document: hand 1: points: must be between 0 and 70",
        ),
    ],
)
def test_a_round_is_refused_naming_round_table_and_field(tables, line):
    assert refusal(make_doc(played=[tables])).startswith(line)


def test_rounds_are_numbered_in_order():
    raw = make_doc(played=[[typed(1, [1, 2, 3], [1, 2, 3])]])
    raw["played"][0]["round"] = 2
    assert refusal(raw).startswith("round 1, round: the rounds played are numbered 1, 2, 3 … in order")


def test_a_late_arrival_and_a_withdrawn_player_are_seated_only_while_in_the_tournament():
    raw = make_doc(played=[[typed(1, [1, 2, 3], [1, 2, 3])]])
    raw["players"][0]["joins"] = 2
    assert refusal(raw).startswith("round 1, table 1, seats: player 1 joins the tournament in round 2")
    raw["players"][0] = {"no": 1, "name": "Ana", "withdrawn_after": 0}
    assert refusal(raw).startswith("round 1, table 1, seats: player 1 withdrew after round 0")


def test_a_typed_zero_sum_result_that_does_not_add_up_is_refused_with_the_difference():
    raw = make_doc(
        preset="breclav",
        players=8,
        played=[[typed(1, [1, 2, 3, 4], [30, -10, -10, -5]), typed(2, [5, 6, 7, 8], [5, -5, 0, 0])]],
    )
    assert refusal(raw) == ("round 1, table 1, totals: must add up to 0 (the scores are zero-sum), they add up to +5")
    raw["played"][0]["tables"][0]["totals"] = [30, -10, -10, -10]
    assert T.load(raw).played[0].tables[0].totals == (30, -10, -10, -10)


def test_a_money_balance_is_zero_sum_in_any_game_and_slovenian_points_are_not():
    balance = make_doc(
        preset="place-points",
        game="two-ten-jack",
        players=4,
        scoring={"measure": "balance"},
        played=[[typed(1, [1, 2, 3, 4], [3, 0, 0, 0])]],
    )
    assert "they add up to +3" in refusal(balance)
    assert T.load(make_doc(played=[[typed(1, [1, 2, 3], [120, -40, -70])]]))  # tarzs: not zero-sum


def test_a_typed_schnapsen_result_gives_each_seats_lost_bummerl():
    raw = make_doc(
        preset="points",
        game="schnapsen",
        table_size=2,
        players=4,
        played=[[typed(1, [1, 2], [20, 25]), typed(2, [3, 4], [7, 0], bummerl=[0, 1])]],
    )
    assert refusal(raw).startswith("round 1, table 1, bummerl: is required: each seat's lost Bummerl")
    raw["played"][0]["tables"][0]["bummerl"] = [1, 2]
    t = T.load(raw)
    assert T.seat_places(t, (1, 2), t.played[0].tables[0]) == (1, 2)  # fewer lost Bummerl, though fewer points
    assert T.load(T.dump(t)) == t
    tarok = make_doc(played=[[typed(1, [1, 2, 3], [1, 2, 3], bummerl=[0, 0, 0])]])
    assert refusal(tarok).startswith("round 1, table 1, bummerl: is not a field of a tournament document")


def test_a_schnapsen_table_played_in_talon_is_placed_by_its_lost_bummerl():
    hands = [{"winner": "Ana", "game_points": 3}] * 3 + [{"winner": "Bojan", "game_points": 1}] * 5
    raw = make_doc(
        preset="points",
        game="schnapsen",
        table_size=2,
        players=2,
        played=[
            [
                {
                    "table": 1,
                    "seats": [1, 2],
                    "document": {"game": "schnapsen", "players": ["Ana", "Bojan"], "hands": hands},
                }
            ]
        ],
    )
    t = T.load(raw)
    assert t.played[0].tables[0].totals == (9, 5)
    assert T.seat_places(t, (1, 2), t.played[0].tables[0]) == (1, 2)  # Bojan lost the Bummerl (Ana reached 7)


def test_the_error_is_translatable():
    with pytest.raises(T.InvalidTournament) as caught:
        T.load(make_doc(played=[[typed(1, [1, 2, 10], [1, 2, 3])]]))
    error = caught.value
    assert (error.round, error.table, error.field) == (1, 1, "seats")
    czech = {"round {round}": "kolo {round}", "table {table}": "stůl {table}"}
    assert error.message(lambda text: czech.get(text, text)).startswith("kolo 1, stůl 1, seats: 10 is not")


# ---- places at a table (TN6) -------------------------------------------------------------------------------------


def test_two_tied_for_first_at_a_table_of_three_get_one_and_a_half_each():
    t = T.load(make_doc())
    assert T.places(t, (1, 2, 3), (50, 50, -10)) == (Fraction(3, 2), Fraction(3, 2), Fraction(1, 2))
    assert T.seat_places(t, (1, 2, 3), (50, 50, -10)) == (1, 1, 3)
    assert T.places(t, (1, 2, 3), (0, 0, 0)) == (Fraction(7, 6),) * 3
    assert T.places(t, (1, 2, 3), (-5, 10, 0)) == (Fraction(1, 2), 2, 1)


PLACE_POINTS_FOUR = T.load(make_doc(preset="place-points", game="two-ten-jack", players=4))


def test_place_points_four_three_two_one():
    t = T.load(make_doc(preset="place-points", game="czech-taroky", players=4))
    assert T.places(t, (1, 2, 3, 4), (10, -20, 30, -20)) == (3, Fraction(3, 2), 4, Fraction(3, 2))


# ---- standings (TN7) ---------------------------------------------------------------------------------------------


def sl_points(players, rounds, tie_breaks, measure="points"):
    return make_doc(
        preset="points",
        game="slovenian-tarok",
        table_size=3,
        players=players,
        scoring={"measure": measure, "tie_breaks": tie_breaks},
        played=rounds,
    )


def test_shared_places_repeat_and_are_listed_by_start_number():
    t = T.load(sl_points(6, [[typed(1, [4, 1, 2], [20, 30, 25]), typed(2, [3, 6, 5], [20, 10, 0])]], []))
    rows = T.standings_json(t)["standings"]
    assert [(r["no"], r["place"], r["measure"]) for r in rows] == [
        (1, 1, 30),
        (2, 2, 25),
        (3, 3, 20),
        (4, 3, 20),
        (6, 5, 10),
        (5, 6, 0),
    ]
    assert rows[0] == {
        "no": 1,
        "name": "Ana",
        "place": 1,
        "measure": 30,
        "tie_breaks": {},
        "rounds": [{"round": 1, "table": 1, "place": 1, "score": 30}],
    }


def test_place_points_standings_with_halves_are_exact():
    t = T.load(
        make_doc(
            played=[
                [typed(1, [1, 2, 3], [50, 50, -10]), typed(2, [4, 5, 6], [0, 0, 0]), typed(3, [7, 8, 9], [1, 2, 3])]
            ]
        )
    )
    rows = {r["no"]: r for r in T.standings_json(t)["standings"]}
    assert rows[1]["measure"] == 1.5 and rows[4]["measure"] == "7/6" and rows[9]["measure"] == 2
    assert [r["place"] for r in T.standings_json(t)["standings"]] == [1, 2, 2, 4, 4, 4, 7, 8, 9]


def test_a_sat_out_round_is_absent_from_a_players_rounds():
    t = T.load(make_doc(players=4, played=[[typed(1, [1, 2, 3], [1, 2, 3])]]))
    assert {s.no: s.rounds for s in T.standings(t)}[4] == ()


@pytest.mark.parametrize(
    "tie_break, measure, rounds",
    [
        # players 1 and 2 are level on the measure; the tie-break puts 1 first
        (
            "score",
            "place-points",
            [
                [typed(1, [1, 3, 4], [90, 10, 0]), typed(2, [2, 5, 6], [50, 10, 0])],
                [typed(1, [1, 5, 6], [-20, 0, 10]), typed(2, [2, 3, 4], [-50, 0, 0])],
            ],
        ),
        (
            "wins",
            "points",
            [
                [typed(1, [1, 3, 4], [50, 10, 0]), typed(2, [2, 5, 6], [0, 10, -5])],
                [typed(1, [1, 5, 6], [-50, 0, 0]), typed(2, [2, 3, 4], [0, 10, -5])],
            ],
        ),
        (
            "places",
            "points",
            [
                [typed(1, [1, 3, 4], [20, 10, 0]), typed(2, [2, 5, 6], [30, 10, 0])],
                [typed(1, [1, 5, 6], [0, 10, -5]), typed(2, [2, 3, 4], [-10, 0, 10])],
            ],
        ),
        (
            "best-round",
            "points",
            [
                [typed(1, [1, 3, 4], [50, 10, 0]), typed(2, [2, 5, 6], [40, 10, 0])],
                [typed(1, [1, 5, 6], [-50, 0, 0]), typed(2, [2, 3, 4], [-40, 0, 10])],
            ],
        ),
    ],
)
def test_each_tie_break_decides_between_players_level_on_the_measure(tie_break, measure, rounds):
    def rows(tie_breaks):
        t = T.load(make_doc(players=6, scoring={"measure": measure, "tie_breaks": tie_breaks}, played=rounds))
        return {s.no: s for s in T.standings(t)}

    one, two = (rows([tie_break])[no] for no in (1, 2))
    assert one.measure == two.measure and one.place < two.place
    assert one.tie_breaks[tie_break] != two.tie_breaks[tie_break]
    assert rows([])[1].place == rows([])[2].place  # level without it: the place shared


def test_head_to_head_decides_by_the_scores_at_the_tables_where_they_met():
    rounds = [
        [typed(1, [1, 2, 3], [30, 20, 0]), typed(2, [4, 5, 6], [0, 0, 0])],
        [typed(1, [2, 4, 5], [40, 0, 0]), typed(2, [1, 3, 6], [30, 0, 0])],
    ]
    t = T.load(sl_points(6, rounds, ["head-to-head"]))
    rows = T.standings(t)
    assert [(s.no, s.place) for s in rows[:2]] == [(1, 1), (2, 2)]  # both 60; 1 scored 10 more where they met
    assert rows[0].tie_breaks["head-to-head"] == 10 and rows[1].tie_breaks["head-to-head"] == -10
    assert T.standings(T.load(sl_points(6, rounds, [])))[1].place == 1


# ---- corrections (TN8) ---------------------------------------------------------------------------------------------


def test_a_correction_changes_the_standings_and_keeps_how_they_were():
    rounds = [[typed(1, [1, 2, 3], [30, 20, 0]), typed(2, [4, 5, 6], [10, 0, 5])]]
    correction = {
        "round": 1,
        "table": 1,
        "totals": [10, 20, 0],
        "reason": "appeal: a revoke",
        "at": "2026-05-01T18:30:00+00:00",
    }
    t = T.load(make_doc(players=6, played=rounds, corrections=[correction], scoring={"tie_breaks": []}))
    now = T.standings(t)
    was = T.standings(t, corrected=False)
    assert [s.no for s in was if s.place == 1] == [1, 4] and [s.no for s in now if s.place == 1] == [2, 4]
    assert t.played[0].tables[0].totals == (30, 20, 0)  # played stays as first recorded
    assert t.corrections[0].reason == "appeal: a revoke" and t.corrections[0].at.startswith("2026-05-01")
    assert T.load(T.dump(t)) == t
    # a later draw by the standings is shown as it is now and as it was
    assert T.draw(t, 2) != T.draw(t, 2, corrected=False)


@pytest.mark.parametrize(
    "change, line",
    [
        ({"reason": ""}, "correction 1, reason: a correction needs its reason"),
        ({"at": "yesterday"}, "correction 1, at: must be the correction's time"),
        ({"table": 9}, "correction 1, table: round 1 has no table 9"),
        ({"round": 2}, "correction 1, round: must be between 1 and 1"),
    ],
)
def test_a_correction_needs_a_table_a_reason_and_a_time(change, line):
    correction = {
        "round": 1,
        "table": 1,
        "totals": [10, 20, 0],
        "reason": "appeal",
        "at": "2026-05-01T18:30:00",
        **change,
    }
    raw = make_doc(players=3, played=[[typed(1, [1, 2, 3], [30, 20, 0])]], corrections=[correction])
    assert refusal(raw).startswith(line)


def test_a_corrected_zero_sum_result_must_add_up():
    raw = make_doc(
        preset="breclav",
        players=4,
        played=[[typed(1, [1, 2, 3, 4], [30, -10, -10, -10])]],
        corrections=[
            {"round": 1, "table": 1, "totals": [30, -10, -10, 0], "reason": "appeal", "at": "2026-05-01T18:30:00"}
        ],
    )
    assert refusal(raw) == (
        "correction 1, round 1, table 1, totals: must add up to 0 (the scores are zero-sum), they add up to +10"
    )


# ---- a season (TN9) ---------------------------------------------------------------------------------------------


def season():
    one = T.load(sl_points(3, [[typed(1, [1, 2, 3], [30, 20, 10])]], []))
    two = T.load(sl_points(3, [[typed(1, [1, 2, 3], [0, 20, 10])]], []))
    three = T.load(sl_points(3, [[typed(1, [1, 2, 3], [0, 10, 20])]], []))
    return [one, two, three]


def test_a_league_sums_a_place_points_table():
    lines = T.league(season(), points_table=[10, 6, 3])
    assert [(line.name, line.points, line.place) for line in lines] == [
        ("Bojan", 22, 1),
        ("Cene", 19, 2),
        ("Ana", 16, 3),
    ]
    assert lines[0].results == (6, 10, 6)


def test_a_league_counts_only_the_best_n_and_marks_the_qualified():
    lines = T.league(season(), points_table=[10, 6, 3], best_n=1, qualify=1)
    assert [(line.name, line.points, line.place, line.qualified) for line in lines] == [
        ("Ana", 10, 1, True),
        ("Bojan", 10, 1, True),
        ("Cene", 10, 1, True),
    ]
    lines = T.league(season(), points_table=[10, 6, 3], best_n=2, qualify=1)
    assert [(line.name, line.points, line.qualified) for line in lines] == [
        ("Bojan", 16, True),
        ("Cene", 16, True),
        ("Ana", 13, False),
    ]
    assert lines[0].counted == (0, 1) and T.league_json(lines)["league"][0]["counted"] == [1, 2]


def test_a_league_without_a_table_sums_each_tournaments_measure():
    lines = T.league(season())
    assert {line.name: line.points for line in lines} == {"Ana": 30, "Bojan": 50, "Cene": 40}


def test_json_numbers_are_exact():
    assert T.json_number(Fraction(3, 2)) == 1.5 and T.json_number(Fraction(7, 6)) == "7/6"
    assert T.json_number(4) == 4 and T.json_number(Fraction(-1, 4)) == -0.25


@given(totals=st.lists(st.integers(-200, 200), min_size=4, max_size=4))
def test_shared_place_points_always_add_up_to_the_tables_place_points(totals):
    t = PLACE_POINTS_FOUR
    points = T.places(t, (1, 2, 3, 4), totals)
    assert sum(points) == 4 + 3 + 2 + 1
    for i in range(4):
        for j in range(4):
            if totals[i] > totals[j]:
                assert points[i] > points[j]
            if totals[i] == totals[j]:
                assert points[i] == points[j]


# ---- Bauernschnapsen and Dreierschnapsen ------------------------------------------------------------------------


def bauern_table(number, seats, hands, names):
    return {
        "table": number,
        "seats": seats,
        "document": {"game": "bauernschnapsen", "players": [names[no - 1] for no in seats], "hands": hands},
    }


def test_a_preisschnapsen_of_bauernschnapsen_plays_at_tables_of_four_ranked_by_the_fewest_lost_bummerl():
    """Two rounds of eight players. Round 1: Ana and Cene win a Bummerl at once, Bojan and Dora at 0 get 2 each
    (Schneider); Eva and Gal win one against Filip and Hana at 9 (1 each). Round 2: Bojan and Dora win one against
    Eva and Gal at 0 (2 each); Filip and Hana score 9 against Ana and Cene, no Bummerl ends. The standings: the
    fewest lost Bummerl first, then the most game points (Bojan, Dora, Eva and Gal: 2 lost and 24 points each);
    both partners of a team always level."""
    names = NAMES[:8]
    schneider = [{"contract": "herrenschnapser", "declarer": "x", "won": True}]  # 24 at once
    raw = make_doc(preset="preisschnapsen", players=8)
    raw["played"] = [
        {
            "round": 1,
            "tables": [
                bauern_table(1, [1, 2, 3, 4], [dict(schneider[0], declarer="Ana")], names),
                bauern_table(
                    2,
                    [5, 6, 7, 8],
                    [{"contract": "gang", "declarer": "Filip", "won": True}, dict(schneider[0], declarer="Eva")],
                    names,
                ),
            ],
        },
        {
            "round": 2,
            "tables": [
                bauern_table(1, [2, 5, 4, 7], [dict(schneider[0], declarer="Bojan")], names),
                bauern_table(2, [1, 6, 3, 8], [{"contract": "gang", "declarer": "Filip", "won": True}], names),
            ],
        },
    ]
    t = T.load(raw)
    assert (t.game, t.table_size, t.scoring.measure) == ("bauernschnapsen", 4, "ranking")
    rows = T.standings_json(t)["standings"]
    lost = {row["name"]: row["measure"] for row in rows}
    assert lost == {"Ana": 0, "Cene": 0, "Filip": 1, "Hana": 1, "Bojan": 2, "Dora": 2, "Eva": 2, "Gal": 2}
    assert [row["name"] for row in rows] == ["Ana", "Cene", "Filip", "Hana", "Bojan", "Dora", "Eva", "Gal"]
    assert [row["place"] for row in rows] == [1, 1, 3, 3, 5, 5, 5, 5]  # Bojan, Dora 24 game points; Eva, Gal 24
    refused = make_doc(preset="preisschnapsen", players=8, table_size=3)
    assert refusal(refused).startswith("table_size: bauernschnapsen is not played by 3 at a table")


def test_the_points_preset_takes_both_games():
    four = T.load(make_doc(preset="points", game="bauernschnapsen", players=8))
    three = T.load(make_doc(preset="points", game="dreierschnapsen", table_size=3, players=9))
    assert (four.table_size, three.table_size) == (4, 3)
    typed_three = make_doc(
        preset="points",
        game="dreierschnapsen",
        table_size=3,
        players=3,
        played=[[typed(1, [1, 2, 3], [30, 18, 6], bummerl=[0, 1, 1])]],
    )
    t = T.load(typed_three)
    assert T.seat_places(t, (1, 2, 3), t.played[0].tables[0]) == (1, 2, 3)
