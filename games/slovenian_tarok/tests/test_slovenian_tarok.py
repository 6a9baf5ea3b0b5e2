"""Slovenian Tarok: worked examples S1–S6 of games/slovenian_tarok/rules.md, house rules, bad input."""

from fractions import Fraction

import pytest

from games.contract.words import InvalidHand
from games.engines.table import parse_document, replay
from games.slovenian_tarok import engine as st

THREE = ("Ana", "Bojan", "Cene")
FOUR = ("Ana", "Bojan", "Cene", "Dora")
FOUR_S4 = ("Dora", "Pia", "Ema", "Fran")


def run(players, hands, rules=None):
    table, raw_hands = parse_document(
        {"game": "slovenian-tarok", "players": list(players), "rules": rules or {}, "hands": hands}
    )
    return replay(table, raw_hands)


def test_s1_three_players_two_won_with_kings_and_lost_mond():
    result = run(
        THREE,
        [
            {
                "contract": "two",
                "declarer": "Ana",
                "points": "40 2/3",
                "mond_lost_by": "Bojan",
                "bonuses": [{"kind": "kings", "side": "declarers", "announced": False, "made": True}],
            }
        ],
    )
    assert result.results[0].scores == {"Ana": 36, "Bojan": -21, "Cene": 0}


def test_s2_three_players_one_lost():
    result = run(
        THREE,
        [
            {
                "contract": "one",
                "declarer": "Ana",
                "points": "33 1/3",
                "bonuses": [
                    {"kind": "pagat-ultimo", "side": "declarers", "announced": True, "made": False},
                    {"kind": "trula", "side": "defenders", "announced": False, "made": True},
                ],
            }
        ],
    )
    assert result.results[0].scores["Ana"] == -92


def test_s2_variant_35_and_a_third_loses_with_no_difference():
    result = run(THREE, [{"contract": "one", "declarer": "Ana", "points": "35 1/3"}])
    assert result.results[0].scores["Ana"] == -30


def test_s3_klop_scores_each_player_and_the_70_rule():
    result = run(
        THREE,
        [
            {"contract": "klop", "klop": {"Ana": "31 1/3", "Bojan": 24, "Cene": "14 2/3"}},
            {"contract": "klop", "klop": {"Ana": 0, "Bojan": 41, "Cene": 29}},
        ],
    )
    assert result.results[0].scores == {"Ana": -31, "Bojan": -24, "Cene": -15}
    assert result.results[1].scores == {"Ana": 70, "Bojan": -70, "Cene": 0}


def test_s4_four_players_three_with_kontra_and_bonuses():
    result = run(
        FOUR_S4,
        [
            {
                "contract": "three",
                "declarer": "Dora",
                "partner": "Pia",
                "points": 44,
                "kontra": 1,
                "mond_lost_by": "Dora",
                "bonuses": [
                    {"kind": "kings", "side": "declarers", "announced": True, "made": True},
                    {"kind": "king-ultimo", "side": "declarers", "announced": False, "made": True},
                    {"kind": "trula", "side": "defenders", "announced": False, "made": True},
                ],
            }
        ],
    )
    assert result.results[0].scores == {"Dora": 39, "Pia": 60, "Ema": 0, "Fran": 0}


def test_s5_solo_one_rekontra_with_a_radelc():
    rules = st.parse_rules({}, FOUR)
    state = st.State(players=FOUR, radelci=(0, 0, 0, 1), used=(0, 0, 0, 0))
    hand = st.parse_hand(
        {
            "contract": "solo-one",
            "declarer": "Dora",
            "points": 31,
            "kontra": 2,
            "bonuses": [{"kind": "pagat-ultimo", "side": "declarers", "announced": True, "made": True, "kontra": 1}],
        },
        FOUR,
        rules,
    )
    result, after = st.play(hand, rules, state)
    assert result.scores["Dora"] == -320
    assert after.radelci == (0, 0, 0, 1), "lost, so she keeps her radelc"


