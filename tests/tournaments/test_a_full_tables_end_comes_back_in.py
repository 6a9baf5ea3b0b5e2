"""The end of the evening takes no hand's place (engine_table.counted_hands): a table at the limit of hands still
ends, and its document comes back in. A tournament's Talon table ended at the limit too: its tournament's document
came back from neither the import ("Hands at the tables of this document: 3; an import brings at most 2.") nor
``manage.py tournament`` ("at most 2"), which counted the closing as a hand; the table import and ``settle`` take the
same table's own document."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Tournament
from games.tables import services

from ..commands import manage
from .test_a_koenigrufen_cup import cup_made, cup_round_played

pytestmark = pytest.mark.django_db


def test_a_tournament_whose_full_table_ended_comes_back_in(client, settings):
    settings.TALON_MAX_HANDS = settings.TALON_MAX_IMPORT_HANDS = 2
    tournament = cup_made(client)
    expected = cup_round_played(tournament)  # two hands: the table is full
    table = tournament.rounds.get().tables.get().table
    services.record_hand(table, {"closing": True})  # the end of the evening is always possible
    table.refresh_from_db()
    own = b"".join(client.get(reverse("export_json", args=[table.edit_token])).streaming_content)
    assert client.post(reverse("import"), {"document": own.decode()}).status_code == 302  # the table's own document
    exported = client.get(reverse("tournament_json", args=[tournament.director_token])).content
    upload = SimpleUploadedFile("cup.json", exported, "application/json")
    answer = client.post(reverse("import_tournament"), {"document": upload})
    assert answer.status_code == 302, answer.context["form"].errors
    assert Tournament.objects.count() == 2
    done = manage("tournament", "standings", "-", stdin=exported.decode())
    assert done.returncode == 0, done.stderr
    assert {line["name"]: line["measure"] for line in json.loads(done.stdout)["standings"]} == expected
