"""Czech Taroky: every worked example E1–E12 of games/czech_taroky/rules.md, the house rules and bad input."""

import pytest

from games.contract.words import InvalidHand
from games.czech_taroky import engine as ct

PLAYERS = ("A", "B", "C", "D")


def score(raw, **rules):
    parsed_rules = ct.parse_rules(rules)
    hand = ct.parse_hand(raw, PLAYERS, parsed_rules)
    result = ct.score_hand(hand, parsed_rules, ct.new_state(PLAYERS, parsed_rules))
    return [result.scores[p] for p in PLAYERS], result.explanation()


WORKED_EXAMPLES = {
    "E1 team win": ({"povinnost": "A", "partner": "C", "points": 63}, [4, -4, 4, -4]),
    "E2 team loss": ({"povinnost": "A", "partner": "B", "points": 40}, [-5, -5, 5, 5]),
    "E3 tie": ({"povinnost": "A", "partner": "C", "points": 53}, [-2, 2, -2, 2]),
    "E4 contra ladder": ({"povinnost": "A", "partner": "D", "points": 58, "contra": 3}, [24, -24, -24, 24]),
    "E5 prever keeps first three and wins": (
        {"povinnost": "A", "mode": "prever", "prever": "B", "talon": 1, "points": 59},
        [-5, 15, -5, -5],
    ),
    "E6 prever down and back up loses": (
        {"povinnost": "A", "mode": "prever", "prever": "B", "talon": 3, "points": 45},
        [20, -60, 20, 20],
    ),
    "E7 I on the end announced and made with contra": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 55,
            "contra": 1,
            "pagat": {"side": "declarers", "announced": True, "made": True},
        },
        [8, -8, 8, -8],
    ),
    "E8 I on the end failed, sign flips": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 54,
            "pagat": {"side": "declarers", "announced": True, "made": False},
        },
        [-2, 2, -2, 2],
    ),
    "E9 valat announced and made with contra": (
        {
            "povinnost": "A",
            "partner": "C",
            "contra": 1,
            "valat": {"side": "declarers", "announced": True, "made": True},
        },
        [80, -80, 80, -80],
    ),
    "E10 unannounced valat by prever": (
        {
            "povinnost": "A",
            "mode": "prever",
            "prever": "B",
            "valat": {"side": "declarers", "announced": False, "made": True},
        },
        [-30, 90, -30, -30],
    ),
    "E11 point cards": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 64,
            "contra": 1,
            "declarations": [
                {"player": "A", "kind": "big-ones"},
                {"player": "A", "kind": "trul"},
                {"player": "B", "kind": "uni"},
                {"player": "D", "kind": "rosa-honery"},
            ],
        },
        [18, -6, -6, -6],
    ),
    "E12 povinnost alone": ({"povinnost": "A", "partner": "A", "points": 60}, [9, -3, -3, -3]),
}


@pytest.mark.parametrize("raw, expected", WORKED_EXAMPLES.values(), ids=WORKED_EXAMPLES.keys())
def test_worked_examples(raw, expected):
    scores, _ = score(raw)
    assert scores == expected


def test_explanation_shows_every_step_with_its_numbers():
    _, lines = score({"povinnost": "A", "partner": "B", "points": 40})
    text = "\n".join(lines)
    assert "d = |40 − 53| = 13." in text
    assert "(d + 10) × 2 = 23 × 2 = 46." in text
    assert "46 / 10 = 4.6, rounded half up: 5." in text
    assert "A and B −5 each; C and D +5 each." in text


def test_explanation_shows_talon_contra_and_pagat():
    _, lines = score(
        {
            "povinnost": "A",
            "mode": "prever",
            "prever": "B",
            "talon": 2,
            "points": 50,
            "contra": 1,
            "pagat": {"side": "defenders", "announced": False, "made": True},
        }
    )
    text = "\n".join(lines)
    assert "× talon 2 = −8." in text
    assert "× contra 2 = −16." in text
    assert "Game −16, then I on the end −2: −18." in text
    assert "1 against 3: B −54; A, C and D +18 each." in text


def test_point_card_lines_name_who_pays():
    _, lines = score(
        {"povinnost": "A", "partner": "C", "points": 60, "declarations": [{"player": "B", "kind": "trul"}]}
    )
    assert any("B declared trul" in line and "B +6" in line for line in lines)