def test_s6_radelci_across_hands():
    result = run(
        FOUR,
        [
            {"contract": "beggar", "declarer": "Cene", "won": True},
            {"contract": "klop", "klop": {"Ana": 0, "Bojan": 20, "Cene": 25, "Dora": 25}},
            {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},
        ],
    )
    assert result.results[0].scores["Cene"] == 70
    assert result.results[1].scores == {"Ana": 140, "Bojan": 0, "Cene": 0, "Dora": 0}
    assert result.results[2].scores == {"Ana": 0, "Bojan": 50, "Cene": 0, "Dora": 50}
    assert st.summary(result.state)["radelci"] == {"Ana": 1, "Bojan": 1, "Cene": 2, "Dora": 2}


@pytest.mark.parametrize(
    "points, d", [(35, 0), (37, 0), (Fraction(113, 3), 5), (38, 5), (42, 5), (43, 10), (44, 10), (Fraction(76, 3), 10)]
)
def test_four_player_difference_rounds_to_five(points, d):
    raw_points = st.format_points(Fraction(points))
    result = run(FOUR, [{"contract": "solo-three", "declarer": "Ana", "points": raw_points}], {"radelci": False})
    assert abs(result.results[0].scores["Ana"]) == 40 + d


def test_three_players_can_choose_rounding_to_five():
    result = run(THREE, [{"contract": "three", "declarer": "Ana", "points": 38}], {"difference_rounding": "five"})
    assert result.results[0].scores["Ana"] == 15


def test_valat_bonus_replaces_game_and_bonuses():
    result = run(
        FOUR,
        [
            {
                "contract": "one",
                "declarer": "Ana",
                "partner": "Bojan",
                "points": 70,
                "kontra": 1,
                "bonuses": [
                    {"kind": "valat", "side": "declarers", "announced": False, "made": True},
                    {"kind": "trula", "side": "declarers", "announced": True, "made": True},
                ],
            }
        ],
    )
    assert result.results[0].scores["Ana"] == 500  # 250 × game kontra 2


def test_failed_announced_valat_costs_500_times_kontra():
    result = run(
        FOUR,
        [
            {
                "contract": "three",
                "declarer": "Ana",
                "partner": "Bojan",
                "points": 50,
                "bonuses": [{"kind": "valat", "side": "declarers", "announced": True, "made": False, "kontra": 1}],
            }
        ],
    )
    # game 10 + 15 = 25, valat −1000
    assert result.results[0].scores["Ana"] == 25 - 1000


def test_mondpenalty_option_and_never_doubled_by_radelc():
    result = run(
        FOUR,
        [
            {"contract": "beggar", "declarer": "Ana", "won": True},
            {"contract": "three", "declarer": "Ana", "points": 40, "mond_lost_by": "Ana"},
        ],
        {"mond_penalty": 20},
    )
    assert result.results[1].scores["Ana"] == (10 + 5) * 2 - 20


def test_klop_threshold_option():
    hands = [{"contract": "klop", "klop": {"Ana": "35 2/3", "Bojan": "20 1/3", "Cene": 14}}]
    assert run(THREE, hands).results[0].scores == {"Ana": -36, "Bojan": -20, "Cene": -14}
    assert run(THREE, hands, {"klop_full_threshold": "at-least-35-2/3"}).results[0].scores == {
        "Ana": -70,
        "Bojan": 0,
        "Cene": 0,
    }


def test_three_players_have_no_radelci_by_default():
    result = run(THREE, [{"contract": "beggar", "declarer": "Ana", "won": False}])
    assert st.summary(result.state)["radelci"] == {"Ana": 0, "Bojan": 0, "Cene": 0}
    assert result.results[0].scores["Ana"] == -70


def test_radelc_crossed_off_only_when_won_even_if_bonuses_make_it_negative():
    result = run(
        FOUR,
        [
            {"contract": "beggar", "declarer": "Ana", "won": True},
            {
                "contract": "three",
                "declarer": "Ana",
                "points": 36,
                "bonuses": [{"kind": "pagat-ultimo", "side": "declarers", "announced": True, "made": False}],
            },
        ],
    )
    assert result.results[1].scores["Ana"] == (10 + 0 - 50) * 2
    assert st.summary(result.state)["radelci"]["Ana"] == 0


