"""`manage.py settle` on Bauernschnapsen and Dreierschnapsen documents, as a checker would run it: whole evenings
(the scores, the Bummerl marks, the Bummerl under way), other rules on the command line, and bad input (exit 2,
nothing on standard output, one line naming the hand's number and the field)."""

import json

import pytest

from tests.commands import manage

FOUR = ["Anna", "Bert", "Cilli", "Dieter"]
THREE = ["Anna", "Bert", "Cilli"]


def settle(document: dict, *args: str):
    return manage("settle", "-", *args, stdin=json.dumps(document))


def normal(declarer, won, loser_points=None, trick=True, **more):
    hand = {"contract": "normal", "declarer": declarer, "won": won, **more}
    if "game_points" not in more:
        hand.update(loser_points=loser_points, loser_had_trick=trick)
    return hand


def test_an_evening_of_bauernschnapsen():
    """B9 then B10: AC wins a Bummerl with a Zehnergang's overshoot (BD 1 each), then AC reaches 23 : 0 and loses
    to a Kontrabauernschnapser: Retourschneider, 4 each on Anna and Cilli; a penalty on Anna pays Bert and Dieter."""
    hands = [
        {"contract": "gang", "declarer": "Anna", "won": True},  # AC 9
        {"contract": "gang", "declarer": "Cilli", "won": True, "kontra": 0},  # AC 18
        normal("Anna", True, game_points=2),  # AC 20
        normal("Bert", True, 40),  # BD 1
        {"contract": "schnapser", "declarer": "Dieter", "won": True},  # BD 7
        {"contract": "zehnergang", "declarer": "Anna", "won": True},  # AC 30: AC wins, BD at 7 → 1 each
        {"contract": "gang", "declarer": "Cilli", "won": True},  # AC 9
        {"contract": "bauernschnapser", "declarer": "Anna", "won": True},  # AC 21
        normal("Cilli", True, 20),  # AC 23 : 0
        {"contract": "kontrabauernschnapser", "declarer": "Bert", "won": True},  # BD 24: Retourschneider
        {"adjustment": {"Bert": 3}, "reason": "renonce by Anna"},
    ]
    done = settle({"game": "bauernschnapsen", "players": FOUR, "hands": hands})
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["bummerl"] == {"Anna": 4, "Bert": 1, "Cilli": 4, "Dieter": 1}
    assert out["current"] == {"Anna": 0, "Bert": 3, "Cilli": 0, "Dieter": 3}
    assert out["totals"] == {"Anna": 53, "Bert": 34, "Cilli": 53, "Dieter": 34}
    assert out["hands"][5]["scores"] == {"Anna": 10, "Bert": 0, "Cilli": 10, "Dieter": 0}
    assert any(line.startswith("BS8 (retourschneider: true)") for line in out["hands"][9]["explanation"])


def test_the_same_evening_under_the_bummerlzaehler_preset_has_no_retourschneider():
    hands = [
        {"contract": "gang", "declarer": "Anna", "won": True},
        {"contract": "bauernschnapser", "declarer": "Anna", "won": True},
        normal("Cilli", True, game_points=2),
        {"contract": "kontrabauernschnapser", "declarer": "Bert", "won": True},
    ]
    document = {"game": "bauernschnapsen", "players": FOUR, "hands": hands}
    assert json.loads(settle(document).stdout)["bummerl"] == {"Anna": 4, "Bert": 0, "Cilli": 4, "Dieter": 0}
    done = settle(document, "--rules", '{"preset": "bummerlzaehler"}')
    assert json.loads(done.stdout)["bummerl"] == {"Anna": 1, "Bert": 0, "Cilli": 1, "Dieter": 0}


def test_an_evening_of_dreierschnapsen_counting_down():
    """D9 counted down: Anna 18, Bert 20, Cilli 7; Cilli's Schnapser lost pays Anna and Bert 6 each: both reach 24,
    Cilli gets 1 Bummerl; the next Bummerl starts, a Gang won by Bert leaves him 24 − 9 = 15 still needed."""
    hands = [
        {"contract": "farbenringerl", "declarer": "Anna", "won": True},  # A 18
        {"contract": "farbenringerl", "declarer": "Bert", "won": True},  # B 18
        normal("Bert", True, game_points=2),  # B 20
        normal("Cilli", True, 10, kontra=1),  # C 2 × 2 = 4
        normal("Cilli", True, game_points=3),
        {"contract": "schnapser", "declarer": "Cilli", "won": False},  # A 24, B 26
        {"contract": "gang", "declarer": "Bert", "won": True},
    ]
    done = settle({"game": "dreierschnapsen", "players": THREE, "rules": {"preset": "countdown"}, "hands": hands})
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["bummerl"] == {"Anna": 0, "Bert": 0, "Cilli": 1}
    assert out["current"] == {"Anna": 24, "Bert": 15, "Cilli": 24}
    assert out["hands"][5]["scores"] == {"Anna": 6, "Bert": 6, "Cilli": 0}


@pytest.mark.parametrize(
    ("game", "hands", "line"),
    [
        (
            "bauernschnapsen",
            [normal("Anna", True, 40), {"contract": "farbenringerl", "declarer": "Dieter", "won": False}],
            "hand 2: won: a Farbenringerl cannot be lost (BS4)",
        ),
        ("bauernschnapsen", [normal("Anna", True, 70)], "hand 1: loser_points: must be between 0 and 65, got 70"),
        (
            "dreierschnapsen",
            [
                normal("Anna", True, 40),
                normal("Bert", False, 20),
                {"contract": "plauderer", "declarer": "Bert", "won": True},
            ],
            "hand 3: contract: Plauderer is not offered under this table's rules (its value is 0)",
        ),
        (
            "bauernschnapsen",
            [{"contract": "gang", "declarer": "Anna", "won": True, "kontra": 4}],
            "hand 1: kontra: must be between 0 and 3, got 4",
        ),
        (
            "bauernschnapsen",
            [normal("Anna", True, 40), {"adjustment": {"Bert": 3, "Dieter": 2}, "reason": "renonce"}],
            "hand 2: adjustment: Bert and Dieter are partners",
        ),
        (
            "dreierschnapsen",
            [{"contract": "gang", "declarer": "Dora", "won": True}],
            "hand 1: declarer:",
        ),
        (
            "dreierschnapsen",
            [{"contract": "gang", "declarer": "Anna", "won": True, "loser_points": 20}],
            "hand 1: loser_points: only a normal game has it",
        ),
        ("bauernschnapsen", [{"contract": "gang", "declarer": "Anna"}], "hand 1: won: is required"),
        ("bauernschnapsen", [normal("Anna", True, 10, trick=False)], "hand 1: loser_points: a side without a trick"),
        ("dreierschnapsen", [normal("Anna", True, game_points=4)], "hand 1: game_points: must be between 1 and 3"),
        (
            "bauernschnapsen",
            [normal("Anna", True, 40), {"closing": True}, normal("Bert", True, 40)],
            "hand 3:",
        ),
        ("dreierschnapsen", [{"contract": "solo", "declarer": "Anna", "won": True}], "hand 1: contract:"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_hand(game, hands, line):
    players = FOUR if game == "bauernschnapsen" else THREE
    done = settle({"game": game, "players": players, "hands": hands})
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(line), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_table_of_the_wrong_size_is_one_line():
    done = settle({"game": "bauernschnapsen", "players": THREE, "hands": []})
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stdout == ""
    assert "players" in done.stderr
