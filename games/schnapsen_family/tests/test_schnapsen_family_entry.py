"""The Bauernschnapsen and Dreierschnapsen hand entry: a form's fields to the format's hand (a normal game in at most
four taps: Rufer, won, the losers' points and trick or the game points), bad text refused naming its field, and the
games' samples keeping the contract every generic test relies on, and settle on a document of each game."""

import pytest

from games.bauernschnapsen import engine as bauernschnapsen
from games.bauernschnapsen import entry as bauern_entry
from games.contract.words import InvalidHand
from games.dreierschnapsen import engine as dreierschnapsen
from games.dreierschnapsen import entry as dreier_entry
from games.engines import table as engine_table
from games.registry import game
from tests.engines.test_samples import problems

GAMES = {"bauernschnapsen": (bauernschnapsen, bauern_entry), "dreierschnapsen": (dreierschnapsen, dreier_entry)}
RULES = bauernschnapsen.parse_rules({})
EMPTY = {
    "contract": "",
    "declarer": "",
    "won": "",
    "loser_points": None,
    "loser_had_trick": "",
    "game_points": "",
    "kontra": "",
}


def to_data(**fields):
    return bauern_entry.to_data({**EMPTY, **fields}, bauern_entry.PLAYERS, RULES)


def test_a_normal_game_from_the_rufer_won_and_the_losers_points():
    assert to_data(declarer="Anna", won="yes", loser_points=40) == {
        "contract": "normal",
        "declarer": "Anna",
        "won": True,
        "loser_points": 40,
        "loser_had_trick": True,  # points typed mean a trick
    }


def test_a_normal_game_without_a_trick_needs_no_points():
    data = to_data(declarer="Cilli", won="yes", loser_had_trick="no", kontra="1")
    assert data == {
        "contract": "normal",
        "declarer": "Cilli",
        "won": True,
        "kontra": 1,
        "loser_points": 0,
        "loser_had_trick": False,
    }


def test_game_points_typed_replace_the_points():
    assert to_data(declarer="Bert", won="no", game_points="3", loser_points=20) == {
        "contract": "normal",
        "declarer": "Bert",
        "won": False,
        "game_points": 3,
    }


def test_a_special_contract_is_contract_declarer_won_and_kontra():
    data = to_data(contract="bettler", declarer="Bert", won="no", kontra=2, loser_points=30)
    assert data == {"contract": "bettler", "declarer": "Bert", "won": False, "kontra": 2}


def test_what_the_form_left_empty_the_engine_asks_for():
    data = to_data(contract="gang")
    assert data == {"contract": "gang"}
    with pytest.raises(InvalidHand) as error:
        bauernschnapsen.parse_hand(data, bauern_entry.PLAYERS, RULES)
    assert error.value.field == "declarer"


@pytest.mark.parametrize("field", ["loser_points", "game_points", "kontra"])
def test_text_that_is_no_whole_number_is_refused_naming_the_field(field):
    with pytest.raises(InvalidHand) as error:
        to_data(declarer="Anna", won="yes", **{field: "zwölf"})
    assert error.value.field == field and "whole number" in error.value.message()


@pytest.mark.parametrize("slug", GAMES)
def test_the_samples_keep_the_contract(slug):
    registered = game(slug)
    assert registered.engine is GAMES[slug][0] and registered.entry is GAMES[slug][1]
    assert registered.rule_prefix == "BS"
    assert problems(registered, registered.samples) == []


def test_settle_on_a_document_of_each_game():
    out = engine_table.settle(
        {
            "game": "dreierschnapsen",
            "players": ["Anna", "Bert", "Cilli"],
            "hands": [{"contract": "herrenschnapser", "declarer": "Bert", "won": True}],
        }
    )
    assert out["totals"] == {"Anna": 0, "Bert": 24, "Cilli": 0}
    assert out["bummerl"] == {"Anna": 2, "Bert": 0, "Cilli": 2}
    with pytest.raises(engine_table.InvalidTable) as error:
        engine_table.settle(
            {
                "game": "bauernschnapsen",
                "players": ["Anna", "Bert", "Cilli", "Dieter"],
                "hands": [
                    {"contract": "gang", "declarer": "Anna", "won": True},
                    {"contract": "plauderer", "declarer": "Bert", "won": True},
                ],
            }
        )
    assert error.value.line().startswith("hand 2: contract: Plauderer is not offered")
