"""A league's points for the final places fall with the place, as a tournament's place points do (TN6, issue 48):
"1 2 3" ranked the season's winners last and was taken without a word by the new league's form and by
``manage.py tournament league --points``. Now refused beside the field in the director's language (nothing saved)
and by the command (exit 2, one line naming --points); points may tie below the first (25 20 0 0)."""

import json

import pytest
from django.urls import reverse

from games.models import League

from ..commands import manage
from ..factories import visible_text
from .test_a_koenigrufen_cup import cup_made, cup_round_played

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "typed, said",
    [
        ("1 2 3", "Platz 2 darf nicht mehr bekommen als Platz 1 (2 gegen 1): der erste Platz bekommt am meisten"),
        ("25 20 21", "Platz 3 darf nicht mehr bekommen als Platz 2 (21 gegen 20): der erste Platz bekommt am meisten"),
        ("5 5 5", "muss dem ersten Platz mehr geben als dem letzten, jeder Platz bekommt 5"),
    ],
)
def test_the_new_leagues_form_refuses_points_that_rise_with_the_place(client, typed, said):
    answer = client.post(reverse("new_league"), {"name": "Liga", "points_table": typed}, HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200 and answer.context["form"].errors["points_table"] == [said]
    assert said in " ".join(visible_text(answer.content.decode()).split())
    assert not League.objects.exists()


def test_points_that_fall_or_tie_below_the_first_are_taken(client):
    for typed in ("25 20 16", "25 20 0 0", "2 1 0,5", "-1 -2"):
        assert client.post(reverse("new_league"), {"name": f"Liga {typed}", "points_table": typed}).status_code == 302


def test_the_league_command_refuses_points_that_rise_with_the_place(client, tmp_path):
    tournament = cup_made(client)
    cup_round_played(tournament)
    path = tmp_path / "cup.json"
    path.write_text(client.get(reverse("tournament_json", args=[tournament.director_token])).content.decode())
    refused = manage("tournament", "league", str(path), "--points", "1,2,3")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "--points[1]: place 2 may not get more than place 1 (2 against 1): the first place gets the most\n"
    )
    taken = manage("tournament", "league", str(path), "--points", "25,20,16,0")
    assert taken.returncode == 0, taken.stderr
    assert [line["points"] for line in json.loads(taken.stdout)["league"]] == [25, 20, 8, 8]  # two share 3rd: 16 and 0
