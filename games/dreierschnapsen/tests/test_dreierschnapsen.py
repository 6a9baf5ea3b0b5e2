"""Dreierschnapsen: every worked example D1–D12 of games/schnapsen_family/rules.md (one declarer against two;
a lost hand pays each defender; every player below the target gets a Bummerl). Expected numbers are worked out
from the spec's text."""

import pytest

from games.contract.engine import Engine
from games.dreierschnapsen import engine as ds
from games.schnapsen_family.tests.helpers import contract, normal, refused, run, scores

from .worked_examples import SINGLE_HANDS

PLAYERS = ("Anna", "Bert", "Cilli")


def play(hands, rules=None):
    return run(ds, PLAYERS, hands, rules)


def bummerl(result):
    return ds.summary(result.state)["bummerl"]


def current(result):
    return ds.summary(result.state)["current"]


@pytest.mark.parametrize("hand, expected", SINGLE_HANDS.values(), ids=SINGLE_HANDS.keys())
def test_worked_example_scores(hand, expected):
    assert scores(play([hand]), PLAYERS) == [expected]


def test_d2_the_explanation_names_who_scores():
    lines = play([normal("Anna", False, 20)]).results[0].explanation()
    assert lines[:3] == [
        "BS1: Normal game (Rufer) by Anna: lost.",
        "BS2: Anna had 20 (under 33) and a trick: 2.",
        "BS7: Bert and Cilli score 2 each.",
    ]


A20_B10_C0 = [  # A 12 + 6 + 2 = 20; B 10
    contract("bauernschnapser", "Anna"),
    contract("zehnergang", "Bert"),
    contract("schnapser", "Anna"),
    normal("Anna", True, game_points=2),
]


def test_d8_every_player_below_the_target_gets_a_bummerl_cilli_at_0_two():
    assert current(play(A20_B10_C0)) == {"Anna": 20, "Bert": 10, "Cilli": 0}
    result = play([*A20_B10_C0, contract("zehnergang", "Anna")])
    assert scores(result, PLAYERS)[-1] == [10, 0, 0]
    assert bummerl(result) == {"Anna": 0, "Bert": 1, "Cilli": 2}


A18_B20_C5 = [  # A 18; B 12 + 6 + 2 = 20; C 4 + 1 = 5
    contract("farbenringerl", "Anna"),
    contract("bauernschnapser", "Bert"),
    contract("schnapser", "Bert"),
    normal("Bert", True, game_points=2),
    contract("bettler", "Cilli"),
    normal("Cilli", True, 40),
]


def test_d9_two_defenders_reach_the_target_together_and_both_win():
    assert current(play(A18_B20_C5)) == {"Anna": 18, "Bert": 20, "Cilli": 5}
    result = play([*A18_B20_C5, contract("schnapser", "Cilli", won=False)])
    assert scores(result, PLAYERS)[-1] == [6, 6, 0]  # Anna 24, Bert 26
    assert bummerl(result) == {"Anna": 0, "Bert": 0, "Cilli": 1}


A23_B23_C0 = [  # each 9 + 12 + 2
    contract("gang", "Anna"),
    contract("bauernschnapser", "Anna"),
    normal("Anna", True, 20),
    contract("gang", "Bert"),
    contract("bauernschnapser", "Bert"),
    normal("Bert", True, 20),
]


def test_d10_retourschneider_for_both_at_23():
    assert current(play(A23_B23_C0)) == {"Anna": 23, "Bert": 23, "Cilli": 0}
    result = play([*A23_B23_C0, contract("kontrabauernschnapser", "Cilli")])
    assert scores(result, PLAYERS)[-1] == [0, 0, 24]
    assert bummerl(result) == {"Anna": 4, "Bert": 4, "Cilli": 0}
    off = play([*A23_B23_C0, contract("kontrabauernschnapser", "Cilli")], {"preset": "bummerlzaehler"})
    assert bummerl(off) == {"Anna": 1, "Bert": 1, "Cilli": 0}


def test_d11_herrenschnapser_wins_the_bummerl_at_once_schneider_for_the_others():
    result = play([contract("herrenschnapser", "Bert")])
    assert bummerl(result) == {"Anna": 2, "Bert": 0, "Cilli": 2}
    assert refused(ds, PLAYERS, [contract("herrenschnapser", "Bert", won=False)]).field == "won"


def test_d12_plauderer_not_offered_unless_a_value_is_set():
    error = refused(ds, PLAYERS, [contract("plauderer", "Anna")])
    assert error.field == "contract" and "not offered" in error.message()
    assert scores(play([contract("plauderer", "Anna")], {"value_plauderer": 7}), PLAYERS) == [[7, 0, 0]]


def test_a_dreier_adjustment_may_name_each_player_and_a_penalty_pays_both_others():
    result = play([{"adjustment": {"Anna": 2, "Bert": 3}}])
    assert current(result) == {"Anna": 2, "Bert": 3, "Cilli": 0}
    assert ds.penalty(PLAYERS, "Anna", 2) == {"Anna": 0, "Bert": 2, "Cilli": 2}
    assert refused(ds, PLAYERS, [{"adjustment": {"Anna": 24, "Bert": 24, "Cilli": 24}}]).field == "adjustment"


def test_count_down_retourschneider_in_the_sheets_figures():
    result = play([*A23_B23_C0, contract("kontrabauernschnapser", "Cilli")], {"preset": "countdown"})
    assert bummerl(result) == {"Anna": 4, "Bert": 4, "Cilli": 0}
    assert "Anna had 1 while the winner had 24" in " ".join(result.results[-1].explanation())


def test_the_engine_keeps_the_contract():
    assert isinstance(ds, Engine)
    assert len([p for p in ds.PRESETS if 3 in p.default_for]) == 1
    facts = ds.facts(ds.parse_hand(contract("gang", "Bert"), PLAYERS, ds.parse_rules({})))
    assert facts.declarers == ("Bert",)


def test_the_bummerl_line_says_one_winner_in_the_singular_two_together():
    """D8: Anna alone reaches the target ("reaches … wins", not "reach … win"); D9: Anna and Bert together."""
    alone = play([*A20_B10_C0, contract("zehnergang", "Anna")]).results[-1].explanation()
    assert "BS8: Anna reaches 24 and wins the Bummerl." in alone
    together = play([*A18_B20_C5, contract("schnapser", "Cilli", won=False)]).results[-1].explanation()
    assert "BS8: Anna and Bert reach 24 and win the Bummerl." in together
