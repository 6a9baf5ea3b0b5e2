"""Königrufen (games/koenigrufen/rules.md): every worked example K1–K18, the rules they rest on, and the errors
the table document lists. Pure: no Django."""

import pytest

import games.registry  # noqa: F401  (the games a tournament may be of)
from games.contract.words import InvalidHand
from games.koenigrufen import engine as kr
from games.tournaments import engine as T

from .worked_examples import FIVE, FOUR, WORKED_EXAMPLES, bonus


def scores(hand, *, rules=None, players=FOUR):
    """The hand's scores in seating order, and its explanation."""
    table_rules = kr.parse_rules(rules or {}, players)
    parsed = kr.parse_hand(hand, players, table_rules)
    result, _state = kr.play(parsed, table_rules, kr.new_state(players, table_rules))
    assert sum(result.scores.values()) == 0
    return [result.scores[p] for p in players], result.explanation()


@pytest.mark.parametrize("hand, rules, expected", WORKED_EXAMPLES.values(), ids=WORKED_EXAMPLES.keys())
def test_every_worked_example_scores_what_the_rules_file_says(hand, rules, expected):
    assert scores(hand, rules=rules)[0] == expected


def test_k18_at_five_the_dealer_sits_out_and_scores_0():
    hand = {"contract": "rufer", "declarer": "Anna", "partner": "Dieter", "points": 30, "sitting_out": "Emil"}
    result, lines = scores(hand, players=FIVE)
    assert result == [-1, 1, 1, -1, 0]
    assert any(line.startswith("AT2:") and "Emil" in line for line in lines)


def test_at_five_the_deal_moves_on_with_each_hand():
    rules = kr.parse_rules({}, FIVE)
    state = kr.new_state(FIVE, rules)
    assert kr.status(state).extra["sits_out"] == "Anna"
    hand = kr.parse_hand(
        {
            "contract": "trischaken",
            "declarer": "Bert",
            "sitting_out": "Anna",
            "trischaken": {"Bert": 10, "Cilli": 20, "Dieter": 20, "Emil": 20},
        },
        FIVE,
        rules,
    )
    _result, state = kr.play(hand, rules, state)
    assert kr.status(state).next_dealer == "Bert"
    adjustment = kr.parse_hand({"adjustment": {"Anna": 3, "Bert": -3}}, FIVE, rules)
    _result, state = kr.play(adjustment, rules, state)
    assert kr.status(state).extra["sits_out"] == "Bert"


def test_explanations_name_the_rule_and_the_option_that_decided():
    _scores, lines = scores(WORKED_EXAMPLES["K12"][0])
    assert (
        "AT11 (valat_mode: multiplier): Valat made silently by the declarers: 4 × 4 = +16; it replaces the "
        "game." in lines
    )
    _scores, lines = scores(WORKED_EXAMPLES["K4"][0], rules={"kontra_scored": False})
    assert any(line.startswith("AT10 (kontra_scored: false)") for line in lines)
    _scores, lines = scores(WORKED_EXAMPLES["K5"][0])
    assert any(line.startswith("AT7 (sechserdreier_lost_double: true)") for line in lines)


def test_a_lost_sechserdreier_counts_once_without_the_option():
    assert scores(WORKED_EXAMPLES["K5"][0], rules={"sechserdreier_lost_double": False})[0] == [0, 0, 0, 0]


def test_win_points_35_1_3_wins_with_35_and_1_blatt():
    hand = {"contract": "dreier", "declarer": "Anna", "points": "35 1/3"}
    assert scores(hand)[0] == [-12, 4, 4, 4]
    assert scores(hand, rules={"win_points": "35 1/3"})[0] == [12, -4, -4, -4]


