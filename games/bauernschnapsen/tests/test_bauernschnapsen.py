"""Bauernschnapsen: every worked example B1–B14 of games/schnapsen_family/rules.md, the format's errors, and what
the form will read (contracts offered, Kontra levels). Expected numbers are worked out from the spec's text."""

import pytest

from games.bauernschnapsen import engine as bs
from games.contract.engine import Engine
from games.schnapsen_family.tests.helpers import contract, normal, refused, run, scores

from .worked_examples import SINGLE_HANDS

PLAYERS = ("Anna", "Bert", "Cilli", "Dieter")  # team AC (Anna, Cilli), team BD (Bert, Dieter)


def play(hands, rules=None):
    return run(bs, PLAYERS, hands, rules)


def bummerl(result):
    return bs.summary(result.state)["bummerl"]


def current(result):
    return bs.summary(result.state)["current"]


@pytest.mark.parametrize("hand, expected", SINGLE_HANDS.values(), ids=SINGLE_HANDS.keys())
def test_worked_example_scores(hand, expected):
    assert scores(play([hand]), PLAYERS) == [expected]


def test_b1_the_bummerl_count_after_it_is_1_0_on_both_partners():
    assert current(play([normal("Anna", True, 40)])) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dieter": 0}


def test_b8_bd_reaches_24_from_0_0_and_anna_and_cilli_get_a_schneider_each():
    result = play([contract("bauernschnapser", "Anna", won=False, kontra=1)])
    assert bummerl(result) == {"Anna": 2, "Bert": 0, "Cilli": 2, "Dieter": 0}
    assert current(result) == {"Anna": 0, "Bert": 0, "Cilli": 0, "Dieter": 0}
    assert "BS8 (schneider: true): Anna and Cilli at 0: Schneider, 2 Bummerl each." in result.results[0].explanation()


AC_20_BD_5 = [  # AC 12 + 6 + 2 = 20; BD 4 + 1 = 5
    contract("bauernschnapser", "Anna"),
    contract("bettler", "Bert"),
    contract("schnapser", "Cilli"),
    normal("Dieter", True, game_points=1),
    normal("Anna", True, game_points=2),
]


def test_b9_overshoot_does_not_carry_and_the_hand_scores_its_full_value():
    before = play(AC_20_BD_5)
    assert current(before) == {"Anna": 20, "Bert": 5, "Cilli": 20, "Dieter": 5}
    result = play([*AC_20_BD_5, contract("kontraschnapser", "Bert"), contract("zehnergang", "Anna")])
    assert scores(result, PLAYERS)[-2:] == [[0, 12, 0, 12], [10, 0, 10, 0]]  # BD 17; the Zehnergang scores 10, not 4
    assert bummerl(result) == {"Anna": 0, "Bert": 1, "Cilli": 0, "Dieter": 1}
    assert current(result) == {"Anna": 0, "Bert": 0, "Cilli": 0, "Dieter": 0}


AC_23_BD_0 = [contract("gang", "Anna"), contract("bauernschnapser", "Cilli"), normal("Anna", True, 20)]  # 9 + 12 + 2


def test_b10_retourschneider_four_marks_each():
    result = play([*AC_23_BD_0, contract("kontrabauernschnapser", "Bert")])
    assert scores(result, PLAYERS)[-1] == [0, 24, 0, 24]
    assert bummerl(result) == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dieter": 0}
    assert any(line.startswith("BS8 (retourschneider: true)") for line in result.results[-1].explanation())


def test_b10_without_retourschneider_one_mark_each():
    result = play([*AC_23_BD_0, contract("kontrabauernschnapser", "Bert")], {"retourschneider": False})
    assert bummerl(result) == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dieter": 0}


def test_b11_a_farbenringerl_cannot_be_lost():
    error = refused(bs, PLAYERS, [contract("farbenringerl", "Dieter", won=False)])
    assert error.field == "won" and "cannot be lost" in error.message()


def test_b12_count_down_shows_the_points_still_needed_and_scores_the_same():
    hands = [contract("schnapser", "Dieter"), contract("gang", "Cilli")]
    result = play(hands, {"preset": "countdown"})
    assert scores(result, PLAYERS) == [[0, 6, 0, 6], [9, 0, 9, 0]]
    assert current(result) == {"Anna": 15, "Bert": 18, "Cilli": 15, "Dieter": 18}
    marks = bs.status(result.state).marks  # the sheet as players write it, counting down
    assert marks["Bert"]["sheet"] == (18,) and marks["Cilli"]["sheet"] == (15,)
    assert bs.status(play(hands).state).marks["Bert"]["sheet"] == (6,)


