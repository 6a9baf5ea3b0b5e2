"""The sheets of a round can be printed before it starts (issue 23: the director prints the table list and one
sheet per table with a QR code of that table's edit link, then starts the round): the edit link is given at the
draw, the table is made with it when the round starts, and the link opened early shows a page that waits for the
round and turns into the table by itself."""

import re

import pytest
from django.urls import reverse

from games.models import RoundTable, Table
from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, make_tournament

pytestmark = pytest.mark.django_db


def printed_links(client, tournament, number=1) -> list[str]:
    page = client.get(reverse("print_round", args=[tournament.director_token, number])).content.decode()
    assert page.count("<svg") >= 3  # a QR code on every sheet
    return re.findall(r"/t/([A-Za-z0-9_-]+)/", page)


def test_a_sheet_printed_before_the_start_opens_its_table_once_the_round_starts(client):
    tournament = make_tournament(players=NINE)
    round_ = service.draw_round(tournament, 1)
    early = printed_links(client, tournament)
    planned = list(RoundTable.objects.filter(round=round_).values_list("planned_token", flat=True))
    assert set(early) == set(planned) and len(set(planned)) == 3
    waiting = client.get(reverse("table", args=[planned[0]]))
    assert waiting.status_code == 200
    seated = RoundTable.objects.get(planned_token=planned[0]).seats.values_list("entry__name", flat=True)
    assert all(name in visible_text(waiting.content.decode()) for name in seated)
    poll = client.get(reverse("table", args=[planned[0]]), HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER="waiting-for-round")
    assert poll.status_code == 204  # still waiting
    service.start_round(round_)
    for round_table in RoundTable.objects.filter(round=round_).select_related("table"):
        assert round_table.table.edit_token == round_table.planned_token
    assert set(printed_links(client, tournament)) == set(early)
    poll = client.get(reverse("table", args=[planned[0]]), HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER="waiting-for-round")
    assert poll["HX-Refresh"] == "true"  # the waiting page becomes the table
    table = Table.objects.get(edit_token=planned[0])
    assert client.get(reverse("table", args=[planned[0]])).status_code == 200
    assert table.players == list(seated)


def test_an_unknown_table_link_is_still_no_page(client):
    assert client.get(reverse("table", args=["no-such-table-token"])).status_code == 404
