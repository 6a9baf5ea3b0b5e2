"""Two Ten Jack's history names a round as its pages do, by its game and its round in it ("Game 1, round 3
recorded"), not by the count of every deal of the evening ("Hand 4"), which its pages never show, and by its place
now (a deleted round before it moves it, as on its pages); a penalty between two rounds is still no round. In every
language the app speaks."""

import pytest
from django.urls import reverse

from games.models import Hand
from games.tables import services
from games.two_ten_jack import engine as ttj
from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
PLAYERS = ("Aiko", "Ben", "Chie")
DEAL = {"captured": {"Aiko": ["2H"]}}
SAID = {  # the fourth deal, game 2's first round when recorded, is round 3 of game 1 once the third is deleted
    "en": ("Game 1, round 3 recorded", "Game 1, round 2 changed", "Game 1, round 3 deleted", "Hand 4", "Game 2"),
    "cs": ("Partie 1, kolo 3 zapsáno", "Partie 1, kolo 2 změněno", "Partie 1, kolo 3 smazáno", "Hra 4", "Partie 2"),
    "sl": (
        "Partija 1, krog 3 zapisan",
        "Partija 1, krog 2 spremenjen",
        "Partija 1, krog 3 izbrisan",
        "Igra 4",
        "Partija 2",
    ),
    "de": (
        "Partie 1, Runde 3 eingetragen",
        "Partie 1, Runde 2 geändert",
        "Partie 1, Runde 3 gelöscht",
        "Spiel 4",
        "Partie 2",
    ),
}


def _evening():
    """Three rounds (game 1), a penalty, a fourth round (game 2, round 1); then round 2 of game 1 changed and round
    3 of game 1 deleted."""
    table = make_table(game="two-ten-jack", players=PLAYERS, hands=[DEAL, DEAL, DEAL])
    services.record_hand(table, {"adjustment": {"Aiko": -5}, "reason": "late"})
    services.record_hand(table, DEAL)
    table.refresh_from_db()
    services.edit_hand(table.hands.get(number=2), {"captured": {"Ben": ["2H"]}})
    services.delete_hand(table.hands.get(number=3))
    return table


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_history_names_a_round_by_its_game_and_its_round(client, language):
    table = _evening()
    text = " ".join(
        visible_text(
            client.get(reverse("history", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        ).split()
    )
    recorded, changed, deleted, by_deal, then = SAID[language]
    assert text.count(recorded) == 2 and changed in text and deleted in text, text  # the deleted third, and the fourth
    assert by_deal not in text and then not in text  # one name per deal: as its pages name it now


def test_the_game_and_round_are_the_engines_a_game_is_a_round_per_player():
    assert [ttj.deal_place(n, 3) for n in range(1, 8)] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1)]
    table = make_table(game="two-ten-jack", players=PLAYERS, hands=[DEAL] * 7)
    states = [hand.state for hand in Hand.objects.filter(table=table).order_by("number")]
    assert [(s["game"], s["rounds_played"]) for s in states] == [ttj.deal_place(n, 3) for n in range(1, 8)]