def test_b13_bummerlzaehler_bettler_5_and_kontra_up_to_32():
    assert scores(play([contract("bettler", "Anna")], {"preset": "bummerlzaehler"}), PLAYERS) == [[5, 0, 5, 0]]
    result = play([contract("bettler", "Anna", kontra=5)], {"preset": "bummerlzaehler"})
    assert scores(result, PLAYERS) == [[160, 0, 160, 0]]  # 5 x 32
    error = refused(bs, PLAYERS, [contract("bettler", "Anna", kontra=5)])  # standard: at most 3
    assert error.field == "kontra"


def test_b14_an_adjustment_for_bert_goes_to_his_team():
    result = play([{"adjustment": {"Bert": 3}, "reason": "renonce by Anna"}])
    assert result.results[0].scores == {"Anna": 0, "Bert": 3, "Cilli": 0, "Dieter": 3}
    assert current(result) == {"Anna": 0, "Bert": 3, "Cilli": 0, "Dieter": 3}


def test_partners_named_with_different_amounts_are_refused():
    error = refused(bs, PLAYERS, [{"adjustment": {"Bert": 3, "Dieter": 2}}])
    assert error.field == "adjustment" and "partners" in error.message()
    same = play([{"adjustment": {"Bert": 3, "Dieter": 3}}])
    assert current(same)["Bert"] == 3  # the team's 3, not 6


def test_an_adjustment_reaching_the_target_ends_the_bummerl():
    result = play([contract("gang", "Anna"), {"adjustment": {"Anna": 15}}])
    assert bummerl(result) == {"Anna": 0, "Bert": 2, "Cilli": 0, "Dieter": 2}


def test_an_adjustment_taking_both_teams_to_the_target_is_refused():
    error = refused(bs, PLAYERS, [{"adjustment": {"Anna": 24, "Bert": 24}}])
    assert error.field == "adjustment"


def test_a_closing_abandons_the_bummerl_under_way():
    result = play([contract("gang", "Anna"), {"closing": True}])
    assert current(result) == {"Anna": 0, "Bert": 0, "Cilli": 0, "Dieter": 0}
    assert bummerl(result) == {"Anna": 0, "Bert": 0, "Cilli": 0, "Dieter": 0}
    assert result.totals == {"Anna": 9, "Bert": 0, "Cilli": 9, "Dieter": 0}
    assert bs.status(result.state).over
    assert refused(bs, PLAYERS, [{"closing": True}, contract("gang", "Anna")]).message().startswith("the evening")


ERRORS = {  # the format's errors (table-json.md, "bauernschnapsen hand"), each naming its field
    "unknown contract": ({"contract": "solo", "declarer": "Anna", "won": True}, "contract"),
    "plauderer not offered": ({"contract": "plauderer", "declarer": "Anna", "won": True}, "contract"),
    "declarer not a player": ({"contract": "gang", "declarer": "Zoe", "won": True}, "declarer"),
    "declarer missing": ({"contract": "gang", "won": True}, "declarer"),
    "won missing": ({"contract": "gang", "declarer": "Anna"}, "won"),
    "won not a boolean": ({"contract": "gang", "declarer": "Anna", "won": "yes"}, "won"),
    "herrenschnapser lost": ({"contract": "herrenschnapser", "declarer": "Anna", "won": False}, "won"),
    "points for a special contract": ({**contract("gang", "Anna"), "loser_points": 20}, "loser_points"),
    "trick for a special contract": ({**contract("gang", "Anna"), "loser_had_trick": True}, "loser_had_trick"),
    "game points for a special contract": ({**contract("gang", "Anna"), "game_points": 2}, "game_points"),
    "normal without points": ({"declarer": "Anna", "won": True}, "loser_points"),
    "normal without the trick": ({"declarer": "Anna", "won": True, "loser_points": 20}, "loser_had_trick"),
    "game points and points": ({"declarer": "Anna", "won": True, "game_points": 2, "loser_points": 20}, "loser_points"),
    "points above 65": (normal("Anna", True, 66), "loser_points"),
    "points not whole": (normal("Anna", True, "20"), "loser_points"),
    "points without a trick": (normal("Anna", True, 10, trick=False), "loser_points"),
    "game points 4": (normal("Anna", True, game_points=4), "game_points"),
    "kontra negative": ({**contract("gang", "Anna"), "kontra": -1}, "kontra"),
    "kontra above max": ({**contract("gang", "Anna"), "kontra": 4}, "kontra"),
    "a field of no hand": ({**contract("gang", "Anna"), "partner": "Cilli"}, "partner"),
    "negative adjustment": ({"adjustment": {"Anna": -1}}, "adjustment.Anna"),
}


@pytest.mark.parametrize("hand, field", ERRORS.values(), ids=ERRORS.keys())
def test_bad_hands_are_refused_naming_the_field(hand, field):
    assert refused(bs, PLAYERS, [hand]).field == field