@pytest.mark.parametrize("win_points, won", [("35 2/3", False), ("35 1/3", True)])
def test_the_statistics_judge_a_won_game_by_the_tables_win_points(win_points, won):
    """The facts statistics count ("won as declarer") follow the table's AT4 option, as its scores do."""
    rules = kr.parse_rules({"win_points": win_points}, FOUR)
    hand = kr.parse_hand({"contract": "dreier", "declarer": "Anna", "points": "35 1/3"}, FOUR, rules)
    result, _state = kr.play(hand, rules, kr.new_state(FOUR, rules))
    assert kr.facts(hand).won is won is (result.scores["Anna"] > 0)


def test_a_silent_bird_lost_costs_only_with_silent_failure():
    hand = {
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Bert",
        "points": 40,
        "bonuses": [bonus("pagat", made=False)],
    }
    assert scores(hand)[0] == [1, 1, -1, -1]
    assert scores(hand, rules={"silent_failure": True})[0] == [0, 0, 0, 0]


def test_own_king_call_plays_one_against_three():
    hand = {"contract": "rufer", "declarer": "Anna", "partner": "Anna", "points": 40}
    assert scores(hand, rules={"own_king_call": True})[0] == [3, -1, -1, -1]
    with pytest.raises(InvalidHand, match="own king"):
        scores(hand)


def test_bonus_valat_in_solo_is_doubled_and_drops_silent_trull():
    hand = {
        "contract": "solodreier",
        "declarer": "Anna",
        "points": 70,
        "bonuses": [bonus("valat"), bonus("trull"), bonus("pagat")],
    }
    # game 10, valat silent 10 × 2, Trull dropped, Pagat 1 × 2: 32 per opponent
    assert scores(hand, rules={"preset": "wien"})[0] == [96, -32, -32, -32]


def test_trischaken_ties():
    two = {
        "contract": "trischaken",
        "declarer": "Anna",
        "trischaken": {"Anna": 10, "Bert": 25, "Cilli": 25, "Dieter": 10},
    }
    assert scores(two)[0] == [2, -2, -2, 2]
    jungfrau = {
        "contract": "trischaken",
        "declarer": "Anna",
        "trischaken": {"Anna": 0, "Bert": 35, "Cilli": 35, "Dieter": 0},
    }
    assert scores(jungfrau)[0] == [2, -2, -2, 2]
    single = {
        "contract": "trischaken",
        "declarer": "Anna",
        "trischaken": {"Anna": 10, "Bert": 30, "Cilli": 30, "Dieter": 0},
    }
    assert scores(single)[0] == [0, -2, -2, 4]
    three = {"contract": "trischaken", "declarer": "Anna", "trischaken": {"Anna": "1 1/3", "Bert": "22 8/9"}}
    with pytest.raises(InvalidHand):
        scores(three)
    three = {
        "contract": "trischaken",
        "declarer": "Anna",
        "trischaken": {"Anna": 1, "Bert": 23, "Cilli": 23, "Dieter": 23},
    }
    assert scores(three)[0] == [3, -1, -1, -1]


