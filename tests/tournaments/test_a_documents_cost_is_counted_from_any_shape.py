"""What a tournament document costs is counted before it is checked (services.import_cost): from any shape of it.
A document whose ``played`` (or a round's ``tables``) is a number or true was a 500 on the import page and
"unexpected error: TypeError" from ``manage.py tournament``: counting its tables' hands iterated the number. Now it is
refused as every other wrong field is: beside the upload, in the director's language, nothing saved; exit 2 and one
line naming the field."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from games.models import Tournament

from ..commands import manage
from .test_a_koenigrufen_cup import cup_made, cup_round_played

pytestmark = pytest.mark.django_db

HOSTILE = [5, True, -1, 1e308, 2**63, -(2**63) - 1]
SAID = {  # the import page (in German), the command
    "played": ("played: muss eine Liste von Runden sein", "played: must be a list of rounds"),
    "tables": ("Runde 1, tables: muss eine Liste von Tischen sein", "round 1, tables: must be a list of tables"),
}


def _played(client) -> dict:
    tournament = cup_made(client)
    cup_round_played(tournament)
    return json.loads(client.get(reverse("tournament_json", args=[tournament.director_token])).content)


@pytest.mark.parametrize("where", ["played", "tables"])
def test_a_played_that_is_no_list_is_refused_beside_the_upload_and_by_the_command(client, where):
    document = _played(client)
    before = Tournament.objects.count()
    sent = []
    for value in HOSTILE:
        if where == "played":
            document["played"] = value
        else:
            document["played"][0]["tables"] = value
        upload = SimpleUploadedFile("cup.json", json.dumps(document).encode(), "application/json")
        answer = client.post(reverse("import_tournament"), {"document": upload}, HTTP_ACCEPT_LANGUAGE="de")
        assert answer.status_code == 200, value
        assert answer.context["form"].errors["document"] == [SAID[where][0]], value
        assert Tournament.objects.count() == before
        sent.append(json.dumps(document))
    for text in sent:  # last: the command closes this test's connection
        done = manage("tournament", "standings", "-", stdin=text)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == SAID[where][1] + "\n"


@pytest.mark.parametrize("sent", [b"\xff{}", b'{"tournament": "Cup \xed\xa0\x80"}', b"\xef\xbb\xbf\xc3"])
def test_a_tournament_file_that_is_no_utf8_is_said_to_be_no_text_as_the_table_import_says(client, sent):
    """A bad byte or an encoded lone surrogate: "not text (UTF-8)", as the table import says it (it said "not a JSON
    document", as for text that is no JSON), in the director's language; nothing saved."""
    upload = SimpleUploadedFile("cup.json", sent, "application/json")
    answer = client.post(reverse("import_tournament"), {"document": upload}, HTTP_ACCEPT_LANGUAGE="cs")
    with translation.override("cs"):
        said = translation.gettext("That file is not text (UTF-8).")
    assert said != "That file is not text (UTF-8)."
    assert answer.status_code == 200 and answer.context["form"].errors["document"] == [said]
    assert not Tournament.objects.exists()