@pytest.mark.parametrize(
    "points, base", [(53, 2), (55, 2), (56, 3), (60, 3), (61, 4), (65, 4), (66, 5), (70, 5), (71, 6), (75, 6)]
)
def test_team_base_ladder(points, base):
    scores, _ = score({"povinnost": "A", "partner": "C", "points": points})
    assert abs(scores[0]) == base


@pytest.mark.parametrize(
    "d, base", [(0, 3), (1, 3), (2, 4), (4, 4), (5, 5), (8, 5), (9, 6), (11, 6), (12, 7), (14, 7), (15, 8), (18, 8)]
)
def test_prever_base_ladder(d, base):
    scores, _ = score({"povinnost": "A", "mode": "prever", "prever": "A", "points": 53 + d if d else 53})
    assert abs(scores[1]) == base


def test_step_factor_off_reads_the_help_text_literally():
    assert score({"povinnost": "A", "partner": "C", "points": 53}, step_factor=False)[0] == [-1, 1, -1, 1]
    # prever still pays triple: d = 12 → 22 / 10 = 2.2 → 2
    assert score({"povinnost": "A", "mode": "prever", "prever": "B", "points": 65}, step_factor=False)[0] == [
        -2,
        6,
        -2,
        -2,
    ]


def test_rounding_up():
    # d = 10 → 40 → 4 either way; d = 11 → 42 → 4.2: half-up 4, up 5
    assert score({"povinnost": "A", "partner": "C", "points": 64}, rounding="up")[0] == [5, -5, 5, -5]
    assert score({"povinnost": "A", "partner": "C", "points": 64})[0] == [4, -4, 4, -4]


def test_prever_talon_multiplier_always():
    raw = {"povinnost": "A", "mode": "prever", "prever": "B", "talon": 2, "points": 59}
    assert score(raw)[0] == [-5, 15, -5, -5]
    assert score(raw, prever_talon_multiplier="always")[0] == [-10, 30, -10, -10]


def test_prever_talon_two_doubles_a_loss():
    raw = {"povinnost": "A", "mode": "prever", "prever": "B", "talon": 2, "points": 45}
    assert score(raw)[0] == [10, -30, 10, 10]


def test_pagat_inside_multipliers():
    raw = {
        "povinnost": "A",
        "partner": "C",
        "points": 55,
        "contra": 1,
        "pagat": {"side": "declarers", "announced": True, "made": True},
    }
    # (2 + 4) × 2 = 12 instead of 2 × 2 + 4 = 8
    assert score(raw, pagat_inside_multipliers=True)[0] == [12, -12, 12, -12]


def test_contra_on_valat_off():
    raw = {
        "povinnost": "A",
        "partner": "C",
        "contra": 1,
        "valat": {"side": "declarers", "announced": True, "made": True},
    }
    assert score(raw, contra_on_valat=False)[0] == [40, -40, 40, -40]


def test_failed_announced_valat_pays_the_announced_amount():
    raw = {
        "povinnost": "A",
        "mode": "prever",
        "prever": "B",
        "talon": 3,
        "valat": {"side": "declarers", "announced": True, "made": False},
    }
    # 60 in prever, no talon multiplier on a valat
    assert score(raw)[0] == [60, -180, 60, 60]


def test_valat_by_defenders_ignores_points_and_pagat():
    raw = {
        "povinnost": "A",
        "partner": "C",
        "points": 0,
        "valat": {"side": "defenders", "announced": False, "made": True},
        "pagat": {"side": "defenders", "announced": True, "made": True},
    }
    assert score(raw)[0] == [-20, 20, -20, 20]


def test_unannounced_pagat_failing_costs_two():
    raw = {
        "povinnost": "A",
        "partner": "C",
        "points": 70,
        "pagat": {"side": "declarers", "announced": False, "made": False},
    }
    assert score(raw)[0] == [3, -3, 3, -3]