@pytest.mark.parametrize(
    "hand, field",
    [
        ({"contract": "zwiccolo", "declarer": "Anna", "won": True}, "contract"),
        ({"contract": "rufer", "declarer": "Anna", "points": 40}, "partner"),
        ({"contract": "dreier", "declarer": "Anna", "partner": "Bert", "points": 40}, "partner"),
        ({"contract": "dreier", "declarer": "Anna", "points": "35 2/4"}, "points"),
        ({"contract": "dreier", "declarer": "Anna", "points": 71}, "points"),
        ({"contract": "piccolo", "declarer": "Anna", "won": True, "kontra": {"Anna": 1}}, "kontra"),
        ({"contract": "piccolo", "declarer": "Anna", "won": True, "kontra": 4}, "kontra"),
        ({"contract": "piccolo", "declarer": "Anna", "won": True, "bonuses": []}, "bonuses"),
        (
            {"contract": "farbendreier", "declarer": "Anna", "points": 40, "bonuses": [bonus("pagat")]},
            "bonuses[1].kind",
        ),
        (
            {"contract": "dreier", "declarer": "Anna", "points": 40, "bonuses": [bonus("king-ultimo")]},
            "bonuses[1].kind",
        ),
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Bert",
                "points": 40,
                "bonuses": [bonus("king-ultimo", "defenders")],
            },
            "bonuses[1].side",
        ),
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Bert",
                "points": 40,
                "bonuses": [bonus("trull", made=False)],
            },
            "bonuses[1].made",
        ),
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Bert",
                "points": 40,
                "bonuses": [bonus("trull", kontra=1)],
            },
            "bonuses[1].kontra",
        ),
        (
            {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "points": 40, "bonuses": [bonus("mondfang")]},
            "bonuses[1].kind",
        ),
        (
            {
                "contract": "rufer",
                "declarer": "Anna",
                "partner": "Bert",
                "points": 40,
                "bonuses": [bonus("trull"), bonus("trull")],
            },
            "bonuses[2].kind",
        ),
        ({"contract": "besserrufer", "declarer": "Anna", "partner": "Bert", "points": 40}, "bonuses"),
        ({"contract": "rufer", "declarer": "Anna", "partner": "Bert", "conceded": True}, "conceded"),
        ({"contract": "rufer", "declarer": "Anna", "partner": "talon", "conceded": True, "kontra": 1}, "kontra"),
        ({"contract": "trischaken", "declarer": "Anna", "trischaken": {"Anna": 35, "Bert": 35}}, "trischaken"),
        (
            {
                "contract": "trischaken",
                "declarer": "Anna",
                "trischaken": {"Anna": 30, "Bert": 30, "Cilli": 5, "Dieter": 4},
            },
            "trischaken",
        ),
        (
            {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "points": 40, "sitting_out": "Cilli"},
            "sitting_out",
        ),
    ],
)
def test_what_the_format_lists_as_errors_is_refused_with_its_field(hand, field):
    with pytest.raises(InvalidHand) as error:
        scores(hand)
    assert error.value.field == field
    assert error.value.message()


def test_at_five_the_sitter_is_not_a_player_of_the_hand():
    with pytest.raises(InvalidHand) as error:
        scores(
            {"contract": "rufer", "declarer": "Anna", "partner": "Emil", "points": 40, "sitting_out": "Emil"},
            players=FIVE,
        )
    assert error.value.field == "partner"
    with pytest.raises(InvalidHand) as error:
        scores({"contract": "rufer", "declarer": "Anna", "partner": "Bert", "points": 40}, players=FIVE)
    assert error.value.field == "sitting_out"


def test_an_adjustment_must_add_to_0():
    with pytest.raises(InvalidHand, match="add up to 0"):
        scores({"adjustment": {"Anna": 12, "Bert": -20, "Cilli": 4}})
    assert scores({"adjustment": {"Anna": 12, "Bert": -20, "Cilli": 4, "Dieter": 4}, "reason": "renonce"})[0] == [
        12,
        -20,
        4,
        4,
    ]


def test_presets_differ_where_the_rules_file_says():
    wien = kr.parse_rules({"preset": "wien"}, FOUR)
    app = kr.parse_rules({"preset": "tarockapp"}, FOUR)
    cup = kr.parse_rules({}, FOUR)
    assert (cup.contract("dreier"), wien.contract("dreier"), app.contract("dreier")) == (4, 5, 4)
    assert (cup.contract("zwiccolo"), wien.contract("zwiccolo"), app.contract("zwiccolo")) == (0, 2, 1)
    assert wien.value("valat_mode") == "bonus"
    with pytest.raises(InvalidHand):
        kr.parse_rules({"value_pagat": 3}, FOUR)


