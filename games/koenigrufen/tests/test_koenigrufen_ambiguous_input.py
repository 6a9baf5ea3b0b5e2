"""Königrufen input that could be read two ways is refused, never scored one way silently. Pure: no Django."""

import pytest

from games.contract.words import InvalidHand
from games.koenigrufen import engine as kr

FOUR = ("Anna", "Bert", "Cilli", "Dieter")


def parsed(hand, players=FOUR):
    return kr.parse_hand(hand, players, kr.parse_rules({}, players))


@pytest.mark.parametrize("written", ["35 2/3\n", "35 2/3 ", " 35 2/3", "35  2/3", "35 2/3\n\n"])
def test_card_points_are_written_exactly_as_the_format_says(written):
    with pytest.raises(InvalidHand) as error:
        parsed({"contract": "dreier", "declarer": "Anna", "points": written})
    assert error.value.field == "points"
    with pytest.raises(InvalidHand) as error:
        parsed(
            {
                "contract": "trischaken",
                "declarer": "Anna",
                "trischaken": {"Anna": written, "Bert": 0, "Cilli": 0, "Dieter": "34 1/3"},
            }
        )
    assert error.value.field == "trischaken.Anna"


def test_the_format_s_own_way_of_writing_thirds_is_read():
    assert parsed({"contract": "dreier", "declarer": "Anna", "points": "35 2/3"}).points == kr.Fraction(107, 3)


def test_a_player_named_talon_cannot_be_told_from_the_king_in_the_talon_so_the_hand_is_refused():
    """The format writes the king in the talon as partner "talon": with a player of that name, a Rufer "with
    talon" could be either (scored alone against three, the player who held the king would lose with the others)."""
    players = ("talon", "Bert", "Cilli", "Dieter")
    with pytest.raises(InvalidHand) as error:
        parsed({"contract": "rufer", "declarer": "Bert", "partner": "talon", "points": 40}, players)
    assert error.value.field == "partner"
    assert "talon" in error.value.message()
    # every other hand of that table is read as before
    assert (
        parsed({"contract": "rufer", "declarer": "talon", "partner": "Bert", "points": 40}, players).partner == "Bert"
    )
    assert parsed({"contract": "dreier", "declarer": "talon", "points": 40}, players).declarer == "talon"
