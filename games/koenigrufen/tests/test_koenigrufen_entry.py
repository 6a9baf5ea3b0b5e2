"""The Königrufen hand form's fields to the table document's hand (games/koenigrufen/entry.py), without Django."""

from games.koenigrufen.entry import to_data

FIVE = ["Anna", "Bert", "Cilli", "Dieter", "Emil"]


def test_a_rufer_is_contract_declarer_partner_and_points_with_blatt():
    fields = {
        "contract": "rufer",
        "declarer": "Bert",
        "partner": "Dieter",
        "points_whole": 35,
        "points_third": "2",
        "kontra": "0",
        "sitting_out": "Anna",
    }
    assert to_data(fields, FIVE) == {
        "contract": "rufer",
        "declarer": "Bert",
        "partner": "Dieter",
        "points": "35 2/3",
        "sitting_out": "Anna",
    }


def test_the_king_in_the_talon_given_up_has_no_points_or_kontra():
    fields = {
        "contract": "besserrufer",
        "declarer": "Anna",
        "partner": "talon",
        "conceded": True,
        "points_whole": 30,
        "kontra": "1",
        "bonus_uhu": "announced-lost",
    }
    assert to_data(fields, FIVE[:4]) == {
        "contract": "besserrufer",
        "declarer": "Anna",
        "partner": "talon",
        "conceded": True,
        "bonuses": [{"kind": "uhu", "side": "declarers", "announced": True, "made": False}],
    }


def test_trischaken_fills_the_one_player_left_empty_from_70():
    fields = {
        "contract": "trischaken",
        "declarer": "Cilli",
        "sitting_out": "Bert",
        "trischaken_0": 20,
        "trischaken_2": 30,
        "trischaken_2_third": "1",
        "trischaken_3": 19,
        "trischaken_3_third": "2",
    }
    assert to_data(fields, FIVE)["trischaken"] == {"Anna": 20, "Cilli": "30 1/3", "Dieter": "19 2/3", "Emil": 0}


def test_trischaken_with_two_left_empty_waits_for_them():
    fields = {"contract": "trischaken", "declarer": "Anna", "trischaken_0": 20, "trischaken_1": 30}
    assert to_data(fields, FIVE[:4])["trischaken"] == {"Anna": 20, "Bert": 30}


def test_a_negative_contract_lists_each_opponents_kontra():
    fields = {
        "contract": "piccolo",
        "declarer": "Dieter",
        "won": "yes",
        "sitting_out": "Cilli",
        "kontra_0": "1",
        "kontra_2": "0",
        "kontra_4": "2",
    }
    assert to_data(fields, FIVE) == {
        "contract": "piccolo",
        "declarer": "Dieter",
        "won": True,
        "kontra": {"Anna": 1, "Emil": 2},
        "sitting_out": "Cilli",
    }


def test_what_is_typed_for_the_one_sitting_out_is_kept_for_the_engine_to_refuse():
    """Not dropped: a page without JavaScript shows his rows, and what was typed there was meant for someone."""
    kontra = {"contract": "piccolo", "declarer": "Dieter", "won": "yes", "sitting_out": "Cilli", "kontra_2": "2"}
    assert to_data(kontra, FIVE)["kontra"] == {"Cilli": 2}
    trischaken = {"contract": "trischaken", "declarer": "Anna", "sitting_out": "Cilli", "trischaken_2": 10}
    trischaken |= {"trischaken_0": 20, "trischaken_1": 20, "trischaken_3": 20}
    assert to_data(trischaken, FIVE)["trischaken"] == {"Anna": 20, "Bert": 20, "Cilli": 10, "Dieter": 20}


def test_each_bonus_state_is_what_the_table_says_aloud():
    said = {
        "announced-made": (True, True),
        "announced-lost": (True, False),
        "silent-made": (False, True),
        "silent-lost": (False, False),
    }
    for state, (announced, made) in said.items():
        fields = {
            "contract": "dreier",
            "declarer": "Anna",
            "points_whole": 40,
            "bonus_pagat": state,
            "bonus_pagat_side": "defenders",
            "bonus_pagat_kontra": "1",
        }
        bonus = to_data(fields, FIVE[:4])["bonuses"][0]
        assert (bonus["announced"], bonus["made"], bonus["side"]) == (announced, made, "defenders")
        assert bonus.get("kontra", 0) == (1 if announced else 0)