def test_each_preset_follows_its_source_on_calling_ones_own_king():
    """tarockapp.at's Solorufer line ("Falls sich der Spieler selbst gerufen hat …") allows calling one's own king:
    a Rufer won alone pays 3; the Upper Austrian rules (tarockcup) and the Wiener Tarockcup refuse it (a renonce)."""
    own = {"contract": "rufer", "declarer": "Anna", "partner": "Anna", "points": 40}
    assert scores(own, rules={"preset": "tarockapp"})[0] == [3, -1, -1, -1]
    for preset in ("tarockcup", "wien"):
        with pytest.raises(InvalidHand, match="own king"):
            scores(own, rules={"preset": preset})


def test_a_cups_tournament_sums_the_sheet_without_kontra_over_rounds():
    """AT10.5 and the tournament preset ``points``: the tables' documents are scored with kontra_scored false."""
    sheet = {"kontra_scored": False}
    names = ["Anna", "Bert", "Cilli", "Dieter"]

    def table(hands, seats):
        return {
            "table": 1,
            "seats": seats,
            "document": {
                "game": "koenigrufen",
                "rules": sheet,
                "players": [names[i - 1] for i in seats],
                "hands": hands,
            },
        }

    kontra_dreier = {"contract": "dreier", "declarer": "Anna", "points": 40, "kontra": 1}
    piccolo = {"contract": "piccolo", "declarer": "Bert", "won": True, "kontra": {"Cilli": 2}}
    t = T.load(
        {
            "tournament": "Hausruckviertler Tarockcup",
            "preset": "points",
            "game": "koenigrufen",
            "rules": sheet,
            "draw": {"seed": 1},
            "players": [{"no": i, "name": n} for i, n in enumerate(names, 1)],
            "played": [
                {"round": 1, "tables": [table([kontra_dreier], [1, 2, 3, 4])]},
                {"round": 2, "tables": [table([piccolo], [1, 2, 3, 4])]},
            ],
        }
    )
    measures = {s.name: s.measure for s in T.standings(t)}
    # round 1: Dreier 4 without its Kontra: Anna +12; round 2: Piccolo 2, Cilli's Rekontra not counted: Bert +6
    assert measures == {"Anna": 12 - 2, "Bert": -4 + 6, "Cilli": -4 - 2, "Dieter": -4 - 2}


def test_explanations_say_the_tricks_and_a_single_jungfrau_in_words():
    """A Piccolo is "exactly one trick", never "1 tricks"; one Jungfrau takes the pot, not "Jungfrauen … each"."""
    _, lines = scores({"contract": "piccolo", "declarer": "Bert", "won": True, "kontra": {"Cilli": 1}})
    assert any("exactly one trick" in line for line in lines)
    assert not any("1 tricks" in line for line in lines)
    _, lines = scores({"contract": "bettler", "declarer": "Bert", "won": False})
    assert any("no trick" in line for line in lines)
    hand = {
        "contract": "trischaken",
        "declarer": "Anna",
        "trischaken": {"Anna": 20, "Bert": "30 1/3", "Cilli": "19 2/3", "Dieter": 0},
    }
    result, lines = scores(hand)
    assert result == [0, -3, 0, 3]
    assert "Jungfrau Dieter took no trick and gets 3." in " ".join(lines)


def test_each_contracts_help_pays_the_way_the_contract_is_paid():
    helps = {o.key: o.help for o in kr.OPTIONS}
    assert "partner" in helps["value_rufer"]
    assert "partner" not in helps["value_dreier"] and "partner" not in helps["value_piccolo"]
    assert "Trischaken" in helps["value_trischaken"]
    assert "8" in helps["value_sechserdreier"]


def test_the_list_of_hands_says_each_bonus_as_the_table_says_it():
    """The hand list's line names each bonus with who announced it and whether it was made, not the bare name."""
    hand = {
        "contract": "dreier",
        "declarer": "Cilli",
        "points": 38,
        "bonuses": [bonus("pagat", announced=True, made=False), bonus("trull", "defenders")],
    }
    table_rules = kr.parse_rules({}, FOUR)
    line = kr.describe(kr.parse_hand(hand, FOUR, table_rules), table_rules).render()
    assert "Pagat announced by the declarers, lost, Trull made silently by the defenders" in line


