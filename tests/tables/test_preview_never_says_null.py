"""A hand form's live preview never complains with "null" about a field nobody has filled yet: for every game and
every single tap on its form (a contract, a mode, an ending …), the preview says what to fill in, in words."""

import re

import pytest
from django.urls import reverse

from games.registry import GAMES

from ..factories import make_sample, visible_text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.parametrize("game", list(GAMES))
def test_one_tap_on_an_empty_form_never_previews_null(client, game):
    table = make_sample(game)
    form = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    taps = set()
    for tag in re.findall(r"<input [^>]*>", form):
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
        if attrs.get("type") in ("radio", "checkbox") and attrs.get("name") not in (None, "csrfmiddlewaretoken"):
            taps.add((attrs["name"], attrs.get("value", "on")))
    if not taps:  # a form of numbers alone has nothing to tap (the Samples contract asks for no taps)
        assert "<input" in form, "the form's fields are read"
        pytest.skip(f"{game}'s hand form has no taps")
    for name, value in sorted(taps):
        response = client.post(reverse("preview", args=[table.edit_token]), {name: value}, **HTMX)
        text = visible_text(response.content.decode())
        assert response.status_code == 200 and "null" not in text, (name, value, text.strip()[:300])
