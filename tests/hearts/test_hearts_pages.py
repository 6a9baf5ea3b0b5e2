"""Hearts on the pages: penalty points are bad news (coloured as a loss, not a payout), and a game that ended by
itself says so and takes no more rounds."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_table

from .entry import PLAYERS

pytestmark = pytest.mark.django_db
ROUNDS = [
    {"points": {"North": 2 * cards - 1, "West": 1}}  # each round deals fewer cards (HR1)
    for cards in (13, 12, 11, 10, 9, 8)
]


def score_classes(page: str) -> dict[str, str]:
    return dict(re.findall(r'<bdi class="who" tabindex="0">(\w+)</bdi></span>\s*<span class="score ([a-z]*)">', page))


def test_penalty_points_are_coloured_as_a_loss(client):
    table = make_table(game="hearts", players=PLAYERS, hands=[{"points": {"North": 13, "East": 13}}])
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert score_classes(page) == {"North": "neg", "East": "neg", "South": "", "West": ""}


def test_a_game_over_by_itself_takes_no_more_rounds(client):
    table = make_table(game="hearts", players=PLAYERS, hands=ROUNDS[:5])
    assert table.summary["over"] and not table.summary["closed"]
    page = client.get(reverse("record_hand", args=[table.edit_token]))
    assert page.status_code == 200 and "closed.html" in [t.name.split("/")[-1] for t in page.templates]
