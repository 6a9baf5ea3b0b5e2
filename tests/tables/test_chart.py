"""The running-totals chart: values on its axis, the first and last hand, each line named at its end (labels never
on top of each other), lines that coincide told apart, and gaps where a player did not play."""

import re

import pytest
from django.urls import reverse

from games.lib.charts import LABEL_GAP, running_totals_chart
from games.models import Circle
from games.tables import services

from ..factories import team_hand


def test_the_axis_shows_the_highest_lowest_and_zero_and_the_first_and_last_hand():
    chart = running_totals_chart(["Anna", "Ben"], [[0, 0], [1080, -1080], [40, -40]], numbers=[3, 7, 12])
    assert [tick["value"] for tick in chart["ticks"]] == ["1,080", "0", "\u22121,080"]  # in the active language (en)
    assert (chart["first"], chart["last"]) == (3, 12)


def test_a_long_negative_value_on_the_axis_fits_beside_it_and_zero_does_not_sit_on_the_highest_value():
    chart = running_totals_chart(["Anna", "Ben"], [[0, 0], [23, -11090]])
    assert [tick["value"] for tick in chart["ticks"]] == ["23", "\u221211,090"]  # 0 is 2 units below 23: left out
    assert chart["left"] - 4 >= 6.5 * len("\u221211,090")  # right-aligned at left - 4: the minus is not cut off


def test_each_line_is_named_at_its_end_and_labels_that_would_collide_are_pushed_apart():
    players = ["Magdaléna", "Bartholomäus", "Cyril", "Dana"]
    chart = running_totals_chart(players, [[0, 0, 0, 0], [5, 5, 5, -15]])
    texts = [end["text"] for end in chart["ends"]]
    assert sorted(texts) == sorted(["Magdaléna", "Bartholo…", "Cyril", "Dana"])
    ys = sorted(float(end["y"]) for end in chart["ends"])
    assert all(b - a >= LABEL_GAP - 0.01 for a, b in zip(ys, ys[1:]))
    assert all(float(end["y"]) <= chart["height"] for end in chart["ends"])


def test_lines_that_coincide_are_drawn_with_different_dashes():
    chart = running_totals_chart(["A", "B", "C", "D"], [[0, 0, 0, 0], [10, 10, 10, 10]])
    assert len({line["dash"] for line in chart["lines"]}) == 4
    assert len({line["segments"][0] for line in chart["lines"]}) == 4  # and not on the very same pixels


def test_a_missing_value_leaves_a_gap_not_a_line():
    chart = running_totals_chart(["Anna", "Ben"], [[1, 1], [2, None], [3, None], [4, 5], [5, 6]])
    anna, ben = chart["lines"]
    assert len(anna["segments"]) == 1
    assert len(ben["segments"]) == 1 and len(ben["segments"][0].split()) == 2 and len(ben["dots"]) == 1


@pytest.mark.django_db
def test_in_a_circle_a_player_who_missed_a_table_has_a_gap_there(client):
    circle = Circle.objects.create(name="Thursday", players=["Anna", "Bára", "Cyril", "Dana", "Emil"])
    four = ["Anna", "Bára", "Cyril", "Dana"]
    for players in (four, ["Anna", "Bára", "Cyril", "Emil"], four):
        table = services.create_table(game="czech-taroky", players=players, rules={}, circle=circle)
        services.record_hand(table, team_hand())
    page = client.get(reverse("circle", args=[circle.token])).content.decode()
    chart = page[page.index("<svg") : page.index("</svg>")]
    emil = [m for m in re.findall(r"<(polyline|circle)[^>]*><title>([^<]*)</title>", chart) if m[1] == "Emil"]
    dana = [m for m in re.findall(r"<(polyline|circle)[^>]*><title>([^<]*)</title>", chart) if m[1] == "Dana"]
    assert emil == [("circle", "Emil")]  # one table: a dot, no flat line through the others
    assert dana == [("circle", "Dana"), ("circle", "Dana")]  # tables 1 and 3, with a gap at 2
