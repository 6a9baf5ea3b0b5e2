"""A table at its limit of hands (TALON_MAX_HANDS, what an import brings) takes no more hands, but its evening still
ends: the end of the evening takes no hand's place, so a full table is finished and counts in its circle's ratings,
and its document, the end included, comes back in and settles."""

import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.engines.table import InvalidTable
from games.models import Table
from games.tables import services

from ..factories import make_circle, make_table, team_hand

pytestmark = pytest.mark.django_db

FULL = 4


@pytest.fixture
def full(settings) -> Table:
    settings.TALON_MAX_HANDS = FULL
    table = make_table(players=("Anna", "Bára", "Cyril", "Dana"), hands=[team_hand(points=40 + i) for i in range(FULL)])
    services.add_to_circle(table, make_circle(players=("Anna", "Bára", "Cyril", "Dana")))
    table.refresh_from_db()
    return table


def test_a_full_table_takes_no_more_hands(full):
    with pytest.raises(InvalidTable, match="this table is full"):
        services.record_hand(full, team_hand())


def test_a_full_tables_evening_ends_and_counts_in_its_circles_ratings(client, full):
    response = client.post(reverse("end_evening", args=[full.edit_token]), {"version": full.version}, follow=True)
    assert "The evening has ended." in response.content.decode()
    full.refresh_from_db()
    assert full.summary["over"] and full.hand_count == FULL + 1
    assert full.rated_events.exists()  # the circle's ratings count it


def test_a_full_tables_document_with_its_end_comes_back_in_and_settles(full, tmp_path, capsys):
    services.record_hand(full, {"closing": True})
    document = services.export_table(Table.objects.get(pk=full.pk))
    assert len(document["hands"]) == FULL + 1
    again = services.import_table(document)
    assert again.hand_count == FULL + 1 and again.totals == Table.objects.get(pk=full.pk).totals
    path = tmp_path / "full.json"
    path.write_text(json.dumps(document))
    call_command("settle", str(path))
    assert "Anna" in capsys.readouterr().out
    with pytest.raises(InvalidTable, match="at most 4 hands, this one has 5"):  # a hand more is still refused
        services.import_table({**document, "hands": [team_hand(), *document["hands"]]})