BAD = {
    "contract only for four": (THREE, {"contract": "solo-one", "declarer": "Ana", "points": 40}, "contract"),
    "partner with three players": (
        THREE,
        {"contract": "three", "declarer": "Ana", "partner": "Bojan", "points": 40},
        "partner",
    ),
    "partner in a solo": (
        FOUR,
        {"contract": "solo-two", "declarer": "Ana", "partner": "Bojan", "points": 40},
        "partner",
    ),
    "points not in thirds": (FOUR, {"contract": "three", "declarer": "Ana", "points": "40 1/2"}, "points"),
    "points over 70": (FOUR, {"contract": "three", "declarer": "Ana", "points": 71}, "points"),
    "won missing in beggar": (FOUR, {"contract": "beggar", "declarer": "Ana"}, "won"),
    "bonus in beggar": (
        FOUR,
        {
            "contract": "beggar",
            "declarer": "Ana",
            "won": True,
            "bonuses": [{"kind": "trula", "side": "declarers", "announced": False, "made": True}],
        },
        "bonuses",
    ),
    "kontra on an unannounced bonus": (
        FOUR,
        {
            "contract": "three",
            "declarer": "Ana",
            "points": 40,
            "bonuses": [{"kind": "trula", "side": "declarers", "announced": False, "made": True, "kontra": 1}],
        },
        "bonuses[1].kontra",
    ),
    "klop not adding to 70": (THREE, {"contract": "klop", "klop": {"Ana": 30, "Bojan": 30, "Cene": 5}}, "klop"),
    "klop missing a player": (
        THREE,
        {"contract": "klop", "klop": {"Ana": 40, "Bojan": 30}},
        "klop",
    ),  # the message names them
    "kontra beyond mord": (FOUR, {"contract": "three", "declarer": "Ana", "points": 40, "kontra": 5}, "kontra"),
}


@pytest.mark.parametrize("players, raw, field", BAD.values(), ids=BAD.keys())
def test_bad_input_names_the_field(players, raw, field):
    rules = st.parse_rules({}, players)
    with pytest.raises(InvalidHand) as caught:
        st.parse_hand(raw, players, rules)
    assert caught.value.field == field


def test_points_parse_thirds():
    assert st.parse_points("40 2/3", "p") == Fraction(122, 3)
    assert st.parse_points("2/3", "p") == Fraction(2, 3)
    assert st.parse_points(35, "p") == 35
    assert st.format_points(Fraction(122, 3)) == "40 2/3"


@pytest.mark.parametrize(
    "points, rounding, said",
    [
        (44, "five", "Difference: |44 − 35| = 9, to the nearest 5: 10."),
        (45, "five", "Difference: |45 − 35| = 10."),
        (Fraction(133, 3), "five", "Difference: |44⅓ − 35| = 9⅓ → 9, to the nearest 5: 10."),
        (Fraction(121, 3), "five", "Difference: |40⅓ − 35| = 5⅓, rounded (⅓ down, ⅔ up): 5."),
        (44, "whole", "Difference: |44 − 35| = 9."),
        (Fraction(134, 3), "whole", "Difference: |44⅔ − 35| = 9⅔, rounded (⅓ down, ⅔ up): 10."),
    ],
)
def test_the_difference_says_a_rounding_only_when_it_changes_the_number(points, rounding, said):
    """Issue 44: "|44 − 35| = 9 → 9" said the 9 twice; each rounding is said only when it changes the number."""
    hand = {"contract": "three", "declarer": "Ana", "partner": "Bojan", "points": st.format_points(Fraction(points))}
    result = run(FOUR, [hand], {"difference_rounding": rounding})
    lines = [line.split(": ", 1)[1] if line.startswith("SR") else line for line in result.results[0].explanation()]
    assert said in [line.split("): ", 1)[-1] for line in lines]