BAD_HANDS = {
    "points too high": ({"povinnost": "A", "partner": "C", "points": 120}, "points"),
    "points missing": ({"povinnost": "A", "partner": "C"}, "points"),
    "points a string": ({"povinnost": "A", "partner": "C", "points": "60"}, "points"),
    "unknown player": ({"povinnost": "Z", "partner": "C", "points": 60}, "povinnost"),
    "partner missing": ({"povinnost": "A", "points": 60}, "partner"),
    "called too low": ({"povinnost": "A", "partner": "C", "called": "XIV", "points": 60}, "called"),
    "prever missing": ({"povinnost": "A", "mode": "prever", "points": 60}, "prever"),
    "talon out of range": ({"povinnost": "A", "mode": "prever", "prever": "B", "talon": 4, "points": 60}, "talon"),
    "partner in prever": ({"povinnost": "A", "mode": "prever", "prever": "B", "partner": "C", "points": 60}, "partner"),
    "contra above supra": ({"povinnost": "A", "partner": "C", "points": 60, "contra": 4}, "contra"),
    "unknown field": ({"povinnost": "A", "partner": "C", "points": 60, "bonus": 1}, "bonus"),
    "two trump-count kinds": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "uni"}, {"player": "A", "kind": "bida"}],
        },
        "declarations",
    ),
    "trul twice": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "trul"}, {"player": "B", "kind": "trul"}],
        },
        "declarations",
    ),
    "honours for two players": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "honery"}, {"player": "B", "kind": "rosa-honery"}],
        },
        "declarations",
    ),
    "trul with uni": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "trul"}, {"player": "A", "kind": "uni"}],
        },
        "declarations",
    ),
    "trul with bida": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "trul"}, {"player": "A", "kind": "bida"}],
        },
        "declarations",
    ),
    "rosa-honery-plus with uni": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "rosa-honery-plus"}, {"player": "A", "kind": "uni"}],
        },
        "declarations",
    ),
    "big-ones with rosa-honery": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [{"player": "A", "kind": "big-ones"}, {"player": "A", "kind": "rosa-honery"}],
        },
        "declarations",
    ),
    "unknown point card": (
        {"povinnost": "A", "partner": "C", "points": 60, "declarations": [{"player": "A", "kind": "pagat"}]},
        "declarations[1].kind",
    ),
    "valat side unknown": (
        {"povinnost": "A", "partner": "C", "valat": {"side": "us", "announced": True, "made": True}},
        "valat.side",
    ),
    "empty valat": (
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "valat": {"side": "declarers", "announced": False, "made": False},
        },
        "valat",
    ),
}


@pytest.mark.parametrize("raw, field", BAD_HANDS.values(), ids=BAD_HANDS.keys())
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(InvalidHand) as caught:
        score(raw)
    assert caught.value.field == field
    assert caught.value.message()


def test_possible_declarations_are_accepted():
    scores, _ = score(
        {
            "povinnost": "A",
            "partner": "C",
            "points": 60,
            "declarations": [
                {"player": "A", "kind": "trul"},
                {"player": "A", "kind": "rosa-honery-plus"},
                {"player": "B", "kind": "big-ones"},
                {"player": "C", "kind": "little-ones"},
            ],
        }
    )
    # game ±3, then trul 2 and rosa-honery-plus 6 for A, big-ones 4 for B, little-ones 2 for C
    assert scores == [3 + 6 + 18 - 4 - 2, -3 - 2 - 6 + 12 - 2, 3 - 2 - 6 - 4 + 6, -3 - 2 - 6 - 4 - 2]


@pytest.mark.parametrize(
    "raw, field",
    [({"step_factor": "yes"}, "step_factor"), ({"rounding": "down"}, "rounding"), ({"colour": 1}, "colour")],
)
def test_bad_rules_name_the_option(raw, field):
    with pytest.raises(InvalidHand) as caught:
        ct.parse_rules(raw)
    assert caught.value.field == field


def test_rotation_follows_povinnost_counter_clockwise():
    state = ct.new_state(PLAYERS, ct.Rules())
    assert ct.next_povinnost(state) is None
    hand = ct.parse_hand({"povinnost": "D", "partner": "A", "points": 60}, PLAYERS, ct.Rules())
    _, state = ct.play(hand, ct.Rules(), state)
    assert ct.next_povinnost(state) == "A"
    assert ct.next_dealer(state) == "D"


def test_defaults_written_out_are_accepted_where_they_do_not_apply():
    team = {
        "povinnost": "A",
        "partner": "C",
        "points": 63,
        "mode": "team",
        "called": "XIX",
        "talon": 1,
        "prever": None,
        "contra": 0,
        "valat": None,
        "pagat": None,
        "declarations": [],
    }
    assert score(team)[0] == [4, -4, 4, -4]
    prever = {
        "povinnost": "A",
        "mode": "prever",
        "prever": "B",
        "talon": 1,
        "points": 59,
        "partner": None,
        "called": "XIX",
    }
    assert score(prever)[0] == [-5, 15, -5, -5]
    with pytest.raises(InvalidHand) as caught:
        score({**team, "talon": 2})
    assert caught.value.field == "talon"
