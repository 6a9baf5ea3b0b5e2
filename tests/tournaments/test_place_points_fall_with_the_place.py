"""Place points fall with the place (TN6): a table's winner is never last. Points that rise (-4 3 2 1, 1 2 3 4) or
give every place the same are refused by the document, the new-tournament form (beside the field, in the
director's language) and ``manage.py tournament`` (one line, exit 2); places may tie (4 2 0 0)."""

import json

import pytest
from django.urls import reverse

from games.models import Tournament
from games.tournaments import engine as T

from ..commands import manage
from .test_tournament_documents_times_keys_and_names import import_page, new_tournament_form

PLAYERS = [{"no": no, "name": name} for no, name in enumerate(["Anna", "Bert", "Cilli", "Dieter"], start=1)]


def document(points) -> dict:
    return {
        "tournament": "Pokal",
        "preset": "place-points",
        "game": "koenigrufen",
        "table_size": 4,
        "draw": {"seed": 1},
        "scoring": {"measure": "place-points", "place_points": points},
        "players": PLAYERS,
        "played": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2, 3, 4], "totals": [30, 10, -10, -30]}]}],
    }


REFUSED = {
    "the winner last": ([-4, 3, 2, 1], "scoring.place_points[1]: place 2 may not get more than place 1 (3 against -4)"),
    "rising": ([1, 2, 3, 4], "scoring.place_points[1]: place 2 may not get more than place 1 (2 against 1)"),
    "a later place": ([4, 3, 1, 2], "scoring.place_points[3]: place 4 may not get more than place 3 (2 against 1)"),
    "all alike": ([1, 1, 1, 1], "scoring.place_points: must give the first place more than the last, got 1"),
}


@pytest.mark.parametrize(("points", "line"), REFUSED.values(), ids=REFUSED.keys())
def test_a_document_whose_place_points_do_not_fall_is_refused_naming_the_place(points, line):
    with pytest.raises(T.InvalidTournament) as caught:
        T.load(document(points))
    assert caught.value.message().startswith(line)


@pytest.mark.parametrize("points", [[4, 3, 2, 1], [4, 2, 0, 0], [1, 0, 0, 0], [0.3, 0.2, 0.1, 0], [0, -1, -2, -3]])
def test_place_points_that_fall_or_tie_are_taken_and_the_winner_gets_the_most(points):
    standings = T.standings(T.load(document(points)))
    assert [line.name for line in standings[:1]] == ["Anna"]


@pytest.mark.parametrize(("points", "line"), REFUSED.values(), ids=REFUSED.keys())
def test_the_command_says_it_in_one_line_and_exits_2(points, line):
    done = manage("tournament", "standings", "-", stdin=json.dumps(document(points)))
    assert done.returncode == 2
    assert done.stderr.strip().startswith(line) and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.django_db
def test_an_imported_document_whose_place_points_rise_is_refused(client):
    response = import_page(client, document([1, 2, 3, 4]))
    assert response.status_code == 200
    assert "place 2 may not get more than place 1" in " ".join(response.context["form"].errors["document"])
    assert not Tournament.objects.exists()


SAID = {
    "en": "Place 2 may not get more than place 1 (3 against -4): the first place gets the most",
    "cs": "Místo 2 nesmí dostat víc než místo 1 (3 proti -4): nejvíc dostává první místo",
    "sl": "Mesto 2 ne sme dobiti več kot mesto 1 (3 proti -4): največ dobi prvo mesto",
    "de": "Platz 2 darf nicht mehr bekommen als Platz 1 (3 gegen -4): der erste Platz bekommt am meisten",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", SAID)
def test_the_new_tournament_form_refuses_them_beside_the_field_in_the_directors_language(client, language):
    url = reverse("new_tournament_for", args=["two-ten-jack"]) + "?preset=place-points"
    data = new_tournament_form(client, table_size=4, place_points="-4 3 2 1")
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response.context["form"].errors["place_points"] == [SAID[language]]
    assert not Tournament.objects.exists()
    all_alike = client.post(url, {**data, "place_points": "1 1 1 1"}, HTTP_ACCEPT_LANGUAGE=language)
    assert all_alike.context["form"].errors["place_points"]
    assert not Tournament.objects.exists()
    assert client.post(url, {**data, "place_points": "2 1 0 0"}).status_code == 302  # places may tie
