"""After a Save answered by htmx (the table page swapped in, its address pushed), the language switch returns to
the table page the player sees, not to the hand form the Save was posted from."""

import re

import pytest
from django.urls import reverse

from ..factories import make_table
from ..tables.test_views_hands import HTMX, form_data

pytestmark = pytest.mark.django_db


def test_the_language_switch_after_a_save_returns_to_the_table(client):
    table = make_table()
    saved = client.post(reverse("record_hand", args=[table.edit_token]), form_data(version=str(table.version)), **HTMX)
    back = re.search(r'name="next" value="([^"]*)"', saved.content.decode()).group(1)
    assert back == saved["HX-Push-Url"] == reverse("table", args=[table.edit_token])
    switched = client.post(reverse("set_language"), {"language": "cs", "next": back})
    assert switched.status_code == 302 and switched["Location"] == back