def test_a_contract_of_value_0_is_not_offered_and_one_with_a_value_is():
    assert "plauderer" not in bs.offered(bs.parse_rules({}))
    rules = bs.parse_rules({"value_plauderer": 7, "value_bettler": 0})
    assert "plauderer" in bs.offered(rules) and "bettler" not in bs.offered(rules)
    assert bs.offered(bs.parse_rules({}))[0] == "normal"
    assert refused(bs, PLAYERS, [contract("bettler", "Anna")], {"value_bettler": 0}).field == "contract"


def test_kontra_levels_as_said_at_the_table_up_to_the_rules_highest():
    levels = bs.kontra_levels(bs.parse_rules({}))
    assert [level for level, _name in levels] == [0, 1, 2, 3]
    assert [str(name) for _level, name in levels][1:3] == ["Gspritzt (Kontra, ×2)", "Zruckgspritzt (Re, ×4)"]
    assert len(bs.kontra_levels(bs.parse_rules({"preset": "bummerlzaehler"}))) == 6
    assert [level for level, _ in bs.kontra_levels(bs.parse_rules({"max_kontra": 0}))] == [0]


def test_the_unsure_threshold_is_an_option():
    """BS2: 33 by default; 31 ("über 30", luschentreff) as an option: 32 points then give 1, not 2."""
    assert scores(play([normal("Anna", True, 32)]), PLAYERS) == [[2, 0, 2, 0]]
    result = play([normal("Anna", True, 32)], {"one_point_from": 31})
    assert scores(result, PLAYERS) == [[1, 0, 1, 0]]
    assert result.results[0].explanation()[1].startswith("BS2 (one_point_from: 31)")


def test_a_lost_contract_pays_its_value_once_or_by_option_twice():
    assert scores(play([contract("gang", "Anna", won=False)]), PLAYERS) == [[0, 9, 0, 9]]
    doubled = play([contract("gang", "Anna", won=False, kontra=1)], {"lost_factor": 2})
    assert scores(doubled, PLAYERS) == [[0, 36, 0, 36]]  # 9 x 2 (lost) x 2 (Kontra)
    assert scores(play([contract("gang", "Anna")], {"lost_factor": 2}), PLAYERS) == [[9, 0, 9, 0]]


def test_every_line_of_a_hand_names_its_bs_rule():
    result = play([*AC_23_BD_0, contract("kontrabauernschnapser", "Bert", kontra=1)])
    for hand in result.results:
        assert all(line.rule in bs.RULES for line in hand.lines)


def test_the_explanation_b6():
    assert play([contract("bettler", "Bert", won=False, kontra=2)]).results[0].explanation() == [
        "BS1: Bettler by Bert: lost.",
        "BS3 (value_bettler: 4): Bettler is worth 4.",
        "BS5: Zruckgspritzt (Re, ×4): 4 × 4 = 16.",
        "BS6: Anna and Cilli score 16 each.",
        "BS8: Bummerl under way: Anna and Cilli 16 – Bert and Dieter 0.",
    ]


def test_facts_count_a_teams_hand_for_both_partners_and_describe_says_the_hand():
    rules = bs.parse_rules({})
    hand = bs.parse_hand(contract("gang", "Cilli", kontra=1), PLAYERS, rules)
    facts = bs.facts(hand)
    assert facts.declarers == ("Cilli", "Anna") and facts.won and facts.contra == 1 and facts.mode == "gang"
    assert str(bs.describe(hand, rules)) == "Gang · Cilli · won · 18 · Gspritzt (Kontra, ×2)"


def test_the_engine_keeps_the_contract():
    assert isinstance(bs, Engine)
    assert len([p for p in bs.PRESETS if 4 in p.default_for]) == 1
    assert all(option.label and option.help and option.source for option in bs.OPTIONS)
    assert bs.penalty(PLAYERS, "Anna", 3) == {"Anna": 0, "Bert": 3, "Cilli": 0, "Dieter": 3}
    assert bs.rename_player(contract("gang", "Anna"), "Anna", "Ana")["declarer"] == "Ana"


def test_the_status_marks_and_the_milestone():
    result = play([*AC_23_BD_0, contract("kontrabauernschnapser", "Bert")])
    status = bs.status(result.state)
    assert status.marks["Cilli"]["bummerl"] == 4 and status.extra["bummerl_played"] == 1
    assert status.next_dealer == "Anna"  # four hands dealt clockwise from Anna
    before = play(AC_23_BD_0).state
    assert str(bs.milestone(before, result.state)) == "Bummerl: Anna +4, Cilli +4"
    assert bs.settlement(result.totals, status.as_json()) == {"Anna": -4, "Bert": 0, "Cilli": -4, "Dieter": 0}
