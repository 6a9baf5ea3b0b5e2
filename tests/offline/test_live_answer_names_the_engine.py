"""A table's live answer names the engine's release (X-Talon-Engine), changed or not (200 or 204), by the edit
link and the view link alike: a phone keeping the table learns of a release at its next contact. The offline
package says it on the answer's way out; the tables' views know nothing of what a phone keeps."""

import pytest
from django.urls import reverse

from games.offline.bundle import engine_version

from ..factories import make_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("link", ["live", "view_live"])
def test_a_tables_live_answer_names_the_engines_release(client, link):
    table = make_table(game="two-ten-jack", players=("Anna", "Ben"))
    token = table.edit_token if link == "live" else table.view_token
    changed = client.get(reverse(link, args=[token]), {"v": ""})
    same = client.get(reverse(link, args=[token]), {"v": str(table.version)})
    assert (changed.status_code, same.status_code) == (200, 204)
    assert changed["X-Talon-Engine"] == same["X-Talon-Engine"] == engine_version()


def test_no_other_answer_names_it(client):
    table = make_table(game="two-ten-jack", players=("Anna", "Ben"))
    assert not client.get(reverse("table", args=[table.edit_token])).has_header("X-Talon-Engine")
    assert not client.get(reverse("live", args=["nosuchtoken"]), {"v": "1"}).has_header("X-Talon-Engine")
