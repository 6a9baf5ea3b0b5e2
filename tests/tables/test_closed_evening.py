"""A closed table: its end of the evening shows the final totals and settle-up (never an engine error), its hand
form and penalty form say it is closed and offer the way on; an engine's place ("hand 14") is in the player's
language."""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from games.contract.hands import CLOSED
from games.contract.words import InvalidHand
from games.engines.table import InvalidTable
from games.models import Hand
from games.registry import GAMES
from games.tables import services
from games.tables.presentation import settle_up

from ..factories import make_sample, visible_text

pytestmark = pytest.mark.django_db
LANGUAGES = ("cs", "sl", "de", "en")


def closed_sample(game: str):
    table = make_sample(game)
    table.price_per_point, table.currency = "0.10", "€"
    table.save(update_fields=["price_per_point", "currency"])
    services.record_hand(table, {"closing": True})
    table.refresh_from_db()
    return table


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_end_of_a_closed_evening_shows_its_final_totals_and_settle_up(client, game, language):
    table = closed_sample(game)
    response = client.get(reverse("end_evening", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    text = visible_text(response.content.decode())
    with translation.override(language):
        refused = gettext(CLOSED)
        assert gettext("Final totals") in text and gettext("The evening has ended") in text
        assert refused not in text and "hand " not in text
        expected = settle_up(table)
        payments = expected["payments"]
        for payer, receiver, amount, _sum in payments:
            assert payer in text and receiver in text and amount in text
        if not payments:
            assert gettext("Nobody owes anybody anything.") in text
    for name in table.players:
        assert name in text
    assert response.context["final"] == table.totals
    assert 'name="version"' not in response.content.decode()  # no second "End the evening"


@pytest.mark.parametrize("game", list(GAMES))
def test_ending_a_closed_evening_again_changes_nothing(client, game):
    table = closed_sample(game)
    response = client.post(
        reverse("end_evening", args=[table.edit_token]), {"version": str(table.version)}, follow=True
    )
    assert Hand.objects.filter(table=table).count() == table.hand_count
    assert "hand " not in visible_text(response.content.decode())


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("url", ["record_hand", "adjust"])
def test_a_closed_tables_forms_say_it_is_closed_and_offer_the_way_on(client, game, url):
    table = closed_sample(game)
    for response in (
        client.get(reverse(url, args=[table.edit_token])),
        client.post(
            reverse(url, args=[table.edit_token]),
            {"version": str(table.version), "form": "penalty", "who": table.players[0], "amount": "5"},
        ),
    ):
        page = response.content.decode()
        assert response.status_code == 200
        assert "<form" in page and 'class="hand-form' not in page and 'name="amount"' not in page
        assert "Fix what is marked" not in page and "nothing may follow" not in page
        assert reverse("end_evening", args=[table.edit_token]) in page
        assert reverse("new_evening", args=[table.edit_token]) in page
        assert "nothing more can be recorded" in visible_text(page)
    assert Hand.objects.filter(table=table).count() == table.hand_count


@pytest.mark.parametrize("language", ("cs", "sl", "de"))
def test_an_engine_errors_place_is_in_the_players_language(language):
    error = InvalidTable("hand 14", InvalidHand("", CLOSED), 14)
    assert error.line() == "hand 14: the evening was closed: nothing may follow a closing"  # settle: English
    with translation.override(language):
        line = error.line(gettext)
        assert "14" in line and "hand" not in line
        assert (
            InvalidTable("players", InvalidHand("", "names must be distinct")).line(gettext)
            != "players: names must be distinct"
        )


def test_an_imported_documents_bad_hand_is_named_in_the_players_language(client):
    doc = '{"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"closing": true}, {"closing": true}]}'
    page = client.post(reverse("import"), {"document": doc}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    with translation.override("de"):
        assert gettext(CLOSED) in visible_text(page)
    assert "hand 2" not in visible_text(page)


def test_a_closed_tables_preview_says_it_is_closed(client):
    table = closed_sample("schnapsen")
    response = client.post(
        reverse("preview", args=[table.edit_token]), {"winner": "Anna", "game_points": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and "nothing more can be recorded" in response.content.decode()
    assert "Not yet a valid hand" not in response.content.decode()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_closed_table_names_nobody_to_deal_or_lead_next(game):
    from games.tables.presentation import player_rows

    table = make_sample(game)
    open_rows = player_rows(table)
    status = table.summary or {}
    if status.get("next_leader") or status.get("next_dealer"):
        assert any(row["leader"] or row["dealer"] for row in open_rows)  # an open table names who is next
    table = closed_sample(game)
    assert not any(row["leader"] or row["dealer"] for row in player_rows(table))
