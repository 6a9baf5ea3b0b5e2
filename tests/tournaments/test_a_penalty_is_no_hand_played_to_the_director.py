"""A penalty at a tournament's Talon table is no hand played (TN4): the director's round page, the warning before a
typed result replaces the hands and the question before taking it back all count the game's hands, the same number.
Taking a typed result back said "Table 1's 3 hands played in Talon count again" for two hands and a penalty."""

import pytest
from django.urls import reverse

from games.tables import services
from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, play_round, started, tarzs

pytestmark = pytest.mark.django_db


def test_taking_a_typed_result_back_counts_the_hands_played_not_the_penalty(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    play_round(round_, 2)
    round_table = round_.tables.select_related("table").get()
    table = round_table.table
    services.record_hand(table, {"adjustment": dict(zip(table.players, [-10, 5, 5])), "reason": "revoke"})
    round_table.refresh_from_db()
    assert "Table 1 has 2 hands played in Talon" in service.replace_warning(round_table)
    service.type_result(round_, round_table, [10, 20, 30], replace=True)
    page = " ".join(visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode()).split())
    assert "2 hands" in page and "3 hands" not in page
    asked = client.post(reverse("take_back_result", args=[tournament.director_token, 1, 1]))
    text = " ".join(visible_text(asked.content.decode()).split())
    assert "Table 1's 2 hands played in Talon count again" in text


@pytest.mark.parametrize(
    "language, said",
    [
        (
            "en",
            "Table 1's totals in Talon count again (−10 / 5 / 5: no hand played, a penalty), not the typed 10 / 20 / 30.",
        ),
        (
            "de",
            "Die Summen von Tisch 1 in Talon zählen wieder (−10 / 5 / 5: kein Spiel gespielt, eine Strafe), nicht das eingetragene 10 / 20 / 30.",
        ),
    ],
)
def test_taking_back_a_typed_result_over_a_penalty_alone_says_its_totals_count_again(client, language, said):
    """No hand played, but a penalty moved the table's totals: they count again, not 'no result again'."""
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    round_table = round_.tables.select_related("table").get()
    table = round_table.table
    services.record_hand(table, {"adjustment": dict(zip(table.players, [-10, 5, 5])), "reason": "revoke"})
    round_table.refresh_from_db()
    service.type_result(round_, round_table, [10, 20, 30], replace=True)
    asked = client.post(
        reverse("take_back_result", args=[tournament.director_token, 1, 1]), HTTP_ACCEPT_LANGUAGE=language
    )
    text = " ".join(visible_text(asked.content.decode()).split())
    assert said in text and "no result again" not in text and "kein Ergebnis" not in text