def test_the_list_of_hands_says_the_king_lay_in_the_talon_as_a_part_of_its_own():
    """ "Cilli: Rufer mit Dieter" reads as a sentence; "Cilli: Rufer König im Talon" does not: the talon is said
    after the contract as its own part of the line."""
    table_rules = kr.parse_rules({}, FOUR)
    hand = {"contract": "rufer", "declarer": "Cilli", "partner": "talon", "points": 38, "kontra": 1}
    line = kr.describe(kr.parse_hand(hand, FOUR, table_rules), table_rules).render()
    assert line == "Cilli: Rufer · king in the talon · 38 · Kontra"


def test_the_list_of_hands_says_who_gave_which_kontra():
    """A Kontra doubles what it is given on, so the line says so: a Pagat kontra'd pays 4 where one without pays 2, and
    a Bettler's line names each opponent's Kontra, not only the highest, as the table says it: the declarer answers
    Bert's Kontra with Re (issue 44: no opponent "gives Rekontra")."""
    table_rules = kr.parse_rules({}, FOUR)
    dreier = {
        "contract": "dreier",
        "declarer": "Cilli",
        "points": 38,
        "bonuses": [bonus("pagat", announced=True, kontra=1)],
    }
    line = kr.describe(kr.parse_hand(dreier, FOUR, table_rules), table_rules).render()
    assert "Pagat announced by the declarers, made (Kontra)" in line
    bettler = {"contract": "bettler-ouvert", "declarer": "Cilli", "won": False, "kontra": {"Anna": 1, "Bert": 2}}
    line = kr.describe(kr.parse_hand(bettler, FOUR, table_rules), table_rules).render()
    assert line == "Cilli: Bettler ouvert · failed · Anna Kontra; Bert Kontra, Cilli Re"
    scored = kr.score_hand(kr.parse_hand(bettler, FOUR, table_rules), table_rules, kr.new_state(FOUR, table_rules))
    assert "AT8: Bert Kontra, Cilli Re: 7 × 4, Bert +28." in scored.explanation()


def test_the_list_of_hands_says_a_void_kontra_is_void():
    """K17: a Solorufer whose called king lay in the talon voids every Kontra (AT6.2); the line says so beside the
    Kontra, so that nobody reads it as doubled. A Rufer's king in the talon voids nothing."""
    table_rules = kr.parse_rules({}, FOUR)
    k17 = {"contract": "solorufer", "declarer": "Cilli", "partner": "talon", "points": "41 2/3", "kontra": 1}
    line = kr.describe(kr.parse_hand(k17, FOUR, table_rules), table_rules).render()
    assert line == "Cilli: Solorufer · king in the talon · 41⅔ · Kontra · every Kontra void"
    rufer = {**k17, "contract": "rufer"}
    assert "void" not in kr.describe(kr.parse_hand(rufer, FOUR, table_rules), table_rules).render()
    silent = {**k17, "kontra": 0}
    assert "void" not in kr.describe(kr.parse_hand(silent, FOUR, table_rules), table_rules).render()


@pytest.mark.parametrize(
    ("points", "named"), [("35 1/3", True), (35, False), ("35 2/3", False), (40, False), (20, False)]
)
def test_the_game_names_won_with_only_where_it_decided_the_verdict(points, named):
    """Issue 44: every hand's line named the table's "won with" (35⅔ or 35⅓); it is named where it decided whether
    the game was won (35⅓: won with 1 Blatt, lost with 2), and every line says the points needed."""
    _scores, lines = scores({"contract": "dreier", "declarer": "Anna", "points": points})
    line = next(line for line in lines if line.startswith("AT4") and "Card points" in line)
    assert line.startswith("AT4 (win_points: 35 2/3): ") is named, line
    assert line.endswith("(35⅔ needed).")
