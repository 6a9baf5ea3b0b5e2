"""A tournament's Talon table as the director and the players see it: the director's page counts its hands of the
game (TN4: a penalty or the end of the evening is none), and the table keeps the name the tournament gave it (its
round and table), which its settings neither show to change nor take."""

import pytest
from django.urls import reverse

from games.engines.table import InvalidTable
from games.tables import services

from ..factories import make_table, visible_text
from .test_tournament_web import beggar, director_url, make_tournament, started, tarzs

pytestmark = pytest.mark.django_db


def test_the_end_of_the_evening_and_a_penalty_are_no_hands_on_the_directors_page(client):
    tournament = make_tournament(settings=tarzs(hands=2))
    table = started(tournament).tables.get(table_no=1).table
    services.record_hand(table, beggar(table))
    services.record_hand(table, {"adjustment": dict(zip(table.players, [-30, 15, 15])), "reason": "revoke"})
    text = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert "playing: 1 hand" in text and "finished" not in text  # one hand of two: not the limit reached
    services.record_hand(table, {"closing": True})
    text = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert "playing: 1 hand" in text and "playing: 3 hands" not in text


def test_a_tournament_tables_settings_do_not_rename_it(client):
    tournament = make_tournament()
    table = started(tournament).tables.get(table_no=1).table
    name = table.name
    assert name.endswith("round 1, table 1")
    url = reverse("settings", args=[table.edit_token])
    page = client.get(url).content.decode()
    assert 'name="name"' not in page and 'name="currency"' in page
    response = client.post(url, {"version": table.version, "name": "Renamed", "currency": "€"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.name == name and table.currency == "€"  # the rest of the settings are saved
    with pytest.raises(InvalidTable, match="keeps the name the tournament gave it"):
        services.change_settings(table, details={"name": "Renamed"}, rules=table.rules)
    assert table.__class__.objects.get(pk=table.pk).name == name


def test_a_table_of_its_own_is_still_renamed(client):
    table = make_table(name="Thursday")
    url = reverse("settings", args=[table.edit_token])
    assert 'name="name"' in client.get(url).content.decode()
    assert client.post(url, {"version": table.version, "name": "Friday"}).status_code == 302
    table.refresh_from_db()
    assert table.name == "Friday"
