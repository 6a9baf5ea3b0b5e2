"""One number per hand wherever it is named (issue 44): after a hand before it is deleted, a hand is named by its
number now on the list of hands, on its own page and in every line of the history (recorded, changed), and on the
phone's list of what another phone changed; a deleted hand by the number it had when it was deleted."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Hand
from games.offline import views as offline_views
from games.tables import services

from ..factories import make_table, visible_text

pytestmark = pytest.mark.django_db
FIVE = ("Anna", "Bert", "Cilli", "Dieter", "Emil")


def rufer(declarer: str, partner: str, points: int, sitting_out: str) -> dict:
    return {"contract": "rufer", "declarer": declarer, "partner": partner, "points": points, "sitting_out": sitting_out}


def evening():
    """A Königrufen table of five: eight hands, each declared by a player who is in it (the dealer sits out)."""
    table = make_table(game="koenigrufen", players=FIVE)
    for number in range(8):
        sitting_out = FIVE[number % 5]
        playing = [p for p in FIVE if p != sitting_out]
        services.record_hand(table, rufer(playing[0], playing[1], 30 + number, sitting_out))
    table.refresh_from_db()
    return table


def history_text(client, table) -> str:
    page = client.get(reverse("history", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="de")
    return visible_text(page.content.decode())


def test_after_hand_3_is_deleted_the_history_names_the_eighth_hand_as_its_page_does(client):
    table = evening()
    services.delete_hand(Hand.objects.get(table=table, seq=3))
    eighth = Hand.objects.get(table=table, seq=8)
    services.edit_hand(eighth, {**eighth.data, "points": 50})
    detail = visible_text(
        client.get(reverse("hand", args=[table.edit_token, 8]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert "Spiel 7" in detail and "Spiel 8" not in detail
    history = history_text(client, table)
    assert "Spiel 7 geändert" in history and "Spiel 7 eingetragen" in history
    assert "Spiel 8" not in history  # no line names the hand by the number it had before hand 3 went
    assert "Spiel 3 gelöscht" in history
    recorded = sorted(int(n) for n in re.findall(r"Spiel (\d+) eingetragen", history))
    assert recorded == [1, 2, 3, 3, 4, 5, 6, 7]  # the deleted third and the one that is third now


def test_a_deleted_hand_keeps_the_number_it_had_and_a_restored_one_takes_its_place_again(client):
    table = evening()
    services.delete_hand(Hand.objects.get(table=table, seq=5))
    services.delete_hand(Hand.objects.get(table=table, seq=2))  # the fifth hand was fourth now, when it went
    history = history_text(client, table)
    assert "Spiel 5 gelöscht" in history and "Spiel 2 gelöscht" in history
    services.restore_hand(Hand.objects.get(table=table, seq=2))
    history = history_text(client, table)
    assert "Spiel 2 wiederhergestellt" in history
    assert sorted(int(n) for n in re.findall(r"Spiel (\d+) eingetragen", history)) == [1, 2, 3, 4, 5, 5, 6, 7]


def test_what_another_phone_changed_names_the_hand_by_its_number_now():
    """The phone's conflict answer lists what changed since its version, in the page's words."""
    table = evening()
    version = table.version
    eighth = Hand.objects.get(table=table, seq=8)
    services.edit_hand(eighth, {**eighth.data, "points": 50})
    services.delete_hand(Hand.objects.get(table=table, seq=3))
    with translation.override("de"):
        since = " ".join(offline_views._since(table, version))
    assert "Spiel 7 geändert" in since and "Spiel 3 gelöscht" in since and "Spiel 8" not in since
