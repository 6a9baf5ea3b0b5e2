"""Every id on a game's pages is used once: a label's ``for`` and a screen reader's name find the one field they
name (Königrufen's Kontra on the game and each opponent's Kontra once shared ``id_kontra_0``…)."""

import re
from collections import Counter

import pytest
from django.urls import reverse

from games.registry import GAMES

from ..factories import make_sample

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_id_on_a_games_pages_is_used_once(client, game):
    table = make_sample(game)
    first = table.hands.order_by("seq").first().seq
    for url in (
        reverse("record_hand", args=[table.edit_token]),
        reverse("edit_hand", args=[table.edit_token, first]),
        reverse("table", args=[table.edit_token]),
        reverse("settings", args=[table.edit_token]),
        reverse("adjust", args=[table.edit_token]),
        reverse("rules", args=[game]),
        reverse("new_table_for", args=[game]),
    ):
        page = client.get(url).content.decode()
        ids = Counter(re.findall(r'\sid="([^"]+)"', page))
        assert not [i for i, n in ids.items() if n > 1], (url, [i for i, n in ids.items() if n > 1])
        for target in re.findall(r'\sfor="([^"]+)"', page):  # every label names a field that is there
            assert ids[target] == 1, (url, target)
