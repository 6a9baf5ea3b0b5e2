"""Two Ten Jack: worked examples T1–T3 of shared/rules/two-ten-jack.md, reversal, removed cards, house rules."""

import pytest

from games.engines import two_ten_jack as ttj
from games.engines.base import InvalidHand
from games.engines.table import InvalidTable, parse_document, replay

PLAYERS = ["Aiko", "Ben", "Chie"]
T1 = {"captured": {"Aiko": ["2H", "KH", "QS", "10S"], "Ben": ["10H", "JH", "AH", "2S"],
                   "Chie": ["QH", "AS", "KS", "JS"]}}
T2 = {"captured": {"Ben": ["2H", "10H", "JH", "AH", "KH", "QH", "QS"], "Chie": ["AS", "KS", "JS", "10S", "2S"],
                   "Aiko": []}}
T3 = {"captured": {"Aiko": ["2S", "10S", "JS", "AS", "KS", "QS"], "Ben": ["AH", "KH"],
                   "Chie": ["2H", "10H", "JH", "QH"]}}


def run(hands, rules=None, players=PLAYERS):
    table, raw = parse_document({"game": "two-ten-jack", "players": players, "rules": rules or {}, "hands": hands})
    return replay(table, raw)


def test_t1_to_t3_and_the_winner():
    result = run([T1, T2, T3])
    assert result.results[0].scores == {"Aiko": 0, "Ben": 15, "Chie": -15}
    assert result.results[1].scores == {"Aiko": 0, "Ben": -50, "Chie": -40}
    assert result.results[2].scores == {"Aiko": 45, "Ben": 10, "Chie": 35}
    assert result.totals == {"Aiko": 45, "Ben": -25, "Chie": -20}


def test_reversal_can_be_switched_off():
    assert run([T2], {"reversal": False}).results[0].scores["Ben"] == 40


def test_a_removed_scoring_card_makes_reversal_impossible():
    hand = {"removed": ["2H", "3C"], "captured": {"Ben": ["10H", "JH", "AH", "KH", "QH"]}}
    assert run([hand]).results[0].scores["Ben"] == 35


def test_custom_point_table_replaces_the_whole_table():
    result = run([T1], {"card_points": {"QS": -13, "JK": 5}, "reversal": False})
    assert result.results[0].scores == {"Aiko": -13, "Ben": 0, "Chie": 0}


def test_custom_table_reverses_a_suit_whose_scoring_cards_one_player_holds_all_of():
    # the custom table has a single scoring spade: holding it is holding all of them
    result = run([T1], {"card_points": {"QS": -13, "2H": 4}})
    assert result.results[0].scores == {"Aiko": 13 - 4, "Ben": 0, "Chie": 0}


def test_explanation_lists_cards_and_reversal():
    lines = run([T2]).results[0].explanation()
    assert "TR2 (reversal: true): Ben captured all the scoring ♥: reversed, so −50." in lines


def test_a_game_has_as_many_rounds_as_players():
    with pytest.raises(InvalidTable) as caught:
        run([T1, T1, T1, T1])
    assert caught.value.where == "hand 4"


@pytest.mark.parametrize("raw, field", [
    ({"removed": ["2H"], "captured": {}}, "removed"),
    ({"captured": {"Aiko": ["ZZ"]}}, "captured.Aiko"),
    ({"captured": {"Aiko": ["2H"], "Ben": ["2H"]}}, "captured.Ben"),
    ({"removed": ["2H", "3H"], "captured": {"Aiko": ["2H"]}}, "captured.Aiko"),
    ({"captured": {"Zed": []}}, "captured"),
    ({}, "captured"),
])
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(InvalidHand) as caught:
        ttj.parse_hand(raw, tuple(PLAYERS), ttj.parse_rules({}))
    assert caught.value.field == field
