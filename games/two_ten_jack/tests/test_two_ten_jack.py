"""Two Ten Jack: worked examples T1–T3 of games/two_ten_jack/rules.md, reversal, removed cards, house rules."""

import pytest

from games.contract.words import InvalidHand
from games.engines.table import parse_document, replay
from games.two_ten_jack import engine as ttj

PLAYERS = ["Aiko", "Ben", "Chie"]
T1 = {
    "captured": {"Aiko": ["2H", "KH", "QS", "10S"], "Ben": ["10H", "JH", "AH", "2S"], "Chie": ["QH", "AS", "KS", "JS"]}
}
T2 = {
    "captured": {
        "Ben": ["2H", "10H", "JH", "AH", "KH", "QH", "QS"],
        "Chie": ["AS", "KS", "JS", "10S", "2S"],
        "Aiko": [],
    }
}
T3 = {
    "captured": {"Aiko": ["2S", "10S", "JS", "AS", "KS", "QS"], "Ben": ["AH", "KH"], "Chie": ["2H", "10H", "JH", "QH"]}
}


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


def test_the_explanation_says_a_removed_scoring_card_makes_its_suits_reversal_impossible():
    hand = {"removed": ["2H", "3C"], "captured": {"Ben": ["10H", "JH", "AH", "KH", "QH"]}}
    lines = run([hand]).results[0].explanation()
    assert (
        "TR2 (reversal: true): Out of the deck: 2♥. Nobody can capture all the scoring ♥: no reversal of ♥ this round."
    ) in lines
    assert not any("♠: no reversal" in line for line in lines)
    assert not any("Out of the deck" in line for line in run([hand], {"reversal": False}).results[0].explanation())
    harmless = {"removed": ["3C", "4C"], "captured": {"Ben": ["10H"]}}
    assert not any("Out of the deck" in line for line in run([harmless]).results[0].explanation())


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


def test_a_game_has_as_many_rounds_as_players_then_the_next_game_begins():
    one_game = run([T1, T2, T3])
    status = ttj.status(one_game.state).as_json()
    assert status["finished"] and status["game"] == 1 and status["games_won"] == {"Aiko": 1, "Ben": 0, "Chie": 0}
    evening = run([T1, T2, T3, T2])
    status = ttj.status(evening.state).as_json()
    assert not status["finished"] and status["game"] == 2 and status["rounds_played"] == 1
    assert status["game_points"] == {"Aiko": 0, "Ben": -50, "Chie": -40}  # this game's points alone
    assert evening.totals == {"Aiko": 45, "Ben": -75, "Chie": -60}  # the evening's, through every game
    assert status["games_won"] == {"Aiko": 1, "Ben": 0, "Chie": 0}
    assert evening.results[3].explanation()[:2] == ["TR1: Game 2 begins; game 1 went to Aiko.", "TR1: Round 1 of 3."]
    assert ttj.next_dealer(evening.state) == "Ben"


def test_the_winner_of_the_second_game_is_who_won_its_rounds():
    evening = run([T1, T2, T3, T3, T3, T2])  # game 2: Aiko 90, Ben −40, Chie 30
    status = ttj.status(evening.state).as_json()
    assert ttj.winners(evening.totals, status) == ["Aiko"]
    assert status["games_won"] == {"Aiko": 2, "Ben": 0, "Chie": 0}
    evening = run([T1, T2, T3, T2, T2, T2, {"adjustment": {"Ben": 500}}])  # an adjustment counts in its game
    assert ttj.winners(evening.totals, ttj.status(evening.state).as_json()) == ["Ben"]


def test_the_last_round_of_a_game_says_who_won_it():
    table, raw = parse_document({"game": "two-ten-jack", "players": PLAYERS, "hands": [T1, T2, T3]})
    states = [ttj.new_state(table.players, table.rules)]
    for hand in raw:
        states.append(ttj.play(ttj.parse_hand(hand, table.players, table.rules), table.rules, states[-1])[1])
    assert [ttj.milestone(a, b) and ttj.milestone(a, b).render() for a, b in zip(states, states[1:])] == [
        None,
        None,
        "Game 1 won by Aiko",
    ]


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"removed": ["2H"], "captured": {}}, "removed"),
        ({"captured": {"Aiko": ["ZZ"]}}, "captured.Aiko"),
        ({"captured": {"Aiko": ["2H"], "Ben": ["2H"]}}, "captured.Ben"),
        ({"removed": ["2H", "3H"], "captured": {"Aiko": ["2H"]}}, "captured.Aiko"),
        ({"captured": {"Zed": []}}, "captured"),
        ({}, "captured"),
    ],
)
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(InvalidHand) as caught:
        ttj.parse_hand(raw, tuple(PLAYERS), ttj.parse_rules({}))
    assert caught.value.field == field
