"""The admin (for whoever runs a deployment) shows a hand as players describe it, with its facts and scores."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Hand

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db


def test_the_admin_shows_a_hand_as_players_describe_it(client):
    make_table(hands=[team_hand(points=63, contra=1)])
    client.force_login(User.objects.create_superuser("operator", password="x" * 20))
    listing = client.get(reverse("admin:games_hand_changelist")).content.decode()
    assert "Anna + Cyril · 63 · contra" in listing
    page = client.get(reverse("admin:games_hand_change", args=[Hand.objects.get().pk])).content.decode()
    assert "Anna + Cyril · 63 · contra" in page and "team" in page and "Cyril" in page


def test_the_admin_needs_an_operator_account(client):
    assert client.get(reverse("admin:games_hand_changelist")).status_code == 302
